package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/** Thread-block clusters: rank and size, the cluster barrier, and other blocks' shared arrays. Groups of {@link #BLOCK}. */
public final class ClusterKernels {

    public static final int BLOCK = 64;
    /** Cells per group of {@link #splitHalo}, which runs in groups of this many threads. */
    public static final int CELLS = 8;

    private ClusterKernels() {
    }

    /** out = in rotated by one block inside each cluster, read from the next block's shared array. */
    @Kernel
    @Cluster(4)
    public static void rotate(KernelContext context, double[] in, double[] out, int[] ranks) {
        double[] tile = context.allocateDoubleLocalArray(BLOCK);
        int lid = context.localIdx;
        tile[lid] = in[context.globalIdx];
        context.clusterBarrier();
        double[] next = context.mapSharedRank(tile, (context.clusterRank + 1) % context.clusterSize);
        out[context.globalIdx] = next[lid];
        if (lid == 0) {
            ranks[context.groupIdx] = context.clusterIdx * 100 + context.clusterRank;
        }
        // Keep this block's tile alive until the previous block has read it.
        context.clusterBarrier();
    }

    /** Pushes each block's edge into the next block's halo (a write to distributed shared memory), persistent. */
    @Kernel
    @Persistent
    @Cluster(16)
    public static void pushHalo(KernelContext context, long[] out, int steps) {
        long[] halo = context.allocateLongLocalArray(2);
        int lid = context.localIdx;
        long[] next = context.mapSharedRank(halo, (context.clusterRank + 1) % context.clusterSize);
        // Every block of the cluster has started (its shared memory exists) once all have arrived here.
        context.clusterBarrier();
        for (int step = 0; step < steps; step++) {
            if (lid == 0) {
                next[0] = context.clusterRank + step;
            }
            context.clusterBarrier();
            if (lid == 0) {
                out[context.groupIdx * steps + step] = halo[0];
            }
            context.clusterBarrier();
        }
    }

    /**
     * The pattern the split barrier exists for: each step a group pushes its edge cells into its
     * neighbours' ghost cells (the cluster is a ring), arrives, updates its interior while the others
     * arrive, waits, and only then reads its ghosts to update its edges. The ghosts alternate between
     * two slots by step, so a neighbour one step ahead never overwrites a ghost not yet read.
     */
    @Kernel
    @Persistent
    @Cluster(4)
    public static void splitHalo(KernelContext context, double[] in, double[] out, int steps) {
        double[] cells = context.allocateDoubleLocalArray(CELLS);
        double[] ghosts = context.allocateDoubleLocalArray(4);
        int lid = context.localIdx;
        int rank = context.clusterRank;
        double[] left = context.mapSharedRank(ghosts, (rank + context.clusterSize - 1) % context.clusterSize);
        double[] right = context.mapSharedRank(ghosts, (rank + 1) % context.clusterSize);
        cells[lid] = in[context.globalIdx];
        // Every group of the cluster has started (its ghosts exist) and every cell is written.
        context.clusterBarrier();
        for (int step = 0; step < steps; step++) {
            int slot = 2 * (step & 1);
            double mine = cells[lid];
            if (lid == 0) {
                left[slot + 1] = mine; // the left neighbour's right ghost
            }
            if (lid == CELLS - 1) {
                right[slot] = mine;
            }
            context.clusterArrive();
            double updated = mine;
            if (lid > 0 && lid < CELLS - 1) {
                updated = (cells[lid - 1] + cells[lid + 1]) * 0.25 + mine * 0.5;
            }
            context.clusterWait();
            if (lid == 0) {
                updated = (ghosts[slot] + cells[1]) * 0.25 + mine * 0.5;
            }
            if (lid == CELLS - 1) {
                updated = (cells[CELLS - 2] + ghosts[slot + 1]) * 0.25 + mine * 0.5;
            }
            context.localBarrier(); // every thread has read the old cells
            cells[lid] = updated;
            context.localBarrier();
        }
        out[context.globalIdx] = cells[lid];
    }

