package org.holdfast.bench.mode;

import java.util.List;
import java.util.function.Consumer;
import org.holdfast.kernels.poisson.PoissonTaskGraph;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.KernelOverdueException;
import org.holdfast.tornado.api.TaskProfile;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/**
 * Runs the Java red-black task graph (or a user's red and black) through an execution plan: the CPU
 * modes, and the standard launches on a GPU. One plan execution of {@code iterations} repeats of the graph is one run.
 *
 * <p>{@code u} goes to the device on the first execution after {@link #load} and comes back only on
 * {@link #unload}, so a run moves no data and its time is the kernels' alone.
 */
public final class TaskGraphRunner implements ModeRunner {

    private final double[] u;
    private final TornadoExecutionPlan plan;
    private final RunShape shape;
    private ExecutionResult last;

    /**
     * @param device where the graph runs
     * @param blocks groups (CUDA blocks) per task
     * @param threads threads per group
     * @param configure the mode's plan settings (synchronisation, CUDA graph, profiler)
     */
    public TaskGraphRunner(RunRequest request, TornadoDevice device, int blocks, int threads,
            Consumer<TornadoExecutionPlan> configure) {
        this(request, device, blocks, threads, RowVariant.NONE, configure);
    }

    /** @param variant the variant that runs ({@code k=1}), or {@link RowVariant#NONE} */
    public TaskGraphRunner(RunRequest request, TornadoDevice device, int blocks, int threads, RowVariant variant,
            Consumer<TornadoExecutionPlan> configure) {
        this.u = new double[request.problem().points()];
        PoissonTaskGraph tasks = request.kernels().userKernels()
                .map(UserKernels::halfSweepsForStandardLaunches)
                .map(pair -> new PoissonTaskGraph(request.problem(), u, request.f(), blocks, threads, DataTransferMode.FIRST_EXECUTION,
                        pair.get(0), pair.get(1)))
                .orElseGet(() -> new PoissonTaskGraph(request.problem(), u, request.f(), blocks, threads,
                        DataTransferMode.FIRST_EXECUTION));
        this.plan = new TornadoExecutionPlan(tasks.graph()).withDevice(device).withGridScheduler(tasks.scheduler());
        configure.accept(plan);
        List<org.holdfast.tornado.api.LaunchInfo> launches = plan.threadInfo(); // compiles and allocates: here, not in a run
        boolean gpu = device.isGpu();
        this.shape = new RunShape(gpu ? blocks : 0, gpu ? threads : 0, variant, "", launches, MemoryTraffic.HALF_SWEEP_PASSES);
    }

    @Override
    public void load(double[] initial) {
        System.arraycopy(initial, 0, u, 0, u.length);
        plan.resetDeviceCopies();
    }

    @Override
    public double run(int iterations) {
        try {
            last = plan.withRepeats(iterations).execute();
        } catch (KernelOverdueException e) {
            // The kernel still runs: the harness stops the GPU rows (KernelStillRunningException).
            throw new KernelStillRunningException(e.getMessage(), e);
        }
        return last.elapsedNanos() / 1e3;
    }

    @Override
    public void unload(double[] target) {
        plan.transferToHost(u);
        System.arraycopy(u, 0, target, 0, u.length);
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
