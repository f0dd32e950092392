package org.holdfast.kernels.temporal;

import org.holdfast.kernels.Stencil;
import org.holdfast.kernels.WorkTally;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchBounds;
import org.holdfast.tornado.api.Persistent;
import org.holdfast.tornado.api.Specialize;
import org.holdfast.tornado.api.Unroll;

/**
 * Temporally blocked red-black Gauss-Seidel: one launch runs a pass of k half-sweeps, streamed
 * down the rows through registers and shared memory, so u and f cross DRAM once per k half-sweeps
 * instead of once per half-sweep. Its hand-written twin is {@code native-hip/src/device/stream_pass.h}
 * (kernels {@code hf_stream_pass_k<k>}), the same design line by line.
 *
 * <p>A pass reads the state before it from {@code in} and writes every interior point of the state
 * after it to {@code out}: two buffers, because a block's ghost points are a neighbour's owned
 * points, which the neighbour may already have advanced in the same launch. {@code out} holds the
 * boundary already; every interior point is written exactly once.
 *
 * <p>Work split: a block (an item) owns a strip of columns and a segment of rows
 * ({@link StreamGeometry}). Its {@value #THREADS} threads cover {@code 2 * THREADS} columns, the
 * strip plus a ghost border of {@code halo(k)} columns each side, one pair of columns per thread. It
 * streams the rows from k above its segment to k below; at step t it loads row t + 1 and computes
 * level s (the state after s half-sweeps) at row t - s for s = 1 .. k, one point per thread and level:
 * level s updates colour {@code first + s - 1} at row {@code t - s}, whose sum with the row does not
 * depend on s, so every level updates the same member {@code p} of its pair at step t. Level s reads
 * only level s - 1: south (row t-s+1) computed this step ({@code cur}), north (row t-s-1) two steps
 * ago ({@code prev2}), the pair's other member one step ago ({@code prev}), and the neighbouring
 * thread's member one step ago, by warp shuffle (through {@code edges} at warp edges). So three
 * values per level per thread, in per-thread arrays the GPU keeps in registers, and one block
 * barrier per row. A level is computed only where its inputs are exact (one row fewer each side per
 * level), so the owned points are exact at level k; a pass of fewer half-sweeps than k (the last of
 * a run) copies level s - 2 into the levels beyond it.
 *
 * <p>Memory: u of row t + 1 is loaded into a register at step t (level 0 of step t + 1); f of row
 * t + 1 is loaded at step t and put, after the step's work, into a ring of k + 1 rows in block-shared
 * memory that each thread reads and writes only at its own entries, so the ring needs no barrier. A
 * deep pass (k > 9) keeps {@value #RING_ROWS} rows there, so that shared memory stays static and
 * small; its deeper levels read f from global memory again ({@link #ringLevels}).
 * Each update is the reference's arithmetic in the reference's order, so the result equals
 * {@code ReferenceSolver} bit for bit.
 */
public final class TemporalKernels {

    /** Threads per block: one pair of columns each. */
    public static final int THREADS = 256;
    /** Warps per block. */
    public static final int WARPS = THREADS / 32;
    /** Blocks per multiprocessor the kernel is compiled for: at most 128 registers per thread. */
    public static final int BLOCKS_PER_SM = 2;
    /** The half-sweeps per pass the kernel is compiled for (one CUDA kernel each). */
    public static final int[] SWEEPS = {1, 2, 3, 4, 6, 8, 12, 16};
    /** The largest of {@link #SWEEPS}. */
    public static final int MOST_SWEEPS = 16;
    /** Blocks per multiprocessor {@link #persistentPasses3Blocks} is compiled for: at most 80 registers per thread. */
    public static final int THREE_BLOCKS_PER_SM = 3;
    /** The half-sweeps per pass {@link #persistentPasses3Blocks} is compiled for (native-hip's kTemporal3BlocksSweeps). */
    public static final int[] THREE_BLOCKS_SWEEPS = {2, 4, 6, 8};
    /**
     * Rows of f a block's ring holds at most: 10 rows of {@code 2 * THREADS} doubles and the warp-edge
     * exchange fit static shared memory's 48 KiB for every k up to 32, beside the kernel's own shared
     * variables (native-hip's {@code kStreamRingRows}). Levels beyond {@link #ringLevels} read f from
     * global memory again.
     */
    public static final int RING_ROWS = 10;
    /** {@link #persistentPasses}' run array: which buffer its first pass reads (0: u, 1: scratch). */
    public static final int RUN_FROM = 0;
    /** {@link #persistentPasses}' run array: the group whose last pass runs one half-sweep short, or -1. */
    public static final int RUN_SKIPPING_GROUP = 1;
    /** Ints of {@link #persistentPasses}' run array. */
    public static final int RUN_LENGTH = 2;

