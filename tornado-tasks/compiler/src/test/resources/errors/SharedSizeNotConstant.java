import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SharedSizeNotConstant {
    @Kernel
    public static void tiled(KernelContext context, double[] out, int n) {
        double[] tile = context.allocateDoubleLocalArray(n); // error: unsupported in a kernel: block-shared array size that is not a compile-time int constant (n): use a literal or a static final int constant, or take the launch's dynamic shared memory with context.dynamicSharedDoubles()
        tile[context.localIdx] = 1.0;
        out[context.globalIdx] = tile[0];
    }
}
