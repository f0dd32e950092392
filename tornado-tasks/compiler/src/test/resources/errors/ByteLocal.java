import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ByteLocal {
    @Kernel
    public static void small(KernelContext context, int[] out) {
        byte b = 1; // error: unsupported in a kernel: type byte (byte b = 1): kernels use int, long, float, double and boolean
        out[context.globalIdx] = b;
    }
}
