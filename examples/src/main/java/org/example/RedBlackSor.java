package org.example;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/**
 * Red-black successive over-relaxation (SOR) for Holdfast's Poisson problem: each point moves
 * {@link #OMEGA} times the Gauss-Seidel step, which converges faster than Gauss-Seidel (OMEGA = 1).
 * A user's class with the standard pair: Holdfast launches red, then black, once per iteration
 * (docs/user-kernels.md). Build and run it as examples/README.md says.
 */
public final class RedBlackSor {

    /** The relaxation factor: 1 is Gauss-Seidel, between 1 and 2 over-relaxes. */
    public static final double OMEGA = 1.5;

    private RedBlackSor() {
    }

    /** Relaxes every point with i + j even from its four neighbours. */
    @Kernel
    public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
        relax(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, 0);
    }

    /** Relaxes every point with i + j odd from its four neighbours. */
    @Kernel
    public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
        relax(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, 1);
    }

    /**
     * The points of {@code colour} that thread {@code first} of {@code stride} threads owns, walked by a
     * grid-stride loop over the interior (so any grid covers the problem):
     * u = (1 - OMEGA) u + OMEGA (north + south + east + west - h2 f) / 4.
     */
    @DeviceFunction
    static void relax(int first, int stride, double[] u, double[] f, int n, double h2, int colour) {
        int interior = (n - 2) * (n - 2);
        for (int p = first; p < interior; p += stride) {
            int i = 1 + p / (n - 2);
            int j = 1 + p % (n - 2);
            if (((i + j) & 1) == colour) {
                int c = i * n + j;
                double gaussSeidel = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                u[c] = (1 - OMEGA) * u[c] + OMEGA * gaussSeidel;
            }
        }
    }
}
