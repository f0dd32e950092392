import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ArrayAsValue {
    @Kernel
    public static void compare(KernelContext context, double[] a, double[] b, int[] out) {
        out[context.globalIdx] = a == b ? 1 : 0; // error: unsupported in a kernel: array a used as a value (a): arrays can only be indexed or passed to a @DeviceFunction
    }
}
