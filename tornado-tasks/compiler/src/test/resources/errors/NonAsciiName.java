import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class NonAsciiName {
    @Kernel
    public static void sized(KernelContext context, int[] out) {
        int größe = 3; // error: unsupported in a kernel: identifier größe (int größe = 3): CUDA C names are ASCII letters, digits and _
        out[context.globalIdx] = größe;
    }
}
