package org.holdfast.kernels;

import org.holdfast.tornado.api.DeviceFunction;

/**
 * The 5-point update of the 2D Poisson problem, written once for every Java kernel
 * ({@link RedBlackKernels}, {@link PersistentRedBlackKernels}, {@code temporal.TemporalKernels}); the
 * native kernels' is {@code five_point_update} in {@code native-hip/src/device/stencil.h}. The kernel
 * compiler writes it into each kernel class's CUDA C, where it is inlined.
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
}
