package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/**
 * The red and black half-sweeps of Gauss-Seidel for the 2D Poisson problem, written once in Java
 * and run on the CPU as they are or on the GPU as the CUDA C the kernel compiler makes of them.
 *
 * <p>{@code u} and {@code f} are {@code n x n}, row-major: point (i, j) is {@code u[i * n + j]}.
 * Each thread takes points of one colour through a grid-stride loop over a compact numbering: the
 * {@code p}-th point of a colour lies in interior row {@code 1 + p / half} at the
 * {@code (p % half)}-th column of that colour, where {@code half = (n - 1) / 2} is the most points
 * of one colour an interior row holds. So any number of threads covers the grid, which is what lets
 * both paradigms use the same block count.
 */
public final class RedBlackKernels {

    /** Points with (i + j) even. */
    public static final int RED = 0;
    /** Points with (i + j) odd. */
    public static final int BLACK = 1;

    private RedBlackKernels() {
    }

    /** Updates every red interior point from its four black neighbours. */
    @Kernel
    public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
        halfSweep(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, RED);
    }

    /** Updates every black interior point from its four red neighbours. */
    @Kernel
    public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
        halfSweep(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, BLACK);
    }

    /**
     * The points of {@code colour} that thread {@code first} of {@code stride} threads owns: the
     * update {@code u = (north + south + east + west - h2 * f) / 4} ({@link Stencil#fivePointUpdate}), in place.
     */
    @DeviceFunction
    public static void halfSweep(int first, int stride, double[] u, double[] f, int n, double h2, int colour) {
        int half = (n - 1) / 2;
        int points = (n - 2) * half;
        for (int p = first; p < points; p += stride) {
            int i = 1 + p / half;
            int j = 1 + 2 * (p % half) + ((i + 1 + colour) & 1);
            if (j < n - 1) {
                int c = i * n + j;
                u[c] = Stencil.fivePointUpdate(u[c + n], u[c - n], u[c + 1], u[c - 1], h2 * f[c]);
            }
        }
    }

    /**
     * Threads needed for one point each: interior rows times the points of one colour per row, the
     * count {@link #halfSweep} numbers. The layers above ask the problem ({@code PoissonProblem.pointsPerColour()},
     * the same count); this file names no class but {@link Stencil}, because the kernel compiler's tests compile the two alone.
     */
    public static long pointsPerColour(int n) {
        return (long) (n - 2) * ((n - 1) / 2);
    }
}
