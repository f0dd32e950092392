package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Compile-time constants of the class, of other classes and of Math, inlined with full precision. */
public final class ConstantKernels {

    static final int SCALE = 3;
    static final long BIG = 1L << 40;
    static final float HALF = 0.5f;
    static final double THIRD = 1.0 / 3;
    static final boolean ENABLED = true;
    static final char LETTER = 'A';
    static final int MASK = 0x7F_FF;

    /** Constants of a nested class. */
    static final class Config {
        static final double GAIN = 1.0e-3;
        static final int OFFSET = -17;

        private Config() {
        }
    }

    private ConstantKernels() {
    }

    @Kernel
    public static void constants(KernelContext context, double[] dout, float[] fout, long[] lout, int[] iout, int n) {
        int i = context.globalIdx;
        if (i != 0) {
            return;
        }
        dout[0] = Math.PI;
        dout[1] = Math.E;
        dout[2] = THIRD;
        dout[3] = Double.MAX_VALUE;
        dout[4] = Double.MIN_VALUE;
        dout[5] = Double.POSITIVE_INFINITY;
        dout[6] = Double.NaN;
        dout[7] = -0.0;
        dout[8] = Config.GAIN * SCALE;
        dout[9] = (double) SCALE / 7;
        dout[10] = 0.1 + 0.2;
        dout[11] = Double.NEGATIVE_INFINITY;
        dout[12] = 1e300 * 1e10;
        dout[13] = 2 * Math.PI * n;
        dout[14] = Math.sqrt(2.0) + Math.pow(2, 0.5);
        dout[15] = Math.toRadians(180) - Math.PI;
        fout[0] = Float.MIN_VALUE;
        fout[1] = Float.MAX_VALUE;
        fout[2] = HALF * 3;
        fout[3] = 1.0f / 3.0f;
        fout[4] = Float.NEGATIVE_INFINITY;
        fout[5] = (float) Math.PI;
        fout[6] = 16777217;
        fout[7] = Float.NaN;
        fout[8] = 0.1f * n;
        lout[0] = BIG;
        lout[1] = Long.MIN_VALUE;
        lout[2] = Long.MAX_VALUE;
        lout[3] = Integer.MIN_VALUE;
        lout[4] = 1L << 63;
        lout[5] = 0xFFFFFFFFL;
        lout[6] = -1L >>> 1;
        lout[7] = BIG * BIG;
        lout[8] = (long) 1e19;
        lout[9] = BIG + n;
        iout[0] = Integer.MIN_VALUE;
        iout[1] = Integer.MAX_VALUE + 1;
        iout[2] = 0x7FFFFFFF;
        iout[3] = 1 << 31;
        iout[4] = (int) 3.99;
        iout[5] = (int) -3.99;
        iout[6] = (int) Double.NaN;
        iout[7] = (int) 1e10;
        iout[8] = LETTER;
        iout[9] = ENABLED ? 1 : 0;
        iout[10] = 017;
        iout[11] = MASK & n;
        iout[12] = Config.OFFSET * n;
        iout[13] = SCALE > 2 && ENABLED ? 1 : 2;
        iout[14] = 0xFF;
        iout[15] = Math.floorMod(-7, 3) + Math.abs(Integer.MIN_VALUE) + (int) Math.round(-2.5);
    }
}
