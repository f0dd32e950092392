import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

public class MbarrierMisuse {
    @DeviceFunction
    static void arm(KernelContext context, long[] barriers) {
        context.mbarrierArriveExpectTx(barriers, 0, 8);
    }

    @Kernel
    public static void notCluster(KernelContext context, double[] out) {
        long[] landed = context.allocateLongLocalArray(2);
        double[] ghosts = context.allocateDoubleLocalArray(4);
        context.mbarrierInit(landed, 0, 1); // error: unsupported in a kernel: mbarrier in kernel notCluster, which is not @Cluster (context.mbarrierInit(landed, 0, 1)): annotate notCluster with @Cluster(SIZE) to launch it in clusters of SIZE groups
        arm(context, landed); // error: unsupported in a kernel: call to arm, which uses an mbarrier, in kernel notCluster, which is not @Cluster (arm(context, landed)): annotate notCluster with @Cluster(SIZE) to launch it in clusters of SIZE groups
        out[context.globalIdx] = ghosts[0];
    }

    @Kernel
    @Cluster(2)
    public static void noBound(KernelContext context, double[] out) {
        long[] landed = context.allocateLongLocalArray(2);
        context.mbarrierWaitParity(landed, 0, 0); // error: unsupported in a kernel: wait for other groups in kernel noBound, which is not @Persistent (context.mbarrierWaitParity(landed, 0, 0)): annotate noBound with @Persistent, so that its groups are co-resident and every wait is bounded by the watchdog; context.localBarrier() waits for the threads of one group
        out[context.globalIdx] = 1.0;
    }

    @Kernel
    @Persistent
    @Cluster(2)
    public static void wrongArrays(KernelContext context, long[] flags, double[] out, int[] counts) {
        long[] landed = context.allocateLongLocalArray(2);
        double[] ghosts = context.allocateDoubleLocalArray(4);
        int[] tally = context.allocateIntLocalArray(2);
        double[] next = context.mapSharedRank(ghosts, 1);
        long[] nextLanded = context.mapSharedRank(landed, 1);
        context.mbarrierInit(flags, 0, 1); // error: unsupported in a kernel: context.mbarrierInit on flags, which is not this group's block-shared array (context.mbarrierInit(flags, 0, 1)): an mbarrier lives in the group's own shared memory, where its threads wait on it (mbarrier ... shared::cta); allocate it with context.allocateLongLocalArray(SIZE), and name it by this group's array in context.storeAsync, which completes on the same mbarrier of the group it stores into
        context.mbarrierArriveExpectTx(tally, 0, 8); // error: unsupported in a kernel: context.mbarrierArriveExpectTx on int[] tally (context.mbarrierArriveExpectTx(tally, 0, 8)): an mbarrier is 8 bytes of the group's shared memory: a long of a block-shared long[] (context.allocateLongLocalArray(SIZE))
        context.mbarrierWaitParity(nextLanded, 0, 0); // error: unsupported in a kernel: context.mbarrierWaitParity on nextLanded, which is not this group's block-shared array (context.mbarrierWaitParity(nextLanded, 0, 0)): an mbarrier lives in the group's own shared memory, where its threads wait on it (mbarrier ... shared::cta); allocate it with context.allocateLongLocalArray(SIZE), and name it by this group's array in context.storeAsync, which completes on the same mbarrier of the group it stores into
        context.storeAsync(out, 0, 1.0, landed, 0); // error: unsupported in a kernel: context.storeAsync into out, which is not a mapped block-shared array (context.storeAsync(out, 0, 1.0, landed, 0)): st.async writes the shared memory of a group of the cluster; map it with context.mapSharedRank(shared, rank)
        context.storeAsync(next, 0, 1.0, nextLanded, 0); // error: unsupported in a kernel: context.storeAsync on nextLanded, which is not this group's block-shared array (context.storeAsync(next, 0, 1.0, nextLanded, 0)): an mbarrier lives in the group's own shared memory, where its threads wait on it (mbarrier ... shared::cta); allocate it with context.allocateLongLocalArray(SIZE), and name it by this group's array in context.storeAsync, which completes on the same mbarrier of the group it stores into
        context.clusterBarrier();
    }
}
