package org.holdfast.kernels.problem;

import java.util.stream.IntStream;

/**
 * A plain reference's iterations on every core: each half-sweep cut into bands of its outermost index
 * (rows of the 2D grid, planes of the 3D one) that run at once. A point of one colour reads only points
 * of the other, which that half-sweep does not write, so the bands share nothing they change and every
 * point gets the same doubles added in the same order: the result is the plain loops' bit for bit.
 */
public final class ParallelBands {

    /** Below this many interior points a half-sweep is shorter than handing out its bands: it runs on one thread. */
    public static final long PARALLEL_FROM_POINTS = 1L << 16;
    /** Bands per core, so that a core slowed by other work holds up little. */
    private static final int BANDS_PER_CORE = 4;

    /** One colour's half-sweep of the interior lines {@code first} to {@code end - 1} of the outermost index, in place. */
    @FunctionalInterface
    public interface BandSweep {
        void halfSweep(double[] u, double[] f, int colour, int first, int end);
    }

    private ParallelBands() {
    }

    /**
     * A copy of {@code initialU} after {@code iterations} iterations of {@code problem}, whose half-sweeps
     * {@code sweep} runs band by band: a few bands a core, or one below {@link #PARALLEL_FROM_POINTS}.
     */
    public static double[] solve(Problem problem, double[] initialU, double[] f, int iterations, BandSweep sweep) {
        int bands = problem.interiorPoints() < PARALLEL_FROM_POINTS ? 1 : Runtime.getRuntime().availableProcessors() * BANDS_PER_CORE;
        return solve(initialU, f, iterations, problem.n() - 2, bands, sweep);
    }

    /**
     * A copy of {@code initialU} after {@code iterations} iterations, every half-sweep of the outermost
     * interior indices 1 to {@code lines} cut into {@code bands} bands (at most one an index).
     */
    public static double[] solve(double[] initialU, double[] f, int iterations, int lines, int bands, BandSweep sweep) {
        double[] u = initialU.clone();
        int cut = Math.min(lines, bands);
        for (int iteration = 0; iteration < iterations; iteration++) {
            halfSweep(u, f, PlainReference.RED, lines, cut, sweep);
            halfSweep(u, f, PlainReference.BLACK, lines, cut, sweep);
        }
        return u;
    }

    /** One half-sweep in {@code bands} bands; it returns when every band is done, and the stream's join makes their writes visible. */
    private static void halfSweep(double[] u, double[] f, int colour, int lines, int bands, BandSweep sweep) {
        IntStream.range(0, bands).parallel().forEach(band -> sweep.halfSweep(u, f, colour,
                1 + (int) ((long) lines * band / bands), 1 + (int) ((long) lines * (band + 1) / bands)));
    }
}
