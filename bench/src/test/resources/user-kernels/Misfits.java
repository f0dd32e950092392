package misfit;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/** Classes that break the user-kernel contract, one way each (UserKernelsTest). */
public final class Misfits {

    private Misfits() {
    }

    /** red without black. */
    public static final class RedOnly {
        @Kernel
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
            u[context.globalIdx] = f[0] * h2 + n;
        }
    }

    /** black with an extra parameter. */
    public static final class WrongBlack {
        @Kernel
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
            u[context.globalIdx] = f[0] * h2 + n;
        }

        @Kernel
        public static void black(KernelContext context, double[] u, double[] f, int n, double h2, int extra) {
            u[context.globalIdx] = f[0] * h2 + n + extra;
        }
    }

    /** solve without @Persistent. */
    public static final class PlainSolve {
        @Kernel
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            u[context.globalIdx] = f[0] * h2 + n + iterations;
        }
    }

    /** Kernels, but none the harness looks for. */
    public static final class OtherNames {
        @Kernel
        @Persistent
        public static void iterate(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            u[context.globalIdx] = f[0] * h2 + n + iterations;
        }
    }

    /** A cluster solve without sharedBytes. */
    public static final class ClusterWithoutSharedBytes {
        @Kernel
        @Persistent
        @Cluster(Cluster.WHOLE_GRID)
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            u[context.globalIdx] = f[0] * h2 + n + iterations + context.clusterRank;
        }
    }

    /** A cluster solve whose sharedBytes takes n alone. */
    public static final class ClusterWrongSharedBytes {
        public static int sharedBytes(int n) {
            return n;
        }

        @Kernel
        @Persistent
        @Cluster(4)
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            u[context.globalIdx] = f[0] * h2 + n + iterations + context.clusterRank;
        }
    }

    /** A standard pair in clusters. */
    public static final class ClusterRed {
        @Kernel
        @Cluster(2)
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
            u[context.globalIdx] = f[0] * h2 + n + context.clusterRank;
        }

        @Kernel
        public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
            u[context.globalIdx] = f[0] * h2 + n;
        }
    }
}
