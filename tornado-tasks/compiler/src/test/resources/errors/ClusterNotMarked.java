import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ClusterNotMarked {
    @DeviceFunction
    static void sync(KernelContext context) {
        context.clusterBarrier();
    }

    @Kernel
    public static void halo(KernelContext context, double[] out) {
        double[] tile = context.allocateDoubleLocalArray(32);
        tile[context.localIdx] = context.clusterRank;
        context.clusterBarrier(); // error: unsupported in a kernel: cluster barrier in kernel halo, which is not @Cluster (context.clusterBarrier()): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        double[] next = context.mapSharedRank(tile, 1); // error: unsupported in a kernel: block-shared array of another block of the cluster in kernel halo, which is not @Cluster (context.mapSharedRank(tile, 1)): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        sync(context); // error: unsupported in a kernel: call to sync, which waits at the cluster barrier, in kernel halo, which is not @Cluster (sync(context)): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        out[context.globalIdx] = tile[0];
    }
}
