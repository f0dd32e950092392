package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchBounds;
import org.holdfast.tornado.api.Specialize;
import org.holdfast.tornado.api.Unroll;

/**
 * The constructs a temporally blocked kernel needs: compile-time specialisation, per-thread arrays
 * of constant size (rotated through device functions), unrolled loops, launch bounds and warp
 * shuffles.
 */
public final class TemporalConstructKernels {

    /** Threads per block of the launch-bounded kernel. */
    public static final int THREADS = 64;

    private TemporalConstructKernels() {
    }

    /**
     * out[i] = sum of in[i - k + 1 .. i] (in[j] = 0 for j < 0), one thread per chunk of {@code chunk}
     * points, keeping the last k values in a per-thread window that is shifted, not rotated.
     */
    @Kernel
    public static void windowSum(KernelContext context, @Specialize({1, 3, 4}) int k, double[] in, double[] out, int n, int chunk) {
        double[] window = new double[k];
        int first = context.globalIdx * chunk;
        for (@Unroll int j = 0; j < k; j++) {
            int at = first - k + 1 + j;
            window[j] = at >= 0 && at < n ? in[at] : 0.0;
        }
        for (int i = first; i < first + chunk && i < n; i++) {
            shift(k, window, in[i]);
            out[i] = total(k, window);
        }
    }

    /** Moves the window one place and puts {@code value} last. */
    @DeviceFunction
    static void shift(int k, double[] window, double value) {
        for (@Unroll int j = 0; j + 1 < k; j++) {
            window[j] = window[j + 1];
        }
        window[k - 1] = value;
    }

    /** The window's sum, in index order. */
    @DeviceFunction
    static double total(int k, double[] window) {
        double sum = 0.0;
        for (@Unroll int j = 0; j < k; j++) {
            sum += window[j];
        }
        return sum;
    }

    /**
     * Per warp, the inclusive prefix sums of {@code values} by shuffles (Hillis-Steele), and each
     * thread's value from the lane above (its own at the top lane) as an int, of two specialisations
     * of the scale and the number of rounds.
     */
    @Kernel
    @LaunchBounds(maxThreads = THREADS, minBlocksPerMultiprocessor = 4)
    public static void warpScan(KernelContext context, @Specialize({1, 2}) int scale, @Specialize({5}) int rounds, double[] values,
            double[] sums, int[] ids, int[] above) {
        int i = context.globalIdx;
        double sum = values[i] * scale;
        int lane = context.localIdx & 31;
        for (@Unroll int round = 0; round < rounds; round++) {
            int delta = 1 << round;
            double from = context.shuffleUp(sum, delta);
            if (lane >= delta) {
                sum += from;
            }
        }
        sums[i] = sum;
        above[i] = context.shuffleDown(ids[i], 1);
    }

    /**
     * One warp reverses a block-shared array of 32 doubles: each lane writes its value, waits at the warp
     * barrier (no block barrier: the group is one warp), then reads its mirror lane's.
     */
    @Kernel
    public static void warpReverse(KernelContext context, double[] values, double[] reversed) {
        double[] lanes = context.allocateDoubleLocalArray(32);
        int lane = context.localIdx;
        lanes[lane] = values[context.globalIdx];
        context.warpBarrier();
        reversed[context.globalIdx] = lanes[31 - lane];
    }

    /**
     * Each thread decodes its packed code (index above bit 4, a scale in bits 0 to 3) afresh every step
     * through context.opaque, as the cluster kernel decodes its points: out[i] = sum over steps of
     * in[index] * scale.
     */
    @Kernel
    public static void decodeEveryStep(KernelContext context, int[] codes, double[] in, double[] out, int steps) {
        int i = context.globalIdx;
        int code = codes[i];
        double sum = 0.0;
        for (int step = 0; step < steps; step++) {
            int c = context.opaque(code);
            sum += in[c >> 4] * (c & 15);
        }
        out[i] = sum;
    }
}
