package twin;

import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** A device function that receives a block-shared array from one call and a global one from another. */
public final class MixedMemory {

    private MixedMemory() {
    }

    @Kernel
    public static void sums(KernelContext context, double[] in, double[] out) {
        double[] tile = context.allocateDoubleLocalArray(8);
        tile[context.localIdx] = in[context.globalIdx];
        context.localBarrier();
        if (context.localIdx == 0) {
            out[context.groupIdx] = total(tile, 8) - total(in, 8);
        }
    }

    @DeviceFunction
    static double total(
            double[] values, int count) {
        double sum = 0;
        for (int i = 0; i < count; i++) {
            sum += values[i];
        }
        return sum;
    }
}
