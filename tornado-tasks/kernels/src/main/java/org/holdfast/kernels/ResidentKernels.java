package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchBounds;
import org.holdfast.tornado.api.Persistent;
import org.holdfast.tornado.api.Specialize;
import org.holdfast.tornado.api.Unroll;

/**
 * The grid-resident persistent kernel in Java: the twin of native-hip's {@code persistent-dataflow --signal resident}
 * ({@code kernels/persistent_resident.h} with {@code device/ll_halo.h}, {@code device/ghost_band.h} and
 * {@code device/colour_split.h}), the variant the native planner picks for large grids. {@link ResidentLayout} says
 * what each block holds.
 *
 * <p>Each block with a band holds it, with k ghost rows per side, colour-split in dynamic shared memory for the whole
 * run, and h2 f beside it where {@code fOnChip}. It runs k half-sweeps on its own (half-sweep t of a round updates
 * the band and the ghost rows up to k - 1 - t rows out, from values it holds, with the reference's arithmetic), then
 * sends its k edge rows to each neighbour as self-flagged lines through the global mailbox and receives theirs: a
 * block waits only for the lines it reads, each wait bounded by the watchdog, with no flag, fence or barrier beside
 * them. u goes back to global memory once, at the end.
 *
 * <p>Only one colour travels: the round after an exchange first updates colour c from colour c ^ 1, and every ghost
 * point of colour c a later half-sweep of the round reads is one the block recomputes first; so a halo is colour
 * c ^ 1 of k rows, the colour the last half-sweep updated. No half-sweep runs while the lines are in flight (as
 * native's {@code kResidentOverlap}: measured slower). A mailbox slot is reused two exchanges later, when the
 * neighbour's next halo has arrived, which it sent only after reading this one.
 *
 * <p>Where the block has a thread per column slot (n / 2 at most the block's threads), each thread
 * keeps its slot and its run of rows for the whole run and walks them two rows at a time ({@link #leanHalfSweep}, native
 * {@code device/column_share.h}); with fewer threads the slots are dealt out on every half-sweep ({@link #halfSweep}).
 *
 * <p>Flags grow across launches: the mailbox's counters keep each block's exchanges so far ({@link ResidentLayout#EXCHANGES},
 * equal for every block with a band at a launch's end), and this launch's exchange e carries flag {@code base + e}, so
 * a line a previous launch left in the mailbox never carries a flag this launch waits for. A run without an exchange
 * (2 iterations at most k) has nothing that orders a block's loads of its ghost rows before the neighbours' final
 * stores of them: each block announces its loads ({@link ResidentLayout#LAUNCHES}, release, every launch) and, in
 * such a run, waits for its neighbours' announcements (acquire) before it stores its band.
 *
 * <p>Same points, same arithmetic as the reference ({@link Stencil#fivePointUpdate}, h2 f the same product): the
 * same array after any number of iterations, bit for bit. Blocks beyond the interior rows own no band and leave at
 * once; blocks with a band report their half-sweeps ({@link #reportWork}).
 */
public final class ResidentKernels {

    private ResidentKernels() {
    }

