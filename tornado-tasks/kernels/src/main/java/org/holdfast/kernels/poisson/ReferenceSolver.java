package org.holdfast.kernels.poisson;

/**
 * The reference every mode is checked against: red-black Gauss-Seidel written for clarity, nested
 * loops over the grid, every red point and then every black point. It shares no code with the Java
 * kernels (which walk a compact numbering of one colour with a grid-stride loop), so a mode that
 * equals it equals an independent reading of the algorithm, not a copy of its own code.
 *
 * <p>The update adds the neighbours in the kernels' order (below, above, right, left), because
 * floating-point addition is not associative: the same doubles added in the same order give the
 * same bits, and that is what lets every correct mode equal this reference bit for bit.
 */
public final class ReferenceSolver {

    private ReferenceSolver() {
    }

    /** A copy of {@code initialU} after {@code iterations} iterations. */
    public static double[] solve(PoissonProblem problem, double[] initialU, double[] f, int iterations) {
        double[] u = initialU.clone();
        iterate(problem, u, f, iterations);
        return u;
    }

    /** {@code iterations} iterations on {@code u} in place: red half-sweep, then black, each time. */
    public static void iterate(PoissonProblem problem, double[] u, double[] f, int iterations) {
        for (int iteration = 0; iteration < iterations; iteration++) {
            halfSweep(problem, u, f, Colour.RED);
            halfSweep(problem, u, f, Colour.BLACK);
        }
    }

    /** Updates every interior point of {@code colour} from its four neighbours, in place. */
    public static void halfSweep(PoissonProblem problem, double[] u, double[] f, Colour colour) {
        halfSweepRows(problem, u, f, colour, 1, problem.n() - 1);
    }

    /**
     * The half-sweep of rows {@code firstRow} to {@code endRow - 1} alone: they read only rows of the
     * other colour's points, so bands of rows may run at once ({@link ParallelReferenceSolver}).
     */
    static void halfSweepRows(PoissonProblem problem, double[] u, double[] f, Colour colour, int firstRow, int endRow) {
        int n = problem.n();
        double h2 = problem.h2();
        for (int i = firstRow; i < endRow; i++) {
            for (int j = 1; j < n - 1; j++) {
                if (Colour.of(i, j) == colour) {
                    double below = u[(i + 1) * n + j];
                    double above = u[(i - 1) * n + j];
                    double right = u[i * n + j + 1];
                    double left = u[i * n + j - 1];
                    u[i * n + j] = (below + above + right + left - h2 * f[i * n + j]) / 4;
                }
            }
        }
    }

    /** The two colours of the checkerboard, in the order of {@link org.holdfast.kernels.problem.PlainReference#RED} and {@code BLACK}. */
    public enum Colour {
        /** Points with i + j even. */
        RED,
        /** Points with i + j odd. */
        BLACK;

        public static Colour of(int i, int j) {
            return (i + j) % 2 == 0 ? RED : BLACK;
        }

        /** Whether an {@code n x n} grid has interior points of this colour (at N = 3 the one interior point is red). */
        public boolean presentAt(int n) {
            return this == RED ? n >= 3 : n >= 4;
        }
    }
}
