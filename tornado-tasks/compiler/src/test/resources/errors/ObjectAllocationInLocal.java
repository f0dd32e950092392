import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ObjectAllocationInLocal {
    @Kernel
    public static void build(KernelContext context, double[] out) {
        StringBuilder text = new StringBuilder("x"); // error: unsupported in a kernel: object allocation (new StringBuilder("x"))
        out[context.globalIdx] = 1.0;
    }
}
