import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ArrayAlias {
    @Kernel
    public static void alias(KernelContext context, double[] a) {
        double[] b = a; // error: unsupported in a kernel: array local other than a block-shared array (double[] b = a): index the array parameter itself, or allocate a block-shared array with context.allocateDoubleLocalArray(SIZE)
        b[context.globalIdx] = 1.0;
    }
}
