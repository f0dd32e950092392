package twin;

import static java.lang.Math.sqrt;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Every rewrite a TornadoVM twin makes, in kernels small enough to check by eye. */
public final class TwinEdgeKernels {

    /** Public: the twin names it. */
    public static final int SCALE = 3;
    /** Private: the twin cannot name it, so it writes the value. */
    private static final double OFFSET = -0.5;
    static final long BIG = 1L << 40;
    static final int TILE = 4;

    private TwinEdgeKernels() {
    }

    /** Compound assignments and steps on arrays of each type: get, set, and Java's cast back. */
    @Kernel
    public static void compound(KernelContext context, int[] ints, long[] longs, float[] floats, double[] doubles, int n) {
        int i = context.globalIdx;
        if (i < n) {
            ints[i] += SCALE * 2;
            ints[i] *= 3L;
            longs[i] <<= 2;
            floats[i] /= 2.0;
            doubles[i] -= OFFSET + sqrt(doubles[i] * doubles[i]); // a static import of Math
            ints[i]++;
            --longs[i];
            ints[ints[i] & 0] = Limits.CAP + ints[i] % 5;
        }
    }

    /** A block-shared array (a Java array in TornadoVM too) passed to one device function, global arrays to another. */
    @Kernel
    public static void blockSums(KernelContext context, double[] in, double[] out) {
        double[] tile = context.allocateDoubleLocalArray(TILE);
        tile[context.localIdx] = in[context.globalIdx];
        context.localBarrier();
        if (context.localIdx == 0) {
            out[context.groupIdx] = sum(tile, TILE) + TwinEdgeKernels.first(in);
        }
    }

    @DeviceFunction
    static double sum(double[] values, int count) {
        double total = 0;
        for (int k = 0; k < count; k++) {
            total += values[k];
        }
        return total;
    }

    @DeviceFunction
    private static double first(double[] values) {
        return values[0];
    }

    /** Context fields, which are Integer in TornadoVM: a var local stays int, and == compares values. */
    @Kernel
    public static void indices(KernelContext context, long[] out) {
        var id = context.globalIdx;
        if (context.localIdx == context.groupIdx) {
            out[id] = BIG + id;
        } else {
            out[id] = Long.MIN_VALUE;
        }
    }

    /** Constants of a nested class. */
    static final class Limits {
        static final int CAP = 7;
    }

    /** A nested kernel class: its twin is TwinEdgeKernels_NestedTornadoVM. */
    public static final class Nested {

        private Nested() {
        }

        @Kernel
        public static void scale(KernelContext context, float[] values, int n) {
            if (context.globalIdx < n) {
                values[context.globalIdx] *= SCALE;
            }
        }
    }
}
