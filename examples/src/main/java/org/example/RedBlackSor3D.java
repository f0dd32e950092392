package org.example;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Solves;

/**
 * Red-black SOR for Holdfast's 3D Poisson problem (the cube, 7-point stencil): the class says so with
 * {@code @Solves("poisson3d")}, and Holdfast hands its kernels the N³ cube, point (i, j, k) at
 * {@code u[(i * n + j) * n + k]}, red where i + j + k is even. Run it with {@code --problem poisson3d}
 * (examples/README.md).
 */
@Solves("poisson3d")
public final class RedBlackSor3D {

    /** The relaxation factor: 1 is Gauss-Seidel, between 1 and 2 over-relaxes. */
    public static final double OMEGA = 1.5;

    private RedBlackSor3D() {
    }

    /** Relaxes every point with i + j + k even from its six neighbours. */
    @Kernel
    public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
        relax(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, 0);
    }

    /** Relaxes every point with i + j + k odd from its six neighbours. */
    @Kernel
    public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
        relax(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, 1);
    }

    /**
     * The points of {@code colour} that thread {@code first} of {@code stride} threads owns, walked by a
     * grid-stride loop over the interior (so any grid covers the cube):
     * u = (1 - OMEGA) u + OMEGA (sum of the six neighbours - h2 f) / 6.
     */
    @DeviceFunction
    static void relax(int first, int stride, double[] u, double[] f, int n, double h2, int colour) {
        int side = n - 2;
        int interior = side * side * side;
        int plane = n * n;
        for (int p = first; p < interior; p += stride) {
            int i = 1 + p / (side * side);
            int j = 1 + p / side % side;
            int k = 1 + p % side;
            if (((i + j + k) & 1) == colour) {
                int c = (i * n + j) * n + k;
                double gaussSeidel = (u[c + plane] + u[c - plane] + u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) / 6.0;
                u[c] = (1 - OMEGA) * u[c] + OMEGA * gaussSeidel;
            }
        }
    }
}
