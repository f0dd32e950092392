import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ClusterNotMarked {
    @DeviceFunction
    static void sync(KernelContext context) {
        context.clusterBarrier();
    }

    @DeviceFunction
    static void split(KernelContext context) {
        context.clusterArrive();
        context.clusterWait();
    }

    @Kernel
    public static void halo(KernelContext context, double[] out) {
        double[] tile = context.allocateDoubleLocalArray(32);
        tile[context.localIdx] = context.clusterRank;
        context.clusterBarrier(); // error: unsupported in a kernel: cluster barrier in kernel halo, which is not @Cluster (context.clusterBarrier()): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        double[] next = context.mapSharedRank(tile, 1); // error: unsupported in a kernel: block-shared array of another block of the cluster in kernel halo, which is not @Cluster (context.mapSharedRank(tile, 1)): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        sync(context); // error: unsupported in a kernel: call to sync, which waits at the cluster barrier, in kernel halo, which is not @Cluster (sync(context)): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        context.clusterArrive(); // error: unsupported in a kernel: cluster barrier arrival in kernel halo, which is not @Cluster (context.clusterArrive()): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        context.clusterWait(); // error: unsupported in a kernel: cluster barrier wait in kernel halo, which is not @Cluster (context.clusterWait()): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        split(context); // error: unsupported in a kernel: call to split, which arrives at the cluster barrier, in kernel halo, which is not @Cluster (split(context)): annotate halo with @Cluster(SIZE) to launch it in clusters of SIZE groups
        out[context.globalIdx] = tile[0];
    }
}