    /**
     * {@code iterations} iterations on {@code u} by the grid's blocks of at most {@value ResidentLayout#MAX_THREADS}
     * threads, {@code k} half-sweeps between halo exchanges, h2 f on chip where {@code fOnChip} is 1 (instances
     * {@code resident_fOnChip0}, {@code resident_fOnChip1}); {@link ResidentLayout#sharedBytes} of dynamic shared
     * memory.
     *
     * @param work {@value PersistentRedBlackKernels#WORK_LENGTH} longs, zero before the run (or as the last run of this execute left them)
     * @param mailbox {@link ResidentLayout#mailboxLongs} longs, the lines and the counters, as the last run of this grid left
     *     them (zeros at first)
     */
    @Kernel
    @Persistent(threadsPerBlock = 512)
    @LaunchBounds(maxThreads = 512, minBlocksPerMultiprocessor = 1)
    public static void resident(KernelContext context, @Specialize({0, 1}) int fOnChip, double[] u, double[] f, int n, double h2,
            int iterations, int k, long[] work, long[] mailbox) {
        double[] shared = context.dynamicSharedDoubles();
        // Per-thread arrays (registers): a chunk of rows' loads, and the column's two rows carried between chunks.
        double[] south = new double[ResidentLayout.CHUNK];
        double[] side = new double[ResidentLayout.CHUNK];
        double[] scaled = new double[ResidentLayout.CHUNK];
        double[] carried = new double[2];
        int blocks = context.globalGroupSizeX / context.localGroupSizeX;
        int bands = ClusterLayout.activeBlocks(blocks, n);
        int index = context.groupIdx;
        if (index >= bands) {
            return;
        }
        int thread = context.localIdx;
        int threads = context.localGroupSizeX;
        int width = PersistentRedBlackKernels.planeStride(n);
        boolean lower = index > 0;
        boolean upper = index + 1 < bands;
        int firstRow = ClusterLayout.bandFirst(index, bands, n);
        int endRow = ClusterLayout.bandFirst(index + 1, bands, n);
        int storedFirst = firstRow - (lower ? k : 1);
        int computedFirst = lower ? firstRow - k + 1 : firstRow;
        int computedEnd = upper ? endRow + k - 1 : endRow;
        int lines = k * width;
        int counter = ResidentLayout.counters(bands, lines) + index * ResidentLayout.COUNTER_STRIDE;
        // Only this block writes its counters, and the last launch's writes are seen by this one: plain reads, before
        // the block barrier behind which thread 0 moves them on.
        int base = (int) mailbox[counter + ResidentLayout.EXCHANGES];
        long launches = mailbox[counter + ResidentLayout.LAUNCHES];
        int scaledAt = ResidentLayout.scaledAt(bands, n, k, width);
        loadRows(shared, 0, storedFirst, width, u, 1.0, n, storedFirst, upper ? endRow + k : endRow + 1, 0, thread, threads);
        if (fOnChip == 1) {
            loadRows(shared, scaledAt, computedFirst, width, f, h2, n, computedFirst, computedEnd, 1, thread, threads);
        }
        context.localBarrier();
        if (thread == 0) {
            // Release: every thread's loads, before the barrier above, come before a neighbour that sees this stores.
            context.storeRelease(mailbox, counter + ResidentLayout.LAUNCHES, launches + 1);
        }
        // The thread's column share, for the whole run (native column_share): its slot, or -1, and its run of rows.
        int columns = n / 2;
        boolean lean = threads >= columns;
        int runsPerColumn = lean ? threads / columns : 1;
        int slot = lean && thread < runsPerColumn * columns ? thread % columns : -1;
        int run = lean ? thread / columns : 0;
        int steps = 2 * iterations;
        int done = 0;
        int exchange = 0;
        int step = 0;
        while (step < steps) {
            int round = Math.min(steps - step, k);
            for (int t = 0; t < round; t++) {
                int colour = (step + t) & 1;
                int first = lower ? computedFirst + t : firstRow;
                int end = upper ? computedEnd - t : endRow;
                if (lean) {
                    leanHalfSweep(shared, storedFirst, width, fOnChip, scaledAt, computedFirst, f, h2, n, colour, first, end, slot,
                            run, runsPerColumn);
                } else {
                    halfSweep(shared, storedFirst, width, fOnChip, scaledAt, computedFirst, f, h2, n, colour, first, end, thread,
                            threads, south, side, scaled, carried);
                }
                done++;
                context.localBarrier();
            }
            step += round;
            if (step < steps) {
                exchange++;
                int flag = base + exchange;
                int halo = (step - 1) & 1; // the colour the last half-sweep updated
                if (lower) {
                    sendRows(context, mailbox, ResidentLayout.slot(index - 1, 1, exchange, lines), shared,
                            ((firstRow - storedFirst) * 2 + halo) * width, width, lines, flag, thread, threads);
                }
                if (upper) {
                    sendRows(context, mailbox, ResidentLayout.slot(index + 1, 0, exchange, lines), shared,
                            ((endRow - k - storedFirst) * 2 + halo) * width, width, lines, flag, thread, threads);
                }
                receiveRows(context, mailbox, ResidentLayout.slot(index, 0, exchange, lines), lower ? lines : 0,
                        ResidentLayout.slot(index, 1, exchange, lines), upper ? lines : 0, shared,
                        ((firstRow - k - storedFirst) * 2 + halo) * width, ((endRow - storedFirst) * 2 + halo) * width, width, flag,
                        thread, threads);
                // The halo, received by every thread, is read by every thread of the next half-sweep.
                context.localBarrier();
            }
        }
        if (steps <= k && thread == 0) {
            // No exchange ordered the neighbours' loads of this band before its stores: their announcements (acquire) do.
            if (lower) {
                context.waitUntilAtLeast(mailbox, counter - ResidentLayout.COUNTER_STRIDE + ResidentLayout.LAUNCHES, launches + 1);
            }
            if (upper) {
                context.waitUntilAtLeast(mailbox, counter + ResidentLayout.COUNTER_STRIDE + ResidentLayout.LAUNCHES, launches + 1);
            }
        }
        context.localBarrier();
        storeRows(shared, storedFirst, width, u, n, firstRow, endRow, thread, threads);
        if (thread == 0) {
            context.storeRelease(mailbox, counter + ResidentLayout.EXCHANGES, (long) (base + exchange));
            reportWork(context, work, index, done);
        }
    }