    private TemporalKernels() {
    }

    /**
     * One pass: {@code schedule[2 * pass]} half-sweeps (0: nothing), the first of colour
     * {@code schedule[2 * pass + 1]}, from {@code in} to {@code out}, on {@code strips * segments}
     * blocks of {@value #THREADS} threads (block b is item b). Each block's thread 0 then adds the
     * half-sweeps its block ran to {@code work[0]}, once per launch: the runner compares the sum
     * with what it asked for.
     */
    @Kernel
    @LaunchBounds(maxThreads = THREADS, minBlocksPerMultiprocessor = BLOCKS_PER_SM)
    public static void streamPass(KernelContext context, @Specialize({1, 2, 3, 4, 6, 8, 12, 16}) int k, double[] in, double[] out,
            double[] f, int[] schedule, int[] work, int pass, int n, double h2, int stripWidth, int strips, int segmentRows) {
        double[] fRing = context.allocateDoubleLocalArray((k < RING_ROWS ? k + 1 : RING_ROWS) * 2 * THREADS);
        double[] edges = context.allocateDoubleLocalArray(2 * k * WARPS);
        // Each level's rows t - s, t - s - 1, t - s - 2 (see step): per-thread arrays, registers on the GPU.
        double[] a = new double[k];
        double[] b = new double[k];
        double[] c = new double[k];
        int sweeps = schedule[2 * pass];
        int firstColour = schedule[2 * pass + 1];
        if (sweeps > 0) {
            streamItem(context, k, in, out, f, n, h2, sweeps, firstColour, stripWidth, strips, segmentRows, context.groupIdx,
                    fRing, edges, a, b, c);
            if (context.localIdx == 0) {
                context.atomicAdd(work, 0, sweeps);
            }
        }
    }

    /**
     * Every pass of a run of {@code iterations} iterations in one persistent launch: the twin of
     * native-hip's {@code persistent-grid temporal} ({@code kernels/temporal_persistent.h}). Pass i
     * runs k half-sweeps (the last one fewer when k does not divide 2 x iterations) from one buffer to
     * the other: from u to scratch when {@code run[RUN_FROM] + i} is even, back otherwise. The
     * grid's groups share a pass's {@code strips * segments} items grid-stride (one each when the
     * planner sized the grid), and a grid barrier publishes a pass's writes before the next pass
     * reads them as ghost points. Every group reports the half-sweeps of the passes it took its share
     * of ({@link #reportWork}); the group {@code run[RUN_SKIPPING_GROUP]} (-1: none) runs its last
     * pass one half-sweep short, as native-hip's {@code HF_FAULT_SKIP_HALF_SWEEP}, so that tests
     * can show the count catching it.
     *
     * @param run {@value #RUN_LENGTH} ints, set before each run: the buffer pass 0 reads (0: u, 1: scratch), the skipping group
     * @param work {@value org.holdfast.kernels.PersistentRedBlackKernels#WORK_LENGTH} longs, the work tally
     *     ({@link org.holdfast.kernels.WorkTally}), zero before the run
     */
    @Kernel
    @Persistent(threadsPerBlock = THREADS)
    @LaunchBounds(maxThreads = THREADS, minBlocksPerMultiprocessor = BLOCKS_PER_SM)
    public static void persistentPasses(KernelContext context, @Specialize({1, 2, 3, 4, 6, 8, 12, 16}) int k, double[] u,
            double[] scratch, double[] f, int[] run, long[] work, int iterations, int n, double h2, int stripWidth, int strips,
            int segmentRows, int segments) {
        double[] fRing = context.allocateDoubleLocalArray((k < RING_ROWS ? k + 1 : RING_ROWS) * 2 * THREADS);
        double[] edges = context.allocateDoubleLocalArray(2 * k * WARPS);
        runPasses(context, k, u, scratch, f, run, work, iterations, n, h2, stripWidth, strips, segmentRows, segments, fRing, edges);
    }

