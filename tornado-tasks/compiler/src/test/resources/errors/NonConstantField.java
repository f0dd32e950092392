import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class NonConstantField {
    static double scale = 2.0;

    @Kernel
    public static void scaled(KernelContext context, double[] out) {
        out[context.globalIdx] = scale; // error: unsupported in a kernel: field scale (scale): only compile-time constants (static final fields with a constant initialiser) can be read; pass the value as a parameter
    }
}
