import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

public class GridBarrierInDeviceFunction {
    @DeviceFunction
    static void writeThenWait(KernelContext context, double[] a) {
        a[context.globalIdx] = 1;
        context.gridBarrier();
    }

    @DeviceFunction
    static void twice(KernelContext context, double[] a) {
        writeThenWait(context, a);
        writeThenWait(context, a);
    }

    @Kernel
    @Persistent
    public static void marked(KernelContext context, double[] a) {
        twice(context, a);
    }

    @Kernel
    public static void unmarked(KernelContext context, double[] a) {
        twice(context, a); // error: unsupported in a kernel: call to twice, which waits at the grid barrier, in kernel unmarked, which is not @Persistent (twice(context, a)): annotate unmarked with @Persistent, so that its groups are co-resident and every wait is bounded by the watchdog; context.localBarrier() waits for the threads of one group
    }
}
