import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class MapSharedRankMisuse {
    @DeviceFunction
    static double peek(KernelContext context, double[] tile) {
        double[] other = context.mapSharedRank(tile, 0); // error: unsupported in a kernel: context.mapSharedRank in the @DeviceFunction peek (context.mapSharedRank(tile, 0)): map the block-shared array in the kernel and pass the mapped array as an argument
        return other[0];
    }

    @Kernel
    @Cluster(2)
    public static void misuse(KernelContext context, double[] in, double[] out) {
        double[] tile = context.allocateDoubleLocalArray(32);
        double[] global = context.mapSharedRank(in, 1); // error: unsupported in a kernel: context.mapSharedRank of in, which is not a block-shared array (in): map an array the kernel allocated with context.allocateDoubleLocalArray(SIZE) (or Float, Int, Long)
        out[0] = context.mapSharedRank(tile, 1)[0]; // error: unsupported in a kernel: array expression (context.mapSharedRank(tile, 1)): index an array parameter or block-shared array by its name
        context.mapSharedRank(tile, 1); // error: unsupported in a kernel: context.mapSharedRank here (context.mapSharedRank(tile, 1)): it must initialise a local, as in double[] left = context.mapSharedRank(tile, rank);
        float[] wrong = context.mapSharedRank(tile, 1); // error: type mismatch in a kernel: double[] where float[] is expected (context.mapSharedRank(tile, 1))
    }
}
