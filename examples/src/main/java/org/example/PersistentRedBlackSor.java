package org.example;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/**
 * {@link RedBlackSor} as one persistent kernel: every iteration in one launch, a grid barrier between
 * two half-sweeps. A user's class with the persistent kernel: Holdfast runs solve in persistent-grid
 * on the GPU and, with every group at once, in the CPU modes (docs/user-kernels.md).
 */
public final class PersistentRedBlackSor {

    /** The relaxation factor, as RedBlackSor's. */
    public static final double OMEGA = 1.5;

    private PersistentRedBlackSor() {
    }

    /** {@code iterations} iterations of red then black relaxation on {@code u}, in one launch. */
    @Kernel
    @Persistent
    public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
        for (int iteration = 0; iteration < iterations; iteration++) {
            relax(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, 0);
            // Every red point is written before any thread reads it for black, on every block.
            context.gridBarrier();
            relax(context.globalIdx, context.globalGroupSizeX, u, f, n, h2, 1);
            if (iteration + 1 < iterations) {
                context.gridBarrier();
            }
        }
    }

    /** The points of {@code colour} of thread {@code first} of {@code stride}: RedBlackSor's relaxation. */
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
