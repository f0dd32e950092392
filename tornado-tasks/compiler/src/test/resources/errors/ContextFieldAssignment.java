import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ContextFieldAssignment {
    @Kernel
    public static void shift(KernelContext context, int[] out) {
        context.globalIdx = 0; // error: unsupported in a kernel: assignment to a KernelContext field (context.globalIdx = 0): the context is read-only in a kernel
        out[context.globalIdx] = 1;
    }
}
