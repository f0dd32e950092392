package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/** Persistent kernels that cannot make progress: every wait must end with the watchdog, naming who waited for what. */
public final class StuckKernels {

    private StuckKernels() {
    }

    /** Group {@code skipping} leaves before the grid barrier; the others wait for it there. */
    @Kernel
    @Persistent
    public static void skipsBarrier(KernelContext context, int[] out, int skipping) {
        if (context.groupIdx == skipping) {
            return;
        }
        out[context.globalIdx] = 1;
        context.gridBarrier();
        out[context.globalIdx] = 2;
    }

    /** Every group waits for a flag that nobody publishes: flags[group] >= step. */
    @Kernel
    @Persistent
    public static void neverPublished(KernelContext context, int[] flags, int step) {
        if (context.localIdx == 0) {
            context.waitUntilAtLeast(flags, context.groupIdx, step);
        }
        context.localBarrier();
    }

    /** Thread 0 of every group waits for its line, lines[group], to carry {@code flag}; nobody stores it. */
    @Kernel
    @Persistent
    public static void lineNeverStored(KernelContext context, long[] lines, double[] out, int flag) {
        if (context.localIdx == 0) {
            double data = context.waitLine(lines, context.groupIdx, flag);
            out[context.groupIdx] = data;
        }
        context.localBarrier();
    }

    /**
     * Every group's mbarrier expects 8 bytes that nobody stores: thread 0 waits for phase 0 of
     * landed[1] (the second mbarrier, so that the element differs from the group).
     */
    @Kernel
    @Persistent
    @Cluster(Cluster.WHOLE_GRID)
    public static void bytesNeverStored(KernelContext context, int[] out) {
        long[] landed = context.allocateLongLocalArray(2);
        if (context.localIdx == 0) {
            context.mbarrierInit(landed, 1, 1);
            context.mbarrierArriveExpectTx(landed, 1, 8);
        }
        context.clusterBarrier();
        if (context.localIdx == 0) {
            context.mbarrierWaitParity(landed, 1, 0);
            out[context.groupIdx] = 1;
        }
        context.clusterBarrier();
    }
}
