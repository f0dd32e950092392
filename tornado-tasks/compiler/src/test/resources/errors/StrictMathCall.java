import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class StrictMathCall {
    @Kernel
    public static void sine(KernelContext context, double[] out) {
        out[context.globalIdx] = StrictMath.sin(out[context.globalIdx]); // error: unsupported in a kernel: StrictMath (StrictMath.sin(out[context.globalIdx])): use Math; docs/kernel-language.md says how close CUDA's functions are
    }
}