    /**
     * {@link #persistentPasses} compiled for {@value #THREE_BLOCKS_PER_SM} blocks per multiprocessor (at most 80 registers
     * per thread), at the k of {@link #THREE_BLOCKS_SWEEPS}: the twin of native-hip's {@code persistent-grid
     * temporal-3blocks} ({@code temporal_3blocks_k<k>}, the same pass under {@code __launch_bounds__(256, 3)}). A third
     * block per multiprocessor hides more of a pass's memory latency where the registers still hold k = 8's levels.
     */
    @Kernel
    @Persistent(threadsPerBlock = THREADS)
    @LaunchBounds(maxThreads = THREADS, minBlocksPerMultiprocessor = THREE_BLOCKS_PER_SM)
    public static void persistentPasses3Blocks(KernelContext context, @Specialize({2, 4, 6, 8}) int k, double[] u,
            double[] scratch, double[] f, int[] run, long[] work, int iterations, int n, double h2, int stripWidth, int strips,
            int segmentRows, int segments) {
        double[] fRing = context.allocateDoubleLocalArray((k < RING_ROWS ? k + 1 : RING_ROWS) * 2 * THREADS);
        double[] edges = context.allocateDoubleLocalArray(2 * k * WARPS);
        runPasses(context, k, u, scratch, f, run, work, iterations, n, h2, stripWidth, strips, segmentRows, segments, fRing, edges);
    }

    /**
     * Every pass of a run and the work report, over the kernel's block-shared {@code fRing} and {@code edges}: both
     * persistent kernels' body ({@link #persistentPasses}).
     */
    @DeviceFunction
    static void runPasses(KernelContext context, int k, double[] u, double[] scratch, double[] f, int[] run, long[] work,
            int iterations, int n, double h2, int stripWidth, int strips, int segmentRows, int segments, double[] fRing,
            double[] edges) {
        int from = run[RUN_FROM];
        int skipping = run[RUN_SKIPPING_GROUP];
        int group = context.groupIdx;
        int groups = context.globalGroupSizeX / context.localGroupSizeX;
        int items = strips * segments;
        int steps = 2 * iterations;
        int passes = (steps + k - 1) / k;
        int ran = 0;
        for (int pass = 0; pass < passes; pass++) {
            int first = pass * k;
            int planned = steps - first < k ? steps - first : k;
            int sweeps = group == skipping && pass + 1 == passes ? planned - 1 : planned;
            // The pass's buffers, chosen once: one inlined copy of streamItem, as native's pointer select (two calls
            // doubled the kernel's code, and it ran 10% behind its twin at k = 8).
            double[] in = ((pass + from) & 1) == 0 ? u : scratch;
            double[] out = ((pass + from) & 1) == 0 ? scratch : u;
            for (int item = group; sweeps > 0 && item < items; item += groups) {
                // Declared per item, as native's uninitialised arrays are: created outside the loops, they stayed live
                // across every pass and grid barrier, and at k = 8 that spilled (40 bytes; the native twin spills none).
                // Sized for the deepest k, as k is no constant in a device function: once inlined into a kernel's instance,
                // only the k levels indexed remain, and the GPU compiler drops the others.
                double[] a = new double[MOST_SWEEPS];
                double[] b = new double[MOST_SWEEPS];
                double[] c = new double[MOST_SWEEPS];
                streamItem(context, k, in, out, f, n, h2, sweeps, first & 1, stripWidth, strips, segmentRows, item, fRing, edges, a, b,
                        c);
            }
            ran += sweeps;
            if (pass + 1 < passes) {
                context.gridBarrier();
            }
        }
        if (context.localIdx == 0) {
            reportWork(context, work, group, ran);
        }
    }

