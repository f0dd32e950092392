import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SharedInLoop {
    @Kernel
    public static void tiled(KernelContext context, double[] out, int n) {
        for (int k = 0; k < n; k++) {
            double[] tile = context.allocateDoubleLocalArray(32); // error: unsupported in a kernel: block-shared array tile inside a block, branch or loop (context.allocateDoubleLocalArray(32)): declare it at the top level of the kernel body
            tile[context.localIdx] = k;
        }
        out[context.globalIdx] = 0;
    }
}
