import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class KernelCallsKernel {
    @Kernel
    public static void inner(KernelContext context, double[] out) {
        out[context.globalIdx] = 1.0;
    }

    @Kernel
    public static void outer(KernelContext context, double[] out) {
        inner(context, out); // error: unsupported in a kernel: call to the kernel inner (inner(context, out)): a kernel cannot call a kernel; move the shared code into a @DeviceFunction
    }
}
