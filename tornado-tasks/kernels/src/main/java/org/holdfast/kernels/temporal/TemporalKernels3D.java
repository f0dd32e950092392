package org.holdfast.kernels.temporal;

import org.holdfast.kernels.Stencil;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchBounds;
import org.holdfast.tornado.api.Specialize;
import org.holdfast.tornado.api.Unroll;

/**
 * Temporally blocked red-black Gauss-Seidel on the cube (2.5D blocking): one launch runs a pass of k
 * half-sweeps, streamed along the plane axis i through block-shared memory, so u and f cross DRAM
 * once per k half-sweeps. The square's pass is {@link TemporalKernels}; the hand-written twin of this
 * one is {@code native-hip/src/device/stream_pass_3d.h} (kernels {@code hf_stream_pass_3d_k<k>}),
 * the same design line by line.
 *
 * <p>A pass reads the state before it from {@code in} and writes every interior point of the state
 * after it to {@code out}, as the square's pass does: a block's ghost points are a neighbour's owned
 * points, which the neighbour may already have advanced in the same launch.
 *
 * <p>Work split ({@link StreamGeometry3D}): a block (an item) owns a tile of rows j and columns k of
 * a segment of planes i. It holds a tile of {@link #tileRows}(k) rows by {@value #TILE_COLUMNS}
 * columns: the owned ones and k ghost rows and columns each side. It streams the planes from k
 * before its segment to k after; at step t plane t is loaded, and level s (the state after s
 * half-sweeps) is computed at plane t - s for s = 1 .. k, in place: level s updates only colour
 * {@code first + s - 1}, whose neighbours all have the other colour, which level s - 1 left and
 * level s does not touch. A block barrier before each level orders it after the level below (which
 * wrote plane t - s + 1 this step). Level s is computed at tile rows s .. rows - s - 1 and every
 * column; what is not exact (within s of the tile's edge) is never owned, so the owned points are
 * exact at level k. Planes t - k - 1 .. t + 1 are live at step t: a ring of k + 3 planes. A pass of
 * fewer half-sweeps than k (the last of a run) leaves levels beyond them undone: in place, that is
 * the state carried on.
 *
 * <p>Layout: each tile row keeps its even tile columns, then its odd ones ({@value #PAIRS} each), so
 * that a warp updating one colour of a row reads and writes consecutive doubles. Lane q holds the
 * columns 2q and 2q + 1 of the rows {@code warp + WARPS * r}: it loads them (the next plane into
 * registers two steps ahead), updates the member of the level's colour and stores the owned ones.
 * The f an update needs is loaded into registers at the same level of the step before (the plane
 * after it, the other member), so that no level waits for L2. Each update is the reference's
 * arithmetic in the reference's order ({@link Stencil#sevenPointUpdate}), so the result equals
 * {@code ReferenceSolver3D} bit for bit.
 */
public final class TemporalKernels3D {

    /** Threads per block. */
    public static final int THREADS = 512;
    /** Warps per block: warp w takes the tile rows w, w + WARPS, ... */
    public static final int WARPS = THREADS / 32;
    /** Columns of a tile (owned and ghost): one pair per lane. */
    public static final int TILE_COLUMNS = 64;
    /** Pairs of columns in a tile row: one per lane. */
    public static final int PAIRS = TILE_COLUMNS / 2;
    /** The most tile rows a warp takes: {@link #tileRows} is at most {@code WARPS * ROWS_PER_WARP}. */
    public static final int ROWS_PER_WARP = 3;
    /** Blocks per multiprocessor {@link #streamPass} (k up to 4) is compiled for: at most 64 registers per thread. */
    public static final int BLOCKS_PER_SM = 2;
    /** The half-sweeps per pass the kernel is compiled for (one CUDA kernel each). */
    public static final int[] SWEEPS = {1, 2, 3, 4, 6, 8};
    /** The largest of {@link #SWEEPS}. */
    public static final int MOST_SWEEPS = 8;

    private TemporalKernels3D() {
    }

