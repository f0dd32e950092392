import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class InstanceKernel {
    @Kernel
    public void scale(KernelContext context, double[] out) { // error: @Kernel method scale must be static: kernels are public static void methods
        out[context.globalIdx] *= 2;
    }
}
