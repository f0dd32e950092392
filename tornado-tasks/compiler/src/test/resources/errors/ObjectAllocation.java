import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ObjectAllocation {
    @Kernel
    public static void build(KernelContext context, double[] out) {
        new StringBuilder(); // error: unsupported in a kernel: object allocation (new StringBuilder())
        out[context.globalIdx] = 1.0;
    }
}
