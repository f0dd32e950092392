import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import java.util.function.IntUnaryOperator;

public class Lambda {
    @Kernel
    public static void mapped(KernelContext context, int[] out) {
        IntUnaryOperator twice = x -> 2 * x; // error: unsupported in a kernel: lambda ((x)->2 * x)
        out[context.globalIdx] = 1;
    }
}
