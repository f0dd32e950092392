import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ObjectParameter {
    @Kernel
    public static void named(KernelContext context, String name, int[] out) { // error: unsupported in a kernel: parameter type java.lang.String (String name): kernels take int, long, float, double, boolean, arrays of double, float, int or long, and KernelContext
        out[context.globalIdx] = 1;
    }
}
