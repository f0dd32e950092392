import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

public class LaunchAnnotationMisuse {
    @DeviceFunction
    @Persistent
    static void helper(KernelContext context) { // error: @Persistent method helper is not a @Kernel: only kernels are launched persistent; a device function called by a @Persistent kernel may wait like it
        context.gridBarrier();
    }

    @Cluster(4)
    public static void notAKernel(int[] a) { // error: @Cluster method notAKernel is not a @Kernel: only kernels are launched in clusters; a device function called by a @Cluster kernel may use clusters like it
        a[0] = 1;
    }

    @Kernel
    @Cluster(32)
    public static void tooLarge(KernelContext context, int[] a) { // error: @Cluster(32) on kernel tooLarge: a cluster has 1 to 16 blocks (more than 8 is a non-portable size), or is the whole grid (Cluster.WHOLE_GRID)
        a[context.globalIdx] = context.clusterRank;
    }

    @Kernel
    @Cluster(0)
    public static void empty(KernelContext context, int[] a) { // error: @Cluster(0) on kernel empty: a cluster has 1 to 16 blocks (more than 8 is a non-portable size), or is the whole grid (Cluster.WHOLE_GRID)
        a[context.globalIdx] = context.clusterRank;
    }

    @Kernel
    @Persistent(threadsPerBlock = 2048)
    public static void tooWide(KernelContext context, int[] a) { // error: @Persistent(threadsPerBlock = 2048) on kernel tooWide: a block has 1 to 1024 threads
        a[context.globalIdx] = 1;
    }
}
