package org.holdfast.tornado.api;

/** Kernels for the API's tests: they are never compiled for a GPU here, only named as tasks. */
public final class TestKernels {

    private TestKernels() {
    }

    @Kernel
    public static void copy(double[] from, double[] to) {
        for (int i = 0; i < to.length; i++) {
            to[i] = from[i];
        }
    }

    @Kernel
    public static void scale(double[] values, double factor) {
        for (int i = 0; i < values.length; i++) {
            values[i] *= factor;
        }
    }

    /** The same body as {@link #scale}, without the annotation. */
    public static void notAKernel(double[] values, double factor) {
        scale(values, factor);
    }
}
