import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SameArrayTwice {
    @DeviceFunction
    static void copy(double[] from, double[] to, int i) {
        to[i] = from[i];
    }

    @Kernel
    public static void self(KernelContext context, double[] a) {
        copy(a, a, context.globalIdx); // error: unsupported in a kernel: the same array a passed twice to copy (copy(a, a, context.globalIdx)): array parameters are __restrict__ on the device and must not alias
    }
}
