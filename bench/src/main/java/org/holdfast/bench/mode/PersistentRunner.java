package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.bench.gpu.DeviceProblem;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentConfig;
import org.holdfast.bridge.PersistentReport;
import org.holdfast.bridge.WatchdogWait;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * Runs a persistent kernel of the native library on device buffers allocated here through the
 * driver API: one synchronous call per run, timed by the events the library records around its
 * kernel on our stream.
 */
final class PersistentRunner implements ModeRunner {

    private final PersistentBridge bridge;
    private final CudaContext context;
    private final String deviceId;
    private final PersistentConfig config;
    private final String mode;
    private final String variant;
    private final CudaStream stream;
    private final DeviceProblem device;
    private boolean onChip;

    /**
     * @param config the bridge's configuration of the variant, its block count still to be chosen
     * @param mode the mode's name and {@code variant} its variant, for the report
     */
    PersistentRunner(PersistentBridge bridge, CudaTornadoDevice gpu, PersistentConfig config, RunRequest request, String mode,
            String variant) {
        this.bridge = bridge;
        this.context = gpu.context();
        this.deviceId = gpu.id();
        this.mode = mode;
        this.variant = variant;
        context.makeCurrent();
        int blocks = PersistentBlocks.of(bridge, context.device(), config, request.blocks(), request.problem());
        this.config = config.withBlocks(blocks);
        this.stream = CudaStream.create(context);
        DeviceProblem allocated;
        try {
            allocated = new DeviceProblem(context, request.problem(), request.f());
        } catch (RuntimeException e) {
            stream.close();
            throw e;
        }
        this.device = allocated;
    }

    @Override
    public void load(double[] u) {
        context.makeCurrent();
        device.uploadU(u);
    }

    @Override
    public double run(int iterations) {
        PoissonProblem problem = device.problem();
        try {
            PersistentReport report = bridge.run(config, device.u(), device.f(), problem.n(), iterations, problem.h2(),
                    stream.handle());
            onChip = report.onChip();
            return report.deviceMillis() * 1e3;
        } catch (NativeException e) {
            if (e.report().map(r -> r.errorWait() == WatchdogWait.KERNEL_EXIT).orElse(false)) {
                // Freeing memory under a kernel that still runs would wait for it forever: keep it.
                device.abandon();
                throw new KernelStillRunningException(e.getMessage(), e);
            }
            throw e;
        }
    }

    @Override
    public void unload(double[] u) {
        context.makeCurrent();
        device.downloadU(u);
    }

    @Override
    public RunShape shape() {
        String how = onChip ? "persistent, on chip" : "persistent";
        LaunchInfo launch = new LaunchInfo(mode, how, new int[] {config.blocks(), 1, 1},
                new int[] {config.threadsPerBlock(), 1, 1}, 0, deviceId);
        return new RunShape(config.blocks(), config.threadsPerBlock(), variant, onChip ? "on chip" : "", List.of(launch));
    }

    @Override
    public void close() {
        device.close();
        stream.close();
    }
}
