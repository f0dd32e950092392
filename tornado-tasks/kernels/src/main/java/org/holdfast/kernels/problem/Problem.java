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
    /** What {@link #colourOf} says of a boundary point, which no half-sweep updates. */
    int BOUNDARY = -1;

    /** The name reports and options use, such as {@code poisson2d}. */
    String name();

    /** Dimensions of the grid: 2 for a square, 3 for a cube. */
    int dimensions();

    /** Points per side, both boundary points included. */
    int n();

    /** The grid's extent as messages print it, such as {@code 1001 x 1001}. */
    String shape();

    /** The grid spacing d = 1 / (N - 1): every problem is on the unit square or cube, both faces included. */
    default double spacing() {
        return 1.0 / (n() - 1);
    }

    /** d², the spacing squared: the factor of f in the update, as the kernels take it. */
    default double h2() {
        double d = spacing();
        return d * d;
    }

    /** Points in the grid, boundary included, which a Java array must hold. */
    int points();

    /** Interior points: the points one iteration updates. */
    long interiorPoints();

    /** The most points one colour has: the threads a half-sweep needs for one point each. */
    long pointsPerColour();

    /**
     * The colour of the point at {@code index} of u: {@link PlainReference#RED} or {@link PlainReference#BLACK}
     * inside, {@link #BOUNDARY} on the boundary. What the checks that name colours ask, whatever the grid's shape.
     */
    int colourOf(int index);

    /** Whether the grid has interior points of {@code colour} (at N = 3 its one interior point has one colour). */
    boolean hasPointsOf(int colour);

    /** The problem's standard red and black kernels, one half-sweep per launch, which the task graph launches. */
    HalfSweepKernels halfSweepKernels();

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

    /**
     * The starting array with a random interior: the exact solution on the boundary, and inside values
     * uniform in [-1, 1) drawn in the order of the array from {@code seed}, the same on every machine.
     * Far from the solution, it keeps the result of a few iterations sensitive to every half-sweep.
     */
    default double[] randomInitialU(long seed) {
        double[] u = initialU();
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        for (int index = 0; index < u.length; index++) {
            if (colourOf(index) != BOUNDARY) {
                u[index] = random.nextDouble(-1.0, 1.0);
            }
        }
        return u;
    }

    /** The right-hand side f at every point. */
    double[] rightHandSide();

    /** The exact solution at every point. */
    double[] exactSolution();

    /** The largest |u - exact| over the grid. */
    double maxErrorAgainstExact(double[] u);

    /** The largest |discrete residual| of -Δu = f over the interior, in the problem's own stencil. */
    double maxResidual(double[] u, double[] f);

    /** The plain reference every mode is checked against. */
    PlainReference reference();
}
