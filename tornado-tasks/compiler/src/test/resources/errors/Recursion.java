import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class Recursion {
    @DeviceFunction
    static int factorial(int n) {
        return n <= 1 ? 1 : n * factorial(n - 1); // error: unsupported in a kernel: recursion (factorial(n - 1)): factorial -> factorial; write a loop instead
    }

    @Kernel
    public static void factorials(KernelContext context, int[] out) {
        out[context.globalIdx] = factorial(context.globalIdx);
    }
}
