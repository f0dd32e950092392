import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SplitClusterBarrierOrder {
    @DeviceFunction
    static void arriveTwice(KernelContext context) {
        context.clusterArrive();
        context.clusterArrive(); // error: unsupported in a kernel: second cluster barrier arrival before the wait of the first (context.clusterArrive()): every context.clusterArrive() is completed by context.clusterWait() before the thread arrives again
    }

    @DeviceFunction
    static void complete(KernelContext context) {
        context.clusterWait();
    }

    @Kernel
    @Cluster(2)
    public static void waitsFirst(KernelContext context, double[] out) {
        out[context.globalIdx] = 1.0;
        context.clusterWait(); // error: unsupported in a kernel: cluster barrier wait without an arrival before it (context.clusterWait()): call context.clusterArrive() first, on every path: the wait completes the phase that the arrival began
    }

    @Kernel
    @Cluster(2)
    public static void waitsInABranch(KernelContext context, double[] out, int n) {
        if (n > 0) {
            context.clusterWait(); // error: unsupported in a kernel: cluster barrier wait without an arrival before it (context.clusterWait()): call context.clusterArrive() first, on every path: the wait completes the phase that the arrival began
        }
    }

    @Kernel
    @Cluster(2)
    public static void arrivesTwice(KernelContext context, double[] out, int steps) {
        for (int step = 0; step < steps; step++) {
            context.clusterArrive();
            out[context.globalIdx] = step;
            context.clusterArrive(); // error: unsupported in a kernel: second cluster barrier arrival before the wait of the first (context.clusterArrive()): every context.clusterArrive() is completed by context.clusterWait() before the thread arrives again
            context.clusterWait();
        }
    }

    @Kernel
    @Cluster(2)
    public static void barrierBetween(KernelContext context, double[] out) {
        context.clusterArrive();
        context.clusterBarrier(); // error: unsupported in a kernel: cluster barrier between an arrival and its wait (context.clusterBarrier()): context.clusterBarrier() arrives too; complete the pending context.clusterArrive() with context.clusterWait() first
        context.clusterWait();
    }

    @Kernel
    @Cluster(2)
    public static void arrivesInRankZero(KernelContext context, double[] out) {
        if (context.clusterRank == 0) {
            context.clusterArrive(); // error: unsupported in a kernel: cluster barrier arrival under a condition on the thread's or block's index (context.clusterRank == 0) (context.clusterArrive()): every thread of the cluster must reach it, or the others wait for ever; move it out of the condition (let every thread arrive, and make only the work conditional)
        }
        context.clusterWait();
    }

    /** Not reported: the order is right, or unknown here (a branch, a loop's iterations, a device function). */
    @Kernel
    @Cluster(2)
    public static void fine(KernelContext context, double[] out, int steps) {
        context.clusterArrive();
        complete(context);
        context.clusterArrive();
        for (int step = 0; step < steps; step++) {
            context.clusterWait();
            out[context.globalIdx] = step;
            context.clusterArrive();
        }
        context.clusterWait();
        if (steps > 0) {
            context.clusterArrive();
        }
        if (steps > 0) {
            context.clusterWait();
        }
    }
}
