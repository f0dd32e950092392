package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/**
 * Red-black Gauss-Seidel in one launch for all iterations, written in Java: the three persistent
 * designs of native-hip, each the same algorithm as its hand-written twin so that the two can be
 * compared in one table ({@code --kernels java,native}).
 *
 * <ul>
 *   <li>{@link #gridBarrierSweeps}: every thread of the grid shares each half-sweep, a grid barrier
 *       between half-sweeps (native {@code persistent_grid_two_slot}, {@code persistent-grid}'s
 *       {@code two-slot});</li>
 *   <li>{@link #dataflowSweeps}: each block owns a band of rows and waits only for its neighbours'
 *       step counters (native {@code persistent_dataflow}, {@code persistent-dataflow}'s {@code counters});</li>
 *   <li>{@link #onChipSweeps}: one block holds the grid in dynamic shared memory for the whole run
 *       (native {@code persistent_on_chip}, which both modes run on one block when the grid fits).</li>
 * </ul>
 * Points, their order within a half-sweep and the arithmetic are {@link RedBlackKernels}' (the
 * compact numbering of one colour), so every kernel gives the sequential reference bit for bit. On
 * the CPU they run with every group at once, so they are their own reference there too.
 *
 * <p>Each kernel counts the half-sweeps it ran and tallies the counts in {@code work} at the end of
 * the run ({@link #reportWork}; the host's side is {@link WorkTally}), as native-hip's kernels do
 * ({@code device/work_count.h}): a run that stopped early fails even where the grid has converged.
 */
public final class PersistentRedBlackKernels {

    /** Longs of the work tally: {@link WorkTally#LOWEST}, {@link WorkTally#HIGHEST}, {@link WorkTally#BLOCKS}. */
    public static final int WORK_LENGTH = 3;

    /** Ints between two blocks' step counters: one counter per 128-byte line, as native-hip's {@code StepCounter}. */
    public static final int COUNTER_STRIDE = 32;

    private PersistentRedBlackKernels() {
    }

    /**
     * {@code iterations} iterations on {@code u}: each half-sweep spread over every thread of the grid
     * through a grid-stride loop, a grid barrier between two half-sweeps and none after the last
     * (a grid of one block waits at the block barrier only). Every block reports its half-sweeps.
     *
     * @param work {@value #WORK_LENGTH} longs, zero before the run (or as the last run of this execute left them)
     */
    @Kernel
    @Persistent
    public static void gridBarrierSweeps(KernelContext context, double[] u, double[] f, int n, double h2, int iterations,
            long[] work) {
        int steps = 2 * iterations;
        int points = (n - 2) * ((n - 1) / 2);
        int ran = 0;
        for (int step = 0; step < steps; step++) {
            sweep(context.globalIdx, points, context.globalGroupSizeX, u, f, n, h2, step & 1);
            ran++;
            if (step + 1 < steps) {
                context.gridBarrier();
            }
        }
        if (context.localIdx == 0) {
            reportWork(context, work, context.groupIdx, ran);
        }
    }

    /**
     * {@code iterations} iterations without a grid barrier. Block b owns a band of interior rows
     * (rows 1 .. n-2 split as evenly as possible, the first {@code rows % blocks} taking one more) and
     * the step counter {@code counters[b * COUNTER_STRIDE]}. Before half-sweep s it waits until both
     * neighbours have published s (acquire): their halo rows hold step s - 1's values, and they have
     * finished reading its rows for s - 1; after the half-sweep and a block barrier, thread 0 publishes
     * s + 1 (release). Two threads of different warps watch one neighbour each, so the waits overlap.
     * Blocks without rows publish the end at once. The steps count on from where the last run left
     * the counters (every block's own counter, equal for all at a run's end: runs · 2 · iterations), so
     * that runs one after another with no reset between them (an execute of several repeats, or the CPU,
     * which copies nothing) wait for this run's steps, not find the last run's already there. Blocks
     * with a band report their half-sweeps; blocks without rows report nothing.
     *
     * @param work {@value #WORK_LENGTH} longs, zero before the run (or as the last run of this execute left them)
     * @param counters at least {@code blocks * COUNTER_STRIDE} elements, equal (zeros, or as the last run of this grid left them)
     */
    @Kernel
    @Persistent
    public static void dataflowSweeps(KernelContext context, double[] u, double[] f, int n, double h2, int iterations,
            long[] work, int[] counters) {
        int block = context.groupIdx;
        int blocks = context.globalGroupSizeX / context.localGroupSizeX;
        int thread = context.localIdx;
        int rows = n - 2;
        int active = Math.min(blocks, rows);
        int steps = 2 * iterations;
        // Only this block writes its counter, and the last launch's writes are seen by this one: a plain read.
        int done = counters[block * COUNTER_STRIDE];
        if (block >= active) {
            if (thread == 0) {
                context.storeRelease(counters, block * COUNTER_STRIDE, done + steps);
            }
            return;
        }
        int base = rows / blocks;
        int extra = rows % blocks;
        int firstRow = 1 + block * base + Math.min(block, extra);
        int endRow = firstRow + base + (block < extra ? 1 : 0);
        int half = (n - 1) / 2;
        int first = (firstRow - 1) * half + thread;
        int end = (endRow - 1) * half;
        // A lone band has nobody to wait for: the block barrier after each half-sweep is enough.
        boolean alone = active == 1;
        int rightWatcher = context.localGroupSizeX > 32 ? 32 : 0;
        int ran = 0;
        for (int step = 0; step < steps; step++) {
            if (step > 0 && !alone) {
                if (thread == 0 && block > 0) {
                    context.waitUntilAtLeast(counters, (block - 1) * COUNTER_STRIDE, done + step);
                }
                if (thread == rightWatcher && block + 1 < active) {
                    context.waitUntilAtLeast(counters, (block + 1) * COUNTER_STRIDE, done + step);
                }
                // What each watcher acquired, every thread of the block sees after the barrier.
                context.localBarrier();
            }
            sweep(first, end, context.localGroupSizeX, u, f, n, h2, step & 1);
            ran++;
            context.localBarrier();
            if (thread == 0 && !alone) {
                context.storeRelease(counters, block * COUNTER_STRIDE, done + step + 1);
            }
        }
        if (thread == 0) {
            reportWork(context, work, block, ran);
        }
    }

