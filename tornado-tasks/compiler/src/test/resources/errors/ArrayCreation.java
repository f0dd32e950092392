import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ArrayCreation {
    @Kernel
    public static void scratch(KernelContext context, double[] out, int n) {
        double[] tmp = new double[n]; // error: unsupported in a kernel: array creation (new double[n]): pass the array as a parameter, or declare a block-shared array with context.allocateDoubleLocalArray(SIZE)
        out[context.globalIdx] = 1.0;
    }
}
