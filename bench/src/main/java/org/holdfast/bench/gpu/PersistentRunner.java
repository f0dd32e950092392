package org.holdfast.bench.gpu;

import java.util.List;
import org.holdfast.bench.harness.Measurement;
import org.holdfast.bench.harness.ModeRunner;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentConfig;
import org.holdfast.bridge.PersistentReport;
import org.holdfast.bridge.WatchdogWait;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.BlockCountRule;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;

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
        double[] micros = new double[repeats];
        boolean onChip = false;
        double[] result;
        try (CudaStream stream = CudaStream.create(context);
                DeviceProblem device = new DeviceProblem(context, problem, f)) {
            String label = config.mode().label();
            for (int repeat = -1; repeat < repeats; repeat++) {
                progress.update(Progress.repeat(label, problem.n(), repeat, repeats));
                device.uploadU(initialU);
                PersistentReport report = runOnce(device, run, iterations, stream);
                if (repeat >= 0) {
                    micros[repeat] = report.deviceMillis() * 1e3 / iterations;
                }
                onChip = report.onChip();
            }
            result = device.downloadU();
        }
        LaunchInfo launch = new LaunchInfo(config.mode().label(), onChip ? "persistent, on chip" : "persistent",
                new int[] {blocks, 1, 1}, new int[] {config.threadsPerBlock(), 1, 1}, 0, deviceId);
        return new Measurement(micros, result, blocks, config.threadsPerBlock(), List.of(launch), List.of(),
                onChip ? "on chip" : "");
    }

    /** One run; a kernel the watchdog could not stop keeps its buffers, so that closing them cannot hang. */
    private PersistentReport runOnce(DeviceProblem device, PersistentConfig run, int iterations, CudaStream stream) {
        try {
            return bridge.run(run, device.u(), device.f(), device.problem().n(), iterations, device.problem().h2(),
                    stream.handle());
        } catch (NativeException e) {
            if (e.report().map(r -> r.errorWait() == WatchdogWait.KERNEL_EXIT).orElse(false)) {
                device.abandon();
            }
            throw e;
        }
    }

    @Override
    public void close() {
        // Buffers and streams belong to each measurement.
    }
}