    /**
     * One pass: {@code schedule[2 * pass]} half-sweeps (0: nothing), the first of colour
     * {@code schedule[2 * pass + 1]}, from {@code in} to {@code out}, on
     * {@code tilesJ * tilesK * segments} blocks of {@value #THREADS} threads (block b is item b), each
     * with {@link #sharedBytes}(k) bytes of dynamic shared memory. Each block's thread 0 then adds the
     * half-sweeps its block ran to {@code work[0]}: the runner compares the sum with what it asked for.
     * For k up to 4, two blocks a multiprocessor (64 registers a thread); {@link #streamPassDeep} is the
     * same pass for k = 6 and 8, whose ring fills a multiprocessor's shared memory alone.
     */
    @Kernel
    @LaunchBounds(maxThreads = THREADS, minBlocksPerMultiprocessor = BLOCKS_PER_SM)
    public static void streamPass(KernelContext context, @Specialize({1, 2, 3, 4}) int k, double[] in, double[] out, double[] f,
            int[] schedule, int[] work, int pass, int n, double h2, int tilesJ, int tilesK, int segmentPlanes) {
        double[] ring = context.dynamicSharedDoubles();
        runPass(context, k, in, out, f, schedule, work, pass, n, h2, tilesJ, tilesK, segmentPlanes, ring);
    }

    /**
     * {@link #streamPass} for k = 6 and 8: one block a multiprocessor (its ring takes the shared memory), so
     * up to 128 registers a thread, which the f of k levels held a step ahead needs.
     */
    @Kernel
    @LaunchBounds(maxThreads = THREADS, minBlocksPerMultiprocessor = 1)
    public static void streamPassDeep(KernelContext context, @Specialize({6, 8}) int k, double[] in, double[] out, double[] f,
            int[] schedule, int[] work, int pass, int n, double h2, int tilesJ, int tilesK, int segmentPlanes) {
        double[] ring = context.dynamicSharedDoubles();
        runPass(context, k, in, out, f, schedule, work, pass, n, h2, tilesJ, tilesK, segmentPlanes, ring);
    }

    /** The kernel that runs k half-sweeps per pass: {@code streamPass} up to 4, {@code streamPassDeep} above. */
    public static String kernelFor(int k) {
        return k <= 4 ? "streamPass" : "streamPassDeep";
    }

    /** A pass's schedule, its item (the block's) and its work count: both kernels' body. */
    @DeviceFunction
    static void runPass(KernelContext context, int k, double[] in, double[] out, double[] f, int[] schedule, int[] work, int pass,
            int n, double h2, int tilesJ, int tilesK, int segmentPlanes, double[] ring) {
        // The thread's registers: the next plane's pairs, and each level's f a step ahead (k of MOST_SWEEPS
        // levels used: the others are never indexed, so the GPU compiler drops them).
        double[] next0 = new double[ROWS_PER_WARP];
        double[] next1 = new double[ROWS_PER_WARP];
        double[] fAhead = new double[MOST_SWEEPS * ROWS_PER_WARP];
        int sweeps = schedule[2 * pass];
        int firstColour = schedule[2 * pass + 1];
        if (sweeps > 0) {
            streamItem(context, k, in, out, f, n, h2, sweeps, firstColour, tilesJ, tilesK, segmentPlanes, context.groupIdx, ring,
                    next0, next1, fAhead);
            if (context.localIdx == 0) {
                context.atomicAdd(work, 0, sweeps);
            }
        }
    }

    /** Tile rows (owned and ghost) for k half-sweeps per pass: the ring of k + 3 planes fills a block's shared memory. */
    @DeviceFunction
    public static int tileRows(int k) {
        return k == 1 ? 48 : k == 2 ? 40 : k == 3 ? 36 : k == 4 ? 32 : k == 6 ? 48 : 40;
    }

    /** Owned rows of a tile: its rows less k ghost rows each side. */
    public static int ownedRows(int k) {
        return tileRows(k) - 2 * k;
    }

    /** Owned columns of a tile. */
    public static int ownedColumns(int k) {
        return TILE_COLUMNS - 2 * k;
    }

    /** Dynamic shared memory of a block: k + 3 planes of the tile. */
    public static int sharedBytes(int k) {
        return (k + 3) * tileRows(k) * TILE_COLUMNS * Double.BYTES;
    }

    /** Blocks a multiprocessor of an H200 holds (228 KiB of shared memory, 1 KiB of it reserved per block): two up to k = 4, one above. */
    public static int blocksPerSm(int k) {
        return k <= 4 ? BLOCKS_PER_SM : 1;
    }

    /** Whether {@code 0 <= value < limit}. */
    @DeviceFunction
    static boolean within(int value, int limit) {
        return value >= 0 && value < limit;
    }