    /**
     * {@link org.holdfast.kernels.PersistentRedBlackKernels#reportWork}'s tally, in this class because a
     * device function that takes arrays is its callers' class's (docs/kernel-language.md); the keys are
     * {@link WorkTally}'s, shared.
     */
    @DeviceFunction
    static void reportWork(KernelContext context, long[] work, int group, int halfSweeps) {
        tallyMax(context, work, WorkTally.LOWEST, WorkTally.lowestKey(halfSweeps, group));
        tallyMax(context, work, WorkTally.HIGHEST, WorkTally.highestKey(halfSweeps, group));
        context.atomicAdd(work, WorkTally.BLOCKS, 1L);
    }

    /** {@code work[index] = max(work[index], value)} by compare-and-set, as {@code PersistentRedBlackKernels.tallyMax}. */
    @DeviceFunction
    static void tallyMax(KernelContext context, long[] work, int index, long value) {
        long seen = context.loadAcquire(work, index);
        while (value > seen && !context.atomicCompareAndSet(work, index, seen, value)) {
            seen = context.loadAcquire(work, index);
        }
    }

    /** Ghost columns each side: at least k, and even so that pairs start on even columns. */
    @DeviceFunction
    public static int halo(int k) {
        return (k + 1) & ~1;
    }

    /**
     * The levels of a pass of k half-sweeps that read f from the shared-memory ring: all of them while
     * the ring of k + 1 rows fits ({@link #RING_ROWS}); beyond, the levels past {@code RING_ROWS - 1}
     * read f from global memory, where the thread loaded it more than that many steps before (L1 or L2
     * hits: no extra DRAM traffic), so that no k needs dynamic shared memory.
     */
    @DeviceFunction
    public static int ringLevels(int k) {
        return k < RING_ROWS ? k : RING_ROWS - 1;
    }

    /** Whether {@code 0 <= value < limit}. */
    @DeviceFunction
    static boolean within(int value, int limit) {
        return value >= 0 && value < limit;
    }

    /** {@code slot + 1} in a ring of {@code slots}. */
    @DeviceFunction
    static int ringNext(int slot, int slots) {
        return slot + 1 == slots ? 0 : slot + 1;
    }

    /** {@code slot - behind} in a ring of {@code slots} ({@code behind < slots}). */
    @DeviceFunction
    static int ringBehind(int slot, int behind, int slots) {
        return slot - behind < 0 ? slot - behind + slots : slot - behind;
    }

