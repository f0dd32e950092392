import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class CharLiteral {
    @Kernel
    public static void letters(KernelContext context, int[] out) {
        out[context.globalIdx] = 'a'; // error: unsupported in a kernel: char literal ('a'): kernels have no char type; use an int
    }
}
