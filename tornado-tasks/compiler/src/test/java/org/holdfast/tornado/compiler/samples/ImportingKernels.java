package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Kernels and a device function that call device functions of another class, {@link SharedArithmetic}. */
public final class ImportingKernels {

    private ImportingKernels() {
    }

    /** out = weightedSum of u's neighbours and h2 f, plus twice the clamped spread; a local named like a function of the file. */
    @Kernel
    public static void relax(KernelContext context, double[] u, double[] f, double[] out, int n, double h2) {
        int i = context.globalIdx;
        if (i >= 1 && i < n - 1) {
            double spread = SharedArithmetic.clampedSpread(u[i + 1], u[i - 1]);
            out[i] = SharedArithmetic.weightedSum(u[i + 1], u[i - 1], u[i], spread, h2 * f[i]) + twice(spread);
        }
    }

    /** A device function of this class that calls one of another class. */
    @DeviceFunction
    static double twice(double x) {
        return org.holdfast.tornado.compiler.samples.SharedArithmetic.weightedSum(x, x, x, x, 0.0) * 2;
    }
}
