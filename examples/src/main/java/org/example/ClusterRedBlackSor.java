package org.example;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/**
 * {@link RedBlackSor} as one cluster kernel: the blocks of one thread-block cluster share the grid,
 * each holding a band of rows in its shared memory for the whole run. After each half-sweep a block
 * writes the new points of its two edge rows straight into its neighbours' shared memory (their ghost
 * rows), and the cluster waits at its barrier before the next half-sweep reads them: u goes through
 * global memory only at the start and at the end. A user's class with a cluster solve: Holdfast runs it
 * in persistent-grid on the GPU and, with every block and thread at once, in the CPU modes, on one
 * cluster of min(16, n - 2) blocks, each with {@link #sharedBytes} of dynamic shared memory
 * (docs/user-kernels.md).
 */
public final class ClusterRedBlackSor {

    /** The relaxation factor, as RedBlackSor's. */
    public static final double OMEGA = 1.5;

    private ClusterRedBlackSor() {
    }

    /**
     * The dynamic shared memory of each of {@code blocks} blocks at {@code n}: the widest band of rows and
     * a ghost row on each side, whole rows of doubles. Holdfast calls it to launch {@link #solve}.
     */
    public static int sharedBytes(int n, int blocks) {
        int widestBand = (n - 2 + blocks - 1) / blocks;
        return (widestBand + 2) * n * Double.BYTES;
    }

    /**
     * {@code iterations} iterations of red then black relaxation on {@code u}, in one launch of one cluster.
     * Block {@code rank} updates the interior rows [first(rank), first(rank + 1)); the harness launches at
     * most n - 2 blocks, so every block has a row.
     */
    @Kernel
    @Persistent(threadsPerBlock = 128)
    @Cluster(Cluster.WHOLE_GRID)
    public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
        int rank = context.clusterRank;
        int blocks = context.clusterSize;
        int first = firstRow(rank, blocks, n);
        int rows = firstRow(rank + 1, blocks, n) - first;
        // Local row r holds row first - 1 + r of u: the ghost row below, the band, the ghost row above.
        double[] band = context.dynamicSharedDoubles();
        // The neighbours' bands (this block's own where it has no neighbour on that side: never written then).
        double[] below = context.mapSharedRank(band, rank > 0 ? rank - 1 : rank);
        double[] above = context.mapSharedRank(band, rank + 1 < blocks ? rank + 1 : rank);
        int rowsBelow = rank > 0 ? first - firstRow(rank - 1, blocks, n) : 0;
        int thread = context.localIdx;
        int threads = context.localGroupSizeX;

        copyRows(u, first - 1, band, 0, rows + 2, n, thread, threads);
        // Every block holds its rows (its shared memory exists) before any neighbour writes into it.
        context.clusterBarrier();
        for (int step = 0; step < 2 * iterations; step++) {
            int colour = step & 1;
            relax(band, f, n, h2, first, rows, colour, thread, threads);
            context.localBarrier(); // the edge rows' new points, by whichever thread computed them, before they go out
            if (rank > 0) { // the lowest band row into the ghost row above the band of the block below
                pushRow(band, n, below, (rowsBelow + 1) * n, first, n, colour, thread, threads);
            }
            if (rank + 1 < blocks) { // the highest band row into the ghost row below the band of the block above
                pushRow(band, rows * n, above, 0, first + rows - 1, n, colour, thread, threads);
            }
            // The pushes are seen by the neighbours' next half-sweep; and nobody leaves while a neighbour may write.
            context.clusterBarrier();
        }
        copyRows(band, 1, u, first, rows, n, thread, threads);
    }

    /** The first interior row of block {@code rank}'s band: the interior rows 1 to n - 2 cut into {@code blocks} bands. */
    @DeviceFunction
    static int firstRow(int rank, int blocks, int n) {
        return 1 + rank * (n - 2) / blocks;
    }

    /** Copies {@code count} whole rows, from row {@code from} of {@code source} to row {@code to} of {@code target}. */
    @DeviceFunction
    static void copyRows(double[] source, int from, double[] target, int to, int count, int n, int thread, int threads) {
        for (int p = thread; p < count * n; p += threads) {
            target[to * n + p] = source[from * n + p];
        }
    }

    /**
     * The points of {@code colour} of the band's rows, as RedBlackSor relaxes them:
     * u = (1 - OMEGA) u + OMEGA (north + south + east + west - h2 f) / 4.
     */
    @DeviceFunction
    static void relax(double[] band, double[] f, int n, double h2, int first, int rows, int colour, int thread, int threads) {
        int points = rows * (n - 2);
        for (int p = thread; p < points; p += threads) {
            int r = 1 + p / (n - 2);
            int i = first - 1 + r;
            int j = 1 + p % (n - 2);
            if (((i + j) & 1) == colour) {
                int c = r * n + j;
                double gaussSeidel = (band[c + n] + band[c - n] + band[c + 1] + band[c - 1] - h2 * f[i * n + j]) * 0.25;
                band[c] = (1 - OMEGA) * band[c] + OMEGA * gaussSeidel;
            }
        }
    }

    /** The interior points of {@code colour} of row {@code i}, at {@code from} in {@code band}, to {@code to} in {@code target}. */
    @DeviceFunction
    static void pushRow(double[] band, int from, double[] target, int to, int i, int n, int colour, int thread, int threads) {
        for (int j = 1 + thread; j < n - 1; j += threads) {
            if (((i + j) & 1) == colour) {
                target[to + j] = band[from + j];
            }
        }
    }
}
