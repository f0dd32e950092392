package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;

/**
 * What each block of the cluster kernel ({@link PersistentRedBlackKernels#clusterResident}) holds and which
 * points it updates, for the kernel and its host side alike: native-hip's {@code kernels/cluster_layout.h},
 * {@code device/row_bands.h} and the row codes of {@code device/colour_planes.h}, for the square.
 *
 * <p>Block r of a cluster of {@code blocks} owns a band of interior rows (rows 1 .. n-2 split as evenly as
 * possible, the first {@code rows % blocks} taking one more; blocks beyond the rows own none) and holds it as
 * two colour planes ({@link PersistentRedBlackKernels#planeStride}) with k ghost rows towards each neighbour.
 * Every block has the same layout, so an index into one block's shared memory names the same buffer in every
 * other: the planes, then where k >= 2 four halo buffers of k rows ([slot][side]) that the neighbours push into.
 *
 * <p>A thread keeps each of its points as one int (its code): its index in its colour plane above
 * {@link #CENTRE_SHIFT}, the {@link #EAST} bit, which neighbour holds it as a ghost row ({@link #PUSH_LOWER},
 * {@link #PUSH_UPPER}) and its level ({@link #LEVEL_MASK}): when in a window of k half-sweeps it is updated.
 */
public final class ClusterLayout {

    /** The largest cluster of the kernel (native {@code kMaxClusterBlocks}; more than 8 is a non-portable size). */
    public static final int MAX_BLOCKS = 16;
    /** The largest k (native {@code kMaxSweepsPerExchange}). */
    public static final int MAX_SWEEPS_PER_EXCHANGE = 8;

    /** A point's level in bits 0 to 3 of its code (native {@code kLevelMask}). */
    public static final int LEVEL_MASK = 0xf;
    /** The level of an unused slot: one no half-sweep reaches. */
    public static final int NO_POINT = LEVEL_MASK;
    /** A band row the lower neighbour holds as a ghost row. */
    public static final int PUSH_LOWER = 1 << 4;
    /** A band row the upper neighbour holds as a ghost row. */
    public static final int PUSH_UPPER = 1 << 5;
    /** j is odd: the east neighbour sits one double after the point's own index, in the other plane. */
    public static final int EAST = 1 << 6;
    /** The point's index in its colour plane, above the flags. */
    public static final int CENTRE_SHIFT = 7;

    /*
     * The block's description, written once by thread 0 into a block-shared int array and read at window
     * boundaries (native's ClusterBlock in shared memory), so that registers stay with the points: these are
     * its elements.
     */
    /** First held row (global), local row 0; 0 for a block without a band. */
    public static final int FIRST_ROW = 0;
    /** One past the last held row. */
    public static final int END_ROW = 1;
    /** First row whose points the block updates (the band and k - 1 ghost rows towards each neighbour). */
    public static final int UPDATE_FIRST = 2;
    /** One past the last updated row. */
    public static final int UPDATE_END = 3;
    /** The band's first row. */
    public static final int BAND_FIRST = 4;
    /** One past the band's last row (the band's first for a block without one). */
    public static final int BAND_END = 5;
    /** 1 where the block has a lower neighbour. */
    public static final int LOWER = 6;
    /** 1 where the block has an upper neighbour. */
    public static final int UPPER = 7;
    /** Doubles of one colour plane. */
    public static final int PLANE_DOUBLES = 8;
    /** Where a pushed value at centre c lands in the lower neighbour: c + this, per inbox slot (two elements). */
    public static final int PUSH_LOWER_AT = 9;
    /** Where a pushed value at centre c lands in the upper neighbour: c + this, per inbox slot (two elements). */
    public static final int PUSH_UPPER_AT = 11;
    /** Ints of the description. */
    public static final int DESCRIPTION_INTS = 13;

    /** The mbarriers of the asynchronous-store kernel ({@code clusterAsync}): [2 sides][2 slots] (native {@code layout.barriers}). */
    public static final int MBARRIERS = 4;

    private ClusterLayout() {
    }

    /** The asynchronous-store kernel compiled for {@code slots} points per thread (native {@code cluster_async_p<slots>}). */
    public static String asyncKernelFor(int slots) {
        return slots <= 4 ? "clusterAsync" : slots == 8 ? "clusterAsync8" : "clusterAsync16";
    }

    /**
     * The mbarrier of the halo that arrives from side {@code side} (0: from the lower neighbour, 1: from the upper)
     * in window slot {@code slot} (native {@code ClusterBlock::own_barrier}).
     */
    @DeviceFunction
    public static int mbarrier(int side, int slot) {
        return side * 2 + slot;
    }

