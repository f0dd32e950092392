package org.holdfast.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentConfig;
import org.holdfast.bridge.PersistentMode;
import org.holdfast.bridge.PersistentReport;
import org.holdfast.bench.gpu.PersistentBlocks;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.BlockCountRule;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;
import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * One persistent mode ready to run: device buffers holding the problem, the native library and a
 * stream; each {@link #run()} is one launch of a fixed number of iterations. For JMH, which times
 * the call on the host clock.
 */
final class PersistentIterations implements AutoCloseable {

    private final PersistentBridge bridge;
    private final CudaStream stream;
    private final DeviceBuffer u;
    private final DeviceBuffer f;
    private final PersistentConfig config;
    private final PoissonProblem problem;
    private final int iterations;

    private PersistentIterations(PersistentBridge bridge, CudaStream stream, DeviceBuffer u, DeviceBuffer f,
            PersistentConfig config, PoissonProblem problem, int iterations) {
        this.bridge = bridge;
        this.stream = stream;
        this.u = u;
        this.f = f;
        this.config = config;
        this.problem = problem;
        this.iterations = iterations;
    }

    /** The default variant of {@code mode} with the harness's {@code auto} block count. */
    static PersistentIterations open(String mode, PoissonProblem problem, int threads, int iterations) {
        CudaTornadoDevice gpu = CudaBackend.device(0)
                .orElseThrow(() -> new IllegalStateException(mode + " needs a GPU, and this machine has none"));
        CudaContext context = gpu.context();
        context.makeCurrent();
        PersistentMode persistent = switch (mode) {
            case "persistent-grid" -> PersistentMode.GRID_COOPERATIVE_GROUPS;
            case "persistent-host" -> PersistentMode.HOST_NEIGHBOUR;
            case "persistent-dataflow" -> PersistentMode.DATAFLOW;
            default -> throw new IllegalArgumentException("not a persistent mode: " + mode);
        };
        PersistentBridge bridge = openBridge();
        PersistentConfig base = PersistentConfig.of(persistent).withThreadsPerBlock(threads);
        int blocks = PersistentBlocks.of(bridge, gpu.device(), base, BlockCountRule.parse("auto"), problem);
        long bytes = (long) problem.points() * Double.BYTES;
        DeviceBuffer u = DeviceBuffer.allocate(context, bytes, "u");
        DeviceBuffer f = DeviceBuffer.allocate(context, bytes, "f");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(bytes, Double.BYTES);
            MemorySegment.copy(problem.initialU(), 0, host, ValueLayout.JAVA_DOUBLE, 0, problem.points());
            u.copyFromHost(host);
            MemorySegment.copy(problem.rightHandSide(), 0, host, ValueLayout.JAVA_DOUBLE, 0, problem.points());
            f.copyFromHost(host);
        }
        return new PersistentIterations(bridge, CudaStream.create(context), u, f, base.withBlocks(blocks), problem,
                iterations);
    }

    private static PersistentBridge openBridge() {
        try {
            return PersistentBridge.open();
        } catch (NativeLibraryMissingException e) {
            throw new IllegalStateException("the persistent modes need the native library: " + e.getMessage(), e);
        }
    }

    /** One launch of all the iterations; returns the device time in milliseconds. */
    double run() {
        PersistentReport report = bridge.run(config, u.pointer(), f.pointer(), problem.n(), iterations, problem.h2(),
                stream.handle());
        return report.deviceMillis();
    }

    @Override
    public void close() {
        stream.close();
        u.close();
        f.close();
        bridge.close();
    }
}
