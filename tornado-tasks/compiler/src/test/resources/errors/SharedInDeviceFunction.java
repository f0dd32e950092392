import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SharedInDeviceFunction {
    @DeviceFunction
    static void stage(KernelContext context, double[] out) {
        double[] tile = context.allocateDoubleLocalArray(32); // error: unsupported in a kernel: block-shared array in the @DeviceFunction stage (context.allocateDoubleLocalArray(32)): declare it in the kernel and pass it as an argument
        tile[context.localIdx] = 1.0;
        out[context.globalIdx] = tile[0];
    }

    @Kernel
    public static void run(KernelContext context, double[] out) {
        stage(context, out);
    }
}