    /**
     * Rows [begin, end) of the n x n {@code grid}, times {@code scale}, colour-split into {@code shared} at {@code at}
     * (local row 0 = {@code firstRow}), the padding as zeros (native {@code load_colour_split}; with {@code scaled} 1,
     * {@code load_scaled_colour_split}: exactly the product h2 * f the reference computes).
     */
    @DeviceFunction
    static void loadRows(double[] shared, int at, int firstRow, int width, double[] grid, double scale, int n, int begin, int end,
            int scaled, int thread, int threads) {
        int perRow = 2 * width;
        int cells = (end - begin) * perRow;
        for (int cell = thread; cell < cells; cell += threads) {
            int r = begin + cell / perRow;
            int colour = (cell % perRow) / width;
            int j = ((r + colour) & 1) + 2 * (cell % width);
            double value = 0.0;
            if (j < n) {
                value = scaled == 1 ? scale * grid[r * n + j] : grid[r * n + j];
            }
            shared[at + ((r - firstRow) * 2 + colour) * width + cell % width] = value;
        }
    }

    /** The interior points of rows [begin, end) back into u (native {@code store_colour_split}). */
    @DeviceFunction
    static void storeRows(double[] shared, int firstRow, int width, double[] u, int n, int begin, int end, int thread, int threads) {
        int perRow = 2 * width;
        int cells = (end - begin) * perRow;
        for (int cell = thread; cell < cells; cell += threads) {
            int r = begin + cell / perRow;
            int colour = (cell % perRow) / width;
            int j = ((r + colour) & 1) + 2 * (cell % width);
            if (j >= 1 && j <= n - 2) {
                u[r * n + j] = shared[((r - firstRow) * 2 + colour) * width + cell % width];
            }
        }
    }

    /**
     * The block's half-sweep of {@code colour} over rows [begin, end) (native {@code half_sweep_colour_split}): each
     * thread takes one column slot q (j = ((r + colour) & 1) + 2 q) and a run of rows, the rows cut into as many runs
     * as the threads allow.
     */
    @DeviceFunction
    static void halfSweep(double[] shared, int storedFirst, int width, int fOnChip, int scaledAt, int scaledFirst, double[] f,
            double h2, int n, int colour, int begin, int end, int thread, int threads, double[] south, double[] side, double[] scaled,
            double[] carried) {
        int rows = end - begin;
        if (rows <= 0) {
            return;
        }
        int columns = n / 2;
        int runs = Math.max(1, Math.min(threads / columns, rows));
        for (int item = thread; item < columns * runs; item += threads) {
            int run = item / columns;
            int q = item % columns;
            int first = begin + run * rows / runs;
            int last = begin + (run + 1) * rows / runs;
            int stride = 2 * width;
            // theirs: column q of the other colour, row first - 1 on; carried: its rows r - 1 (north) and r (centre).
            int theirs = ((first - 1 - storedFirst) * 2 + (colour ^ 1)) * width + q;
            carried[0] = shared[theirs];
            carried[1] = shared[theirs + stride];
            int r = first;
            while (r + ResidentLayout.CHUNK <= last) {
                walkRows(ResidentLayout.CHUNK, shared, storedFirst, width, fOnChip, scaledAt, scaledFirst, f, h2, n, colour, q, r, first,
                        south, side, scaled, carried);
                r += ResidentLayout.CHUNK;
            }
            while (r < last) {
                walkRows(1, shared, storedFirst, width, fOnChip, scaledAt, scaledFirst, f, h2, n, colour, q, r, first, south, side,
                        scaled, carried);
                r++;
            }
        }
    }

