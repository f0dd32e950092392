package org.holdfast.bench.mode;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.kernels.PersistentSolveGraph;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.TaskProfile;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * Runs a persistent kernel written in Java (the built-in designs, the temporal passes, or a user's
 * {@code solve}) through a task graph with one persistent task: one launch for all iterations, timed by
 * the events around it.
 *
 * <p>The iteration count is a kernel parameter, so the runner keeps one compiled plan per count it
 * was asked for (the harness asks for two: the verification run's and the timed runs'), each made on
 * the first run of its count, outside the timed region; a later run of that count allocates nothing.
 * {@code u} (and the temporal passes' scratch array, which this runner owns too) goes to the device on
 * the first execution after {@link #load} and comes back only on {@link #unload}, from the array the
 * graph says holds the result ({@link PersistentSolveGraph#state}).
 *
 * <p>A built-in kernel counts the half-sweeps each block ran ({@link PersistentSolveGraph#workShortfall}):
 * a run in which any block ran other than 2 · iterations fails with one line, before its time counts,
 * even where the grid has converged and the array alone could not tell.
 */
final class JavaPersistentRunner implements ModeRunner {

    private final TornadoDevice device;
    private final double[] u;
    private final Graphs graphs;
    private final String label;
    private final Duration watchdog;
    private final boolean profiler;
    private final RunShape shapeWithoutLaunches;
    private final Map<Integer, Compiled> byIterations = new HashMap<>();
    private Compiled last;
    /** The plan whose device arrays hold the state; null after a load, when every plan's do. */
    private Compiled holdsState;
    private ExecutionResult lastResult;

    /** The plan of one iteration count, with its graph, whose work tally each run checks. */
    private record Compiled(PersistentSolveGraph tasks, TornadoExecutionPlan plan) {
    }

    /** The graph of a run of {@code iterations} iterations on {@code u}. */
    @FunctionalInterface
    private interface Graphs {
        PersistentSolveGraph of(double[] u, int iterations);
    }

    private JavaPersistentRunner(RunRequest request, TornadoDevice device, Graphs graphs, RunShape shape, String kernels) {
        this.device = device;
        this.u = new double[request.problem().points()];
        this.graphs = graphs;
        this.label = kernels + " at n = " + request.problem().n();
        this.watchdog = Duration.ofNanos((long) (request.watchdogSeconds() * 1e9));
        this.profiler = request.profiler();
        this.shapeWithoutLaunches = shape;
        // Compile, load and allocate now, so that a grid the GPU refuses fails here and the first run is ready.
        plan(1);
    }

    /**
     * On the GPU (or a CPU device in the tests), as {@code plan} says.
     *
     * @param square the request's problem, the 2D one: the only one with persistent kernels
     * @param mode the mode's name, for the line of a run that did not do its work
     * @param variant the row's variant
     */
    static JavaPersistentRunner onGpu(PoissonProblem square, RunRequest request, TornadoDevice gpu, JavaPersistentPlan plan,
            String mode, RowVariant variant) {
        return new JavaPersistentRunner(request, gpu, (u, iterations) -> plan.graph(square, u, request.f(), iterations),
                new RunShape(plan.blocks(), plan.threads(), variant, plan.note(), List.of(), plan.traffic()),
                mode + " (java " + plan.kernel().getName() + ", " + plan.blocks() + " blocks)");
    }

    /** A user's {@code solve} on the GPU, on the request's problem (the square or the cube), as {@code plan} says. */
    static JavaPersistentRunner ofSolve(RunRequest request, CudaTornadoDevice gpu, JavaPersistentPlan plan, String mode) {
        return new JavaPersistentRunner(request, gpu, (u, iterations) -> PersistentTaskGraph.of(plan.kernel(), request.problem(), u,
                request.f(), iterations, plan.blocks(), plan.threads()), new RunShape(plan.blocks(), plan.threads(), RowVariant.NONE,
                plan.note(), List.of(), MemoryTraffic.HALF_SWEEP_PASSES), mode + " (java " + plan.kernel().getName() + ", " + plan.blocks() + " blocks)");
    }

    /** A user's cluster {@code solve} on the GPU, on the request's problem, as its launch rule says ({@link UserClusterLaunch}). */
    static JavaPersistentRunner ofClusterSolve(RunRequest request, CudaTornadoDevice gpu, UserKernels user, UserClusterLaunch launch,
            String mode) {
        return new JavaPersistentRunner(request, gpu, (u, iterations) -> launch.graph(user.solve().orElseThrow(), request.problem(), u,
                request.f(), iterations), new RunShape(launch.blocks(), launch.threads(), RowVariant.NONE, "one cluster", List.of(),
                MemoryTraffic.HALF_SWEEP_PASSES), mode + " (java " + UserKernels.SOLVE + ", one cluster of " + launch.blocks() + " blocks)");
    }

    /**
     * The temporal passes in one persistent launch, on {@code device} (the GPU, or a CPU device in the tests), as
     * {@code plan} says, over u and a scratch array of this runner's.
     */
    static JavaPersistentRunner temporal(PoissonProblem square, RunRequest request, TornadoDevice device, JavaTemporalPlan plan,
            String mode, RowVariant variant) {
        double[] scratch = new double[square.points()];
        return new JavaPersistentRunner(request, device, (u, iterations) -> plan.graph(square, u, scratch, request.f(), iterations),
                new RunShape(plan.blocks(), TemporalKernels.THREADS, variant, "", List.of(), MemoryTraffic.passes(plan.k())),
                mode + " (java " + plan.kernel().kernelName() + ", k = " + plan.k() + ", " + plan.blocks() + " blocks)");
    }

    /**
     * A user's persistent kernel on a CPU device, with every group at once on the grid the backend chooses (a cluster
     * kernel on its launch rule's cluster).
     */
    static JavaPersistentRunner onCpu(RunRequest request, TornadoDevice cpu, UserKernels user) {
        return new JavaPersistentRunner(request, cpu,
                (u, iterations) -> user.solveOnCpu(request.problem(), u, request.f(), iterations),
                new RunShape(0, 0, RowVariant.NONE, "", List.of(), MemoryTraffic.HALF_SWEEP_PASSES),
                "cpu (" + UserKernels.SOLVE + ")");
    }

    private Compiled plan(int iterations) {
        return byIterations.computeIfAbsent(iterations, k -> {
            PersistentSolveGraph tasks = graphs.of(u, k);
            tasks.loaded(); // its first execution copies in the host's arrays as they are
            TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph()).withDevice(device)
                    .withGridScheduler(tasks.scheduler()).withWatchdog(watchdog);
            if (profiler) {
                plan.withProfiler();
            }
            plan.threadInfo(); // compiles and allocates: here, not in a run
            return new Compiled(tasks, plan);
        });
    }

    @Override
    public void load(double[] initial) {
        System.arraycopy(initial, 0, u, 0, u.length);
        holdsState = null;
        byIterations.values().forEach(compiled -> {
            compiled.plan().resetDeviceCopies();
            compiled.tasks().loaded();
        });
    }

    @Override
    public double run(int iterations) {
        last = plan(iterations);
        carryStateInto(last);
        last.tasks().beforeRun();
        lastResult = last.plan().execute();
        last.tasks().workShortfall(1, label).ifPresent(line -> {
            throw new WorkShortfallException(line);
        });
        return lastResult.elapsedNanos() / 1e3;
    }

    /**
     * Each plan has device arrays of its own, so a run of another count than the last one's (without a load
     * between) first takes the state from the plan that holds it, through the host and outside the timed region,
     * as a load would: it goes on from where the last run ended.
     */
    private void carryStateInto(Compiled next) {
        if (holdsState != null && holdsState != next) {
            double[] state = holdsState.tasks().state();
            holdsState.plan().transferToHost(state);
            if (state != u) {
                System.arraycopy(state, 0, u, 0, u.length);
            }
            next.plan().resetDeviceCopies();
            next.tasks().loaded();
        }
        holdsState = next;
    }

    @Override
    public void unload(double[] target) {
        double[] state = last.tasks().state();
        last.plan().transferToHost(state);
        System.arraycopy(state, 0, target, 0, state.length);
    }

    @Override
    public RunShape shape() {
        List<LaunchInfo> launches = last == null ? List.of() : last.plan().threadInfo();
        return shapeWithoutLaunches.withLaunches(launches);
    }

    @Override
    public List<TaskProfile> profile() {
        return lastResult == null ? List.of() : lastResult.profile();
    }

    @Override
    public void close() {
        byIterations.values().forEach(compiled -> compiled.plan().close());
        byIterations.clear();
    }
}
