package org.holdfast.bench.mode;

import org.holdfast.bridge.Capacity;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentConfig;
import org.holdfast.bridge.PersistentMode;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.cuda.CudaDevice;

/** How many blocks a persistent kernel gets: the shared block-count rule, with this kernel's limits. */
public final class PersistentBlocks {

    /** Points of one colour per thread up to which one block on chip is the fastest grid. */
    static final int ON_CHIP_POINTS_PER_THREAD = 5;

    private PersistentBlocks() {
    }

    /**
     * Blocks for {@code problem}: {@code rule} applied with the useful blocks below and the
     * occupancy API's co-resident limit.
     *
     * @throws IllegalArgumentException when the rule asks for more blocks than can be co-resident
     */
    public static int of(PersistentBridge bridge, CudaDevice device, PersistentConfig config, BlockCountRule rule,
            PoissonProblem problem) {
        int threads = config.threadsPerBlock();
        Capacity capacity = bridge.capacity(config.mode(), threads, 0);
        long points = RedBlackKernels.pointsPerColour(problem.n());
        return rule.persistentBlocks(points, threads, usefulBlocks(device, config.mode(), problem, points, threads),
                capacity.maxCoResident());
    }

    /**
     * Blocks beyond which a persistent kernel only adds synchronisation. A small grid goes to one
     * block that holds it in shared memory with its right-hand side: nothing waits for another
     * block and the data never leaves the chip. One multiprocessor is then the limit, so "small"
     * means at most {@value #ON_CHIP_POINTS_PER_THREAD} points of a colour per thread: on the H200
     * one block beat every multi-block grid up to about that load (N = 33 at 256 threads, 2 points
     * per thread: 1.06 µs against 2.2 µs per iteration; its cost grows by about 0.8 ns per point of
     * a colour) and lost well beyond it (N = 101, 20 points per thread: 8.1 µs against 2.6 µs).
     * Otherwise a grid-barrier kernel strides over points like a standard launch, and the others
     * own bands of at least one row.
     */
    static int usefulBlocks(CudaDevice device, PersistentMode mode, PoissonProblem problem, long points, int threads) {
        if (mode.usesHostFlags()) {
            return problem.n() - 2;
        }
        boolean fitsOnChip = 2L * problem.points() * Double.BYTES <= device.sharedBytesPerBlockOptIn();
        if (fitsOnChip && points <= (long) ON_CHIP_POINTS_PER_THREAD * threads) {
            return 1;
        }
        return mode == PersistentMode.DATAFLOW
                ? problem.n() - 2
                : (int) Math.min(Integer.MAX_VALUE, (points + threads - 1) / threads);
    }
}
