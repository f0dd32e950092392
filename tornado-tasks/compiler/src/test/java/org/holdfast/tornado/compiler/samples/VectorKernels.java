package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Element-wise kernels: the basic shapes, mixed types, promotions, casts and compound assignments. */
public final class VectorKernels {

    private VectorKernels() {
    }

    @Kernel
    public static void vectorAdd(KernelContext context, double[] a, double[] b, double[] sum, int n) {
        int i = context.globalIdx;
        if (i < n) {
            sum[i] = a[i] + b[i];
        }
    }

    /** y = alpha * x + y in float, through a grid-stride loop. */
    @Kernel
    public static void saxpy(KernelContext context, float alpha, float[] x, float[] y, int n) {
        for (int i = context.globalIdx; i < n; i += context.globalGroupSizeX) {
            y[i] = alpha * x[i] + y[i];
        }
    }

    /** Binary numeric promotion, casts, var, float and double remainders, compound assignments that narrow. */
    @Kernel
    public static void mixed(KernelContext context, float[] f, double[] d, int[] k, long[] l, double[] out, float[] fout, int n) {
        int i = context.globalIdx;
        if (i >= n) {
            return;
        }
        var scaled = f[i] * k[i];
        double wide = scaled + d[i] / 3;
        long big = l[i] * k[i] + (long) f[i];
        int narrow = (int) (d[i] * 1000.0);
        float back = (float) wide;
        int acc = k[i];
        acc += d[i];
        acc *= 1.5f;
        acc -= 7L;
        long lacc = big;
        lacc /= 7;
        lacc -= acc;
        lacc %= 1000003;
        float fr = f[i] % 1.25f;
        double dr = d[i] % -0.75;
        double mixedRemainder = k[i] % 2.5;
        float frem = f[i];
        frem %= 0.3;
        double quotient = k[i] / 7 + k[i] / 7.0 + l[i] / 3 + (double) l[i] / 3;
        boolean flag = scaled > wide;
        flag &= k[i] > 0;
        flag |= l[i] < 0;
        flag ^= true;
        int o = 8 * i;
        out[o] = scaled;
        out[o + 1] = wide;
        out[o + 2] = big;
        out[o + 3] = narrow + back;
        out[o + 4] = acc + lacc;
        out[o + 5] = fr + dr + mixedRemainder;
        out[o + 6] = quotient;
        out[o + 7] = flag ? 1.0 : -1.0;
        fout[2 * i] = frem;
        fout[2 * i + 1] = (float) (-f[i]) + (float) +d[i];
    }
}
