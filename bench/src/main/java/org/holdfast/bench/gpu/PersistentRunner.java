package org.holdfast.bench.gpu;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.holdfast.bench.harness.Measurement;
import org.holdfast.bench.harness.ModeRunner;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bridge.Capacity;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentConfig;
import org.holdfast.bridge.PersistentMode;
import org.holdfast.bridge.PersistentReport;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.BlockCountRule;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;

/**
 * Runs a persistent mode of the native library on device buffers allocated here through the
 * driver API: one synchronous call per repeat, timed by the events the library records around
 * its kernel on our stream.
 */
final class PersistentRunner implements ModeRunner {

    /** Points of one colour per thread up to which one block on chip is the fastest grid. */
    static final int ON_CHIP_POINTS_PER_THREAD = 5;

    private final PersistentBridge bridge;
    private final CudaContext context;
    private final PersistentConfig config;
    private final BlockCountRule rule;
    private final String deviceId;

    PersistentRunner(PersistentBridge bridge, CudaContext context, PersistentConfig config, BlockCountRule rule,
            String deviceId) {
        this.bridge = bridge;
        this.context = context;
        this.config = config;
        this.rule = rule;
        this.deviceId = deviceId;
    }

    /** Blocks for this problem: the shared rule, with the occupancy API's co-resident limit. */
    int blocksFor(PoissonProblem problem) {
        int threads = config.threadsPerBlock();
        Capacity capacity = bridge.capacity(config.mode(), threads, 0);
        long points = RedBlackKernels.pointsPerColour(problem.n());
        return rule.persistentBlocks(points, threads, usefulBlocks(problem, points, threads), capacity.maxCoResident());
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
    private int usefulBlocks(PoissonProblem problem, long points, int threads) {
        if (config.mode().usesHostFlags()) {
            return problem.n() - 2;
        }
        boolean fitsOnChip = 2L * problem.points() * Double.BYTES <= context.device().sharedBytesPerBlockOptIn();
        if (fitsOnChip && points <= (long) ON_CHIP_POINTS_PER_THREAD * threads) {
            return 1;
        }
        return config.mode() == PersistentMode.DATAFLOW
                ? problem.n() - 2
                : (int) Math.min(Integer.MAX_VALUE, (points + threads - 1) / threads);
    }

    @Override
    public Measurement measure(PoissonProblem problem, double[] initialU, double[] f, int iterations, int repeats,
            Progress progress) {
        context.makeCurrent();
        int blocks = blocksFor(problem);
        PersistentConfig run = config.withBlocks(blocks);
        long bytes = (long) problem.points() * Double.BYTES;
        double[] result = new double[problem.points()];
        double[] micros = new double[repeats];
        boolean onChip = false;
        try (Arena arena = Arena.ofConfined();
                CudaStream stream = CudaStream.create(context);
                DeviceBuffer u = DeviceBuffer.allocate(context, bytes, "N = " + problem.n() + " (u)");
                DeviceBuffer rhs = DeviceBuffer.allocate(context, bytes, "N = " + problem.n() + " (f)")) {
            MemorySegment hostU = arena.allocate(bytes, Double.BYTES);
            MemorySegment hostF = arena.allocate(bytes, Double.BYTES);
            MemorySegment.copy(f, 0, hostF, ValueLayout.JAVA_DOUBLE, 0, f.length);
            rhs.copyFromHost(hostF);
            String label = config.mode().label();
            for (int repeat = -1; repeat < repeats; repeat++) {
                progress.update(label + " N=" + problem.n() + (repeat < 0 ? " warm-up" : " repeat " + (repeat + 1) + "/" + repeats));
                MemorySegment.copy(initialU, 0, hostU, ValueLayout.JAVA_DOUBLE, 0, initialU.length);
                u.copyFromHost(hostU);
                PersistentReport report = bridge.run(run, u.pointer(), rhs.pointer(), problem.n(), iterations, problem.h2(),
                        stream.handle());
                if (repeat >= 0) {
                    micros[repeat] = report.deviceMillis() * 1e3 / iterations;
                }
                onChip = report.onChip();
            }
            u.copyToHost(hostU);
            MemorySegment.copy(hostU, ValueLayout.JAVA_DOUBLE, 0, result, 0, result.length);
        }
        LaunchInfo launch = new LaunchInfo(config.mode().label(), onChip ? "persistent, on chip" : "persistent",
                new int[] {blocks, 1, 1}, new int[] {config.threadsPerBlock(), 1, 1}, 0, deviceId);
        return new Measurement(micros, result, blocks, config.threadsPerBlock(), List.of(launch), List.of(),
                onChip ? "on chip" : "");
    }

    @Override
    public void close() {
        // Buffers and streams belong to each measurement.
    }
}
