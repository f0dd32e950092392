import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ArrayCreation {
    @Kernel
    public static void scratch(KernelContext context, double[] out, int n) {
        double[] tmp = new double[n]; // error: unsupported in a kernel: per-thread array size that is not a compile-time int constant (n): use a literal, a static final int constant or a @Specialize parameter
        double[] list = new double[] {1.0, 2.0}; // error: unsupported in a kernel: array creation other than new T[SIZE] (new double[]{1.0, 2.0}): a per-thread array is created as double[] a = new double[SIZE], SIZE a compile-time int constant
        out[context.globalIdx] = 1.0;
    }
}
