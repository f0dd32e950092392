import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import java.util.function.IntBinaryOperator;

public class MethodReference {
    @Kernel
    public static void mapped(KernelContext context, int[] out) {
        IntBinaryOperator add = Integer::sum; // error: unsupported in a kernel: method reference (Integer::sum)
        out[context.globalIdx] = 1;
    }
}
