package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Solves;

/**
 * The red and black half-sweeps of Gauss-Seidel for the 3D Poisson problem, 7-point stencil, written
 * once in Java and run on the CPU as they are or on the GPU as the CUDA C the kernel compiler makes of
 * them; the twin of {@link RedBlackKernels}, with the same parameters.
 *
 * <p>{@code u} and {@code f} are {@code n x n x n}: point (i, j, k) is {@code u[(i * n + j) * n + k]},
 * red where {@code i + j + k} is even. Each thread takes points of one colour through a grid-stride loop
 * over a compact numbering: the {@code p}-th point of a colour lies on interior line {@code p / half}
 * (plane {@code 1 + line / (n - 2)}, row {@code 1 + line % (n - 2)}) at the {@code (p % half)}-th column
 * of that colour, where {@code half = (n - 1) / 2} is the most points of one colour a line holds. So any
 * number of threads covers the grid, and one thread per numbered point leaves at most one idle a line.
 */
@Solves("poisson3d")
public final class RedBlackKernels3D {

    private RedBlackKernels3D() {
    }

    /** Updates every red interior point from its six black neighbours. */
    @Kernel
    public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
        halfSweep(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, RedBlackKernels.RED);
    }

    /** Updates every black interior point from its six red neighbours. */
    @Kernel
    public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
        halfSweep(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, RedBlackKernels.BLACK);
    }

    /**
     * The points of {@code colour} that thread {@code first} of {@code stride} threads owns: the update
     * {@code u = (sum of the six neighbours - h2 * f) / 6} ({@link Stencil#sevenPointUpdate}), in place.
     */
    @DeviceFunction
    public static void halfSweep(int first, int stride, double[] u, double[] f, int n, double h2, int colour) {
        int half = (n - 1) / 2;
        int lines = (n - 2) * (n - 2);
        int points = lines * half;
        for (int p = first; p < points; p += stride) {
            int line = p / half;
            int i = 1 + line / (n - 2);
            int j = 1 + line % (n - 2);
            int k = 1 + 2 * (p % half) + ((i + j + 1 + colour) & 1);
            if (k < n - 1) {
                int c = (i * n + j) * n + k;
                u[c] = Stencil.sevenPointUpdate(u[((i + 1) * n + j) * n + k], u[((i - 1) * n + j) * n + k],
                        u[c + n], u[c - n], u[c + 1], u[c - 1], h2 * f[c]);
            }
        }
    }
}
