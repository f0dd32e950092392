import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ClusterBarrierUnderThreadCondition {
    @DeviceFunction
    static void meet(KernelContext context) {
        context.clusterBarrier();
    }

    @Kernel
    @Cluster(2)
    public static void exchange(KernelContext context, double[] u) {
        u[context.globalIdx] = 1;
        if (context.clusterRank > 0) {
            meet(context); // error: unsupported in a kernel: call to meet, which waits at the cluster barrier, under a condition on the thread's or block's index (context.clusterRank > 0) (meet(context)): every thread of the cluster must reach it, or the others wait for ever; move it out of the condition (let every thread arrive, and make only the work conditional)
        }
    }

    @Kernel
    @Cluster(2)
    public static void throughALocal(KernelContext context, double[] u) {
        int rank = context.clusterRank;
        boolean first = rank == 0 ? true : false;
        while (first) {
            context.clusterBarrier(); // error: unsupported in a kernel: cluster barrier under a condition on the thread's or block's index (first) (context.clusterBarrier()): every thread of the cluster must reach it, or the others wait for ever; move it out of the condition (let every thread arrive, and make only the work conditional)
            first = false;
        }
    }
}