    /** The ring slot of plane {@code plane} ({@code >= lo}), in doubles from the ring's start. */
    @DeviceFunction
    static int slotOf(int k, int plane, int lo) {
        return (plane - lo) % (k + 3) * tileRows(k) * TILE_COLUMNS;
    }

    /** Streams item {@code item}: every thread of the block calls it. */
    @DeviceFunction
    static void streamItem(KernelContext context, int k, double[] in, double[] out, double[] f, int n, double h2, int sweeps,
            int firstColour, int tilesJ, int tilesK, int segmentPlanes, int item, double[] ring, double[] next0,
            double[] next1, double[] fAhead) {
        int tileK = item % tilesK;
        int tileJ = item / tilesK % tilesJ;
        int segment = item / tilesK / tilesJ;
        int rowStart = 1 + tileJ * (tileRows(k) - 2 * k) - k;
        int columnStart = 1 + tileK * (TILE_COLUMNS - 2 * k) - k;
        int i0 = 1 + segment * segmentPlanes;
        int i1 = i0 + segmentPlanes < n - 1 ? i0 + segmentPlanes : n - 1;
        int lo = i0 - k > 0 ? i0 - k : 0;
        int hi = i1 - 1 + k < n - 1 ? i1 - 1 + k : n - 1;
        int tLast = i1 - 1 + k;

        loadPlane(context, k, in, n, lo, rowStart, columnStart, next0, next1);
        context.localBarrier(); // a block that streams several items: the last one's last level has read the ring
        storePlane(context, k, ring, slotOf(k, lo, lo), next0, next1);
        if (lo + 1 <= hi) {
            loadPlane(context, k, in, n, lo + 1, rowStart, columnStart, next0, next1);
        }
        for (int t = lo; t <= tLast; t++) {
            for (@Unroll int level = 1; level <= k; level++) {
                context.localBarrier(); // level - 1 is written at plane t - level + 1 (level 1: plane t is stored)
                int plane = t - level;
                // Level's colour at plane t - level is first + level - 1: its member of each pair is the step's, (first + t - 1 + row + column) & 1.
                updateLevel(context, k, ring, f, fAhead, n, h2, (firstColour + t - 1) & 1, plane, lo, hi, rowStart, columnStart,
                        level, level <= sweeps);
                if (level == k && within(plane - i0, i1 - i0)) {
                    storeOwned(context, k, ring, out, n, plane, lo, rowStart, columnStart);
                }
            }
            // Plane t + 1 into the slot of plane t - k - 2, which no level read this step; the barrier
            // before the next step's level 1 publishes it.
            if (t + 1 <= hi) {
                storePlane(context, k, ring, slotOf(k, t + 1, lo), next0, next1);
            }
            if (t + 2 <= hi) {
                loadPlane(context, k, in, n, t + 2, rowStart, columnStart, next0, next1);
            }
        }
    }

    /** The thread's pairs of plane {@code plane} from {@code in} into registers (the points outside the grid are left alone). */
    @DeviceFunction
    static void loadPlane(KernelContext context, int k, double[] in, int n, int plane, int rowStart, int columnStart,
            double[] next0, double[] next1) {
        int lane = context.localIdx & 31;
        int warp = context.localIdx >> 5;
        int column = columnStart + 2 * lane;
        for (@Unroll int r = 0; r < ROWS_PER_WARP; r++) {
            int row = rowStart + warp + WARPS * r;
            if (warp + WARPS * r < tileRows(k) && within(row, n)) {
                int base = (plane * n + row) * n + column;
                if (within(column, n)) {
                    next0[r] = in[base];
                }
                if (within(column + 1, n)) {
                    next1[r] = in[base + 1];
                }
            }
        }
    }

    /** The registers {@link #loadPlane} filled into the ring slot at {@code slot}, even columns then odd ones per row. */
    @DeviceFunction
    static void storePlane(KernelContext context, int k, double[] ring, int slot, double[] next0, double[] next1) {
        int lane = context.localIdx & 31;
        int warp = context.localIdx >> 5;
        for (@Unroll int r = 0; r < ROWS_PER_WARP; r++) {
            int a = warp + WARPS * r;
            if (a < tileRows(k)) {
                ring[slot + a * TILE_COLUMNS + lane] = next0[r];
                ring[slot + a * TILE_COLUMNS + PAIRS + lane] = next1[r];
            }
        }
    }

