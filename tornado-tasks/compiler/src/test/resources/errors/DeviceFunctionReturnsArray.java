import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class DeviceFunctionReturnsArray {
    @DeviceFunction
    static double[] same(double[] a) { // error: @DeviceFunction method same returns double[]: a device function returns void, int, long, float, double or boolean
        return a;
    }

    @Kernel
    public static void run(KernelContext context, double[] a) {
        a[context.globalIdx] = 1.0;
    }
}
