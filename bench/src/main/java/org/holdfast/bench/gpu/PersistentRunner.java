package org.holdfast.bench.gpu;

import java.util.List;
import org.holdfast.bench.harness.Measurement;
import org.holdfast.bench.harness.ModeRunner;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentPlan;
import org.holdfast.bridge.PersistentReport;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.bridge.PersistentSession;
import org.holdfast.bridge.WatchdogWait;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.BlockCountRule;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;

/**
 * Runs a persistent mode of the native library on device buffers allocated here through the
 * driver API: the library plans the run (blocks, on chip or not) and opens a session on our
 * stream once per measurement; each repeat is one synchronous call that allocates nothing, timed
 * by the events the library records around its kernel.
 */
final class PersistentRunner implements ModeRunner {

    private final PersistentBridge bridge;
    private final CudaContext context;
    private final PersistentRequest request;
    private final BlockCountRule rule;
    private final String deviceId;

    PersistentRunner(PersistentBridge bridge, CudaContext context, PersistentRequest request, BlockCountRule rule,
            String deviceId) {
        this.bridge = bridge;
        this.context = context;
        this.request = request;
        this.rule = rule;
        this.deviceId = deviceId;
    }

    @Override
    public Measurement measure(PoissonProblem problem, double[] initialU, double[] f, int iterations, int repeats,
            Progress progress) {
        context.makeCurrent();
        PersistentPlan plan = bridge.plan(request.withBlocks(GpuRunners.requestedBlocks(rule, problem, request.threadsPerBlock())),
                problem.n());
        double[] micros = new double[repeats];
        double[] result;
        try (CudaStream stream = CudaStream.create(context);
                DeviceProblem device = new DeviceProblem(context, problem, f);
                PersistentSession session = bridge.open(plan, stream.handle())) {
            String label = plan.label();
            for (int repeat = -1; repeat < repeats; repeat++) {
                progress.update(Progress.repeat(label, problem.n(), repeat, repeats));
                device.uploadU(initialU);
                PersistentReport report = runOnce(session, device, iterations);
                if (repeat >= 0) {
                    micros[repeat] = report.deviceMillis() * 1e3 / iterations;
                }
            }
            result = device.downloadU();
        }
        LaunchInfo launch = new LaunchInfo(plan.label(), plan.onChip() ? "persistent, on chip" : "persistent",
                new int[] {plan.blocks(), 1, 1}, new int[] {plan.threadsPerBlock(), 1, 1}, 0, deviceId);
        return new Measurement(micros, result, plan.blocks(), plan.threadsPerBlock(), List.of(launch), List.of(),
                plan.note());
    }

    /** One run; a kernel the watchdog could not stop keeps its buffers, so that closing them cannot hang. */
    private static PersistentReport runOnce(PersistentSession session, DeviceProblem device, int iterations) {
        try {
            return session.run(device.u(), device.f(), iterations, device.problem().h2());
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
