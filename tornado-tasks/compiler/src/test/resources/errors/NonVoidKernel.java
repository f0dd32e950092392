import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class NonVoidKernel {
    @Kernel
    public static double sum(KernelContext context, double[] a) { // error: @Kernel method sum must return void: a kernel writes its results into array parameters
        return a[context.globalIdx];
    }
}
