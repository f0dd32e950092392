package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** while, do-while, for without parts, break, continue, early return, nested blocks and the conditional operator. */
public final class ControlFlowKernels {

    private ControlFlowKernels() {
    }

    /** Collatz steps of each start value, at most 1000. */
    @Kernel
    public static void collatz(KernelContext context, long[] start, int[] steps, int n) {
        int i = context.globalIdx;
        if (i >= n) {
            return;
        }
        long v = start[i];
        int count = 0;
        while (v > 1) {
            if ((v & 1) == 0) {
                v >>= 1;
            } else {
                v = 3 * v + 1;
            }
            count++;
            if (count >= 1000) {
                break;
            }
        }
        steps[i] = count;
    }

    @Kernel
    public static void loops(KernelContext context, int[] in, int[] out, int n) {
        int i = context.globalIdx;
        if (i < n) {
            int x = in[i];
            int sumOdd = 0;
            for (int j = 0; j < 20; j++) {
                if (j % 2 == 0) {
                    continue;
                }
                sumOdd += j * x;
            }
            int digits = 0;
            int rest = x;
            do {
                digits++;
                rest /= 10;
            } while (rest != 0);
            int found = -1;
            for (int a = 0, b = 10; a < b; a++, b--) {
                if ((x + a) % 7 == 0) {
                    found = a;
                    break;
                }
            }
            int forever = 0;
            for (;;) {
                forever += 3;
                if (forever > x % 50 + 50) {
                    break;
                }
            }
            {
                int inner = x > 0 ? x < 100 ? 1 : 2 : x == 0 ? 0 : -1;
                out[5 * i + 4] = inner;
            }
            if (x < -1000) {
                out[5 * i] = sumOdd;
            } else if (x < 0) {
                out[5 * i] = -sumOdd;
            } else if (x == 0) {
                out[5 * i] = 42;
            } else {
                out[5 * i] = sumOdd + 1;
            }
            out[5 * i + 1] = digits;
            out[5 * i + 2] = found;
            out[5 * i + 3] = forever;
        }
    }
}
