import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class Switch {
    @Kernel
    public static void pick(KernelContext context, int[] out, int mode) {
        switch (mode) { // error: unsupported in a kernel: switch (switch (mode) { ... }): use if/else
            case 0:
                out[context.globalIdx] = 1;
                break;
            default:
                out[context.globalIdx] = 2;
        }
    }
}
