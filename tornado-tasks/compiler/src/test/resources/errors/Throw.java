import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class Throw {
    @Kernel
    public static void check(KernelContext context, double[] out, int n) {
        if (n < 0) {
            throw new IllegalArgumentException(); // error: unsupported in a kernel: throw (throw new IllegalArgumentException();): exceptions do not exist on the device
        }
        out[context.globalIdx] = n;
    }
}
