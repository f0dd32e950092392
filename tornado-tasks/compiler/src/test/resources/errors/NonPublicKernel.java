import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class NonPublicKernel {
    @Kernel
    static void scale(KernelContext context, double[] out) { // error: @Kernel method scale must be public: kernels are public static void methods
        out[context.globalIdx] *= 2;
    }
}
