import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class WaitNotPersistent {
    @Kernel
    public static void follow(KernelContext context, int[] published, long[] values, int step) {
        int left = context.groupIdx - 1;
        context.waitUntilAtLeast(published, left, step); // error: unsupported in a kernel: wait for other groups in kernel follow, which is not @Persistent (context.waitUntilAtLeast(published, left, step)): annotate follow with @Persistent, so that its groups are co-resident and every wait is bounded by the watchdog; context.localBarrier() waits for the threads of one group
        values[context.groupIdx] = step;
    }
}
