import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ArrayLength {
    @Kernel
    public static void fill(KernelContext context, double[] a) {
        if (context.globalIdx < a.length) { // error: unsupported in a kernel: array length (a.length): the device does not know the length of an array; pass it as an int parameter
            a[context.globalIdx] = 1.0;
        }
    }
}
