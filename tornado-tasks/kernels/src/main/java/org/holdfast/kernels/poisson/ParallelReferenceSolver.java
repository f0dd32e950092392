package org.holdfast.kernels.poisson;

import org.holdfast.kernels.poisson.ReferenceSolver.Colour;
import org.holdfast.kernels.problem.ParallelBands;

/**
 * {@link ReferenceSolver} on every core: each half-sweep cut into bands of rows that run at once
 * ({@link ParallelBands}), with the same result bit for bit (ParallelReferenceSolverTest). The harness
 * computes the reference of its timed runs with it, which at N = 10001 is minutes on one core.
 */
public final class ParallelReferenceSolver {

    /** Below this many interior points a half-sweep is shorter than handing out its bands: it runs on one thread. */
    static final long PARALLEL_FROM_POINTS = ParallelBands.PARALLEL_FROM_POINTS;

    private ParallelReferenceSolver() {
    }

    /** A copy of {@code initialU} after {@code iterations} iterations, equal to {@link ReferenceSolver#solve}. */
    public static double[] solve(PoissonProblem problem, double[] initialU, double[] f, int iterations) {
        return ParallelBands.solve(problem, initialU, f, iterations, sweep(problem));
    }

    /** As {@link #solve(PoissonProblem, double[], double[], int)}, every half-sweep in {@code bands} bands (at most one a row). */
    static double[] solve(PoissonProblem problem, double[] initialU, double[] f, int iterations, int bands) {
        return ParallelBands.solve(initialU, f, iterations, problem.n() - 2, bands, sweep(problem));
    }

    /** A band of rows of one half-sweep. */
    private static ParallelBands.BandSweep sweep(PoissonProblem problem) {
        return (u, f, colour, first, end) -> ReferenceSolver.halfSweepRows(problem, u, f, Colour.values()[colour], first, end);
    }
}
