import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SharedTooLarge {
    @Kernel
    public static void big(KernelContext context, double[] out) { // error: block-shared arrays of big take 65536 bytes: CUDA allows 49152 bytes of static shared memory per block; take more as the launch's dynamic shared memory (context.dynamicSharedDoubles())
        double[] tile = context.allocateDoubleLocalArray(8192);
        tile[context.localIdx] = 1.0;
        out[context.globalIdx] = tile[0];
    }
}
