package org.holdfast.bench.harness;

import java.util.Locale;
import java.util.Optional;
import org.holdfast.bench.mode.Tolerance;
import org.holdfast.bench.report.Sensitivity;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver.Colour;
import org.holdfast.kernels.problem.Problem;

/**
 * The verification run of one size, which every mode must pass before its time counts: k
 * iterations from a seeded random interior, compared in full with the plain reference.
 *
 * <p>A converged solver hides skipped work, so k is chosen by the harness, per size: the largest of
 * {@value #START_K}, then halving, for which one iteration fewer and a skipped last red or last black
 * half-sweep each move the reference by at least {@link #REQUIRED} somewhere. At k = 1 every one of
 * them changes a random interior by about its own size, so the search always ends. At N = 3 the one
 * interior point has one colour (red on the square, black on the cube): there is no half-sweep of the
 * other to skip, and the sensitivity says so (NaN) rather than give a number that means nothing.
 *
 * @param problem the problem, whose colours the sensitivity names
 * @param sensitivity k and what a broken run would change
 * @param initial the random starting array
 * @param reference the reference after k iterations
 */
public record Verification(Problem problem, Sensitivity sensitivity, double[] initial, double[] reference) {

    /** The k tried first, for small grids. */
    static final int START_K = 50;
    /** Point updates the search may spend on its first k: at most about that many per candidate (N = 10001: k = 2). */
    static final long BUDGET = 250_000_000L;
    /** What the run must be sensitive to: a thousand times the largest tolerance a mode may declare. */
    public static final double REQUIRED = 1000 * Tolerance.LARGEST;

    /**
     * What a verification run is computed with: the plain reference, or a user's kernels on the CPU
     * (rows that run a user's class are checked against that class).
     */
    public interface Solver {

        /** A copy of {@code initial} after {@code iterations} iterations. */
        double[] solve(double[] initial, int iterations);

        /** A copy of {@code start} after one half-sweep of each of {@code colours}, in order; null when the kernels cannot run one alone. */
        double[] halfSweeps(double[] start, Colour... colours);
    }

    /** The problem's plain reference ({@link Problem#reference()}) as a solver. */
    static Solver plain(Problem problem, double[] f) {
        return new Solver() {
            @Override
            public double[] solve(double[] initial, int iterations) {
                return problem.reference().solve(initial, f, iterations);
            }

            @Override
            public double[] halfSweeps(double[] start, Colour... colours) {
                double[] u = start.clone();
                for (Colour colour : colours) {
                    problem.reference().halfSweep(u, f, colour.ordinal());
                }
                return u;
            }
        };
    }

    /** The verification run of {@code problem} from the random interior of {@code seed}. */
    public static Verification of(Problem problem, double[] f, long seed) {
        return of(problem, seed, plain(problem, f));
    }

    /** The verification run of {@code problem} from the random interior of {@code seed}, computed by {@code solver}. */
    public static Verification of(Problem problem, long seed, Solver solver) {
        double[] initial = problem.randomInitialU(seed);
        int k = (int) Math.max(1, Math.min(START_K, BUDGET / problem.interiorPoints()));
        while (true) {
            Verification candidate = at(problem, solver, initial, k);
            if (k == 1 || candidate.sensitive()) {
                return candidate;
            }
            k /= 2;
        }
    }

    /** The reference after {@code k} iterations, and its sensitivity. */
    static Verification at(Problem problem, double[] f, double[] initial, int k) {
        return at(problem, plain(problem, f), initial, k);
    }

    /**
     * The reference after {@code k} iterations, and its sensitivity. A solver that cannot run a
     * half-sweep alone (a user's {@code solve} runs whole iterations) still has one per colour: black
     * points change only in black half-sweeps, so without the last black half-sweep the black points
     * keep their values after k - 1 iterations, and without the last red the red points keep theirs
     * (and the black ones then move from those, so at least as far): the largest change of each
     * colour's points in the last iteration.
     */
    static Verification at(Problem problem, Solver solver, double[] initial, int k) {
        double[] before = solver.solve(initial, k - 1);
        double[] full = solver.halfSweeps(before, Colour.RED, Colour.BLACK);
        boolean red = problem.hasPointsOf(Colour.RED.ordinal());
        boolean black = problem.hasPointsOf(Colour.BLACK.ordinal());
        if (full == null) {
            full = solver.solve(initial, k);
            Sensitivity sensitivity = new Sensitivity(k, PoissonProblem.maxAbsDiff(full, before),
                    red ? maxAbsDiffOf(problem, Colour.RED, full, before) : Double.NaN,
                    black ? maxAbsDiffOf(problem, Colour.BLACK, full, before) : Double.NaN);
            return new Verification(problem, sensitivity, initial, full);
        }
        double[] withoutRed = solver.halfSweeps(before, Colour.BLACK);
        double[] withoutBlack = solver.halfSweeps(before, Colour.RED);
        Sensitivity sensitivity = new Sensitivity(k, PoissonProblem.maxAbsDiff(full, before),
                red ? PoissonProblem.maxAbsDiff(full, withoutRed) : Double.NaN,
                black ? PoissonProblem.maxAbsDiff(full, withoutBlack) : Double.NaN);
        return new Verification(problem, sensitivity, initial, full);
    }

    /** The largest |a - b| over the interior points of {@code colour}; NaN anywhere gives NaN. */
    private static double maxAbsDiffOf(Problem problem, Colour colour, double[] a, double[] b) {
        double max = 0;
        for (int index = 0; index < a.length; index++) {
            if (problem.colourOf(index) == colour.ordinal()) {
                double diff = Math.abs(a[index] - b[index]);
                if (Double.isNaN(diff)) {
                    return Double.NaN;
                }
                max = Math.max(max, diff);
            }
        }
        return max;
    }

    /**
     * Whether every change a broken run could make is at least {@link #REQUIRED}: one iteration fewer,
     * the last red and the last black half-sweep skipped (each only where the grid has points of that
     * colour: at N = 3 the square has no black one, the cube no red one). NaN, where a run made one, is never enough.
     */
    public boolean sensitive() {
        return weakness().isEmpty();
    }

    /** What a broken run could hide under, in words, or empty when nothing. */
    private Optional<String> weakness() {
        if (!(sensitivity.oneIterationFewer() >= REQUIRED)) {
            return Optional.of(describe("one iteration fewer", sensitivity.oneIterationFewer(), "an iteration"));
        }
        if (problem.hasPointsOf(Colour.RED.ordinal()) && !(sensitivity.redSkipped() >= REQUIRED)) {
            return Optional.of(describe("skipping the last red half-sweep", sensitivity.redSkipped(), "red"));
        }
        if (problem.hasPointsOf(Colour.BLACK.ordinal()) && !(sensitivity.blackSkipped() >= REQUIRED)) {
            return Optional.of(describe("skipping the last black half-sweep", sensitivity.blackSkipped(), "black"));
        }
        return Optional.empty();
    }

    private String describe(String what, double by, String part) {
        return String.format(Locale.ROOT, "the verification run (k = %d) cannot fail: %s moves its reference by %.3g,"
                + " less than %.0e: %s changes nothing a check could see", k(), what, by, REQUIRED, part);
    }

    /**
     * Refuses a verification run that a broken run could pass.
     *
     * @throws IllegalStateException with one line that says which colour (or the iteration) changes nothing
     */
    public void requireSensitive() {
        weakness().ifPresent(why -> {
            throw new IllegalStateException(why);
        });
    }

    public int k() {
        return sensitivity.k();
    }
}
