package org.holdfast.kernels.problem;

/**
 * What a mode solves, as the layers above the kernels see it: its name, its grid, the arrays it
 * starts from, its exact solution and its plain reference. The harness, the reports, the progress
 * line, the memory budget, the verification run and the device buffers ask the problem for sizes and
 * bytes instead of computing them from N, so that a second problem (a 3D grid, another stencil) is
 * one more implementation rather than an edit of every layer (docs/architecture.md, "Adding a
 * problem"; ProblemOwnsGridSizesTest keeps the size products here).
 *
 * <p>Every problem is red-black: its interior points fall into two colours, and a point of one
 * colour reads only points of the other, so each half-sweep is fully parallel.
 */
public interface Problem {

    /** Arrays one red-black iteration moves at least: u read, f read, u written. */
    int ARRAYS_MOVED_PER_ITERATION = 3;

    /** The name reports and options use, such as {@code poisson2d}. */
    String name();

    /** Dimensions of the grid: 2 for a square, 3 for a cube. */
    int dimensions();

    /** Points per side, both boundary points included. */
    int n();

    /** The grid's extent as messages print it, such as {@code 1001 x 1001}. */
    String shape();

    /** Points in the grid, boundary included, which a Java array must hold. */
    int points();

    /** Interior points: the points one iteration updates. */
    long interiorPoints();

    /** The most points one colour has: the threads a half-sweep needs for one point each. */
    long pointsPerColour();

    /** Length of the arrays u and f (the whole grid, row-major). */
    default int arrayLength() {
        return points();
    }

    /** Bytes of one array of u or f. */
    default long arrayBytes() {
        return (long) arrayLength() * Double.BYTES;
    }

    /**
     * Bytes one iteration must move at least: u read once, f read once, u written once. What the
     * {@code GB/s} and {@code of copy} columns divide by.
     */
    default long bytesPerIteration() {
        return ARRAYS_MOVED_PER_ITERATION * (long) points() * Double.BYTES;
    }

    /** The starting array: the exact solution on the boundary, zero inside. */
    double[] initialU();

    /** The starting array with the interior drawn from {@code seed}, the same on every machine. */
    double[] randomInitialU(long seed);

    /** The right-hand side f at every point. */
    double[] rightHandSide();

    /** The exact solution at every point. */
    double[] exactSolution();

    /** The largest |u - exact| over the grid. */
    double maxErrorAgainstExact(double[] u);

    /** The plain reference every mode is checked against. */
    PlainReference reference();
}