    /**
     * Bytes of a halo of {@code k} rows from row {@code first} in {@code colour}: the doubles a neighbour stores
     * asynchronously, one per interior point of that colour (native {@code ClusterBlock::halo_bytes},
     * {@code interior_points_in_row}).
     */
    @DeviceFunction
    public static int haloBytes(int n, int first, int k, int colour) {
        int points = 0;
        for (int row = first; row < first + k; row++) {
            points += ((row + colour) & 1) != 0 ? (n - 1) / 2 : (n - 2) / 2;
        }
        return points * 8;
    }

    /** The kernel compiled for {@code slots} points per thread (its instance is {@code name_p<slots>}). */
    public static String kernelFor(int slots) {
        return slots <= 4 ? "clusterResident" : slots == 8 ? "clusterResident8" : "clusterResident16";
    }

    /** Blocks that own at least one row (native {@code active_band_count}). */
    @DeviceFunction
    public static int activeBlocks(int blocks, int n) {
        return Math.min(blocks, n - 2);
    }

    /** The largest k at N = n on {@code blocks} blocks: the thinnest band's rows (k ghost rows come from one band), at most 8. */
    public static int mostSweepsPerExchange(int n, int blocks) {
        int active = activeBlocks(blocks, n);
        return active > 1 ? Math.min((n - 2) / active, MAX_SWEEPS_PER_EXCHANGE) : MAX_SWEEPS_PER_EXCHANGE;
    }

    /** Plane rows each block holds: the widest band and k ghost rows per side, at most the grid (native {@code ClusterLayout.rows}). */
    @DeviceFunction
    public static int heldRows(int n, int blocks, int k) {
        int active = activeBlocks(blocks, n);
        return Math.min((n - 2 + active - 1) / active + 2 * k, n);
    }

    /**
     * Dynamic shared bytes of each block: two colour planes of {@link #heldRows} rows and, where k >= 2, the four
     * halo buffers of k rows: native {@code cluster_layout(..., ClusterBarrier).bytes} less its 256 bytes of
     * block description, which the Java kernel keeps in registers.
     */
    public static int sharedBytes(int n, int blocks, int k) {
        int stride = PersistentRedBlackKernels.planeStride(n);
        long doubles = 2L * heldRows(n, blocks, k) * stride + (k >= 2 ? 4L * k * stride : 0);
        return Math.toIntExact(doubles * Double.BYTES);
    }

    /** Points of one colour a block updates at most: its band and k - 1 ghost rows per side (native {@code cluster_points_per_colour}). */
    public static int pointsPerColour(int n, int blocks, int k) {
        int active = activeBlocks(blocks, n);
        return Math.min((n - 2 + active - 1) / active + 2 * (k - 1), n - 2) * ((n - 1) / 2);
    }

    /** The rank of block {@code rank}'s neighbour on side {@code direction} (-1 below, +1 above), or {@code rank} where it has none. */
    @DeviceFunction
    public static int neighbour(int rank, int blocks, int n, int direction) {
        int active = activeBlocks(blocks, n);
        int peer = rank + direction;
        return rank < active && peer >= 0 && peer < active ? peer : rank;
    }

    /** The first interior row of block {@code block}'s band (native {@code row_band}); the band ends at the next block's first. */
    @DeviceFunction
    public static int bandFirst(int block, int blocks, int n) {
        int base = (n - 2) / blocks;
        int extra = (n - 2) % blocks;
        return 1 + block * base + Math.min(block, extra);
    }

    /** The colour of the halo in slot {@code slot}: that of the last half-sweep of the windows that use it (native {@code halo_colour}). */
    @DeviceFunction
    public static int haloColour(int slot, int k) {
        return (k & 1) != 0 ? slot : 1;
    }

    /**
     * The code of a point of row {@code row} at {@code centre} in its plane (native {@code held_point_code}): the
     * row's level (0 for band rows at least k rows from both band edges, 1 for the other band rows, d + 1 for a
     * ghost row d rows outside the band; half-sweep s of a window updates the levels up to k - s), the push bits
     * of band rows a neighbour holds as ghost rows, the east bit.
     */
    @DeviceFunction
    public static int pointCode(int row, int centre, boolean east, int bandFirst, int bandEnd, int k, boolean lower, boolean upper) {
        int level = row < bandFirst ? bandFirst - row + 1
                : row >= bandEnd ? row - bandEnd + 2
                : row >= bandFirst + k && row < bandEnd - k ? 0 : 1;
        int code = (centre << CENTRE_SHIFT) | (east ? EAST : 0) | level;
        if (lower && row >= bandFirst && row < bandFirst + k) {
            code |= PUSH_LOWER;
        }
        if (upper && row >= bandEnd - k && row < bandEnd) {
            code |= PUSH_UPPER;
        }
        return code;
    }
}
