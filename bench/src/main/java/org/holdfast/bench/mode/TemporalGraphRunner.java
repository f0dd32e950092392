package org.holdfast.bench.mode;

import java.util.List;
import java.util.function.Consumer;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.kernels.temporal.PassSchedule;
import org.holdfast.kernels.temporal.TemporalTaskGraph;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.KernelOverdueException;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.TaskProfile;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/**
 * Runs the temporally blocked pass ({@code --sweeps-per-launch k} above 1) through an execution plan
 * of the standard launches: k half-sweeps per launch over two buffers, u and a scratch array this
 * runner owns (allocated here, with the plan's device memory, never in a run). A run is at most three
 * executions of the graph's pair of passes ({@link PassSchedule}); its time is the sum of theirs, each
 * timed by the device's events, the small schedule copies before each staying outside.
 *
 * <p>The state ends in u or in scratch depending on the number of passes; the runner keeps which, so
 * that the next run starts from it and {@link #unload} copies back the right one.
 */
final class TemporalGraphRunner implements ModeRunner {

    private final double[] u;
    private final double[] scratch;
    private final int[] schedule = new int[4];
    /** The half-sweeps the blocks of one execution ran, summed on the device (the pass's streamPass). */
    private final int[] work = new int[1];
    private final int blocks;
    private final int k;
    private final TornadoExecutionPlan plan;
    private final RunShape shape;
    private boolean inScratch;
    private ExecutionResult last;

    /**
     * @param problem the request's problem: one with a temporal pass
     * @param pass its pass ({@link TemporalPass#of})
     * @param k half-sweeps per pass, one the kernel is compiled for
     * @param targetBlocks about how many blocks a pass should have (one per item)
     * @param variant the variant as the row has it ({@code k=8})
     */
    TemporalGraphRunner(Problem problem, TemporalPass pass, RunRequest request, TornadoDevice device, int k, int targetBlocks,
            RowVariant variant, Consumer<TornadoExecutionPlan> configure) {
        this.k = k;
        this.u = new double[problem.points()];
        this.scratch = new double[problem.points()];
        TemporalTaskGraph tasks = pass.taskGraph(problem, u, scratch, request.f(), schedule, work, k, targetBlocks);
        this.blocks = tasks.blocks();
        this.plan = new TornadoExecutionPlan(tasks.graph()).withDevice(device).withGridScheduler(tasks.scheduler());
        configure.accept(plan);
        List<LaunchInfo> launches = plan.threadInfo(); // compiles and allocates: here, not in a run
        // No note: the variant (k) says what ran.
        this.shape = new RunShape(blocks, pass.threads(), variant, "", launches, MemoryTraffic.passes(k));
    }

    @Override
    public void load(double[] initial) {
        System.arraycopy(initial, 0, u, 0, u.length);
        System.arraycopy(initial, 0, scratch, 0, scratch.length); // the boundary; the interior is overwritten
        plan.resetDeviceCopies();
        inScratch = false;
    }

    @Override
    public double run(int iterations) {
        PassSchedule passes = PassSchedule.of(k, iterations);
        long nanos = 0;
        for (PassSchedule.Execution execution : passes.executions(inScratch)) {
            System.arraycopy(execution.schedule(), 0, schedule, 0, schedule.length);
            work[0] = 0;
            try {
                last = plan.withRepeats(execution.repeats()).execute();
            } catch (KernelOverdueException e) {
                throw new KernelStillRunningException(e.getMessage(), e);
            }
            requireWorkDone(execution);
            nanos += last.elapsedNanos();
        }
        inScratch = passes.endsInScratch(inScratch);
        return nanos / 1e3;
    }

    /**
     * Every block of every pass adds the half-sweeps it ran: an execution's sum must be its repeats x
     * blocks x (even + odd pass half-sweeps), or the run does not count, even at a converged grid.
     */
    private void requireWorkDone(PassSchedule.Execution execution) {
        long expected = (long) execution.repeats() * blocks * (execution.schedule()[0] + execution.schedule()[2]);
        if (work[0] != expected) {
            throw new WorkShortfallException("the temporal passes (k = " + k + ", "
                    + blocks + " blocks, " + execution.repeats() + " repeats) ran " + work[0] + " block half-sweeps, "
                    + expected + " were asked for");
        }
    }

    @Override
    public void unload(double[] target) {
        double[] state = inScratch ? scratch : u;
        plan.transferToHost(state);
        System.arraycopy(state, 0, target, 0, state.length);
    }

    @Override
    public RunShape shape() {
        return shape;
    }

    @Override
    public List<TaskProfile> profile() {
        return last == null ? List.of() : last.profile();
    }

    @Override
    public void close() {
        plan.close();
    }
}
