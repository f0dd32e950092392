package org.holdfast.tornado.compiler;

import java.util.Random;

/** Random kernel inputs: plain ranges, and ranges salted with the values where Java and C are most likely to part. */
final class Inputs {

    private static final int[] INT_SPECIALS = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x80000000 >>> 1, 0xFFFF, -0x10000};
    private static final long[] LONG_SPECIALS = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32, -(1L << 32), 0xFFFFFFFFL};
    private static final double[] DOUBLE_SPECIALS = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.5,
        -0.5, 2.5, -2.5, 1e308, -1e-310, Double.MIN_VALUE, 0.49999999999999994};
    private static final float[] FLOAT_SPECIALS = {0.0f, -0.0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0.5f,
        -0.5f, 2.5f, -2.5f, 3e38f, -1e-40f, Float.MIN_VALUE};

    private Inputs() {
    }

    static double[] doubles(Random r, int n, double lo, double hi) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = lo + (hi - lo) * r.nextDouble();
        }
        return a;
    }

    static float[] floats(Random r, int n, float lo, float hi) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = lo + (hi - lo) * r.nextFloat();
        }
        return a;
    }

    static int[] ints(Random r, int n, int lo, int hi) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(lo, hi + 1);
        }
        return a;
    }

    static long[] longs(Random r, int n, long lo, long hi) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextLong(lo, hi + 1);
        }
        return a;
    }

    /** Any int, one in four a special value (extremes, -1, 0, masks). */
    static int[] anyInts(Random r, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(4) == 0 ? INT_SPECIALS[r.nextInt(INT_SPECIALS.length)] : r.nextInt();
        }
        return a;
    }

    static long[] anyLongs(Random r, int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(4) == 0 ? LONG_SPECIALS[r.nextInt(LONG_SPECIALS.length)] : r.nextLong();
        }
        return a;
    }

    /** Doubles over many magnitudes, one in four a special value (NaN, signed zeros, infinities, halves, subnormals). */
    static double[] specialDoubles(Random r, int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(4) == 0 ? DOUBLE_SPECIALS[r.nextInt(DOUBLE_SPECIALS.length)]
                    : r.nextGaussian() * Math.pow(10, r.nextInt(-5, 6));
        }
        return a;
    }

    static float[] specialFloats(Random r, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(4) == 0 ? FLOAT_SPECIALS[r.nextInt(FLOAT_SPECIALS.length)]
                    : (float) (r.nextGaussian() * Math.pow(10, r.nextInt(-5, 6)));
        }
        return a;
    }
}