    /**
     * {@code iterations} iterations by one block holding the grid in its dynamic shared memory: u at
     * [0, n²), and f at [n², 2 n²) when {@code fOnChip} (else f is read from global memory). u is
     * copied in once and back once; between half-sweeps only a block barrier. The launch gives
     * {@code n * n * 8} bytes, twice that with f. The block reports its half-sweeps as block 0.
     *
     * @param work {@value #WORK_LENGTH} longs, zero before the run (or as the last run of this execute left them)
     */
    @Kernel
    @Persistent
    public static void onChipSweeps(KernelContext context, double[] u, double[] f, int n, double h2, int iterations,
            long[] work, boolean fOnChip) {
        double[] tile = context.dynamicSharedDoubles();
        int cells = n * n;
        int thread = context.localIdx;
        int threads = context.localGroupSizeX;
        for (int cell = thread; cell < cells; cell += threads) {
            tile[cell] = u[cell];
        }
        if (fOnChip) {
            for (int cell = thread; cell < cells; cell += threads) {
                tile[cells + cell] = f[cell];
            }
        }
        context.localBarrier();
        int points = (n - 2) * ((n - 1) / 2);
        int steps = 2 * iterations;
        int ran = 0;
        for (int step = 0; step < steps; step++) {
            if (fOnChip) {
                sweepWithFAfter(thread, points, threads, tile, cells, n, h2, step & 1);
            } else {
                sweep(thread, points, threads, tile, f, n, h2, step & 1);
            }
            ran++;
            context.localBarrier();
        }
        if (thread == 0) {
            reportWork(context, work, 0, ran);
        }
        for (int cell = thread; cell < cells; cell += threads) {
            u[cell] = tile[cell];
        }
    }

    /**
     * One thread of a block, once at the end of its run: {@code halfSweeps} the block ran, into the
     * tally as native-hip's {@code report_work} does. The lowest count is kept as the largest
     * {@code (MAX_VALUE - count) << 32 | block}, the highest as the largest {@code count << 32 | block}
     * (a block that stops early cannot hide behind one that ran extra, as it could in a sum), and
     * the blocks that reported are counted. Three atomics per block and run, none per half-sweep; the
     * host reads the tally only after the kernel has ended, so the atomics' own order is all it needs.
     */
    @DeviceFunction
    static void reportWork(KernelContext context, long[] work, int block, int halfSweeps) {
        tallyMax(context, work, WorkTally.LOWEST, WorkTally.lowestKey(halfSweeps, block));
        tallyMax(context, work, WorkTally.HIGHEST, WorkTally.highestKey(halfSweeps, block));
        context.atomicAdd(work, WorkTally.BLOCKS, 1L);
    }

    /** {@code work[index] = max(work[index], value)}: the kernel language has no atomic max, so a compare-and-set loop. */
    @DeviceFunction
    static void tallyMax(KernelContext context, long[] work, int index, long value) {
        long seen = context.loadAcquire(work, index);
        while (value > seen && !context.atomicCompareAndSet(work, index, seen, value)) {
            seen = context.loadAcquire(work, index);
        }
    }

    /**
     * The points of {@code colour} numbered {@code first}, {@code first + stride}, ... below {@code end}:
     * {@code u = (north + south + east + west - h2 * f) / 4} ({@link Stencil#fivePointUpdate}), in place.
     */
    @DeviceFunction
    static void sweep(int first, int end, int stride, double[] u, double[] f, int n, double h2, int colour) {
        int half = (n - 1) / 2;
        for (int p = first; p < end; p += stride) {
            int c = pointAt(p, half, n, colour);
            if (c >= 0) {
                u[c] = Stencil.fivePointUpdate(u[c + n], u[c - n], u[c + 1], u[c - 1], h2 * f[c]);
            }
        }
    }

    /** {@link #sweep} on a tile that holds u at [0, cells) and f at [cells, 2 cells). */
    @DeviceFunction
    static void sweepWithFAfter(int first, int end, int stride, double[] tile, int cells, int n, double h2, int colour) {
        int half = (n - 1) / 2;
        for (int p = first; p < end; p += stride) {
            int c = pointAt(p, half, n, colour);
            if (c >= 0) {
                tile[c] = Stencil.fivePointUpdate(tile[c + n], tile[c - n], tile[c + 1], tile[c - 1], h2 * tile[cells + c]);
            }
        }
    }

    /**
     * Where point {@code p} of {@code colour} lies: interior row {@code 1 + p / half}, its
     * {@code (p % half)}-th column of that colour; {@code i * n + j}, or -1 when that falls on the
     * boundary (the last point of a row when n is even).
     */
    @DeviceFunction
    static int pointAt(int p, int half, int n, int colour) {
        int i = 1 + p / half;
        int j = 1 + 2 * (p % half) + ((i + 1 + colour) & 1);
        return j < n - 1 ? i * n + j : -1;
    }
}
