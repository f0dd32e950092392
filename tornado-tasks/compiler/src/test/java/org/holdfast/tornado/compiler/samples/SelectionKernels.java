package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Array selections: an array local that names one of several arrays, chosen once ({@code double[] from = even ? a : b;}). */
public final class SelectionKernels {

    private SelectionKernels() {
    }

    /**
     * Rounds of a block-wide shift between two arrays, the direction of each round chosen by an array selection
     * ({@code double[] from = even ? a : b;}): one call of the round, not one per direction.
     */
    @Kernel
    public static void pingPong(KernelContext context, double[] a, double[] b, int rounds) {
        for (int r = 0; r < rounds; r++) {
            double[] from = (r & 1) == 0 ? a : b;
            double[] to = (r & 1) == 0 ? b : a;
            shiftRound(context, from, to, r);
        }
    }

    /** {@code to[i] = from[i + 1] / 2 + r} around the block, then a block barrier before the next round reads it. */
    @DeviceFunction
    static void shiftRound(KernelContext context, double[] from, double[] to, int r) {
        int i = context.localIdx;
        int size = context.localGroupSizeX;
        to[i] = from[(i + 1) % size] * 0.5 + r;
        context.localBarrier();
    }
}
