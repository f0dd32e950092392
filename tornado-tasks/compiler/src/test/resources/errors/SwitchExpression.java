import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SwitchExpression {
    @Kernel
    public static void pick(KernelContext context, int[] out, int mode) {
        int v = switch (mode) { // error: unsupported in a kernel: switch expression (switch (mode) { ... }): use if/else or the conditional operator
            case 0 -> 1;
            default -> 2;
        };
        out[context.globalIdx] = v;
    }
}
