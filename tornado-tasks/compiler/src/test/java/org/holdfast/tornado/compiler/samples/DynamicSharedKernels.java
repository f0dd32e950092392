package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/**
 * The launch's dynamic shared memory: sized by the worker grid, viewed as doubles, ints or longs,
 * carved with offsets, passed to device functions, mapped in a cluster, beside a static shared array.
 */
public final class DynamicSharedKernels {

    private DynamicSharedKernels() {
    }

    /** out = in with each group's chunk reversed, through the group's dynamic shared memory (8 bytes a thread). */
    @Kernel
    public static void reverseChunks(KernelContext context, double[] in, double[] out) {
        double[] chunk = context.dynamicSharedDoubles();
        int lid = context.localIdx;
        int size = context.localGroupSizeX;
        chunk[lid] = in[context.globalIdx];
        context.localBarrier();
        out[context.globalIdx] = chunk[size - 1 - lid];
    }

    /**
     * Two parts of one dynamic array (8 bytes a thread): squares at [0, size), cubes at [size, 2 size);
     * sums[group] = the group's squares plus the static array's count, cubes[global] = the cube of the mirrored thread.
     */
    @Kernel
    public static void twoParts(KernelContext context, int[] in, int[] sums, int[] cubes) {
        int[] counts = context.allocateIntLocalArray(1);
        int[] parts = context.dynamicSharedInts();
        int lid = context.localIdx;
        int size = context.localGroupSizeX;
        int v = in[context.globalIdx];
        parts[lid] = v * v;
        parts[size + lid] = v * v * v;
        if (lid == 0) {
            counts[0] = size;
        }
        context.localBarrier();
        if (lid == 0) {
            sums[context.groupIdx] = sum(parts, 0, size) + counts[0];
        }
        cubes[context.globalIdx] = parts[size + size - 1 - lid];
    }

    @DeviceFunction
    static int sum(int[] values, int from, int to) {
        int total = 0;
        for (int i = from; i < to; i++) {
            total += values[i];
        }
        return total;
    }

    /** Each group reads its right neighbour's dynamic shared memory in the cluster (DSMEM), persistent: one long a thread. */
    @Kernel
    @Persistent(threadsPerBlock = 32)
    @Cluster(4)
    public static void rotateInCluster(KernelContext context, long[] out) {
        long[] mine = context.dynamicSharedLongs();
        int lid = context.localIdx;
        mine[lid] = 1000L * context.groupIdx + lid;
        long[] next = context.mapSharedRank(mine, (context.clusterRank + 1) % context.clusterSize);
        context.clusterBarrier();
        out[context.globalIdx] = next[lid];
        // Keep this group's memory alive until the previous group has read it.
        context.clusterBarrier();
    }
}
