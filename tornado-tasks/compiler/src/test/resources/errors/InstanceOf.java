import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class InstanceOf {
    @Kernel
    public static void typed(KernelContext context, int[] out) {
        boolean ints = out instanceof int[]; // error: unsupported in a kernel: instanceof (out instanceof int[])
        out[context.globalIdx] = ints ? 1 : 0;
    }
}
