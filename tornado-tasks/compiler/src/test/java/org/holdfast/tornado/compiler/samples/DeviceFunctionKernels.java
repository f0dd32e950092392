package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Device functions: values, array writes, calls between them (declared in any order), the context, and names CUDA reserves. */
public final class DeviceFunctionKernels {

    private DeviceFunctionKernels() {
    }

    /** Declared before the function it calls: the generated file puts square first. */
    @DeviceFunction
    static double norm(double x, double y) {
        return Math.sqrt(square(x) + square(y));
    }

    @DeviceFunction
    static double square(double x) {
        return x * x;
    }

    /** Writes an array: calls to it must be statements (or initialisers) of their own. */
    @DeviceFunction
    static double store(double[] out, int i, double v) {
        out[i] = v;
        return v * 2;
    }

    @DeviceFunction
    static int clampIndex(int i, int n) {
        if (i < 0) {
            return 0;
        }
        if (i >= n) {
            return n - 1;
        }
        return i;
    }

    @DeviceFunction
    static boolean isEven(int v) {
        return (v & 1) == 0;
    }

    @DeviceFunction
    static long widen(int v) {
        return v;
    }

    @DeviceFunction
    static float half(float x) {
        return x / 2;
    }

    /** A device function whose name CUDA reserves, called where a local of the same name is in scope. */
    @DeviceFunction
    static double max(double a, double b, double c) {
        return Math.max(Math.max(a, b), c);
    }

    @DeviceFunction
    static int globalIndex(KernelContext context) {
        return context.globalIdx;
    }

    @Kernel
    public static void distances(KernelContext context, double[] x, double[] y, double[] out, int n) {
        int i = globalIndex(context);
        if (i < n) {
            double r = norm(x[i], y[i]);
            double twice = store(out, i, r + (isEven(i) ? 1.0 : 0.0));
            int min = clampIndex(i - 1, n);
            int unsigned = clampIndex(i + 1, n);
            int hf_sum = min + unsigned;
            double square = square(twice);
            double max = max(r, square, twice);
            store(out, n + i, hf_sum + widen(i) * 2 + square + half(i) + max);
        }
    }
}
