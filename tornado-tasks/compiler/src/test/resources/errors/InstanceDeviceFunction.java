import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class InstanceDeviceFunction {
    @DeviceFunction
    double twice(double x) { // error: @DeviceFunction method twice must be static: device functions are static methods
        return 2 * x;
    }

    @Kernel
    public static void run(KernelContext context, double[] a) {
        a[context.globalIdx] = 1.0;
    }
}
