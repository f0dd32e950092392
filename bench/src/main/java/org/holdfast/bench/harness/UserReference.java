package org.holdfast.bench.harness;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import org.holdfast.bench.mode.UserKernels;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.kernels.poisson.ReferenceSolver.Colour;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WorkerGrid1D;

/**
 * The reference of rows that run a user's kernel class: the same class on the CPU. Its standard
 * pair runs on one thread, as the {@code cpu} mode runs the Java kernels (the contract says any grid
 * covers the problem); a class with only the persistent kernel runs it with every group at once, on
 * the grid the CPU backend chooses (a cluster kernel: on the cluster its launch rule gives). A user's kernels need not be Gauss-Seidel (SOR with a relaxation
 * factor is not), so the plain reference would be the wrong yardstick; {@link ProblemChecks} checks
 * the class against the problem instead. Every run is bounded by the experiment's watchdog.
 */
final class UserReference implements Verification.Solver {

    private final UserKernels kernels;
    private final Problem problem;
    private final double[] f;
    private final Duration watchdog;

    UserReference(UserKernels kernels, Problem problem, double[] f, double watchdogSeconds) {
        this.kernels = kernels;
        this.problem = problem;
        this.f = f;
        this.watchdog = Duration.ofNanos((long) (watchdogSeconds * 1e9));
    }

    Problem problem() {
        return problem;
    }

    double[] f() {
        return f;
    }

    UserKernels kernels() {
        return kernels;
    }

    @Override
    public double[] solve(double[] initial, int iterations) {
        if (kernels.halfSweeps().isPresent()) {
            double[] u = initial.clone();
            if (iterations > 0) {
                run(halfSweeps(u, kernels.halfSweeps().get()), iterations);
            }
            return u;
        }
        return solveKernel(initial, iterations);
    }

    /** A copy of {@code initial} after one launch of the class's {@code solve} for {@code iterations} (0 runs nothing). */
    double[] solveKernel(double[] initial, int iterations) {
        double[] u = initial.clone();
        if (iterations == 0) {
            return u;
        }
        PersistentTaskGraph tasks = kernels.solveOnCpu(problem, u, f, iterations);
        try (TornadoExecutionPlan plan = plan(tasks.graph(), tasks.scheduler(), 1)) {
            plan.execute();
            plan.transferToHost(u);
        }
        return u;
    }

    @Override
    public double[] halfSweeps(double[] start, Colour... colours) {
        if (kernels.halfSweeps().isEmpty()) {
            return null;
        }
        double[] u = start.clone();
        List<Method> pair = kernels.halfSweeps().get();
        for (Colour colour : colours) {
            run(halfSweeps(u, List.of(pair.get(colour == Colour.RED ? 0 : 1))), 1);
        }
        return u;
    }

    /** A graph of the half-sweep kernels, in order, on {@code u} in place. */
    private TaskGraph halfSweeps(double[] u, List<Method> sweeps) {
        TaskGraph graph = new TaskGraph("reference").transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f);
        for (Method sweep : sweeps) {
            graph.task(sweep.getName(), sweep, new KernelContext(), u, f, problem.n(), problem.h2());
        }
        return graph;
    }

    /** Runs {@code graph} {@code repeats} times on one thread, one work item per task. */
    private void run(TaskGraph graph, int repeats) {
        ImmutableTaskGraph snapshot = graph.snapshot();
        GridScheduler scheduler = new GridScheduler();
        snapshot.tasks().forEach(task -> scheduler.addWorkerGrid(task.key(), new WorkerGrid1D(1).setLocalWork(1, 1, 1)));
        try (TornadoExecutionPlan plan = plan(snapshot, scheduler, repeats)) {
            plan.execute();
        }
    }

    private TornadoExecutionPlan plan(ImmutableTaskGraph graph, GridScheduler scheduler, int repeats) {
        return new TornadoExecutionPlan(graph).withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(scheduler)
                .withRepeats(repeats).withWatchdog(watchdog);
    }
}
