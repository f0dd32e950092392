import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class StringConstant {
    static final String NAME = "solver";

    @Kernel
    public static void named(KernelContext context, int[] out) {
        boolean named = NAME == null; // error: unsupported in a kernel: string constant NAME (NAME): kernels have no strings
        out[context.globalIdx] = 0;
    }
}
