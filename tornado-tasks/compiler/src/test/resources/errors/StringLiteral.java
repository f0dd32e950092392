import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class StringLiteral {
    @Kernel
    public static void named(KernelContext context, double[] out) {
        String name = "kernel"; // error: unsupported in a kernel: string ("kernel"): kernels have no strings
        out[context.globalIdx] = 1.0;
    }
}
