package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;

/**
 * What each block of the grid-resident kernel ({@link ResidentKernels#resident}) holds, where its halo lines go and
 * which rows it updates, for the kernel and its host side alike: native-hip's {@code device/resident_layout.h},
 * {@code device/ghost_band.h} and {@code device/colour_split.h}, for the square.
 *
 * <p>Block b of the first {@link #bands} blocks owns a band of interior rows ({@link ClusterLayout#bandFirst}: rows
 * 1 .. n-2 split as evenly as possible) and holds it colour-split in dynamic shared memory: row r's points of
 * colour c at {@code ((r - storedFirst) * 2 + c) * width + q} (column j = ((r + c) & 1) + 2 q, {@link #width} doubles
 * per colour row), with k ghost rows towards each neighbour (the boundary row where it has none); where f is on chip,
 * h2 f of the rows it updates follows, colour-split alike, at {@link #scaledAt}.
 *
 * <p>Here "lower" is the neighbour with the smaller rows (block b - 1) and "upper" block b + 1, as in
 * {@link ClusterLayout}; native-hip's {@code GhostBand} calls them the other way round.
 *
 * <p>The mailbox is {@link #mailboxLongs} longs of self-flagged lines (two longs each; see "Self-flagged lines" in
 * docs/kernel-language.md): per band four slots of k * width lines, {@code [band][side][exchange & 1]}, side 0
 * written by the lower neighbour, side 1 by the upper one. The lines are the language's 16-byte lines, one double and
 * its flag twice, the layout native-hip's CUDA build uses ({@code LLAccess::kVector64x2}). After the lines, one
 * 128-byte line per band holds its counters ({@link #EXCHANGES}, {@link #LAUNCHES}): in the mailbox, not an array of
 * their own, because a task's kernel takes at most 10 parameters.
 */
public final class ResidentLayout {

    /** The most threads per block (native {@code kResidentMaxThreads}). */
    public static final int MAX_THREADS = 512;
    /** Rows one thread walks between two looks at its loads (native {@code kRowsPerChunk}). */
    public static final int CHUNK = 4;
    /** Longs between two blocks' counters after the lines: one 128-byte line each, as native-hip's {@code StepCounter}. */
    public static final int COUNTER_STRIDE = 16;
    /** Block b's exchanges so far: {@code mailbox[counters + b * COUNTER_STRIDE + EXCHANGES]} ({@link #counters}). */
    public static final int EXCHANGES = 0;
    /** Block b's launches so far, moved on once its rows are loaded. */
    public static final int LAUNCHES = 1;

    private ResidentLayout() {
    }

    /** Blocks that own a band (native {@code active_band_count}; the kernel calls {@link ClusterLayout#activeBlocks}). */
    public static int bands(int blocks, int n) {
        return ClusterLayout.activeBlocks(blocks, n);
    }

    /**
     * Doubles of one colour of one row (native {@code colour_row_width}): the colour planes' stride (the kernel calls
     * {@link PersistentRedBlackKernels#planeStride}; a device function other classes call may call only its own class's).
     */
    public static int width(int n) {
        return PersistentRedBlackKernels.planeStride(n);
    }

    /** The widest band's rows (native {@code largest_band_rows}). */
    public static int largestBandRows(int bands, int n) {
        return (n - 2 + bands - 1) / bands;
    }

    /** The thinnest band's rows: the most k a grid of more than one band takes (its ghost rows come from one neighbour). */
    public static int smallestBandRows(int bands, int n) {
        return (n - 2) / bands;
    }

    /** Rows each block stores: the widest band, k ghost rows per side, or the boundary rows of one band (native {@code ghost_band_stored_rows}). */
    @DeviceFunction
    public static int storedRows(int bands, int n, int k) {
        return (n - 2 + bands - 1) / bands + 2 * (bands > 1 ? k : 1);
    }

    /** Rows each block updates at most: the widest band and k - 1 ghost rows per side (native {@code ghost_band_computed_rows}). */
    public static int computedRows(int bands, int n, int k) {
        return largestBandRows(bands, n) + 2 * (bands > 1 ? k - 1 : 0);
    }

    /** Where h2 f starts in shared memory: after u's stored rows, of {@code width} doubles per colour. */
    @DeviceFunction
    public static int scaledAt(int bands, int n, int k, int width) {
        return storedRows(bands, n, k) * 2 * width;
    }

    /** Dynamic shared bytes of each block (native {@code resident_shared_bytes}). */
    public static int sharedBytes(int bands, int n, int k, boolean fOnChip) {
        long rows = storedRows(bands, n, k) + (fOnChip ? computedRows(bands, n, k) : 0);
        return Math.toIntExact(rows * 2 * width(n) * Double.BYTES);
    }

    /** Lines of one mailbox slot: k rows of one colour (native {@code resident_edge_lines}). */
    public static int slotLines(int n, int k) {
        return k * width(n);
    }

    /**
     * The first line of band {@code band}'s slot for {@code side} (0: written by the lower neighbour) and exchange
     * {@code exchange}, each slot {@code lines} lines ({@link #slotLines}).
     */
    @DeviceFunction
    public static int slot(int band, int side, int exchange, int lines) {
        return (band * 4 + side * 2 + (exchange & 1)) * lines;
    }

    /** Where the blocks' counters start in the mailbox: after the lines of {@code bands} bands, {@code lines} per slot. */
    @DeviceFunction
    public static int counters(int bands, int lines) {
        return 2 * bands * 4 * lines;
    }

    /** Longs of the mailbox: four slots per band, two longs per line (native {@code resident_mailbox_lines}, doubled), then the counters. */
    public static int mailboxLongs(int bands, int n, int k) {
        return Math.toIntExact((long) counters(bands, slotLines(n, k)) + (long) bands * COUNTER_STRIDE);
    }
}
