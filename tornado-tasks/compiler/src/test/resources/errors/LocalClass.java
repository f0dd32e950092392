import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class LocalClass {
    @Kernel
    public static void local(KernelContext context, int[] out) {
        record Pair(int a, int b) { // error: unsupported in a kernel: local record Pair: kernels have no classes
        }
        out[context.globalIdx] = 1;
    }
}
