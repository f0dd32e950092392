import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

public class SpinOnPlainRead {
    @Kernel
    @Persistent
    public static void spins(KernelContext context, int[] flags, long[] data, int step) {
        int left = context.groupIdx - 1;
        while (flags[left] < step) { // error: unsupported in a kernel: spin on a plain read of flags[left] (while (flags[left] < step) { ... }): the loop changes neither flags nor the index, so the device may read the element once and never see another thread's write; wait with context.waitUntilAtLeast(flags, index, value), which reads with acquire order and gives up after the watchdog's timeout
            data[0]++;
        }
        do { // error: unsupported in a kernel: spin on a plain read of flags[0] (do { ... }): the loop changes neither flags nor the index, so the device may read the element once and never see another thread's write; wait with context.waitUntilAtLeast(flags, index, value), which reads with acquire order and gives up after the watchdog's timeout
            data[1] = 2;
        } while ((flags[0] != step));
        for (long tries = 0; flags[left + 1] == 0; ) { // error: unsupported in a kernel: spin on a plain read of flags[left + 1] (for (long tries = 0; flags[left + 1] == 0; ) { ... }): the loop changes neither flags nor the index, so the device may read the element once and never see another thread's write; wait with context.waitUntilAtLeast(flags, index, value), which reads with acquire order and gives up after the watchdog's timeout
            data[2] = tries;
        }
        while (context.loadAcquire(flags, left) < step) { // error: unsupported in a kernel: unbounded wait on context.loadAcquire(flags, left) (while (context.loadAcquire(flags, left) < step) { ... }): the loop ends only when another thread writes flags, and nothing bounds it; use context.waitUntilAtLeast(flags, index, value), which gives up after the watchdog's timeout
            data[3] = 1;
        }
        // Not spins: the loop changes what its condition reads, or waits at a barrier.
        for (int k = 0; k < flags[left]; k++) {
            data[4] += k;
        }
        int seen = flags[0];
        while (seen < step && flags[seen] > 0) {
            seen++;
        }
        while (flags[1] < step) {
            flags[1] += 1;
        }
        while (data[5] < step) {
            context.gridBarrier();
        }
        while (context.loadAcquire(flags, 2) < step) {
            context.atomicAdd(flags, 2, 1);
        }
    }
}