    /**
     * {@link #splitHalo} with mbarriers in place of the cluster barrier (native-hip's HaloMethod::AsyncStore):
     * each edge cell goes into the neighbour's ghost with an asynchronous store that counts its 8 bytes on the
     * neighbour's mbarrier of the slot, and a group waits only for the phase of its own mbarrier, that is for
     * its two neighbours. Slot s's mbarrier completes phase w when step 2 w + s's two ghosts have landed; the
     * group announces the 16 bytes (its one arrival) before the cluster barrier for steps 0 and 1, then again
     * for step + 2 once every thread has waited for step's phase.
     */
    @Kernel
    @Persistent
    @Cluster(4)
    public static void asyncHalo(KernelContext context, double[] in, double[] out, int steps) {
        double[] cells = context.allocateDoubleLocalArray(CELLS);
        double[] ghosts = context.allocateDoubleLocalArray(4);
        long[] landed = context.allocateLongLocalArray(2);
        int lid = context.localIdx;
        int rank = context.clusterRank;
        int leftRank = (rank + context.clusterSize - 1) % context.clusterSize;
        int rightRank = (rank + 1) % context.clusterSize;
        double[] left = context.mapSharedRank(ghosts, leftRank);
        double[] right = context.mapSharedRank(ghosts, rightRank);
        cells[lid] = in[context.globalIdx];
        if (lid == 0) {
            for (int slot = 0; slot < 2; slot++) {
                context.mbarrierInit(landed, slot, 1);
                context.mbarrierArriveExpectTx(landed, slot, 16);
            }
        }
        // Every group has started and initialised its mbarriers before anyone stores against them.
        context.clusterBarrier();
        for (int step = 0; step < steps; step++) {
            int slot = step & 1;
            double mine = cells[lid];
            if (lid == 0) {
                context.storeAsync(left, 2 * slot + 1, mine, landed, slot); // the left neighbour's right ghost, on its landed[slot]
            }
            if (lid == CELLS - 1) {
                context.storeAsync(right, 2 * slot, mine, landed, slot);
            }
            double updated = mine;
            if (lid > 0 && lid < CELLS - 1) {
                updated = (cells[lid - 1] + cells[lid + 1]) * 0.25 + mine * 0.5;
            }
            // Acquire: both neighbours' ghosts of this step have landed.
            context.mbarrierWaitParity(landed, slot, (step >> 1) & 1);
            if (lid == 0) {
                updated = (ghosts[2 * slot] + cells[1]) * 0.25 + mine * 0.5;
            }
            if (lid == CELLS - 1) {
                updated = (cells[CELLS - 2] + ghosts[2 * slot + 1]) * 0.25 + mine * 0.5;
            }
            context.localBarrier(); // every thread has read the old cells and seen the slot's phase complete
            if (lid == 0 && step + 2 < steps) {
                context.mbarrierArriveExpectTx(landed, slot, 16); // the slot's next phase: step + 2's ghosts
            }
            cells[lid] = updated;
            context.localBarrier();
        }
        out[context.globalIdx] = cells[lid];
        // Nobody leaves while a neighbour may still store into its shared memory.
        context.clusterBarrier();
    }

    /**
     * The whole grid is one cluster, its size chosen at launch: each block reads the next block's
     * tile (a ring over the grid) and records its rank and the cluster's size.
     */
    @Kernel
    @Cluster(Cluster.WHOLE_GRID)
    public static void wholeGridRing(KernelContext context, double[] in, double[] out, int[] ranks) {
        double[] tile = context.allocateDoubleLocalArray(BLOCK);
        int lid = context.localIdx;
        tile[lid] = in[context.globalIdx];
        context.clusterBarrier();
        double[] next = context.mapSharedRank(tile, (context.clusterRank + 1) % context.clusterSize);
        out[context.globalIdx] = next[lid];
        if (lid == 0) {
            ranks[context.groupIdx] = context.clusterIdx * 100 + context.clusterRank * 10 + context.clusterSize;
        }
        context.clusterBarrier();
    }
}
