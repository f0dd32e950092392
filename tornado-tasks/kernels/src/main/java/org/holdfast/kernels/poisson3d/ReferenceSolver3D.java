package org.holdfast.kernels.poisson3d;

import org.holdfast.kernels.problem.ParallelBands;
import org.holdfast.kernels.problem.PlainReference;

/**
 * The reference every mode is checked against on the 3D problem: red-black Gauss-Seidel written for
 * clarity, nested loops over the cube, every red point and then every black point. It shares no code
 * with the Java kernels ({@code RedBlackKernels3D}, which walk a compact numbering of one colour with a
 * grid-stride loop), so a mode that equals it equals an independent reading of the algorithm.
 *
 * <p>The update adds the six neighbours in the kernels' order (i + 1, i - 1, j + 1, j - 1, k + 1,
 * k - 1), subtracts h²·f and divides by 6, because floating-point addition is not associative: the same
 * doubles combined in the same order give the same bits, which lets every correct mode equal this
 * reference bit for bit.
 */
public final class ReferenceSolver3D {

    private ReferenceSolver3D() {
    }

    /** A copy of {@code initialU} after {@code iterations} iterations. */
    public static double[] solve(Poisson3DProblem problem, double[] initialU, double[] f, int iterations) {
        double[] u = initialU.clone();
        iterate(problem, u, f, iterations);
        return u;
    }

    /**
     * As {@link #solve}, on every core: each half-sweep cut into bands of planes that run at once
     * ({@link ParallelBands}), with the same result bit for bit. The harness computes the reference of
     * its timed runs with it: N = 256 is 16 million points an iteration.
     */
    public static double[] solveOnEveryCore(Poisson3DProblem problem, double[] initialU, double[] f, int iterations) {
        return ParallelBands.solve(problem, initialU, f, iterations, planes(problem));
    }

    /** A band of planes of one half-sweep, as {@link ParallelBands} cuts them. */
    static ParallelBands.BandSweep planes(Poisson3DProblem problem) {
        return (u, f, colour, first, end) -> halfSweepPlanes(problem, u, f, colour, first, end);
    }

    /** {@code iterations} iterations on {@code u} in place: red half-sweep, then black, each time. */
    public static void iterate(Poisson3DProblem problem, double[] u, double[] f, int iterations) {
        for (int iteration = 0; iteration < iterations; iteration++) {
            halfSweep(problem, u, f, PlainReference.RED);
            halfSweep(problem, u, f, PlainReference.BLACK);
        }
    }

    /** Updates every interior point of {@code colour} ({@link PlainReference#RED} or {@code BLACK}) from its six neighbours, in place. */
    public static void halfSweep(Poisson3DProblem problem, double[] u, double[] f, int colour) {
        halfSweepPlanes(problem, u, f, colour, 1, problem.n() - 1);
    }

    /**
     * The half-sweep of planes {@code firstPlane} to {@code endPlane - 1} alone: they read only points of
     * the other colour, so bands of planes may run at once ({@link #solveOnEveryCore}).
     */
    static void halfSweepPlanes(Poisson3DProblem problem, double[] u, double[] f, int colour, int firstPlane, int endPlane) {
        int n = problem.n();
        double h2 = problem.h2();
        for (int i = firstPlane; i < endPlane; i++) {
            for (int j = 1; j < n - 1; j++) {
                for (int k = 1; k < n - 1; k++) {
                    if ((i + j + k) % 2 == colour) {
                        double planeAfter = u[index(n, i + 1, j, k)];
                        double planeBefore = u[index(n, i - 1, j, k)];
                        double rowAfter = u[index(n, i, j + 1, k)];
                        double rowBefore = u[index(n, i, j - 1, k)];
                        double columnAfter = u[index(n, i, j, k + 1)];
                        double columnBefore = u[index(n, i, j, k - 1)];
                        int c = index(n, i, j, k);
                        u[c] = (planeAfter + planeBefore + rowAfter + rowBefore + columnAfter + columnBefore - h2 * f[c]) / 6.0;
                    }
                }
            }
        }
    }

    /** Where point (i, j, k) sits in the arrays. */
    public static int index(int n, int i, int j, int k) {
        return (i * n + j) * n + k;
    }
}
