import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

public class LineMisuse {
    @Kernel
    @Persistent
    public static void onDoubles(KernelContext context, double[] lines, int flag) {
        context.storeLine(lines, context.globalIdx, 1.0, flag); // error: unsupported in a kernel: context.storeLine on double[] lines (context.storeLine(lines, context.globalIdx, 1.0, flag)): a line is two longs of a long[] (the data's halves, each with the flag beside it), so that one 16-byte access carries the data and its flag together; pass a long[] parameter
    }

    @Kernel
    @Persistent
    public static void onShared(KernelContext context, long[] out, int flag) {
        long[] halo = context.allocateLongLocalArray(4);
        context.storeLine(halo, context.localIdx, 1.0, flag); // error: unsupported in a kernel: context.storeLine on the block-shared array halo (context.storeLine(halo, context.localIdx, 1.0, flag)): lines are in global memory, where the other blocks poll them (st/ld.global); pass a long[] parameter, or exchange within a cluster through context.mapSharedRank and the cluster barrier
        double d = context.waitLine(halo, 0, flag); // error: unsupported in a kernel: context.waitLine on the block-shared array halo (context.waitLine(halo, 0, flag)): lines are in global memory, where the other blocks poll them (st/ld.global); pass a long[] parameter, or exchange within a cluster through context.mapSharedRank and the cluster barrier
        out[context.globalIdx] = halo[0];
    }

    @Kernel
    public static void notPersistent(KernelContext context, long[] lines, double[] out, int flag) {
        context.storeLine(lines, context.globalIdx, 2.0, flag);
        double d = context.waitLine(lines, 0, flag); // error: unsupported in a kernel: wait for other groups in kernel notPersistent, which is not @Persistent (context.waitLine(lines, 0, flag)): annotate notPersistent with @Persistent, so that its groups are co-resident and every wait is bounded by the watchdog; context.localBarrier() waits for the threads of one group
        out[context.globalIdx] = d;
    }

    @Kernel
    @Persistent
    public static void inExpression(KernelContext context, long[] lines, double[] out, int flag) {
        out[context.globalIdx] = 1.0 + context.waitLine(lines, 0, flag); // error: unsupported in a kernel: context.waitLine inside an expression (context.waitLine(lines, 0, flag)): it orders memory, so Java's order needs it as a statement of its own, a local's initialiser or a returned value
    }
}
