import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class WritingCallInExpression {
    @DeviceFunction
    static double bump(double[] a, int i) {
        a[i] += 1;
        return a[i];
    }

    @Kernel
    public static void twice(KernelContext context, double[] a) {
        int i = context.globalIdx;
        double x = a[i] + bump(a, i); // error: unsupported in a kernel: call to bump inside an expression (bump(a, i)): bump writes arrays or waits at the barrier, so Java's order needs it as a statement of its own or a local's initialiser
        a[i] = x;
    }
}
