import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class Assert {
    @Kernel
    public static void checked(KernelContext context, int[] out, int n) {
        assert n > 0; // error: unsupported in a kernel: assert (assert n > 0;): check on the host, or write the condition into an output array
        out[context.globalIdx] = n;
    }
}
