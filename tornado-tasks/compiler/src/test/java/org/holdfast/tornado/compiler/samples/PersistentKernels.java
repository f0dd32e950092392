package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/** Persistent kernels: stages separated by the grid barrier, and a dataflow chain of bounded waits. */
public final class PersistentKernels {

    private PersistentKernels() {
    }

    /**
     * Each round, every group adds its number to its slot, then (after a grid barrier) sums every
     * slot into sums[round * groups + group]: each sum needs every group's write of the round.
     */
    @Kernel
    @Persistent
    public static void stagedSums(KernelContext context, long[] slots, long[] sums, int rounds) {
        int group = context.groupIdx;
        int groups = context.globalGroupSizeX / context.localGroupSizeX;
        for (int round = 0; round < rounds; round++) {
            if (context.localIdx == 0) {
                slots[group] += group + round;
            }
            context.gridBarrier();
            if (context.localIdx == 0) {
                long total = 0;
                for (int k = 0; k < groups; k++) {
                    total += slots[k];
                }
                sums[round * groups + group] = total;
            }
            context.gridBarrier();
        }
    }

    /** Red-black Gauss-Seidel in one launch: each half-sweep, then a grid barrier (in a device function). */
    @Kernel
    @Persistent(threadsPerBlock = 128)
    public static void redBlack(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
        for (int iteration = 0; iteration < iterations; iteration++) {
            halfSweepThenWait(context, u, f, n, h2, 0);
            halfSweepThenWait(context, u, f, n, h2, 1);
        }
    }

    @DeviceFunction
    static void halfSweepThenWait(KernelContext context, double[] u, double[] f, int n, double h2, int colour) {
        int half = (n - 1) / 2;
        int points = (n - 2) * half;
        for (int p = context.globalIdx; p < points; p += context.globalGroupSizeX) {
            int i = 1 + p / half;
            int j = 1 + 2 * (p % half) + ((i + 1 + colour) & 1);
            if (j < n - 1) {
                int c = i * n + j;
                u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
            }
        }
        context.gridBarrier();
    }

    /**
     * A chain through the groups: at step s, group g waits until group g - 1 has published s, then
     * values[s * groups + g] = values[(s - 1) * groups + g] + values[s * groups + g - 1] + 1, and
     * publishes s with a release store.
     */
    @Kernel
    @Persistent
    public static void chain(KernelContext context, int[] published, long[] values, int steps) {
        int group = context.groupIdx;
        int groups = context.globalGroupSizeX / context.localGroupSizeX;
        for (int step = 1; step <= steps; step++) {
            if (context.localIdx == 0) {
                long left = 0;
                if (group > 0) {
                    context.waitUntilAtLeast(published, group - 1, step);
                    left = values[step * groups + group - 1];
                }
                values[step * groups + group] = values[(step - 1) * groups + group] + left + 1;
                context.storeRelease(published, group, step);
            }
        }
    }

    /** A persistent kernel that waits on 64-bit counters and uses neither barrier nor state otherwise. */
    @Kernel
    @Persistent
    public static void waitLong(KernelContext context, long[] counters, int n) {
        int i = context.globalIdx;
        if (i < n) {
            context.storeRelease(counters, i, (long) i + 1);
            context.waitUntilAtLeast(counters, (i + 1) % n, 1L);
        }
    }

    /** Persistent, but it never waits: no state, only the hidden parameters. */
    @Kernel
    @Persistent
    public static void fill(KernelContext context, int[] out, int n) {
        for (int i = context.globalIdx; i < n; i += context.globalGroupSizeX) {
            out[i] = i;
        }
    }
}
