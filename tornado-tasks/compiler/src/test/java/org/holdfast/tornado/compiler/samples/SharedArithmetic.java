package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.DeviceFunction;

/**
 * Device functions and no kernels: arithmetic written once for other classes' kernels
 * ({@link ImportingKernels}), whose generated files hold what they call of it.
 */
public final class SharedArithmetic {

    /** A constant of this class: the importing file gets its value. */
    static final double QUARTER = 0.25;

    private SharedArithmetic() {
    }

    /** The 5-point update's shape: four values added in this order, less a fifth, times a constant. */
    @DeviceFunction
    public static double weightedSum(double a, double b, double c, double d, double e) {
        return (a + b + c + d - e) * QUARTER;
    }

    /** Calls a device function of its own class and a Math function with a helper: both come along. */
    @DeviceFunction
    public static double clampedSpread(double x, double y) {
        return Math.max(spread(x, y), 0.0);
    }

    @DeviceFunction
    static double spread(double x, double y) {
        return x - y;
    }

    /** Called by no kernel of another class: in no other class's file. */
    @DeviceFunction
    static int unused(int v) {
        return v + 1;
    }
}
