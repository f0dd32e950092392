import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class AssignArraySelection {
    @Kernel
    public static void swap(KernelContext context, double[] a, double[] b) {
        double[] from = a;
        from = b; // error: unsupported in a kernel: assignment to the array from (from = b): arrays cannot be reassigned in a kernel
        from[context.globalIdx] = 0;
    }
}
