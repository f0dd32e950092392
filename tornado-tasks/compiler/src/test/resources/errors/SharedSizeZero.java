import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SharedSizeZero {
    static final int SIZE = 0;

    @Kernel
    public static void empty(KernelContext context, float[] out) {
        float[] tile = context.allocateFloatLocalArray(SIZE); // error: unsupported in a kernel: block-shared array of 0 elements (SIZE): the size must be positive
        out[context.globalIdx] = 0;
    }
}
