import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class GridBarrierNotPersistent {
    @Kernel
    public static void stages(KernelContext context, double[] a, int n) {
        a[context.globalIdx] = 1;
        context.gridBarrier(); // error: unsupported in a kernel: grid barrier in kernel stages, which is not @Persistent (context.gridBarrier()): annotate stages with @Persistent, so that its groups are co-resident and every wait is bounded by the watchdog; context.localBarrier() waits for the threads of one group
        a[n - 1 - context.globalIdx] += 1;
    }
}
