package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Block reductions through block-shared arrays and the block barrier; run with groups of {@link #BLOCK} threads. */
public final class ReductionKernels {

    /** Threads per group, and the length of every shared array. */
    public static final int BLOCK = 64;

    private ReductionKernels() {
    }

    /** partial[group] = the sum of the group's elements of in, by a tree in shared memory. */
    @Kernel
    public static void blockSum(KernelContext context, double[] in, double[] partial, int n) {
        double[] tile = context.allocateDoubleLocalArray(BLOCK);
        int lid = context.localIdx;
        int gid = context.globalIdx;
        tile[lid] = gid < n ? in[gid] : 0.0;
        context.localBarrier();
        for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
            if (lid < stride) {
                tile[lid] += tile[lid + stride];
            }
            context.localBarrier();
        }
        if (lid == 0) {
            partial[context.groupIdx] = tile[0];
        }
    }

    /** Per group: the largest int, the smallest long and the largest float, with every kind of shared array. */
    @Kernel
    public static void blockExtremes(KernelContext context, int[] ints, long[] longs, float[] floats, int[] maxInt, long[] minLong,
            float[] maxFloat, int n) {
        final int size = BLOCK;
        int[] intTile = context.allocateIntLocalArray(size);
        long[] longTile = context.allocateLongLocalArray(BLOCK);
        float[] floatTile = context.allocateFloatLocalArray(BLOCK * 1);
        int lid = context.localIdx;
        int gid = context.globalIdx;
        intTile[lid] = gid < n && lid < size ? ints[gid] : Integer.MIN_VALUE;
        longTile[lid] = gid < n ? longs[gid] : Long.MAX_VALUE;
        floatTile[lid] = gid < n ? floats[gid] : Float.NEGATIVE_INFINITY;
        reduceMaxInt(context, intTile);
        for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
            if (lid < stride) {
                longTile[lid] = Math.min(longTile[lid], longTile[lid + stride]);
                floatTile[lid] = Math.max(floatTile[lid], floatTile[lid + stride]);
            }
            context.localBarrier();
        }
        if (lid == 0) {
            maxInt[context.groupIdx] = intTile[0];
            minLong[context.groupIdx] = longTile[0];
            maxFloat[context.groupIdx] = floatTile[0];
        }
    }

    /** A device function that waits at the barrier and works on a shared array it is given. */
    @DeviceFunction
    public static void reduceMaxInt(KernelContext context, int[] tile) {
        context.localBarrier();
        int lid = context.localIdx;
        int stride = context.localGroupSizeX / 2;
        do {
            if (lid < stride) {
                tile[lid] = Math.max(tile[lid], tile[lid + stride]);
            }
            context.localBarrier();
            stride >>>= 1;
        } while (stride > 0);
    }
}
