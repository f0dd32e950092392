import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

public class GridBarrierUnderThreadCondition {
    @Kernel
    @Persistent
    public static void solve(KernelContext context, double[] u, int iterations) {
        for (int iteration = 0; iteration < iterations; iteration++) {
            u[context.globalIdx] += 1;
            if (context.globalIdx == 0) {
                context.gridBarrier(); // error: unsupported in a kernel: grid barrier under a condition on the thread's or block's index (context.globalIdx == 0) (context.gridBarrier()): every thread of the grid must reach it, or the others wait for ever; move it out of the condition (let every thread arrive, and make only the work conditional)
            }
        }
    }

    @Kernel
    @Persistent
    public static void throughALocal(KernelContext context, double[] u, int n) {
        int block = context.groupIdx;
        int first = block * 4;
        for (int row = first; row < n; row++) {
            u[row] += 1;
            context.gridBarrier(); // error: unsupported in a kernel: grid barrier under a condition on the thread's or block's index (row < n) (context.gridBarrier()): every thread of the grid must reach it, or the others wait for ever; move it out of the condition (let every thread arrive, and make only the work conditional)
        }
    }
}
