import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class NullLiteral {
    @Kernel
    public static void nothing(KernelContext context, int[] out) {
        Object none = null; // error: unsupported in a kernel: null (null): kernels have no references
        out[context.globalIdx] = 0;
    }
}