    /**
     * The block's half-sweep of {@code colour} over rows [begin, end) where every column slot has a thread (native
     * {@code half_sweep_column_share}): this thread's slot q (-1: none) and run {@code run} of the rows, cut into at most
     * {@code runsPerColumn} runs as {@link #halfSweep} cuts them, walked two rows at a time ({@link #leanRows}).
     */
    @DeviceFunction
    static void leanHalfSweep(double[] shared, int storedFirst, int width, int fOnChip, int scaledAt, int scaledFirst, double[] f,
            double h2, int n, int colour, int begin, int end, int q, int run, int runsPerColumn) {
        int rows = end - begin;
        int runs = Math.min(runsPerColumn, rows);
        if (q < 0 || run >= runs) {
            return;
        }
        int first = begin + run * rows / runs;
        int last = begin + (run + 1) * rows / runs;
        if (((first + colour) & 1) == 0) {
            leanRows(0, shared, storedFirst, width, fOnChip, scaledAt, scaledFirst, f, h2, n, colour, q, first, last);
        } else {
            leanRows(1, shared, storedFirst, width, fOnChip, scaledAt, scaledFirst, f, h2, n, colour, q, first, last);
        }
    }

    /**
     * Rows [first, last) of column slot q, row {@code first}'s points of parity {@code j0First} (a constant at each call,
     * so that the parities of a pair fold): two rows at a time, both rows' loads before either update, then the last row
     * alone (native {@code lean_rows}). Row r's point of {@code colour} is j = j0 + 2 q: with j0 = 0 east is the centre
     * (column slot q of the other colour) and west at q - 1, with j0 = 1 west is the centre and east at q + 1; a boundary
     * point reads its own slot as its side (never used).
     */
    @DeviceFunction
    static void leanRows(int j0First, double[] shared, int storedFirst, int width, int fOnChip, int scaledAt, int scaledFirst,
            double[] f, double h2, int n, int colour, int q, int first, int last) {
        int stride = 2 * width;
        int theirs = ((first - storedFirst) * 2 + (colour ^ 1)) * width + q; // [i * stride]: the other colour, row first + i
        int mine = ((first - storedFirst) * 2 + colour) * width + q;
        int scaledCell = scaledAt + ((first - scaledFirst) * 2 + colour) * width + q;
        int fCell = first * n + 2 * q;
        boolean interiorFirst = j0First + 2 * q >= 1 && j0First + 2 * q <= n - 2;
        boolean interiorSecond = 1 - j0First + 2 * q >= 1 && 1 - j0First + 2 * q <= n - 2;
        int sideFirst = interiorFirst ? 2 * j0First - 1 : 0;
        int sideSecond = interiorSecond ? 1 - 2 * j0First : 0;
        double north = shared[theirs - stride];
        double centre = shared[theirs];
        int count = last - first;
        int i = 0;
        while (i + 2 <= count) {
            double south0 = shared[theirs + (i + 1) * stride];
            double side0 = shared[theirs + i * stride + sideFirst];
            double south1 = shared[theirs + (i + 2) * stride];
            double side1 = shared[theirs + (i + 1) * stride + sideSecond];
            leanUpdate(interiorFirst, j0First, shared, mine, scaledCell, fCell, fOnChip, f, h2, n, stride, i, north, centre, south0,
                    side0);
            leanUpdate(interiorSecond, 1 - j0First, shared, mine, scaledCell, fCell, fOnChip, f, h2, n, stride, i + 1, centre, south0,
                    south1, side1);
            north = south0;
            centre = south1;
            i += 2;
        }
        if (i < count) {
            double south = shared[theirs + (i + 1) * stride];
            double side = shared[theirs + i * stride + sideFirst];
            leanUpdate(interiorFirst, j0First, shared, mine, scaledCell, fCell, fOnChip, f, h2, n, stride, i, north, centre, south,
                    side);
        }
    }

    /** The update of row first + i (points of parity j0) from its neighbours of the other colour (native {@code lean_update}). */
    @DeviceFunction
    static void leanUpdate(boolean interior, int j0, double[] shared, int mine, int scaledCell, int fCell, int fOnChip, double[] f,
            double h2, int n, int stride, int i, double north, double centre, double south, double side) {
        if (interior) {
            double east = j0 != 0 ? side : centre;
            double west = j0 != 0 ? centre : side;
            double h2f = fOnChip == 1 ? shared[scaledCell + i * stride] : h2 * f[fCell + i * n + j0];
            shared[mine + i * stride] = Stencil.fivePointUpdate(south, north, east, west, h2f);
        }
    }

