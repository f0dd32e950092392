import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class NestedAssignment {
    @Kernel
    public static void chain(KernelContext context, int[] a, int[] b) {
        a[context.globalIdx] = b[context.globalIdx] = 0; // error: unsupported in a kernel: assignment inside an expression (b[context.globalIdx] = 0): Java and C order its side effect differently; make it a statement of its own
    }
}
