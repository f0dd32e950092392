package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** java.lang.Math in kernels: the exactly rounded functions, and the transcendental ones. */
public final class MathKernels {

    /** Outputs per thread of {@link #exact}: doubles, floats, ints and longs. */
    public static final int DOUBLES = 20;
    public static final int FLOATS = 12;
    public static final int INTS = 8;
    public static final int LONGS = 6;
    /** Outputs per thread of {@link #transcendental}. */
    public static final int TRANSCENDENTAL = 19;

    private MathKernels() {
    }

    /**
     * Functions whose result Java and CUDA define exactly (correctly rounded or exact), on pairs of
     * arguments {@code d[2i], d[2i+1]} (and so on). {@code rounded}
     * holds finite values in int range: Math.round of NaN or of a huge value saturates in Java and on
     * the GPU, but not in the CPU harness.
     */
    @Kernel
    public static void exact(KernelContext context, double[] d, float[] f, int[] k, long[] l, double[] rounded, double[] dout,
            float[] fout, int[] iout, long[] lout) {
        int i = context.globalIdx;
        double x = d[2 * i];
        double y = d[2 * i + 1];
        float p = f[2 * i];
        float q = f[2 * i + 1];
        int a = k[2 * i];
        int b = k[2 * i + 1];
        long u = l[2 * i];
        long v = l[2 * i + 1];
        int o = DOUBLES * i;
        dout[o] = Math.sqrt(x);
        dout[o + 1] = Math.sqrt(p);
        dout[o + 2] = Math.abs(x);
        dout[o + 3] = Math.min(x, y);
        dout[o + 4] = Math.max(x, y);
        dout[o + 5] = Math.floor(x);
        dout[o + 6] = Math.ceil(x);
        dout[o + 7] = Math.rint(x);
        dout[o + 8] = Math.fma(x, y, x);
        dout[o + 9] = Math.signum(x);
        dout[o + 10] = Math.copySign(x, y);
        dout[o + 11] = Math.toRadians(x);
        dout[o + 12] = Math.toDegrees(x);
        dout[o + 13] = Math.IEEEremainder(x, y);
        dout[o + 14] = Math.min(a, x);
        dout[o + 15] = Math.max(p, y);
        dout[o + 16] = Math.abs(a) + Math.abs(u);
        dout[o + 17] = x % y;
        dout[o + 18] = Math.sqrt(a) + Math.floor(p);
        dout[o + 19] = Math.min(-0.0, x) + Math.max(0.0, x);
        int h = FLOATS * i;
        fout[h] = Math.abs(p);
        fout[h + 1] = Math.min(p, q);
        fout[h + 2] = Math.max(p, q);
        fout[h + 3] = Math.fma(p, q, p);
        fout[h + 4] = Math.signum(p);
        fout[h + 5] = Math.copySign(p, q);
        fout[h + 6] = p % q;
        fout[h + 7] = (float) Math.sqrt(p);
        fout[h + 8] = Math.min(p, a);
        fout[h + 9] = Math.max(a, q);
        fout[h + 10] = (float) Math.floor(p);
        fout[h + 11] = Math.min(Math.max(p, -1.0f), 1.0f);
        int m = INTS * i;
        iout[m] = Math.abs(a);
        iout[m + 1] = Math.min(a, b);
        iout[m + 2] = Math.max(a, b);
        iout[m + 3] = b != 0 ? Math.floorDiv(a, b) : 0;
        iout[m + 4] = b != 0 ? Math.floorMod(a, b) : 0;
        iout[m + 5] = Math.round((float) rounded[i]);
        iout[m + 6] = b != 0 ? Math.floorMod(u, b) : 0;
        iout[m + 7] = Math.abs(Integer.MIN_VALUE) + Math.min(a, 0);
        int w = LONGS * i;
        lout[w] = Math.abs(u);
        lout[w + 1] = Math.min(u, v) + Math.max(u, a);
        lout[w + 2] = v != 0 ? Math.floorDiv(u, v) : 0;
        lout[w + 3] = v != 0 ? Math.floorMod(u, v) : 0;
        lout[w + 4] = Math.round(rounded[i]);
        lout[w + 5] = b != 0 ? Math.floorDiv(u, b) : 0;
    }

    /** Functions whose implementations may differ in the last bit (Java allows 1 ulp, CUDA documents 1 to 2). */
    @Kernel
    public static void transcendental(KernelContext context, double[] d, double[] e, float[] f, double[] out) {
        int i = context.globalIdx;
        double x = d[i];
        double y = e[i];
        float p = f[i];
        int o = TRANSCENDENTAL * i;
        out[o] = Math.exp(x);
        out[o + 1] = Math.log(Math.abs(x));
        out[o + 2] = Math.sin(x);
        out[o + 3] = Math.cos(x);
        out[o + 4] = Math.tan(x);
        out[o + 5] = Math.pow(Math.abs(x), y);
        out[o + 6] = Math.atan2(x, y);
        out[o + 7] = Math.cbrt(x);
        out[o + 8] = Math.hypot(x, y);
        out[o + 9] = Math.sinh(y);
        out[o + 10] = Math.cosh(y);
        out[o + 11] = Math.tanh(x);
        out[o + 12] = Math.asin(y / 8);
        out[o + 13] = Math.acos(y / 8);
        out[o + 14] = Math.atan(x);
        out[o + 15] = Math.expm1(y);
        out[o + 16] = Math.log10(Math.abs(x));
        out[o + 17] = Math.log1p(Math.abs(y));
        out[o + 18] = Math.exp(p);
    }
}
