package org.holdfast.kernels.poisson;

import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.kernels.problem.HalfSweepKernels;
import org.holdfast.kernels.problem.PlainReference;
import org.holdfast.kernels.problem.Problem;

/**
 * The problem every mode solves: -Δu = -f on the unit square, discretised on {@code n} points per side
 * (both edges included), spacing {@code d = 1 / (n - 1)}.
 *
 * <p>Exact solution {@code u = sin(2πx)·cos(2πy)}, so {@code f = -8π²·sin(2πx)·cos(2πy)}; the
 * boundary comes from the exact solution and the interior starts at zero, or at values drawn from
 * a seed ({@link #randomInitialU(long)}), which keep every half-sweep visible. Arrays are row-major
 * {@code n x n} doubles: point (i, j) sits at {@code x = j·d}, {@code y = i·d}, index {@code i·n + j}.
 */
public record PoissonProblem(int n) implements Problem {

    /** The name reports and options give this problem. */
    public static final String NAME = "poisson2d";

    /** The largest n whose n² doubles fit in one Java array. */
    public static final int MAX_N = 46_340;

    public PoissonProblem {
        if (n < 3) {
            throw new IllegalArgumentException("N must be at least 3 (one interior point), got " + n);
        }
        if (n > MAX_N) {
            throw new IllegalArgumentException("N = " + n + " is too large: a Java array holds at most 2^31-1 elements, so N <= " + MAX_N);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int dimensions() {
        return 2;
    }

    @Override
    public String shape() {
        return n + " x " + n;
    }

    /** Points in the grid, n². */
    @Override
    public int points() {
        return n * n;
    }

    /** Interior points, (n - 2)², the points one iteration updates. */
    @Override
    public long interiorPoints() {
        return (long) (n - 2) * (n - 2);
    }

    /** Interior rows times the most points of one colour in a row, (n - 2)·⌊(n - 1) / 2⌋. */
    @Override
    public long pointsPerColour() {
        return (long) (n - 2) * ((n - 1) / 2);
    }

    /** Red where i + j is even, black where it is odd; the edges are the boundary. */
    @Override
    public int colourOf(int index) {
        int i = index / n;
        int j = index % n;
        if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
            return BOUNDARY;
        }
        return ReferenceSolver.Colour.of(i, j).ordinal();
    }

    @Override
    public boolean hasPointsOf(int colour) {
        return ReferenceSolver.Colour.values()[colour].presentAt(n);
    }

    @Override
    public HalfSweepKernels halfSweepKernels() {
        return new HalfSweepKernels(RedBlackKernels::red, RedBlackKernels::black);
    }

    @Override
    public PlainReference reference() {
        return PlainReference.of((u, f, iterations) -> ReferenceSolver.solve(this, u, f, iterations),
                (u, f, iterations) -> ParallelReferenceSolver.solve(this, u, f, iterations),
                (u, f, colour) -> ReferenceSolver.halfSweep(this, u, f, ReferenceSolver.Colour.values()[colour]));
    }

    public static double exact(double x, double y) {
        return Math.sin(2 * Math.PI * x) * Math.cos(2 * Math.PI * y);
    }

    public static double rightHandSide(double x, double y) {
        return -8 * Math.PI * Math.PI * Math.sin(2 * Math.PI * x) * Math.cos(2 * Math.PI * y);
    }

    /** The starting array: the exact solution on the boundary, zero inside. */
    @Override
    public double[] initialU() {
        double[] u = new double[points()];
        double d = spacing();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                    u[i * n + j] = exact(j * d, i * d);
                }
            }
        }
        return u;
    }

    /** The right-hand side f at every point. */
    @Override
    public double[] rightHandSide() {
        return atEveryPoint(PoissonProblem::rightHandSide);
    }

    @Override
    public double[] exactSolution() {
        return atEveryPoint(PoissonProblem::exact);
    }

    /** {@code g(x, y)} at every point of the grid. */
    private double[] atEveryPoint(java.util.function.DoubleBinaryOperator g) {
        double[] values = new double[points()];
        double d = spacing();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                values[i * n + j] = g.applyAsDouble(j * d, i * d);
            }
        }
        return values;
    }

    /** The largest |u - exact| over the grid. */
    @Override
    public double maxErrorAgainstExact(double[] u) {
        double d = spacing();
        double max = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                max = Math.max(max, Math.abs(u[i * n + j] - exact(j * d, i * d)));
            }
        }
        return max;
    }

    /** The largest |a - b| element by element; NaN anywhere gives NaN. */
    public static double maxAbsDiff(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("arrays differ in length: " + a.length + " and " + b.length);
        }
        double max = 0;
        for (int k = 0; k < a.length; k++) {
            double diff = Math.abs(a[k] - b[k]);
            if (Double.isNaN(diff)) {
                return Double.NaN;
            }
            max = Math.max(max, diff);
        }
        return max;
    }

    /** The largest |discrete residual| over the interior: |(sum of neighbours - 4u)/d² - f|. */
    @Override
    public double maxResidual(double[] u, double[] f) {
        double h2 = h2();
        double max = 0;
        for (int i = 1; i < n - 1; i++) {
            for (int j = 1; j < n - 1; j++) {
                int c = i * n + j;
                double laplacian = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - 4 * u[c]) / h2;
                max = Math.max(max, Math.abs(laplacian - f[c]));
            }
        }
        return max;
    }
}