    /**
     * Rows r .. r + count - 1 of column slot q (native {@code walk_column}'s visit): the loads of all of them first (a
     * chunk's loads in flight together), then the updates. Row r's point of {@code colour} is j = j0 + 2 q: with j0 = 0
     * east is the centre (column slot q of the other colour) and west at q - 1, with j0 = 1 west is the centre and east
     * at q + 1. A boundary point loads the centre as its side (never used), so that no load leaves the row.
     * {@code carried} holds rows r - 1 and r of the other colour in, rows r + count - 1 and r + count out.
     */
    @DeviceFunction
    static void walkRows(int count, double[] shared, int storedFirst, int width, int fOnChip, int scaledAt, int scaledFirst,
            double[] f, double h2, int n, int colour, int q, int r, int first, double[] south, double[] side, double[] scaled,
            double[] carried) {
        int stride = 2 * width;
        int theirs = ((first - 1 - storedFirst) * 2 + (colour ^ 1)) * width + q;
        int mine = ((first - storedFirst) * 2 + colour) * width + q;
        for (@Unroll int i = 0; i < count; i++) {
            int row = r + i;
            int j0 = (row + colour) & 1;
            int j = j0 + 2 * q;
            boolean interior = j >= 1 && j <= n - 2;
            south[i] = shared[theirs + (row - first + 2) * stride];
            side[i] = shared[theirs + (row - first + 1) * stride + (interior ? 2 * j0 - 1 : 0)];
            scaled[i] = 0.0;
            if (interior) {
                scaled[i] = fOnChip == 1 ? shared[scaledAt + ((row - scaledFirst) * 2 + colour) * width + q] : h2 * f[row * n + j];
            }
        }
        for (@Unroll int i = 0; i < count; i++) {
            int row = r + i;
            int j0 = (row + colour) & 1;
            int j = j0 + 2 * q;
            if (j >= 1 && j <= n - 2) {
                double east = j0 != 0 ? side[i] : carried[1];
                double west = j0 != 0 ? carried[1] : side[i];
                shared[mine + (row - first) * stride] = Stencil.fivePointUpdate(south[i], carried[0], east, west, scaled[i]);
            }
            carried[0] = carried[1];
            carried[1] = south[i];
        }
    }

    /**
     * The block's threads send {@code lines} values of k rows (at {@code from} in {@code shared}, {@code width} doubles
     * each, the other colour between them) into the mailbox's lines {@code to} on, each with {@code flag} (native
     * {@code ll_send}): relaxed stores that publish the line and nothing else.
     */
    @DeviceFunction
    static void sendRows(KernelContext context, long[] mailbox, int to, double[] shared, int from, int width, int lines, int flag,
            int thread, int threads) {
        for (int i = thread; i < lines; i += threads) {
            context.storeLine(mailbox, to + i, shared[from + (i / width) * 2 * width + i % width], flag);
        }
    }

    /**
     * The block's threads receive the lower neighbour's {@code lowerLines} lines (from {@code fromLower}, into the rows at
     * {@code lowerTo}) and the upper neighbour's (from {@code fromUpper}, into {@code upperTo}) as one list (native
     * {@code ll_receive}): each thread waits for each of its lines until it carries {@code flag}, bounded by the
     * watchdog. A line that carries the flag carries its value: nothing else is ordered by it, and nothing else is
     * read from the neighbour.
     */
    @DeviceFunction
    static void receiveRows(KernelContext context, long[] mailbox, int fromLower, int lowerLines, int fromUpper, int upperLines,
            double[] shared, int lowerTo, int upperTo, int width, int flag, int thread, int threads) {
        int total = lowerLines + upperLines;
        for (int i = thread; i < total; i += threads) {
            boolean fromBelow = i < lowerLines;
            int at = fromBelow ? i : i - lowerLines;
            int line = fromBelow ? fromLower + at : fromUpper + at;
            double value = context.waitLine(mailbox, line, flag);
            shared[(fromBelow ? lowerTo : upperTo) + (at / width) * 2 * width + at % width] = value;
        }
    }

    /**
     * {@link PersistentRedBlackKernels#reportWork}'s tally, in this class because a device function that takes arrays
     * is its callers' class's (docs/kernel-language.md); the keys are {@link WorkTally}'s, shared.
     */
    @DeviceFunction
    static void reportWork(KernelContext context, long[] work, int block, int halfSweeps) {
        tallyMax(context, work, WorkTally.LOWEST, WorkTally.lowestKey(halfSweeps, block));
        tallyMax(context, work, WorkTally.HIGHEST, WorkTally.highestKey(halfSweeps, block));
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
}
