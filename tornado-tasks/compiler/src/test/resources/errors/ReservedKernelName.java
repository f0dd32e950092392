import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ReservedKernelName {
    @Kernel
    public static void sqrt(KernelContext context, double[] out) { // error: @Kernel method sqrt: the name sqrt is reserved in CUDA C (a keyword, a built-in, or the prefix hf_ or _); rename the method
        out[context.globalIdx] = 1.0;
    }
}
