package org.holdfast.bench.gpu;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.holdfast.bench.harness.Measurement;
import org.holdfast.bench.harness.ModeRunner;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentConfig;
import org.holdfast.bridge.PersistentReport;
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

    @Override
    public Measurement measure(PoissonProblem problem, double[] initialU, double[] f, int iterations, int repeats,
            Progress progress) {
        context.makeCurrent();
        int blocks = PersistentBlocks.of(bridge, context.device(), config, rule, problem);
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
