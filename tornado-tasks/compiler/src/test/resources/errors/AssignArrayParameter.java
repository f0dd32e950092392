import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class AssignArrayParameter {
    @Kernel
    public static void swap(KernelContext context, double[] a, double[] b) {
        a = b; // error: unsupported in a kernel: assignment to the array parameter a (a = b): arrays cannot be reassigned in a kernel
        a[context.globalIdx] = 0;
    }
}
