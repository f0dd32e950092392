import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class WarpBarrierUnderThreadCondition {
    @Kernel
    public static void halfAWarp(KernelContext context, double[] u) {
        u[context.globalIdx] += 1;
        if (context.localIdx < 16) {
            context.warpBarrier(); // error: unsupported in a kernel: warp barrier under a condition on the thread's or block's index (context.localIdx < 16) (context.warpBarrier()): every thread of the warp must reach it, or the others wait for ever; move it out of the condition (let every thread arrive, and make only the work conditional)
        }
    }
}
