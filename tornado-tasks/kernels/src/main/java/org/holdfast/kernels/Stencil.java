package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;

/**
 * The updates of the Poisson problems, each written once for every Java kernel: the 5-point update of
 * the 2D problem ({@link RedBlackKernels}, {@link PersistentRedBlackKernels}, {@code temporal.TemporalKernels};
 * the native kernels' is {@code five_point_update} in {@code native-hip/src/device/stencil.h}) and the
 * 7-point update of the 3D problem ({@link RedBlackKernels3D}). The kernel compiler writes each into the
 * CUDA C of every kernel class that calls it, where it is inlined.
 */
public final class Stencil {

    private Stencil() {
    }

    /**
     * The new value of point (i, j) from its neighbours in rows i + 1 and i - 1 and columns j + 1 and
     * j - 1, and {@code h2f = h2 * f(i, j)}: {@code (north + south + east + west - h2 f) / 4}, added in
     * exactly this order, the reference's, so that every kernel gets the reference's bits (Java never
     * fuses a multiply and an add; the generated CUDA C is compiled without contraction). A caller
     * passes the neighbours in this order and computes h2 * f where it always has.
     */
    @DeviceFunction
    public static double fivePointUpdate(double rowAfter, double rowBefore, double columnAfter, double columnBefore, double h2f) {
        return (rowAfter + rowBefore + columnAfter + columnBefore - h2f) * 0.25;
    }

    /**
     * The new value of point (i, j, k) from its neighbours in planes i + 1 and i - 1, rows j + 1 and j - 1
     * and columns k + 1 and k - 1, and {@code h2f = h2 * f(i, j, k)}: {@code (sum of the six - h2 f) / 6},
     * added in exactly this order, the reference's ({@code poisson3d.ReferenceSolver3D}). A division by 6:
     * 1/6 has no exact double (1/4 has, so the 5-point update may multiply), and a correctly rounded
     * division is the same in Java and in CUDA C without contraction, so every kernel keeps the reference's bits.
     */
    @DeviceFunction
    public static double sevenPointUpdate(double planeAfter, double planeBefore, double rowAfter, double rowBefore,
            double columnAfter, double columnBefore, double h2f) {
        return (planeAfter + planeBefore + rowAfter + rowBefore + columnAfter + columnBefore - h2f) / 6.0;
    }
}
