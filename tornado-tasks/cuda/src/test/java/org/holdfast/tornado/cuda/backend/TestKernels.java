package org.holdfast.tornado.cuda.backend;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/**
 * Kernels for the backend's own tests, one per kind of parameter. Their CUDA C is written by hand
 * in the test resources, in the form the kernel compiler generates, so that these tests depend on
 * the runtime alone.
 */
public final class TestKernels {

    private TestKernels() {
    }

    /** One colour of a Gauss-Seidel sweep on an {@code n x n} grid, one thread per interior point of a 2D grid. */
    @Kernel
    public static void halfSweep(KernelContext context, double[] u, double[] f, int n, double h2, int colour) {
        int j = context.globalIdx + 1;
        int i = context.globalIdy + 1;
        if (i < n - 1 && j < n - 1 && ((i + j) & 1) == colour) {
            int k = i * n + j;
            u[k] = (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - h2 * f[k]) * 0.25;
        }
    }

    /** {@code y = a x + y} in single precision. */
    @Kernel
    public static void axpy(KernelContext context, float[] y, float[] x, float a, int n) {
        int i = context.globalIdx;
        if (i < n) {
            y[i] = a * x[i] + y[i];
        }
    }

    /** Widens, offsets and optionally negates: ints, longs and a boolean. */
    @Kernel
    public static void widen(KernelContext context, long[] out, int[] in, long offset, boolean negate, int n) {
        int i = context.globalIdx;
        if (i < n) {
            long value = in[i] + offset;
            out[i] = negate ? -value : value;
        }
    }

    /** No kernel context: runs once. */
    @Kernel
    public static void store(long[] out, long value) {
        out[0] = value;
    }

    /** Persistent without waiting: out[i] = i over a grid-stride loop, whatever the grid. */
    @Kernel
    @Persistent
    public static void fillPersistent(KernelContext context, int[] out, int n) {
        for (int i = context.globalIdx; i < n; i += context.globalGroupSizeX) {
            out[i] = i;
        }
    }

    /** Every group waits for flags[group] >= step, which nobody publishes: only the watchdog ends it. */
    @Kernel
    @Persistent
    public static void waitForever(KernelContext context, int[] flags, int step) {
        if (context.localIdx == 0) {
            context.waitUntilAtLeast(flags, context.groupIdx, step);
        }
        context.localBarrier();
    }

    /** out[group] = its cluster index * 100 + its rank in a cluster of 2, read after a cluster barrier. */
    @Kernel
    @Cluster(2)
    public static void clusterRanks(KernelContext context, int[] out) {
        context.clusterBarrier();
        if (context.localIdx == 0) {
            out[context.groupIdx] = context.clusterIdx * 100 + context.clusterRank;
        }
    }

    /** out = in with each block's chunk reversed through the block's dynamic shared memory (8 bytes a thread). */
    @Kernel
    public static void reverseChunks(KernelContext context, double[] in, double[] out) {
        double[] chunk = context.dynamicSharedDoubles();
        int lid = context.localIdx;
        chunk[lid] = in[context.globalIdx];
        context.localBarrier();
        out[context.globalIdx] = chunk[context.localGroupSizeX - 1 - lid];
    }
}
