import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ForEach {
    @Kernel
    public static void total(KernelContext context, double[] in, double[] out) {
        double sum = 0;
        for (double v : in) { // error: unsupported in a kernel: for-each loop (for (double v : in) { ... }): the device does not know array lengths; loop over an index bounded by a length parameter
            sum += v;
        }
        out[context.globalIdx] = sum;
    }
}
