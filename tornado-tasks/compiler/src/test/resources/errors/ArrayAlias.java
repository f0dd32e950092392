import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ArrayAlias {
    @Kernel
    public static void alias(KernelContext context, double[] a, double[] c, int n) {
        double[] b = n > 0 ? a : c;
        copy(b, a, context.globalIdx); // error: unsupported in a kernel: two arrays that may both be a passed to copy (copy(b, a, context.globalIdx)): the arrays of a function that waits for no other thread are __restrict__ and must not alias; select the arrays inside it, or pass them to a function that waits at a barrier
    }

    @DeviceFunction
    static void copy(double[] to, double[] from, int i) {
        to[i] = from[i];
    }
}
