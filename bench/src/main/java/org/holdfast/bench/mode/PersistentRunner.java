package org.holdfast.bench.mode;

import java.util.List;
import java.util.function.Function;
import org.holdfast.bench.gpu.DeviceProblem;
import org.holdfast.bridge.IncompleteWorkException;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentPlan;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentReport;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.bridge.PersistentSession;
import org.holdfast.bridge.WorkCount;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * Runs a persistent kernel of the native library on device buffers allocated here through the
 * driver API (u and f: what every variant needs alike). The library owns the run: the session it
 * opens on our stream plans it (variant, blocks, k, on chip or not), allocates what the variant
 * needs (a scratch array, a mailbox, host flags) and fixes the problem; Java reads the plan for the
 * report and never hands it back. Each run is one synchronous call that allocates nothing, leaves
 * the result in u, and is timed by the events the library records around its kernel.
 *
 * <p>Every run's kernel counts the half-sweeps its blocks ran; a run whose blocks did not all run
 * every one fails the row with one line naming the variant, the block and the counts, before its
 * time counts (even where the grid has converged and the array could not tell).
 */
final class PersistentRunner implements ModeRunner {

    private final CudaContext context;
    private final String deviceId;
    private final CudaStream stream;
    private final DeviceProblem device;
    private final PersistentSession session;
    private final PersistentPlan plan;
    private final Function<PersistentPlan, RowVariant> variantLabel;

    /**
     * @param problem the run's problem, one the library solves (its table has rows for it: the mode checked)
     * @param request what the mode asks the library for, its block count still to come from the rule
     * @param variantLabel the row's variant (its label, name and k), given the plan the library made
     */
    PersistentRunner(Problem problem, PersistentBridge bridge, CudaTornadoDevice gpu, PersistentRequest request, RunRequest run,
            Function<PersistentPlan, RowVariant> variantLabel) {
        this.variantLabel = variantLabel;
        this.context = gpu.context();
        this.deviceId = gpu.id();
        context.makeCurrent();
        int blocks = run.blocks().plannerBlocks(problem.pointsPerColour(), request.threadsPerBlock());
        this.stream = CudaStream.create(context);
        DeviceProblem allocatedDevice = null;
        try {
            allocatedDevice = new DeviceProblem(context, problem, run.f());
            this.session = bridge.open(solved(problem), request.withBlocks(blocks), stream.handle());
        } catch (RuntimeException e) {
            if (allocatedDevice != null) {
                allocatedDevice.close();
            }
            stream.close();
            throw e;
        }
        this.device = allocatedDevice;
        this.plan = session.plan();
    }

    /** The problem as the library's session takes it: its kind, N and the spacing squared whose bits the reference uses. */
    static PersistentProblem solved(Problem problem) {
        PersistentProblem.Kind kind = NativeVariants.kindOf(problem)
                .orElseThrow(() -> new ModeRefusedException("the native library solves no " + problem.name()));
        return new PersistentProblem(kind, problem.n(), problem.h2());
    }

    @Override
    public void load(double[] u) {
        context.makeCurrent();
        device.uploadU(u);
    }

    @Override
    public double run(int iterations) {
        try {
            PersistentReport report = session.run(device.u(), device.f(), iterations);
            requireWorkDone(report.work(), iterations);
            return report.deviceMillis() * 1e3;
        } catch (IncompleteWorkException e) {
            throw new WorkShortfallException(e.nativeMessage(), e);
        } catch (NativeException e) {
            if (e.kernelDidNotEnd()) {
                // Freeing memory under a kernel that still runs would wait for it forever: keep it.
                device.abandon();
                throw new KernelStillRunningException(e.getMessage(), e);
            }
            throw e;
        }
    }

    /** The library already refuses such a run; this keeps the runner's own promise should it not. */
    private void requireWorkDone(WorkCount work, int iterations) {
        if (!work.complete() || work.expected() != 2 * iterations) {
            throw new WorkShortfallException(plan.label() + " at n = " + plan.n() + ": " + work.blocks()
                    + " of " + work.blocksExpected() + " blocks reported " + work.fewest() + " to " + work.most()
                    + " half-sweeps (fewest: block " + work.fewestBlock() + "), " + 2 * iterations + " asked for");
        }
    }

    @Override
    public void unload(double[] u) {
        context.makeCurrent();
        device.downloadU(u);
    }
    /** The plan as it came back: the variant the planner resolved, its blocks, and its note ("on chip"). */
    @Override
    public RunShape shape() {
        LaunchInfo launch = new LaunchInfo(plan.label(), plan.onChip() ? "persistent, on chip" : "persistent",
                new int[] {plan.blocks(), 1, 1}, new int[] {plan.threadsPerBlock(), 1, 1}, 0, deviceId);
        return new RunShape(plan.blocks(), plan.threadsPerBlock(), variantLabel.apply(plan), plan.note(), List.of(launch),
                MemoryTraffic.of(plan));
    }

    @Override
    public void close() {
        session.close();
        device.close();
        stream.close();
    }
}