    /**
     * Streams item {@code item}: every thread of the block calls it, with arrays a, b, c of k values
     * whatever they hold (a value is used only where its level's inputs were loaded in this item, as
     * native-hip's uninitialised registers are).
     */
    @DeviceFunction
    static void streamItem(KernelContext context, int k, double[] in, double[] out, double[] f, int n, double h2, int sweeps,
            int firstColour, int stripWidth, int strips, int segmentRows, int item, double[] fRing, double[] edges,
            double[] a, double[] b, double[] c) {
        int thread = context.localIdx;
        int strip = item % strips;
        int segment = item / strips;
        int ownBegin = strip * stripWidth > 1 ? strip * stripWidth : 1;
        int ownEnd = (strip + 1) * stripWidth < n - 1 ? (strip + 1) * stripWidth : n - 1;
        int col0 = strip * stripWidth - halo(k) + 2 * thread;
        boolean interior0 = within(col0 - 1, n - 2);
        boolean interior1 = within(col0, n - 2);
        boolean inGrid0 = within(col0, n);
        boolean inGrid1 = within(col0 + 1, n);
        boolean owned0 = within(col0 - ownBegin, ownEnd - ownBegin);
        boolean owned1 = within(col0 + 1 - ownBegin, ownEnd - ownBegin);
        int y0 = 1 + segment * segmentRows;
        int y1 = y0 + segmentRows < n - 1 ? y0 + segmentRows : n - 1;
        int lo = y0 - k;
        int span = y1 - 1 + k - lo + 1;
        int tLast = y1 - 1 + k;
        // Start one row early where needed, so that the first step has p = 0 (the loop's first).
        int t = lo - ((firstColour + lo - 1) & 1);

        // Row t: level 0's member for the first step (p = 0) into a register, f into ring slot 0.
        double u = 0.0;
        if (t <= tLast && within(t, n)) {
            int base = t * n + col0;
            if (inGrid0) {
                u = in[base];
                fRing[thread] = f[base];
            }
            if (inGrid1) {
                fRing[THREADS + thread] = f[base + 1];
            }
        }
        int fSlot = 0;

        // Six steps a round: two parities times the three-way rotation of (cur, prev, prev2).
        boolean streaming = true;
        while (streaming) {
            u = step(context, k, 0, u, a, b, c, in, out, f, fRing, edges, n, h2, sweeps, col0, interior0, interior1, inGrid0,
                    inGrid1, owned0, owned1, y0, y1, lo, span, tLast, t, fSlot);
            t += 1;
            fSlot = ringNext(fSlot, ringLevels(k) + 1);
            if (t > tLast) {
                break;
            }
            u = step(context, k, 1, u, c, a, b, in, out, f, fRing, edges, n, h2, sweeps, col0, interior0, interior1, inGrid0,
                    inGrid1, owned0, owned1, y0, y1, lo, span, tLast, t, fSlot);
            t += 1;
            fSlot = ringNext(fSlot, ringLevels(k) + 1);
            if (t > tLast) {
                break;
            }
            u = step(context, k, 0, u, b, c, a, in, out, f, fRing, edges, n, h2, sweeps, col0, interior0, interior1, inGrid0,
                    inGrid1, owned0, owned1, y0, y1, lo, span, tLast, t, fSlot);
            t += 1;
            fSlot = ringNext(fSlot, ringLevels(k) + 1);
            if (t > tLast) {
                break;
            }
            u = step(context, k, 1, u, a, b, c, in, out, f, fRing, edges, n, h2, sweeps, col0, interior0, interior1, inGrid0,
                    inGrid1, owned0, owned1, y0, y1, lo, span, tLast, t, fSlot);
            t += 1;
            fSlot = ringNext(fSlot, ringLevels(k) + 1);
            if (t > tLast) {
                break;
            }
            u = step(context, k, 0, u, c, a, b, in, out, f, fRing, edges, n, h2, sweeps, col0, interior0, interior1, inGrid0,
                    inGrid1, owned0, owned1, y0, y1, lo, span, tLast, t, fSlot);
            t += 1;
            fSlot = ringNext(fSlot, ringLevels(k) + 1);
            if (t > tLast) {
                break;
            }
            u = step(context, k, 1, u, b, c, a, in, out, f, fRing, edges, n, h2, sweeps, col0, interior0, interior1, inGrid0,
                    inGrid1, owned0, owned1, y0, y1, lo, span, tLast, t, fSlot);
            t += 1;
            fSlot = ringNext(fSlot, ringLevels(k) + 1);
            streaming = t <= tLast;
        }
    }

