package org.holdfast.kernels.poisson;

import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/**
 * Runs the red-black iterations of a problem on a CPU device, from the initial array.
 *
 * <p>How many work items the kernels get on the CPU is a choice of speed, never of result: the
 * sequential reference gives the whole grid to one work item, whose grid-stride loop then walks
 * the points in order; the parallel backend gives every point its own work item and each core a
 * contiguous range of them.
 */
public final class PoissonSolver {

    private PoissonSolver() {
    }

    /** {@code iterations} iterations from the initial array on {@code device}; returns u. */
    public static double[] solve(PoissonProblem problem, int iterations, TornadoDevice device) {
        double[] u = problem.initialU();
        double[] f = problem.rightHandSide();
        iterate(problem, u, f, iterations, device);
        return u;
    }

    /** {@code iterations} more iterations on {@code u} in place. */
    public static void iterate(PoissonProblem problem, double[] u, double[] f, int iterations, TornadoDevice device) {
        boolean parallel = !device.id().equals("cpu");
        int threads = parallel ? 256 : 1;
        int blocks = parallel ? onePointPerThread(problem, threads) : oneThread(problem, threads);
        PoissonTaskGraph tasks = new PoissonTaskGraph(problem, u, f, blocks, threads);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            plan.withDevice(device).withGridScheduler(tasks.scheduler()).withRepeats(iterations).execute();
        }
    }

    /** One work item for the whole grid (with one thread per group). */
    public static int oneThread(PoissonProblem problem, int threadsPerBlock) {
        return 1;
    }

    /** Groups that give every point of a colour its own work item. */
    public static int onePointPerThread(PoissonProblem problem, int threadsPerBlock) {
        return PoissonTaskGraph.blocksForOnePointPerThread(problem.n(), threadsPerBlock);
    }
}
