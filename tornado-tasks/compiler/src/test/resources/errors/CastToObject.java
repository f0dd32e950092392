import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class CastToObject {
    @Kernel
    public static void boxed(KernelContext context, double[] out) {
        Object boxed = (Object) out[0]; // error: unsupported in a kernel: cast to Object ((Object)out[0]): kernels cast between int, long, float and double
        out[context.globalIdx] = 0;
    }
}