    /**
     * Step t of parity p: loads row t + 1, computes levels 1 .. k at rows t - 1 .. t - k (level 0 at row
     * t is {@code u}), publishes, stores row t - k, and returns u of row t + 1 for the next step.
     * {@code cur}, {@code prev} and {@code prev2} hold each level's rows t - s, t - s - 1, t - s - 2;
     * the caller rotates the three arrays, so no value moves between registers.
     */
    @DeviceFunction
    static double step(KernelContext context, int k, int p, double u, double[] cur, double[] prev, double[] prev2,
            double[] in, double[] out, double[] f, double[] fRing, double[] edges, int n, double h2, int sweeps, int col0,
            boolean interior0, boolean interior1, boolean inGrid0, boolean inGrid1, boolean owned0, boolean owned1, int y0,
            int y1, int lo, int span, int tLast, int t, int fSlot) {
        int thread = context.localIdx;
        // Row t + 1 into registers now; its f goes into the ring after the work below.
        int ahead = t + 1;
        boolean loads = ahead <= tLast && within(ahead, n);
        double uNext = 0.0;
        double f0 = 0.0;
        double f1 = 0.0;
        if (loads) {
            int base = ahead * n + col0;
            if (p == 0 ? inGrid1 : inGrid0) {
                uNext = in[base + 1 - p]; // the member level 0 needs next step
            }
            if (inGrid0) {
                f0 = f[base];
            }
            if (inGrid1) {
                f1 = f[base + 1];
            }
        }
        context.localBarrier(); // the previous step's edge values are published

        cur[0] = u;
        boolean interior = p == 0 ? interior0 : interior1;
        boolean inGrid = p == 0 ? inGrid0 : inGrid1;
        int column = col0 + p;
        int d = t - lo;
        double top = 0.0;
        for (@Unroll int level = 1; level <= k; level++) {
            int below = level - 1;
            double value = 0.0;
            if (level >= 2 && level > sweeps) {
                value = prev2[level - 2]; // the pass is over: carry the colour on
            } else {
                double across = neighbour(context, k, p, prev[below], below, edges);
                int row = t - level;
                if (within(d - 2 * level, span - 2 * level)) { // row among level's exact rows
                    if (interior && within(row - 1, n - 2)) {
                        // Beyond the ring: this thread loaded it level + 1 steps ago.
                        double fHere = level <= ringLevels(k)
                                ? fRing[(ringBehind(fSlot, level, ringLevels(k) + 1) * 2 + p) * THREADS + thread]
                                : f[row * n + column];
                        double east = p == 0 ? prev[below] : across;
                        double west = p == 0 ? across : prev[below];
                        value = Stencil.fivePointUpdate(cur[below], prev2[below], east, west, h2 * fHere);
                    } else if (inGrid && within(row, n)) {
                        value = in[row * n + column]; // boundary: never changes
                    }
                }
            }
            if (level < k) {
                cur[level] = value;
            } else {
                top = value;
            }
        }
        publish(context, k, p, cur, edges);

        if (loads) {
            int slot = ringNext(fSlot, ringLevels(k) + 1); // row t - ringLevels(k)'s, read above for the last time
            fRing[slot * 2 * THREADS + thread] = f0;
            fRing[(slot * 2 + 1) * THREADS + thread] = f1;
        }
        int row = t - k;
        if (within(row - y0, y1 - y0)) {
            int index = row * n + col0;
            if (p == 0 ? owned0 : owned1) {
                out[index + p] = top;
            }
            if (p == 0 ? owned1 : owned0) {
                out[index + 1 - p] = prev[k - 1]; // level k - 1: the colour level k left alone
            }
        }
        return uNext;
    }

    /**
     * The neighbouring thread's level-{@code level} value of the previous step (its {@code prev[level]}):
     * thread m - 1's when p = 0 (the even member's west neighbour is across), thread m + 1's when p = 1.
     * Every lane shuffles; the lane at a warp's edge takes what the neighbouring warp left in {@code edges}.
     */
    @DeviceFunction
    static double neighbour(KernelContext context, int k, int p, double mine, int level, double[] edges) {
        int lane = context.localIdx & 31;
        int warp = context.localIdx >> 5;
        if (p == 0) {
            double shuffled = context.shuffleUp(mine, 1);
            return lane == 0 ? edges[level * WARPS + (warp > 0 ? warp - 1 : 0)] : shuffled;
        }
        double shuffled = context.shuffleDown(mine, 1);
        return lane == 31 ? edges[(k + level) * WARPS + (warp + 1 < WARPS ? warp + 1 : warp)] : shuffled;
    }

    /**
     * Leaves this step's values where the next step (parity 1 - p) reads across warps: side 0 (lane 31's,
     * for the next warp's lane 0) when the next parity is 0, side 1 (lane 0's) when it is 1.
     */
    @DeviceFunction
    static void publish(KernelContext context, int k, int p, double[] cur, double[] edges) {
        int lane = context.localIdx & 31;
        int warp = context.localIdx >> 5;
        if (lane == (p == 1 ? 31 : 0)) {
            for (@Unroll int level = 0; level < k; level++) {
                edges[((p == 1 ? 0 : k) + level) * WARPS + warp] = cur[level];
            }
        }
    }
}
