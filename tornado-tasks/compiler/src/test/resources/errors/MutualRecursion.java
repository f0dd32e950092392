import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class MutualRecursion {
    @DeviceFunction
    static boolean even(int n) {
        return n == 0 || odd(n - 1);
    }

    @DeviceFunction
    static boolean odd(int n) {
        return n != 0 && even(n - 1); // error: unsupported in a kernel: recursion (even(n - 1)): even -> odd -> even; write a loop instead
    }

    @Kernel
    public static void parity(KernelContext context, int[] out) {
        out[context.globalIdx] = even(context.globalIdx) ? 1 : 0;
    }
}
