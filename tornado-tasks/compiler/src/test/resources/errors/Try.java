import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class Try {
    @Kernel
    public static void guarded(KernelContext context, int[] out, int n) {
        try { // error: unsupported in a kernel: try (try { ... }): exceptions do not exist on the device
            out[context.globalIdx] = 10 / n;
        } catch (ArithmeticException e) {
            out[context.globalIdx] = 0;
        }
    }
}
