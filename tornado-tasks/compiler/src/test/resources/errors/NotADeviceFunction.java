import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class NotADeviceFunction {
    static double twice(double x) {
        return 2 * x;
    }

    @Kernel
    public static void doubled(KernelContext context, double[] out) {
        out[context.globalIdx] = twice(out[context.globalIdx]); // error: unsupported in a kernel: call to twice, which is not a @DeviceFunction (twice(out[context.globalIdx])): annotate the static method twice with @DeviceFunction
    }
}
