import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class OverloadedKernel {
    @Kernel
    public static void add(KernelContext context, double[] a, double[] b) { // error: @Kernel method add is overloaded: a CUDA kernel has a C name, so give each overload its own name
        a[context.globalIdx] += b[context.globalIdx];
    }

    @Kernel
    public static void add(KernelContext context, float[] a, float[] b) { // error: @Kernel method add is overloaded: a CUDA kernel has a C name, so give each overload its own name
        a[context.globalIdx] += b[context.globalIdx];
    }
}
