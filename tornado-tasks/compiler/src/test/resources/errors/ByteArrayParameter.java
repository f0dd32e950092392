import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ByteArrayParameter {
    @Kernel
    public static void bytes(KernelContext context, byte[] data, int[] out) { // error: unsupported in a kernel: parameter type byte[] (byte[] data): kernels take int, long, float, double, boolean, arrays of double, float, int or long, and KernelContext
        out[context.globalIdx] = 1;
    }
}
