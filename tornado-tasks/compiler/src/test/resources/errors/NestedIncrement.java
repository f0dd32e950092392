import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class NestedIncrement {
    @Kernel
    public static void pack(KernelContext context, int[] out) {
        int i = context.globalIdx;
        out[i++] = 1; // error: unsupported in a kernel: assignment inside an expression (i++): Java and C order its side effect differently; make it a statement of its own
    }
}
