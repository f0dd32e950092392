package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/** Thread-block clusters: rank and size, the cluster barrier, and other blocks' shared arrays. Groups of {@link #BLOCK}. */
public final class ClusterKernels {

    public static final int BLOCK = 64;

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
}
