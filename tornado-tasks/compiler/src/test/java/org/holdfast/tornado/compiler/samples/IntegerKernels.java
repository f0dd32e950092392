package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Integer arithmetic as Java defines it: wrap-around, shifts with masked counts, >>>, negative numbers. */
public final class IntegerKernels {

    /** Outputs per thread of {@link #intOps} and {@link #longOps}. */
    public static final int OUTPUTS = 16;

    private IntegerKernels() {
    }

    @Kernel
    public static void intOps(KernelContext context, int[] a, int[] b, int[] s, int[] out, int n) {
        int i = context.globalIdx;
        if (i < n) {
            int x = a[i];
            int y = b[i];
            int k = s[i];
            int o = OUTPUTS * i;
            out[o] = x << k;
            out[o + 1] = x >> k;
            out[o + 2] = x >>> k;
            out[o + 3] = (x & y) + (x | y) * 3 + (x ^ y);
            out[o + 4] = ~x;
            out[o + 5] = x * y + x - y;
            out[o + 6] = y != 0 && !(x == Integer.MIN_VALUE && y == -1) ? x / y : 0;
            out[o + 7] = y != 0 && !(x == Integer.MIN_VALUE && y == -1) ? x % y : 0;
            out[o + 8] = -x;
            out[o + 9] = (x << 33) + (x >>> -1) + (x >> 65) + (x << k + 1);
            int t = x;
            t <<= k;
            t >>>= 3;
            t >>= 1;
            t ^= y;
            t |= 5;
            t &= ~k;
            t += 7;
            t -= y;
            t *= 3;
            t >>>= k;
            out[o + 10] = t;
            int u = x;
            u++;
            ++u;
            u--;
            --u;
            u--;
            out[o + 11] = u;
            out[o + 12] = (x >>> 28) + (y >> 31) + (1 << k) + (0xFF & x) + (-1 >>> k) + (0x80000000 >> k);
            out[o + 13] = (x < y ? 1 : 0) | (x <= y ? 2 : 0) | (x > y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0)
                    | (x != y ? 32 : 0);
            out[o + 14] = Integer.MAX_VALUE + x;
            out[o + 15] = (x >>> (k & 7)) % 1000 - (y >> (k & 7)) / 1000;
        }
    }

    @Kernel
    public static void longOps(KernelContext context, long[] a, long[] b, int[] s, long[] out, int n) {
        int i = context.globalIdx;
        if (i < n) {
            long x = a[i];
            long y = b[i];
            int k = s[i];
            long wideK = k;
            int o = OUTPUTS * i;
            out[o] = x << k;
            out[o + 1] = x >> k;
            out[o + 2] = x >>> k;
            out[o + 3] = (x & y) + (x | y) * 3 + (x ^ y);
            out[o + 4] = ~x;
            out[o + 5] = x * y + x - y;
            out[o + 6] = y != 0 && !(x == Long.MIN_VALUE && y == -1) ? x / y : 0;
            out[o + 7] = y != 0 && !(x == Long.MIN_VALUE && y == -1) ? x % y : 0;
            out[o + 8] = -x;
            out[o + 9] = (k << wideK) + (x << wideK) + (1L << k) + (1 << k) + (x >>> 65);
            long t = x;
            t <<= k;
            t >>>= 3;
            t >>= wideK;
            t ^= y;
            t |= 5;
            t &= ~wideK;
            t += 7;
            t -= y;
            t *= 3;
            t >>>= k;
            out[o + 10] = t;
            int narrowed = (int) x;
            narrowed += y;
            out[o + 11] = narrowed;
            out[o + 12] = (x >>> 60) + (y >> 63) + (0xFFFFFFFFL & x) + (-1L >>> k) + (Long.MIN_VALUE >> k);
            out[o + 13] = (x < y ? 1 : 0) | (x <= y ? 2 : 0) | (x > y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0)
                    | (x != y ? 32 : 0);
            out[o + 14] = Long.MAX_VALUE + x + (long) k * Integer.MAX_VALUE;
            out[o + 15] = x * k + (int) y * k;
        }
    }

    /** boolean operators, short-circuit and not. */
    @Kernel
    public static void booleanOps(KernelContext context, int[] a, int[] b, int[] out, int n) {
        int i = context.globalIdx;
        if (i < n) {
            boolean p = a[i] > 0;
            boolean q = b[i] % 2 == 0;
            boolean r = p & q | !p ^ q;
            boolean shortCircuit = b[i] != 0 && a[i] / b[i] > 1 || a[i] == 0;
            boolean same = p == q;
            boolean different = p != r;
            out[i] = (r ? 1 : 0) + (shortCircuit ? 2 : 0) + (same ? 4 : 0) + (different ? 8 : 0);
        }
    }
}
