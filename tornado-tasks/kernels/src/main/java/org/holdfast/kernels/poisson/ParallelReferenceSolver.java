package org.holdfast.kernels.poisson;

import java.util.stream.IntStream;
import org.holdfast.kernels.poisson.ReferenceSolver.Colour;

/**
 * {@link ReferenceSolver} on every core: each half-sweep cut into bands of rows that run at once.
 * A point of one colour reads only points of the other, which that half-sweep does not write, so
 * the bands share nothing they change and every point gets the same doubles added in the same order:
 * the result is {@link ReferenceSolver}'s bit for bit (ParallelReferenceSolverTest). The harness
 * computes the reference of its timed runs with it, which at N = 10001 is minutes on one core.
 */
public final class ParallelReferenceSolver {

    /** Below this many interior points a half-sweep is shorter than handing out its bands: it runs on one thread. */
    static final long PARALLEL_FROM_POINTS = 1L << 16;
    /** Bands per core, so that a core slowed by other work holds up little. */
    private static final int BANDS_PER_CORE = 4;

    private ParallelReferenceSolver() {
    }

    /** A copy of {@code initialU} after {@code iterations} iterations, equal to {@link ReferenceSolver#solve}. */
    public static double[] solve(PoissonProblem problem, double[] initialU, double[] f, int iterations) {
        if (problem.interiorPoints() < PARALLEL_FROM_POINTS) {
            return ReferenceSolver.solve(problem, initialU, f, iterations);
        }
        return solve(problem, initialU, f, iterations, Runtime.getRuntime().availableProcessors() * BANDS_PER_CORE);
    }

    /** As {@link #solve(PoissonProblem, double[], double[], int)}, every half-sweep in {@code bands} bands (at most one a row). */
    static double[] solve(PoissonProblem problem, double[] initialU, double[] f, int iterations, int bands) {
        double[] u = initialU.clone();
        int rows = problem.n() - 2;
        int cut = Math.min(rows, bands);
        for (int iteration = 0; iteration < iterations; iteration++) {
            halfSweep(problem, u, f, Colour.RED, rows, cut);
            halfSweep(problem, u, f, Colour.BLACK, rows, cut);
        }
        return u;
    }

    /**
     * One half-sweep, its interior rows 1 to n - 2 cut into {@code bands} bands. It returns when every
     * band is done, and the stream's join makes every band's writes visible to the next half-sweep.
     */
    private static void halfSweep(PoissonProblem problem, double[] u, double[] f, Colour colour, int rows, int bands) {
        IntStream.range(0, bands).parallel().forEach(band -> ReferenceSolver.halfSweepRows(problem, u, f, colour,
                1 + (int) ((long) rows * band / bands), 1 + (int) ((long) rows * (band + 1) / bands)));
    }
}
