package org.holdfast.bench.jmh;

import org.holdfast.bench.Mode;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.config.Settings;
import org.holdfast.bench.gpu.DeviceProblem;
import org.holdfast.bench.gpu.GpuRunners;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.bridge.PersistentSession;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * One persistent mode ready to run, as the harness would run it with its default variant and the
 * {@code auto} block count: the problem on the device, the native library, a stream and an open
 * session (every allocation happens here, in JMH's setup). Each {@link #run()} is one launch of a
 * fixed number of iterations, for JMH to time on the host clock; it allocates nothing.
 */
final class PersistentIterations implements AutoCloseable {

    private final PersistentBridge bridge;
    private final CudaStream stream;
    private final DeviceProblem device;
    private final PersistentSession session;
    private final int iterations;

    private PersistentIterations(PersistentBridge bridge, CudaStream stream, DeviceProblem device,
            PersistentSession session, int iterations) {
        this.bridge = bridge;
        this.stream = stream;
        this.device = device;
        this.session = session;
        this.iterations = iterations;
    }

    static PersistentIterations open(String modeName, PoissonProblem problem, int threads, int iterations) {
        CudaTornadoDevice gpu = CudaBackend.device(0)
                .orElseThrow(() -> new IllegalStateException(modeName + " needs a GPU, and this machine has none"));
        CudaContext context = gpu.context();
        context.makeCurrent();
        Settings settings = new Settings();
        settings.set("modes", modeName);
        settings.set("threads", Integer.toString(threads));
        Experiment experiment = settings.toExperiment();
        Mode mode = experiment.modes().get(0);
        PersistentBridge bridge = openBridge();
        CudaStream stream = null;
        DeviceProblem device = null;
        try {
            PersistentRequest request = GpuRunners.persistentRequest(mode, experiment);
            int blocks = GpuRunners.requestedBlocks(experiment.blocks().get(0), problem, request.threadsPerBlock());
            stream = CudaStream.create(context);
            device = new DeviceProblem(context, problem, problem.rightHandSide());
            device.uploadU(problem.initialU());
            PersistentSession session = bridge.open(bridge.plan(request.withBlocks(blocks), problem.n()), stream.handle());
            return new PersistentIterations(bridge, stream, device, session, iterations);
        } catch (RuntimeException e) {
            if (device != null) {
                device.close();
            }
            if (stream != null) {
                stream.close();
            }
            bridge.close();
            throw e;
        }
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
        return session.run(device.u(), device.f(), iterations, device.problem().h2()).deviceMillis();
    }

    @Override
    public void close() {
        session.close();
        device.close();
        stream.close();
        bridge.close();
    }
}