    /** Whether level {@code level}'s plane {@code plane} is computed: its neighbouring planes are loaded, and it is interior. */
    @DeviceFunction
    static boolean planeComputes(int plane, int lo, int hi, int n) {
        return plane - 1 >= lo && plane + 1 <= hi && within(plane - 1, n - 2);
    }

    /**
     * Level {@code level} at plane {@code plane}, when {@code live} (the pass has that many half-sweeps)
     * and the plane computes: each thread updates, in its rows among the level's, the member of its pair
     * that has the level's colour (every lane of a row the same member: {@code parity} is
     * {@code (first + t - 1) & 1}), where that point is interior and within level's columns, with the
     * f that the step before loaded into {@code fAhead}. Then it loads the f the next step's same level
     * needs (plane + 1, the other member) into the same registers: a step ahead of its use, so that no
     * level waits for L2.
     */
    @DeviceFunction
    static void updateLevel(KernelContext context, int k, double[] ring, double[] f, double[] fAhead, int n, double h2, int parity,
            int plane, int lo, int hi, int rowStart, int columnStart, int level, boolean live) {
        int lane = context.localIdx & 31;
        int warp = context.localIdx >> 5;
        boolean computes = live && planeComputes(plane, lo, hi, n);
        boolean computesNext = live && planeComputes(plane + 1, lo, hi, n);
        int here = computes ? slotOf(k, plane, lo) : 0;
        int after = computes ? slotOf(k, plane + 1, lo) : 0;
        int before = computes ? slotOf(k, plane - 1, lo) : 0;
        for (@Unroll int r = 0; r < ROWS_PER_WARP; r++) {
            int a = warp + WARPS * r;
            int row = rowStart + a;
            if (a >= level && a < tileRows(k) - level && within(row - 1, n - 2)) {
                int member = (parity + row + columnStart) & 1;
                int b = 2 * lane + member;
                if (computes && within(b - level, TILE_COLUMNS - 2 * level) && within(columnStart + b - 1, n - 2)) {
                    int offset = a * TILE_COLUMNS + member * PAIRS + lane;
                    // The other member's half of the row: column + 1 is its lane + member, column - 1 its lane + member - 1.
                    int other = a * TILE_COLUMNS + (1 - member) * PAIRS + lane;
                    int centre = here + offset;
                    ring[centre] = Stencil.sevenPointUpdate(ring[after + offset], ring[before + offset],
                            ring[centre + TILE_COLUMNS], ring[centre - TILE_COLUMNS], ring[here + other + member],
                            ring[here + other - 1 + member], h2 * fAhead[(level - 1) * ROWS_PER_WARP + r]);
                }
                int bNext = 2 * lane + 1 - member;
                if (computesNext && within(bNext - level, TILE_COLUMNS - 2 * level) && within(columnStart + bNext - 1, n - 2)) {
                    fAhead[(level - 1) * ROWS_PER_WARP + r] = f[((plane + 1) * n + row) * n + columnStart + bNext];
                }
            }
        }
    }

    /** The thread's owned points of plane {@code plane}, both members of its pairs, from the ring to {@code out}. */
    @DeviceFunction
    static void storeOwned(KernelContext context, int k, double[] ring, double[] out, int n, int plane, int lo, int rowStart,
            int columnStart) {
        int lane = context.localIdx & 31;
        int warp = context.localIdx >> 5;
        int here = slotOf(k, plane, lo);
        int column = columnStart + 2 * lane;
        boolean owned0 = within(2 * lane - k, TILE_COLUMNS - 2 * k) && within(column - 1, n - 2);
        boolean owned1 = within(2 * lane + 1 - k, TILE_COLUMNS - 2 * k) && within(column, n - 2);
        for (@Unroll int r = 0; r < ROWS_PER_WARP; r++) {
            int a = warp + WARPS * r;
            int row = rowStart + a;
            if (within(a - k, tileRows(k) - 2 * k) && within(row - 1, n - 2)) {
                int index = (plane * n + row) * n + column;
                if (owned0) {
                    out[index] = ring[here + a * TILE_COLUMNS + lane];
                }
                if (owned1) {
                    out[index + 1] = ring[here + a * TILE_COLUMNS + PAIRS + lane];
                }
            }
        }
    }
}
