package org.holdfast.kernels.poisson3d;

import org.holdfast.kernels.RedBlackKernels3D;
import org.holdfast.kernels.problem.HalfSweepKernels;
import org.holdfast.kernels.problem.PlainReference;
import org.holdfast.kernels.problem.Problem;

/**
 * The second problem: Δu = f on the unit cube, discretised on {@code n} points per side (both faces
 * included), spacing {@code d = 1 / (n - 1)}, and solved by red-black Gauss-Seidel with the 7-point
 * stencil, red where {@code i + j + k} is even.
 *
 * <p>Exact solution {@code u = sin(2πx)·cos(2πy)·cos(2πz)}, so {@code f = -12π²·u}, the sign convention
 * of the 2D problem ({@code u = (sum of the six neighbours - d²·f) / 6}); the boundary comes from the
 * exact solution and the interior starts at zero, or at values drawn from a seed. Arrays hold
 * {@code n x n x n} doubles: point (i, j, k) sits at {@code x = k·d}, {@code y = j·d}, {@code z = i·d},
 * index {@code (i·n + j)·n + k}.
 */
public record Poisson3DProblem(int n) implements Problem {

    /** The name reports and options give this problem. */
    public static final String NAME = "poisson3d";

    /** The largest n whose n³ doubles fit in one Java array. */
    public static final int MAX_N = 1290;

    public Poisson3DProblem {
        if (n < 3) {
            throw new IllegalArgumentException("N must be at least 3 (one interior point), got " + n);
        }
        if (n > MAX_N) {
            throw new IllegalArgumentException("N = " + n + " is too large for " + NAME + ": a Java array holds at most 2^31-1"
                    + " elements, so N³ must stay under it: N <= " + MAX_N);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int dimensions() {
        return 3;
    }

    @Override
    public String shape() {
        return n + " x " + n + " x " + n;
    }

    /** Points in the grid, n³. */
    @Override
    public int points() {
        return n * n * n;
    }

    /** Interior points, (n - 2)³. */
    @Override
    public long interiorPoints() {
        long side = n - 2;
        return side * side * side;
    }

    /** Interior lines (along k) times the most points of one colour a line holds, (n - 2)²·⌊(n - 1) / 2⌋: what {@link RedBlackKernels3D} numbers. */
    @Override
    public long pointsPerColour() {
        long side = n - 2;
        return side * side * ((n - 1) / 2);
    }

    /** Red where i + j + k is even, black where it is odd; the six faces are the boundary. */
    @Override
    public int colourOf(int index) {
        int i = z(index);
        int j = y(index);
        int k = x(index);
        if (onFace(i) || onFace(j) || onFace(k)) {
            return BOUNDARY;
        }
        return (i + j + k) % 2 == 0 ? PlainReference.RED : PlainReference.BLACK;
    }

    private boolean onFace(int coordinate) {
        return coordinate == 0 || coordinate == n - 1;
    }

    /** At N = 3 the one interior point, (1, 1, 1), is black; from N = 4 both colours have points. */
    @Override
    public boolean hasPointsOf(int colour) {
        return colour == PlainReference.BLACK || n >= 4;
    }

    @Override
    public HalfSweepKernels halfSweepKernels() {
        return new HalfSweepKernels(RedBlackKernels3D::red, RedBlackKernels3D::black);
    }

    @Override
    public PlainReference reference() {
        return PlainReference.of((u, f, iterations) -> ReferenceSolver3D.solve(this, u, f, iterations),
                (u, f, iterations) -> ReferenceSolver3D.solveOnEveryCore(this, u, f, iterations),
                (u, f, colour) -> ReferenceSolver3D.halfSweep(this, u, f, colour));
    }

    public static double exact(double x, double y, double z) {
        return Math.sin(2 * Math.PI * x) * Math.cos(2 * Math.PI * y) * Math.cos(2 * Math.PI * z);
    }

    /** Δ of {@link #exact}: each of the three second derivatives gives -4π² times it. */
    public static double rightHandSide(double x, double y, double z) {
        return -12 * Math.PI * Math.PI * Math.sin(2 * Math.PI * x) * Math.cos(2 * Math.PI * y) * Math.cos(2 * Math.PI * z);
    }

    /** The starting array: the exact solution on the boundary, zero inside. */
    @Override
    public double[] initialU() {
        double[] u = new double[points()];
        double d = spacing();
        for (int index = 0; index < u.length; index++) {
            if (colourOf(index) == BOUNDARY) {
                u[index] = exact(x(index) * d, y(index) * d, z(index) * d);
            }
        }
        return u;
    }

    @Override
    public double[] rightHandSide() {
        return atEveryPoint(Poisson3DProblem::rightHandSide);
    }

    @Override
    public double[] exactSolution() {
        return atEveryPoint(Poisson3DProblem::exact);
    }

    /** A function of the point's coordinates. */
    @FunctionalInterface
    private interface OfPoint {
        double at(double x, double y, double z);
    }

    /** {@code g(x, y, z)} at every point of the grid. */
    private double[] atEveryPoint(OfPoint g) {
        double[] values = new double[points()];
        double d = spacing();
        for (int index = 0; index < values.length; index++) {
            values[index] = g.at(x(index) * d, y(index) * d, z(index) * d);
        }
        return values;
    }

    /** The largest |u - exact| over the grid. */
    @Override
    public double maxErrorAgainstExact(double[] u) {
        double d = spacing();
        double max = 0;
        for (int index = 0; index < u.length; index++) {
            max = Math.max(max, Math.abs(u[index] - exact(x(index) * d, y(index) * d, z(index) * d)));
        }
        return max;
    }

    /** The largest |discrete residual| over the interior: |(sum of the six neighbours - 6u)/d² - f|. */
    @Override
    public double maxResidual(double[] u, double[] f) {
        double h2 = h2();
        double max = 0;
        for (int index = 0; index < u.length; index++) {
            if (colourOf(index) != BOUNDARY) {
                double neighbours = u[index + n * n] + u[index - n * n] + u[index + n] + u[index - n] + u[index + 1] + u[index - 1];
                max = Math.max(max, Math.abs((neighbours - 6 * u[index]) / h2 - f[index]));
            }
        }
        return max;
    }

    /** The point's index along x (k), y (j) and z (i). */
    private int x(int index) {
        return index % n;
    }

    private int y(int index) {
        return index / n % n;
    }

    private int z(int index) {
        return index / n / n;
    }
}
