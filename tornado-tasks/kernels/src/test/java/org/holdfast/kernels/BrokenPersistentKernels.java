package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/**
 * Persistent red-black kernels with a synchronisation taken out, for the tests that show what the
 * CPU and the GPU make of it: a wrong array, or the watchdog's error naming the block and the step.
 * They walk the interior row by row (not the compact numbering of {@link PersistentRedBlackKernels}),
 * which gives the same array when the synchronisation is there.
 */
public final class BrokenPersistentKernels {

    private BrokenPersistentKernels() {
    }

    /** {@link PersistentRedBlackKernels#gridBarrierSweeps} with its grid barrier removed. */
    @Kernel
    @Persistent
    public static void withoutGridBarrier(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
        for (int step = 0; step < 2 * iterations; step++) {
            sweepRows(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, step & 1);
        }
    }

    /**
     * {@link PersistentRedBlackKernels#gridBarrierSweeps} whose block 0 leaves out the run's
     * last half-sweep and counts honestly (native-hip's {@code HF_FAULT_SKIP_HALF_SWEEP}): at a
     * converged grid only the work count shows it. The tally is {@link PersistentRedBlackKernels#reportWork}'s,
     * copied because device functions live in their callers' class.
     */
    @Kernel
    @Persistent
    public static void skipsTheLastHalfSweep(KernelContext context, double[] u, double[] f, int n, double h2, int iterations,
            long[] work) {
        int steps = 2 * iterations;
        int ran = 0;
        for (int step = 0; step < steps; step++) {
            if (context.groupIdx != 0 || step + 1 < steps) {
                sweepRows(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, step & 1);
                ran++;
            }
            if (step + 1 < steps) {
                context.gridBarrier();
            }
        }
        if (context.localIdx == 0) {
            long lowest = ((long) (Integer.MAX_VALUE - ran) << 32) | context.groupIdx;
            long highest = ((long) ran << 32) | context.groupIdx;
            tallyMax(context, work, WorkTally.LOWEST, lowest);
            tallyMax(context, work, WorkTally.HIGHEST, highest);
            context.atomicAdd(work, WorkTally.BLOCKS, 1L);
        }
    }

    /** {@link PersistentRedBlackKernels#tallyMax}. */
    @DeviceFunction
    static void tallyMax(KernelContext context, long[] work, int index, long value) {
        long seen = context.loadAcquire(work, index);
        while (value > seen && !context.atomicCompareAndSet(work, index, seen, value)) {
            seen = context.loadAcquire(work, index);
        }
    }

    /** The points of {@code colour} among interior points first, first + stride, ... numbered row by row. */
    @DeviceFunction
    static void sweepRows(int first, int stride, double[] u, double[] f, int n, double h2, int colour) {
        int interior = (n - 2) * (n - 2);
        for (int p = first; p < interior; p += stride) {
            int i = 1 + p / (n - 2);
            int j = 1 + p % (n - 2);
            if (((i + j) & 1) == colour) {
                int c = i * n + j;
                u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
            }
        }
    }

    /** Block {@code leaving} leaves before the first grid barrier; the others wait for it there. */
    @Kernel
    @Persistent
    public static void blockLeavesBeforeTheBarrier(KernelContext context, double[] u, double[] f, int n, double h2,
            int iterations, int leaving) {
        for (int step = 0; step < 2 * iterations; step++) {
            sweepRows(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, step & 1);
            if (context.groupIdx == leaving) {
                return;
            }
            context.gridBarrier();
        }
    }

    /**
     * Steps through a chain of counters as the dataflow kernel does (step s waits until the left
     * neighbour has published s), but block {@code silent} never publishes: its right neighbour waits
     * for it until the watchdog ends the launch.
     */
    @Kernel
    @Persistent
    public static void neverPublishes(KernelContext context, int[] counters, int steps, int silent) {
        int block = context.groupIdx;
        for (int step = 1; step <= steps; step++) {
            if (context.localIdx == 0) {
                if (block > 0) {
                    context.waitUntilAtLeast(counters, (block - 1) * PersistentRedBlackKernels.COUNTER_STRIDE, step);
                }
                if (block != silent) {
                    context.storeRelease(counters, block * PersistentRedBlackKernels.COUNTER_STRIDE, step);
                }
            }
            context.localBarrier();
        }
    }
}
