package org.holdfast.kernels;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchBounds;
import org.holdfast.tornado.api.Persistent;
import org.holdfast.tornado.api.Specialize;
import org.holdfast.tornado.api.Unroll;

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
 *       (native {@code persistent_on_chip}, which both modes run on one block when the grid fits);</li>
 *   <li>{@link #onChipRegisters} ({@code onChipRegisters8}, {@code onChipRegisters16}): one block holds the grid as two
 *       colour planes in dynamic shared memory, each thread's points in registers (native {@code on_chip_registers},
 *       {@code persistent-grid}'s {@code block}).</li>
 *   <li>{@link #clusterResident} ({@code clusterResident8}, {@code clusterResident16}): one thread-block cluster holds
 *       the grid, a band of rows per block as two colour planes in its dynamic shared memory, each thread's points in
 *       registers, halos pushed into the neighbours' shared memory and the split cluster barrier (native
 *       {@code cluster_resident}, {@code persistent-grid}'s {@code cluster}).</li>
 *   <li>{@link #clusterAsync} ({@code clusterAsync8}, {@code clusterAsync16}): the same cluster with the halos stored
 *       asynchronously into the neighbours' shared memory and each block waiting on its mbarriers for its two neighbours
 *       only (native {@code cluster_resident<P, HaloMethod::AsyncStore, false>}, {@code persistent-dataflow}'s
 *       {@code cluster}).</li>
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

    // ------------------------------------------------------------------ one block, points in registers

    /*
     * onChipRegisters: one block holds the whole grid on chip for the whole run, each thread's points
     * in registers: the Java twin of native-hip's persistent-grid block (kernels/on_chip_registers.h
     * with device/colour_planes.h), the variant auto picks for the smallest grids.
     *
     * u sits in the launch's dynamic shared memory as two colour planes: point (i, j) at
     * i * stride + j / 2 of plane (i + j) % 2 (planeStride), so a half-sweep reads the other colour's
     * plane with neighbouring threads on neighbouring doubles. Each thread computes its points of each
     * colour once, p of them (point thread + q * threads in slot q, as the reference numbers them): the
     * index of its north neighbour and of its west neighbour in the other plane (south, east and the
     * point itself are fixed offsets from them) and h2 f, in per-thread arrays that the unrolled loops
     * index with constants, so registers on the GPU. A half-sweep is then four shared loads, the
     * arithmetic and a shared store per point, and one block barrier. Same points and the same
     * arithmetic as the reference: the same array, bit for bit.
     *
     * Three kernels, one per register budget of the native max_threads_for_slots(P): p = 1, 2, 4 on up
     * to 1024 threads, p = 8 on up to 512, p = 16 on up to 256; each in two forms, as native kOneWarp:
     * warp = 1 for a block of one warp (32 threads), which waits at the warp barrier (__syncwarp) between
     * half-sweeps, warp = 0 for a block, at the block barrier. Instances onChipRegisters_p2_warp1, ...
     */

    /** The points per thread per colour the kernels are compiled for (native-hip's {@code kSlotCounts}). */
    public static final int[] SLOTS = {1, 2, 4, 8, 16};

    /** The kernel compiled for {@code slots} points per thread (its instance is being {@code name_p<slots>}. */
    public static String kernelFor(int slots) {
        return slots <= 4 ? "onChipRegisters" : slots == 8 ? "onChipRegisters8" : "onChipRegisters16";
    }

    /** The most threads a block of the kernel for {@code slots} may have (native-hip's {@code max_threads_for_slots}). */
    public static int maxThreadsFor(int slots) {
        return slots <= 4 ? 1024 : slots <= 8 ? 512 : 256;
    }

    /** Doubles per plane row: a row's (n + 1) / 2 points of one colour, rounded up to an even count (native {@code plane_stride}). */
    @DeviceFunction
    public static int planeStride(int n) {
        return ((n + 1) / 2 + 1) & ~1;
    }

    /** Dynamic shared bytes the kernels take for an n x n grid: its two colour planes (native {@code on_chip_planes_bytes}). */
    public static int planesBytes(int n) {
        return 2 * n * planeStride(n) * Double.BYTES;
    }

    /**
     * {@code iterations} iterations on {@code u} by one block of at most 1024 threads, each holding
     * {@code p} (1, 2 or 4) points of each colour; {@link #planesBytes} of dynamic shared memory. With
     * {@code warp} 1 the block is one warp of 32 threads. The block reports its half-sweeps as block 0.
     *
     * @param work {@value #WORK_LENGTH} longs, zero before the run (or as the last run of this execute left them)
     */
    @Kernel
    @Persistent(threadsPerBlock = 1024)
    @LaunchBounds(maxThreads = 1024, minBlocksPerMultiprocessor = 1)
    public static void onChipRegisters(KernelContext context, @Specialize({1, 2, 4}) int p, @Specialize({0, 1}) int warp,
            double[] u, double[] f, int n, double h2, int iterations, long[] work) {
        double[] planes = context.dynamicSharedDoubles();
        // Per-thread arrays (registers): the points' neighbour indices and h2 f of both colours (see runOnChip).
        int[] at = new int[4 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runOnChip(context, planes, p, warp, u, f, n, h2, iterations, work, at, h2f, value);
    }

    /** {@link #onChipRegisters} for 8 points per thread per colour, on up to 512 threads. */
    @Kernel
    @Persistent(threadsPerBlock = 512)
    @LaunchBounds(maxThreads = 512, minBlocksPerMultiprocessor = 1)
    public static void onChipRegisters8(KernelContext context, @Specialize({8}) int p, @Specialize({0, 1}) int warp,
            double[] u, double[] f, int n, double h2, int iterations, long[] work) {
        double[] planes = context.dynamicSharedDoubles();
        // Per-thread arrays (registers): the points' neighbour indices and h2 f of both colours (see runOnChip).
        int[] at = new int[4 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runOnChip(context, planes, p, warp, u, f, n, h2, iterations, work, at, h2f, value);
    }

    /** {@link #onChipRegisters} for 16 points per thread per colour, on up to 256 threads. */
    @Kernel
    @Persistent(threadsPerBlock = 256)
    @LaunchBounds(maxThreads = 256, minBlocksPerMultiprocessor = 1)
    public static void onChipRegisters16(KernelContext context, @Specialize({16}) int p, @Specialize({0, 1}) int warp,
            double[] u, double[] f, int n, double h2, int iterations, long[] work) {
        double[] planes = context.dynamicSharedDoubles();
        // Per-thread arrays (registers): the points' neighbour indices and h2 f of both colours (see runOnChip).
        int[] at = new int[4 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runOnChip(context, planes, p, warp, u, f, n, h2, iterations, work, at, h2f, value);
    }

    /**
     * The run (native {@code on_chip_registers}): u into the planes, each thread's points of both
     * colours into its arrays, then the half-sweeps in pairs (red, black: the colour is never a
     * branch), a barrier after each, and u back. {@code at} holds p red points' north indices, their
     * west indices, then the black points' (4 p ints), {@code h2f} the red points' h2 f, then the
     * black points' (2 p doubles); {@code value} the p new values of a half-sweep.
     */
    @DeviceFunction
    static void runOnChip(KernelContext context, double[] planes, int p, int warp, double[] u, double[] f, int n, double h2,
            int iterations, long[] work, int[] at, double[] h2f, double[] value) {
        int stride = planeStride(n);
        int colourDoubles = n * stride;
        int thread = context.localIdx;
        int threads = context.localGroupSizeX;
        loadPlanes(planes, colourDoubles, stride, u, n, 0, n, thread, threads);
        // Red points read the black plane (colourDoubles on), black points the red one (0 on).
        int redUsed = assignPoints(p, at, 0, h2f, 0, f, n, h2, stride, colourDoubles, 0, thread, threads);
        int blackUsed = assignPoints(p, at, 2 * p, h2f, p, f, n, h2, stride, 0, 1, thread, threads);
        onChipBarrier(context, warp);
        int steps = 2 * iterations;
        int done = 0;
        for (int step = 0; step + 1 < steps; step += 2) {
            // Red points live one colour plane below the black plane they read; black points one above.
            sweepPoints(p, planes, at, 0, h2f, 0, redUsed, stride, -colourDoubles, value);
            onChipBarrier(context, warp);
            sweepPoints(p, planes, at, 2 * p, h2f, p, blackUsed, stride, colourDoubles, value);
            onChipBarrier(context, warp);
            done += 2;
        }
        storePlanes(planes, colourDoubles, stride, u, n, 0, 1, n - 1, thread, threads);
        if (thread == 0) {
            reportWork(context, work, 0, done);
        }
    }

    /**
     * The barrier between half-sweeps (native {@code on_chip_sync}): the warp barrier where the block is one warp
     * ({@code warp} 1: {@code __syncwarp()}, no block barrier), else the block barrier. {@code warp} is a specialised
     * value, so the branch folds away.
     */
    @DeviceFunction
    static void onChipBarrier(KernelContext context, int warp) {
        if (warp == 1) {
            context.warpBarrier();
        } else {
            context.localBarrier();
        }
    }

    /**
     * The thread's points of {@code colour}, numbered as the reference numbers them (point
     * {@code thread + q * threads} in slot q): the plane indices of each one's north neighbour
     * ({@code at[first + q]}) and west neighbour ({@code at[first + p + q]}) in the other plane (at
     * {@code other}), and h2 f ({@code h2f[h2fFirst + q]}). An unused slot reads the other plane's
     * first doubles and stores nothing. Returns the used slots, bit q for slot q.
     */
    @DeviceFunction
    static int assignPoints(int p, int[] at, int first, double[] h2f, int h2fFirst, double[] f, int n, double h2, int stride,
            int other, int colour, int thread, int threads) {
        int half = (n - 1) / 2;
        int points = (n - 2) * half;
        int used = 0;
        for (@Unroll int q = 0; q < p; q++) {
            at[first + q] = other;
            at[first + p + q] = other;
            h2f[h2fFirst + q] = 0.0;
            int point = thread + q * threads;
            if (point < points) {
                int i = 1 + point / half;
                int j = 1 + 2 * (point % half) + ((i + 1 + colour) & 1);
                if (j < n - 1) {
                    int centre = i * stride + (j >> 1);
                    at[first + q] = other + centre - stride;
                    at[first + p + q] = other + centre + (j & 1) - 1;
                    h2f[h2fFirst + q] = h2 * f[i * n + j];
                    used |= 1 << q;
                }
            }
        }
        return used;
    }

    /**
     * One half-sweep of the thread's points (placed in {@code at} and {@code h2f} as {@link #assignPoints} says): all loads and sums first (the slots' chains overlap; no
     * branch), then the stores of the used slots. South is two plane rows after north, east one double
     * after west, the point one row after north and {@code ownShift} doubles on (its own plane). The
     * sum is {@link Stencil#fivePointUpdate}'s: south is row i + 1, north row i - 1.
     */
    @DeviceFunction
    static void sweepPoints(int p, double[] planes, int[] at, int first, double[] h2f, int h2fFirst, int used, int stride,
            int ownShift, double[] value) {
        for (@Unroll int q = 0; q < p; q++) {
            int north = at[first + q];
            int west = at[first + p + q];
            value[q] = Stencil.fivePointUpdate(planes[north + 2 * stride], planes[north], planes[west + 1], planes[west],
                    h2f[h2fFirst + q]);
        }
        for (@Unroll int q = 0; q < p; q++) {
            if (((used >> q) & 1) != 0) {
                planes[at[first + q] + stride + ownShift] = value[q];
            }
        }
    }

    /**
     * Copies rows [firstRow, endRow) of the n x n row-major u into the planes, local row 0 = firstRow (native
     * {@code load_planes}), the block's threads sharing the copy.
     */
    @DeviceFunction
    static void loadPlanes(double[] planes, int colourDoubles, int stride, double[] u, int n, int firstRow, int endRow, int thread,
            int threads) {
        int cells = (endRow - firstRow) * n;
        for (int cell = thread; cell < cells; cell += threads) {
            int i = firstRow + cell / n;
            int j = cell % n;
            planes[((i + j) & 1) * colourDoubles + (i - firstRow) * stride + (j >> 1)] = u[i * n + j];
        }
    }

    /** Copies the interior points of rows [bandFirst, bandEnd) back to u (native {@code store_planes}). */
    @DeviceFunction
    static void storePlanes(double[] planes, int colourDoubles, int stride, double[] u, int n, int firstRow, int bandFirst, int bandEnd,
            int thread, int threads) {
        int width = n - 2;
        int cells = (bandEnd - bandFirst) * width;
        for (int cell = thread; cell < cells; cell += threads) {
            int i = bandFirst + cell / width;
            int j = 1 + cell % width;
            u[i * n + j] = planes[((i + j) & 1) * colourDoubles + (i - firstRow) * stride + (j >> 1)];
        }
    }

    // ------------------------------------------------------------------ one cluster, points in registers

    /*
     * clusterResident: one thread-block cluster holds the grid in shared memory for the whole run, each thread's
     * points in registers: the Java twin of native-hip's persistent-grid cluster (kernels/cluster_resident.h,
     * cluster_resident<P, HaloMethod::ClusterBarrier, false> on the square), the variant auto picks for mid-sized
     * grids on a Hopper GPU. ClusterLayout says what each block holds.
     *
     * The grid is one cluster of 1 to 16 blocks (@Cluster(Cluster.WHOLE_GRID)); each block holds its band of
     * rows and k ghost rows per side as two colour planes in its dynamic shared memory. The run is cut into
     * windows of k half-sweeps (k: native sweeps_per_exchange, 1 to 8, at most the thinnest band). Within a
     * window a block needs nobody: half-sweep s updates its band and the ghost rows up to k - 1 - s rows out,
     * from values it holds, with the reference's arithmetic (a ghost row's values are those its owner computes),
     * so the band is exact after the window. Only the colour of a window's last half-sweep is read before it is
     * recomputed, so each block pushes just those values of its k edge rows, as it computes them, into its
     * neighbours' shared memory (context.mapSharedRank; straight into their ghost rows where k = 1, else into
     * the inbox slot of the window, which the receiver copies in), arrives at the split cluster barrier
     * (clusterArrive: release) and waits (clusterWait: acquire) only before the next window reads the halo. Two
     * inbox slots alternate by window: a neighbour one window ahead never overwrites a halo not yet copied in.
     *
     * Each thread holds p points of each colour (point thread + q * threads of the rows it updates in slot q)
     * as one code (ClusterLayout) and h2 f, in per-thread arrays that unrolled loops index with constants.
     * Three kernels, one per register budget as for onChipRegisters: p = 1, 2, 4 on up to 1024 threads, 8 on
     * 512, 16 on 256; instances clusterResident_p1, ... Same points, same arithmetic as the reference: the same
     * array, bit for bit. Blocks with a band report their half-sweeps.
     */

    /**
     * {@code iterations} iterations on {@code u} by one cluster of 1 to 16 blocks of at most 1024 threads, each
     * thread holding {@code p} (1, 2 or 4) points of each colour; {@link ClusterLayout#sharedBytes} of dynamic
     * shared memory; {@code k} half-sweeps between halo exchanges.
     *
     * @param work {@value #WORK_LENGTH} longs, zero before the run (or as the last run of this execute left them)
     */
    @Kernel
    @Cluster(Cluster.WHOLE_GRID)
    @LaunchBounds(maxThreads = 1024, minBlocksPerMultiprocessor = 1)
    public static void clusterResident(KernelContext context, @Specialize({1, 2, 4}) int p, double[] u, double[] f, int n,
            double h2, int iterations, int k, long[] work) {
        double[] shared = context.dynamicSharedDoubles();
        // What the block holds and where it pushes, read at window boundaries (see runCluster).
        int[] block = context.allocateIntLocalArray(ClusterLayout.DESCRIPTION_INTS);
        // The neighbours' shared memory (this block's own where it has none on that side: never written then).
        double[] below = context.mapSharedRank(shared, ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, -1));
        double[] above = context.mapSharedRank(shared, ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, 1));
        // Per-thread arrays (registers): the red points' codes, then the black points'; their h2 f likewise.
        int[] code = new int[2 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runCluster(context, shared, block, below, above, p, u, f, n, h2, iterations, k, work, code, h2f, value);
    }

    /** {@link #clusterResident} for 8 points per thread per colour, on up to 512 threads. */
    @Kernel
    @Cluster(Cluster.WHOLE_GRID)
    @LaunchBounds(maxThreads = 512, minBlocksPerMultiprocessor = 1)
    public static void clusterResident8(KernelContext context, @Specialize({8}) int p, double[] u, double[] f, int n,
            double h2, int iterations, int k, long[] work) {
        double[] shared = context.dynamicSharedDoubles();
        int[] block = context.allocateIntLocalArray(ClusterLayout.DESCRIPTION_INTS);
        double[] below = context.mapSharedRank(shared, ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, -1));
        double[] above = context.mapSharedRank(shared, ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, 1));
        int[] code = new int[2 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runCluster(context, shared, block, below, above, p, u, f, n, h2, iterations, k, work, code, h2f, value);
    }

    /** {@link #clusterResident} for 16 points per thread per colour, on up to 256 threads. */
    @Kernel
    @Cluster(Cluster.WHOLE_GRID)
    @LaunchBounds(maxThreads = 256, minBlocksPerMultiprocessor = 1)
    public static void clusterResident16(KernelContext context, @Specialize({16}) int p, double[] u, double[] f, int n,
            double h2, int iterations, int k, long[] work) {
        double[] shared = context.dynamicSharedDoubles();
        int[] block = context.allocateIntLocalArray(ClusterLayout.DESCRIPTION_INTS);
        double[] below = context.mapSharedRank(shared, ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, -1));
        double[] above = context.mapSharedRank(shared, ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, 1));
        int[] code = new int[2 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runCluster(context, shared, block, below, above, p, u, f, n, h2, iterations, k, work, code, h2f, value);
    }

    /*
     * clusterAsync: clusterResident with native's other halo method, HaloMethod::AsyncStore
     * (cluster_resident<P, HaloMethod::AsyncStore, false>, kernels cluster_async_p<P>, persistent-dataflow's
     * cluster). The same blocks, threads, points, k and inbox; only how the edge rows travel and how a receiver
     * learns they have landed differ. Each pushed value goes into the neighbour's shared memory with an
     * asynchronous store (st.async) that counts its 8 bytes on the neighbour's mbarrier for that side and window
     * slot; the receiver announces the bytes a window will bring with its own arrival (expect_tx) and waits only
     * for its two neighbours' phases (try_wait.parity, acquire at cluster scope, bounded by the watchdog), not for
     * the whole cluster. The mbarriers are [side][slot] (ClusterLayout.mbarrier): slot w & 1's phase w / 2
     * completes when window w's halo from that side has landed. @Persistent for the watchdog that bounds the waits.
     */

    /**
     * {@link #clusterResident} with asynchronous stores and mbarriers in place of the split cluster barrier; p = 1,
     * 2 or 4 points per thread per colour on up to 1024 threads; {@link ClusterLayout#sharedBytes} of dynamic shared
     * memory.
     *
     * @param work {@value #WORK_LENGTH} longs, zero before the run (or as the last run of this execute left them)
     */
    @Kernel
    @Persistent
    @Cluster(Cluster.WHOLE_GRID)
    @LaunchBounds(maxThreads = 1024, minBlocksPerMultiprocessor = 1)
    public static void clusterAsync(KernelContext context, @Specialize({1, 2, 4}) int p, double[] u, double[] f, int n, double h2,
            int iterations, int k, long[] work) {
        double[] shared = context.dynamicSharedDoubles();
        int[] block = context.allocateIntLocalArray(ClusterLayout.DESCRIPTION_INTS);
        // The block's mbarriers, one per incoming halo buffer [side][slot].
        long[] landed = context.allocateLongLocalArray(ClusterLayout.MBARRIERS);
        int lowerRank = ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, -1);
        int upperRank = ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, 1);
        double[] below = context.mapSharedRank(shared, lowerRank);
        double[] above = context.mapSharedRank(shared, upperRank);
        int[] code = new int[2 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runClusterAsync(context, shared, block, landed, below, above, p, u, f, n, h2, iterations, k, work, code, h2f, value);
    }

    /** {@link #clusterAsync} for 8 points per thread per colour, on up to 512 threads. */
    @Kernel
    @Persistent
    @Cluster(Cluster.WHOLE_GRID)
    @LaunchBounds(maxThreads = 512, minBlocksPerMultiprocessor = 1)
    public static void clusterAsync8(KernelContext context, @Specialize({8}) int p, double[] u, double[] f, int n, double h2,
            int iterations, int k, long[] work) {
        double[] shared = context.dynamicSharedDoubles();
        int[] block = context.allocateIntLocalArray(ClusterLayout.DESCRIPTION_INTS);
        long[] landed = context.allocateLongLocalArray(ClusterLayout.MBARRIERS);
        int lowerRank = ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, -1);
        int upperRank = ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, 1);
        double[] below = context.mapSharedRank(shared, lowerRank);
        double[] above = context.mapSharedRank(shared, upperRank);
        int[] code = new int[2 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runClusterAsync(context, shared, block, landed, below, above, p, u, f, n, h2, iterations, k, work, code, h2f, value);
    }

    /** {@link #clusterAsync} for 16 points per thread per colour, on up to 256 threads. */
    @Kernel
    @Persistent
    @Cluster(Cluster.WHOLE_GRID)
    @LaunchBounds(maxThreads = 256, minBlocksPerMultiprocessor = 1)
    public static void clusterAsync16(KernelContext context, @Specialize({16}) int p, double[] u, double[] f, int n, double h2,
            int iterations, int k, long[] work) {
        double[] shared = context.dynamicSharedDoubles();
        int[] block = context.allocateIntLocalArray(ClusterLayout.DESCRIPTION_INTS);
        long[] landed = context.allocateLongLocalArray(ClusterLayout.MBARRIERS);
        int lowerRank = ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, -1);
        int upperRank = ClusterLayout.neighbour(context.clusterRank, context.clusterSize, n, 1);
        double[] below = context.mapSharedRank(shared, lowerRank);
        double[] above = context.mapSharedRank(shared, upperRank);
        int[] code = new int[2 * p];
        double[] h2f = new double[2 * p];
        double[] value = new double[p];
        runClusterAsync(context, shared, block, landed, below, above, p, u, f, n, h2, iterations, k, work, code, h2f, value);
    }

    /**
     * The run of {@link #clusterAsync} (native {@code cluster_resident} with {@code HaloMethod::AsyncStore}): as
     * {@link #runCluster}, with the mbarriers initialised and the first two sending windows' bytes announced
     * before the first cluster barrier, each window's halo awaited on the two neighbours' mbarriers, and each slot
     * re-armed once every thread has seen its last phase complete.
     */
    @DeviceFunction
    static void runClusterAsync(KernelContext context, double[] shared, int[] block, long[] landed, double[] below, double[] above,
            int p, double[] u, double[] f, int n, double h2, int iterations, int k, long[] work, int[] code, double[] h2f,
            double[] value) {
        int thread = context.localIdx;
        int threads = context.localGroupSizeX;
        int stride = planeStride(n);
        prepareCluster(context, shared, block, p, u, f, n, h2, k, code, h2f);
        int steps = 2 * iterations;
        int windows = (steps + k - 1) / k;
        if (thread == 0) {
            for (int side = 0; side < 2; side++) {
                for (int slot = 0; slot < 2; slot++) {
                    context.mbarrierInit(landed, ClusterLayout.mbarrier(side, slot), 1);
                }
            }
            // The receiver's arrival announces the bytes of the first two windows that send any (windows 0 .. windows - 2 do).
            armHalo(context, block, landed, 0, windows, n, k);
            armHalo(context, block, landed, 1, windows, n, k);
        }
        // Every block has started and initialised its mbarriers, and holds its rows, before anyone pushes.
        context.clusterBarrier();

        // The plane size in a register for the whole run, as native's layout: read from the description at every
        // half-sweep, its shared load stands between each block barrier and the first point's loads. Up to p = 4
        // only: the 8-point kernel (128 registers) has none to spare, and held there it spilled in the half-sweep.
        int planeDoubles = block[ClusterLayout.PLANE_DOUBLES];
        int done = 0;
        for (int window = 0; window < windows; window++) {
            int firstStep = window * k;
            int count = Math.min(steps - firstStep, k);
            boolean sends = window + 1 < windows;
            for (int s = 0; s < count; s++) {
                if (s == 0 && window > 0) {
                    int previous = window - 1;
                    // Acquire (cluster scope): the halo the neighbours stored into this block in window `previous`, counted on
                    // its mbarriers of slot previous & 1, has landed once the slot's phase previous / 2 has completed.
                    if (block[ClusterLayout.LOWER] != 0) {
                        context.mbarrierWaitParity(landed, ClusterLayout.mbarrier(0, previous & 1), (previous >> 1) & 1);
                    }
                    if (block[ClusterLayout.UPPER] != 0) {
                        context.mbarrierWaitParity(landed, ClusterLayout.mbarrier(1, previous & 1), (previous >> 1) & 1);
                    }
                    if (k >= 2) {
                        copyHalo(shared, block, previous & 1, k, stride, thread, threads);
                        context.localBarrier(); // behind every thread's waits: the slot may be armed again
                        if (thread == 0) {
                            armHalo(context, block, landed, window + 1, windows, n, k);
                        }
                    }
                } else if (s > 0) {
                    context.localBarrier();
                }
                int colourDoubles = p <= 4 ? planeDoubles : block[ClusterLayout.PLANE_DOUBLES];
                boolean red = ((firstStep + s) & 1) == 0;
                // Four calls, as native's sweep_colour with PushEdges or DeliverNothing: only a window's last half-sweep
                // carries the push code. Pushing from every half-sweep behind a flag put a branch around each point's
                // store (the pushes do not predicate): at p = 4, 191 instructions per thread and half-sweep, native 131.
                if (sends && s == count - 1) {
                    int pushLower = block[ClusterLayout.PUSH_LOWER_AT + (window & 1)];
                    int pushUpper = block[ClusterLayout.PUSH_UPPER_AT + (window & 1)];
                    if (red) {
                        sweepClusterPointsAsync(context, p, code, 0, h2f, shared, 0, colourDoubles, stride, k - s, value, below,
                                pushLower, above, pushUpper, landed, window & 1);
                    } else {
                        sweepClusterPointsAsync(context, p, code, p, h2f, shared, colourDoubles, 0, stride, k - s, value, below,
                                pushLower, above, pushUpper, landed, window & 1);
                    }
                } else if (red) {
                    sweepClusterPoints(context, p, code, 0, h2f, shared, 0, colourDoubles, stride, k - s, value, false, below, 0,
                            above, 0);
                } else {
                    sweepClusterPoints(context, p, code, p, h2f, shared, colourDoubles, 0, stride, k - s, value, false, below, 0,
                            above, 0);
                }
                done++;
            }
            if (sends && k == 1) {
                // The halo landed in the ghost rows with nothing to copy: this block barrier orders the window's rows
                // before the next window's, and is the first behind this window's waits, so the slot may be armed again.
                context.localBarrier();
                if (thread == 0 && window >= 1) {
                    armHalo(context, block, landed, window + 1, windows, n, k);
                }
            }
        }
        finishCluster(context, shared, block, u, n, work, done);
    }

    /**
     * Thread 0: the block's own arrival on its mbarriers of window {@code window}'s slot, announcing the bytes that
     * window's halo brings from each neighbour (native {@code rearm_slot}); only windows that send (up to
     * {@code windows - 2}). Called only once every thread has seen the slot's previous phase complete: else the
     * phase after could complete first, and a late thread waiting on a parity would take it for the one before.
     */
    @DeviceFunction
    static void armHalo(KernelContext context, int[] block, long[] landed, int window, int windows, int n, int k) {
        if (window > windows - 2) {
            return;
        }
        int slot = window & 1;
        int colour = ClusterLayout.haloColour(slot, k);
        if (block[ClusterLayout.LOWER] != 0) {
            context.mbarrierArriveExpectTx(landed, ClusterLayout.mbarrier(0, slot),
                    ClusterLayout.haloBytes(n, block[ClusterLayout.BAND_FIRST] - k, k, colour));
        }
        if (block[ClusterLayout.UPPER] != 0) {
            context.mbarrierArriveExpectTx(landed, ClusterLayout.mbarrier(1, slot),
                    ClusterLayout.haloBytes(n, block[ClusterLayout.BAND_END], k, colour));
        }
    }

    /**
     * The run (native {@code cluster_resident}): the held rows into the planes (and the inbox's fixed part), each
     * thread's points into its arrays, a cluster barrier (every block's shared memory exists), the windows, the
     * band back to u, and a cluster barrier before any block leaves (a neighbour may still write into it). What
     * the block holds and where it pushes is written once by thread 0 into {@code block} (native's block
     * description, {@link ClusterLayout#DESCRIPTION_INTS}) and read where it is needed: the registers stay with
     * the points.
     */
    @DeviceFunction
    static void runCluster(KernelContext context, double[] shared, int[] block, double[] below, double[] above, int p, double[] u,
            double[] f, int n, double h2, int iterations, int k, long[] work, int[] code, double[] h2f, double[] value) {
        int thread = context.localIdx;
        int threads = context.localGroupSizeX;
        int stride = planeStride(n);
        prepareCluster(context, shared, block, p, u, f, n, h2, k, code, h2f);
        // Every block has started (its shared memory exists) and holds its rows before anyone pushes.
        context.clusterBarrier();

        int steps = 2 * iterations;
        int windows = (steps + k - 1) / k;
        int done = 0;
        for (int window = 0; window < windows; window++) {
            int firstStep = window * k;
            int count = Math.min(steps - firstStep, k);
            boolean sends = window + 1 < windows;
            for (int s = 0; s < count; s++) {
                if (s == 0 && window > 0) {
                    // Acquire: the neighbours' pushes of the last window, made before they arrived, are seen from here on.
                    context.clusterWait();
                    if (k >= 2) {
                        copyHalo(shared, block, (window - 1) & 1, k, stride, thread, threads);
                        context.localBarrier();
                    }
                } else if (s > 0) {
                    context.localBarrier();
                }
                boolean push = sends && s == count - 1;
                int pushLower = push ? block[ClusterLayout.PUSH_LOWER_AT + (window & 1)] : 0;
                int pushUpper = push ? block[ClusterLayout.PUSH_UPPER_AT + (window & 1)] : 0;
                int colourDoubles = block[ClusterLayout.PLANE_DOUBLES];
                // A branch on the colour, so that each call indexes its slots with constants.
                if (((firstStep + s) & 1) == 0) {
                    sweepClusterPoints(context, p, code, 0, h2f, shared, 0, colourDoubles, stride, k - s, value, push, below, pushLower,
                            above, pushUpper);
                } else {
                    sweepClusterPoints(context, p, code, p, h2f, shared, colourDoubles, 0, stride, k - s, value, push, below, pushLower,
                            above, pushUpper);
                }
                done++;
            }
            if (sends) {
                // Release: this thread's pushes of the window, and its reads of its ghost rows, come before its arrival.
                context.clusterArrive();
            }
        }
        finishCluster(context, shared, block, u, n, work, done);
    }

    /**
     * The start of a cluster run: thread 0 describes the block, the held rows go into the planes (and the inbox's
     * fixed part, where k >= 2), each thread's points into its arrays.
     */
    @DeviceFunction
    static void prepareCluster(KernelContext context, double[] shared, int[] block, int p, double[] u, double[] f, int n, double h2,
            int k, int[] code, double[] h2f) {
        int thread = context.localIdx;
        int threads = context.localGroupSizeX;
        int stride = planeStride(n);
        if (thread == 0) {
            describeClusterBlock(block, context.clusterRank, context.clusterSize, n, k);
        }
        context.localBarrier();
        int firstRow = block[ClusterLayout.FIRST_ROW];
        int bandFirst = block[ClusterLayout.BAND_FIRST];
        int bandEnd = block[ClusterLayout.BAND_END];
        boolean lower = block[ClusterLayout.LOWER] != 0;
        boolean upper = block[ClusterLayout.UPPER] != 0;
        int planeDoubles = block[ClusterLayout.PLANE_DOUBLES];
        int boxDoubles = k * stride;
        int inbox = 2 * planeDoubles;
        loadPlanes(shared, planeDoubles, stride, u, n, firstRow, block[ClusterLayout.END_ROW], thread, threads);
        if (k >= 2) {
            // The inbox slots' fixed part (boundary columns, padding) in the colour each slot carries, from u.
            for (int slot = 0; slot < 2; slot++) {
                int colour = ClusterLayout.haloColour(slot, k);
                if (lower) {
                    loadHaloRows(shared, inbox + slot * 2 * boxDoubles, stride, u, n, bandFirst - k, k, colour, thread, threads);
                }
                if (upper) {
                    loadHaloRows(shared, inbox + (slot * 2 + 1) * boxDoubles, stride, u, n, bandEnd, k, colour, thread, threads);
                }
            }
        }
        int updateFirst = block[ClusterLayout.UPDATE_FIRST];
        int updateEnd = block[ClusterLayout.UPDATE_END];
        assignClusterPoints(p, code, 0, h2f, f, n, h2, stride, firstRow, bandFirst, bandEnd, updateFirst, updateEnd, k, lower, upper,
                0, thread, threads);
        assignClusterPoints(p, code, p, h2f, f, n, h2, stride, firstRow, bandFirst, bandEnd, updateFirst, updateEnd, k, lower, upper,
                1, thread, threads);
    }

    /**
     * The end of a cluster run: the band back to u, the block's half-sweeps into the tally, and a cluster barrier
     * before any block leaves (a neighbour may still write into its shared memory).
     */
    @DeviceFunction
    static void finishCluster(KernelContext context, double[] shared, int[] block, double[] u, int n, long[] work, int done) {
        int thread = context.localIdx;
        int threads = context.localGroupSizeX;
        int stride = planeStride(n);
        context.localBarrier(); // the last half-sweep's values, written by every thread, go back
        storePlanes(shared, block[ClusterLayout.PLANE_DOUBLES], stride, u, n, block[ClusterLayout.FIRST_ROW],
                block[ClusterLayout.BAND_FIRST], block[ClusterLayout.BAND_END], thread, threads);
        if (thread == 0 && block[ClusterLayout.BAND_END] > block[ClusterLayout.BAND_FIRST]) {
            reportWork(context, work, context.clusterRank, done);
        }
        // Nobody leaves while a neighbour may still write into its shared memory.
        context.clusterBarrier();
    }

    /**
     * The description of block {@code rank} of a cluster of {@code blocks} (native {@code describe_cluster_block}):
     * the rows it holds (its band, and k ghost rows on each side with a neighbour; nothing for a block without a
     * band), its plane size, and where its pushes land in each neighbour, per inbox slot: index centre + shift of
     * the neighbour's plane of the halo's colour (k = 1: the neighbour's local row of the same global row), or of
     * its inbox buffer for this side (k >= 2: the value's row among the k sent).
     */
    @DeviceFunction
    static void describeClusterBlock(int[] block, int rank, int blocks, int n, int k) {
        int stride = planeStride(n);
        int planeDoubles = ClusterLayout.heldRows(n, blocks, k) * stride;
        int boxDoubles = k * stride;
        boolean hasBand = rank < ClusterLayout.activeBlocks(blocks, n);
        boolean lower = ClusterLayout.neighbour(rank, blocks, n, -1) != rank;
        boolean upper = ClusterLayout.neighbour(rank, blocks, n, 1) != rank;
        int bandFirst = ClusterLayout.bandFirst(rank, blocks, n);
        int bandEnd = hasBand ? ClusterLayout.bandFirst(rank + 1, blocks, n) : bandFirst;
        int firstRow = hasBand ? (lower ? bandFirst - k : bandFirst - 1) : 0;
        block[ClusterLayout.FIRST_ROW] = firstRow;
        block[ClusterLayout.END_ROW] = hasBand ? (upper ? bandEnd + k : bandEnd + 1) : 0;
        block[ClusterLayout.UPDATE_FIRST] = hasBand ? (lower ? bandFirst - (k - 1) : bandFirst) : 0;
        block[ClusterLayout.UPDATE_END] = hasBand ? (upper ? bandEnd + (k - 1) : bandEnd) : 0;
        block[ClusterLayout.BAND_FIRST] = bandFirst;
        block[ClusterLayout.BAND_END] = bandEnd;
        block[ClusterLayout.LOWER] = lower ? 1 : 0;
        block[ClusterLayout.UPPER] = upper ? 1 : 0;
        block[ClusterLayout.PLANE_DOUBLES] = planeDoubles;
        int lowerFirstRow = ClusterLayout.bandFirst(rank - 1, blocks, n) - (rank - 1 > 0 ? k : 1);
        for (int slot = 0; slot < 2; slot++) {
            int halo = ClusterLayout.haloColour(slot, k) * planeDoubles;
            int box = 2 * planeDoubles + slot * 2 * boxDoubles;
            block[ClusterLayout.PUSH_LOWER_AT + slot] = k == 1 ? halo + (firstRow - lowerFirstRow) * stride
                    : box + boxDoubles + (firstRow - bandFirst) * stride; // the lower neighbour's upper inbox
            block[ClusterLayout.PUSH_UPPER_AT + slot] = k == 1 ? halo + (firstRow - (bandEnd - k)) * stride
                    : box + (firstRow - (bandEnd - k)) * stride; // the upper neighbour's lower inbox
        }
    }

    /**
     * The thread's points of {@code colour} in slots {@code first} .. {@code first + p - 1} of {@code code} and
     * {@code h2f}: the points of that colour in rows [updateFirst, updateEnd), numbered as the reference numbers
     * them, point {@code thread + q * threads} in slot q (native {@code assign_points}). An unused slot sits on
     * column 0 of the first updated row with a level no half-sweep reaches: its reads touch no row a neighbour
     * writes into.
     */
    @DeviceFunction
    static void assignClusterPoints(int p, int[] code, int first, double[] h2f, double[] f, int n, double h2, int stride,
            int firstRow, int bandFirst, int bandEnd, int updateFirst, int updateEnd, int k, boolean lower, boolean upper, int colour,
            int thread, int threads) {
        int half = (n - 1) / 2;
        int points = (updateEnd - updateFirst) * half;
        int unused = (((updateFirst - firstRow) * stride) << ClusterLayout.CENTRE_SHIFT) | ClusterLayout.NO_POINT;
        for (@Unroll int q = 0; q < p; q++) {
            code[first + q] = unused;
            h2f[first + q] = 0.0;
            int point = thread + q * threads;
            if (point < points) {
                int i = updateFirst + point / half;
                int j = 1 + 2 * (point % half) + ((i + 1 + colour) & 1);
                if (j < n - 1) {
                    code[first + q] = ClusterLayout.pointCode(i, (i - firstRow) * stride + (j >> 1), (j & 1) != 0, bandFirst, bandEnd,
                            k, lower, upper);
                    h2f[first + q] = h2 * f[i * n + j];
                }
            }
        }
    }

    /**
     * One half-sweep of the thread's points in slots {@code first} .. (their plane at {@code own} in
     * {@code shared}, their neighbours' at {@code other}) whose level is at most {@code highest} (native
     * {@code sweep_points}): every slot's four loads are issued (a point that is not updated reads its own place
     * in the other plane four times), then the updated points are stored, and where {@code push}, those a
     * neighbour holds as ghost rows are stored into its shared memory too ({@code below[centre + pushLower]},
     * {@code above[centre + pushUpper]}).
     */
    @DeviceFunction
    static void sweepClusterPoints(KernelContext context, int p, int[] code, int first, double[] h2f, double[] shared, int own,
            int other, int stride, int highest, double[] value, boolean push, double[] below, int pushLower, double[] above,
            int pushUpper) {
        updateClusterPoints(context, p, code, first, h2f, shared, other, stride, highest, value);
        for (@Unroll int q = 0; q < p; q++) {
            int c = code[first + q];
            if ((c & ClusterLayout.LEVEL_MASK) <= highest) {
                int centre = c >> ClusterLayout.CENTRE_SHIFT;
                shared[own + centre] = value[q];
                if (push && (c & ClusterLayout.PUSH_LOWER) != 0) {
                    below[centre + pushLower] = value[q];
                }
                if (push && (c & ClusterLayout.PUSH_UPPER) != 0) {
                    above[centre + pushUpper] = value[q];
                }
            }
        }
    }

    /**
     * {@link #sweepClusterPoints} of a half-sweep that pushes, the pushes asynchronous stores (native {@code PushEdges}
     * with {@code HaloMethod::AsyncStore}): each value a neighbour holds as a ghost row goes into its shared memory with
     * its 8 bytes counted on the neighbour's mbarrier for this side and slot (its {@code landed[mbarrier(side, slot)]},
     * named by this block's {@code landed}), so that the neighbour waits for exactly these bytes. The half-sweeps that
     * push nothing are {@link #sweepClusterPoints} with {@code push} false: no push code, no branch around a store.
     */
    @DeviceFunction
    static void sweepClusterPointsAsync(KernelContext context, int p, int[] code, int first, double[] h2f, double[] shared, int own,
            int other, int stride, int highest, double[] value, double[] below, int pushLower, double[] above, int pushUpper,
            long[] landed, int slot) {
        updateClusterPoints(context, p, code, first, h2f, shared, other, stride, highest, value);
        for (@Unroll int q = 0; q < p; q++) {
            int c = code[first + q];
            if ((c & ClusterLayout.LEVEL_MASK) <= highest) {
                int centre = c >> ClusterLayout.CENTRE_SHIFT;
                shared[own + centre] = value[q];
                if ((c & ClusterLayout.PUSH_LOWER) != 0) {
                    // Into the lower neighbour's halo from above (its side 1).
                    context.storeAsync(below, centre + pushLower, value[q], landed, ClusterLayout.mbarrier(1, slot));
                }
                if ((c & ClusterLayout.PUSH_UPPER) != 0) {
                    context.storeAsync(above, centre + pushUpper, value[q], landed, ClusterLayout.mbarrier(0, slot));
                }
            }
        }
    }

    /**
     * The new values of the thread's points in slots {@code first} .. whose level is at most {@code highest}, into
     * {@code value} (their neighbours' plane at {@code other} in {@code shared}): every slot's four loads are issued
     * (a point that is not updated reads its own place in the other plane four times).
     */
    @DeviceFunction
    static void updateClusterPoints(KernelContext context, int p, int[] code, int first, double[] h2f, double[] shared, int other,
            int stride, int highest, double[] value) {
        for (@Unroll int q = 0; q < p; q++) {
            // Decoded here, every half-sweep: hoisted out of the step loop, the decoded indices would take four
            // registers per point instead of one, and spill (native sweep_points' asm volatile).
            int c = context.opaque(code[first + q]);
            boolean updated = (c & ClusterLayout.LEVEL_MASK) <= highest;
            int centre = other + (c >> ClusterLayout.CENTRE_SHIFT);
            int east = centre + ((c & ClusterLayout.EAST) != 0 ? 1 : 0);
            int row = updated ? stride : 0;
            int eastAt = updated ? east : centre;
            int westAt = updated ? east - 1 : centre;
            value[q] = Stencil.fivePointUpdate(shared[centre + row], shared[centre - row], shared[eastAt], shared[westAt],
                    h2f[first + q]);
        }
    }

    /**
     * Fills {@code rows} plane rows of {@code colour} at {@code to} in {@code shared}, from global row {@code row}
     * of u (boundary columns included, padding zero): the fixed part of a halo buffer (native {@code load_plane_rows}).
     */
    @DeviceFunction
    static void loadHaloRows(double[] shared, int to, int stride, double[] u, int n, int row, int rows, int colour, int thread,
            int threads) {
        int cells = rows * stride;
        for (int cell = thread; cell < cells; cell += threads) {
            int i = row + cell / stride;
            int j = 2 * (cell % stride) + ((i + colour) & 1);
            shared[to + cell] = j < n ? u[i * n + j] : 0.0;
        }
    }

    /**
     * k >= 2: the halo the neighbours pushed into inbox slot {@code slot}, into the ghost rows of its colour (local
     * row 0 on for the lower side, the row after the band on for the upper), the block's threads sharing the copy
     * (native {@code receive_halo}'s copy).
     */
    @DeviceFunction
    static void copyHalo(double[] shared, int[] block, int slot, int k, int stride, int thread, int threads) {
        int planeDoubles = block[ClusterLayout.PLANE_DOUBLES];
        int boxDoubles = k * stride;
        int inbox = 2 * planeDoubles + slot * 2 * boxDoubles;
        int plane = ClusterLayout.haloColour(slot, k) * planeDoubles;
        int upperGhost = plane + (block[ClusterLayout.BAND_END] - block[ClusterLayout.FIRST_ROW]) * stride;
        boolean lower = block[ClusterLayout.LOWER] != 0;
        boolean upper = block[ClusterLayout.UPPER] != 0;
        for (int i = thread; i < boxDoubles; i += threads) {
            if (lower) {
                shared[plane + i] = shared[inbox + i];
            }
            if (upper) {
                shared[upperGhost + i] = shared[inbox + boxDoubles + i];
            }
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
