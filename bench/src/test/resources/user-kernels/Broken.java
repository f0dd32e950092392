package broken;

import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;
import org.holdfast.tornado.api.Solves;

/**
 * Classes that keep the user-kernel contract's shape but not its meaning, one fault each, and one
 * that is right (UserKernelsTest): each broken one must fail its rows with one line. A kernel calls
 * device functions of its own class only, so each class has its relax.
 */
public final class Broken {

    private Broken() {
    }

    /** Right: weighted (under-relaxed) red-black Gauss-Seidel with both the pair and solve, which agree. */
    public static final class Weighted {
        static final double OMEGA = 0.75;

        @Kernel
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
            relax(context, u, f, n, h2, 0, OMEGA);
        }

        @Kernel
        public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
            relax(context, u, f, n, h2, 1, OMEGA);
        }

        @Kernel
        @Persistent
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            for (int iteration = 0; iteration < iterations; iteration++) {
                relax(context, u, f, n, h2, 0, OMEGA);
                context.gridBarrier();
                relax(context, u, f, n, h2, 1, OMEGA);
                context.gridBarrier();
            }
        }

        /** Gauss-Seidel's update, weighted by omega, of the points of colour (0 red, 1 black, -1 both) this thread owns. */
        @DeviceFunction
        static void relax(KernelContext context, double[] u, double[] f, int n, double h2, int colour, double omega) {
            for (int p = context.globalIdx; p < (n - 2) * (n - 2); p += context.globalGroupSizeX) {
                int c = (1 + p / (n - 2)) * n + 1 + p % (n - 2);
                if (colour < 0 || ((c / n + c % n) & 1) == colour) {
                    u[c] = (1 - omega) * u[c] + omega * (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                }
            }
        }
    }

    /** black left empty: the black points never move. */
    public static final class EmptyBlack {

        @Kernel
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
            relax(context, u, f, n, h2, 0, 1.0);
        }

        @Kernel
        public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
        }

        /** Gauss-Seidel's update, weighted by omega, of the points of colour (0 red, 1 black, -1 both) this thread owns. */
        @DeviceFunction
        static void relax(KernelContext context, double[] u, double[] f, int n, double h2, int colour, double omega) {
            for (int p = context.globalIdx; p < (n - 2) * (n - 2); p += context.globalGroupSizeX) {
                int c = (1 + p / (n - 2)) * n + 1 + p % (n - 2);
                if (colour < 0 || ((c / n + c % n) & 1) == colour) {
                    u[c] = (1 - omega) * u[c] + omega * (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                }
            }
        }
    }

    /** red also updates the black points (every point, in order). */
    public static final class RedWritesBlack {

        @Kernel
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
            relax(context, u, f, n, h2, -1, 1.0);
        }

        @Kernel
        public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
            relax(context, u, f, n, h2, 1, 1.0);
        }

        /** Gauss-Seidel's update, weighted by omega, of the points of colour (0 red, 1 black, -1 both) this thread owns. */
        @DeviceFunction
        static void relax(KernelContext context, double[] u, double[] f, int n, double h2, int colour, double omega) {
            for (int p = context.globalIdx; p < (n - 2) * (n - 2); p += context.globalGroupSizeX) {
                int c = (1 + p / (n - 2)) * n + 1 + p % (n - 2);
                if (colour < 0 || ((c / n + c % n) & 1) == colour) {
                    u[c] = (1 - omega) * u[c] + omega * (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                }
            }
        }
    }

    /** red reads one row too far: out of bounds on the last interior row. */
    public static final class OutOfBounds {

        @Kernel
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
            for (int p = context.globalIdx; p < (n - 2) * (n - 2); p += context.globalGroupSizeX) {
                int c = (1 + p / (n - 2)) * n + 1 + p % (n - 2);
                u[c] = (u[c + 2 * n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
            }
        }

        @Kernel
        public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
            u[0] = u[0];
        }
    }

    /** solve forgets the black half-sweep. */
    public static final class SolveWithoutBlack {

        @Kernel
        @Persistent
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            for (int iteration = 0; iteration < iterations; iteration++) {
                relax(context, u, f, n, h2, 0, 1.0);
                context.gridBarrier();
            }
        }

        /** Gauss-Seidel's update, weighted by omega, of the points of colour (0 red, 1 black, -1 both) this thread owns. */
        @DeviceFunction
        static void relax(KernelContext context, double[] u, double[] f, int n, double h2, int colour, double omega) {
            for (int p = context.globalIdx; p < (n - 2) * (n - 2); p += context.globalGroupSizeX) {
                int c = (1 + p / (n - 2)) * n + 1 + p % (n - 2);
                if (colour < 0 || ((c / n + c % n) & 1) == colour) {
                    u[c] = (1 - omega) * u[c] + omega * (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                }
            }
        }
    }

    /** Group 0 leaves before the grid barrier (an early return the compiler cannot see), so the others wait there. */
    public static final class StuckSolve {

        @Kernel
        @Persistent
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            if (context.groupIdx == 0) {
                return;
            }
            context.gridBarrier();
        }
    }

    /** solve runs one iteration fewer than asked. */
    public static final class SolveOneFewer {

        @Kernel
        @Persistent
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            for (int iteration = 1; iteration < iterations; iteration++) {
                relax(context, u, f, n, h2, 0, 1.0);
                context.gridBarrier();
                relax(context, u, f, n, h2, 1, 1.0);
                context.gridBarrier();
            }
        }

        /** Gauss-Seidel's update, weighted by omega, of the points of colour (0 red, 1 black, -1 both) this thread owns. */
        @DeviceFunction
        static void relax(KernelContext context, double[] u, double[] f, int n, double h2, int colour, double omega) {
            for (int p = context.globalIdx; p < (n - 2) * (n - 2); p += context.globalGroupSizeX) {
                int c = (1 + p / (n - 2)) * n + 1 + p % (n - 2);
                if (colour < 0 || ((c / n + c % n) & 1) == colour) {
                    u[c] = (1 - omega) * u[c] + omega * (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                }
            }
        }
    }

    /** On the cube, but relaxes each point from its four neighbours in its own plane: another equation. */
    @Solves("poisson3d")
    public static final class InPlaneOnTheCube {

        @Kernel
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
            relax(context, u, f, n, h2, 0);
        }

        @Kernel
        public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
            relax(context, u, f, n, h2, 1);
        }

        @DeviceFunction
        static void relax(KernelContext context, double[] u, double[] f, int n, double h2, int colour) {
            int side = n - 2;
            for (int p = context.globalIdx; p < side * side * side; p += context.globalGroupSizeX) {
                int i = 1 + p / (side * side);
                int j = 1 + p / side % side;
                int k = 1 + p % side;
                int c = (i * n + j) * n + k;
                if (((i + j + k) & 1) == colour) {
                    u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                }
            }
        }
    }

    /** Names a problem Holdfast does not have. */
    @Solves("poisson4d")
    public static final class SolvesNoProblem {

        @Kernel
        public static void red(KernelContext context, double[] u, double[] f, int n, double h2) {
        }

        @Kernel
        public static void black(KernelContext context, double[] u, double[] f, int n, double h2) {
        }
    }

    /** A cluster solve whose sharedBytes gives a negative count. */
    public static final class NegativeSharedBytes {
        public static int sharedBytes(int n, int blocks) {
            return -n;
        }

        @Kernel
        @Persistent(threadsPerBlock = 32)
        @Cluster(Cluster.WHOLE_GRID)
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            double[] band = context.dynamicSharedDoubles();
            band[context.localIdx] = u[0] + f[0] * h2 + n + iterations;
            context.clusterBarrier();
        }
    }

    /** A cluster solve whose sharedBytes gives each block one row, fewer than its band and ghost rows. */
    public static final class TooLittleSharedBytes {
        public static int sharedBytes(int n, int blocks) {
            return n * Double.BYTES;
        }

        @Kernel
        @Persistent(threadsPerBlock = 32)
        @Cluster(Cluster.WHOLE_GRID)
        public static void solve(KernelContext context, double[] u, double[] f, int n, double h2, int iterations) {
            double[] band = context.dynamicSharedDoubles();
            if (context.localIdx == 0) {
                band[2 * n] = u[0] + f[0] * h2 + iterations; // the third row is past the end
            }
            context.clusterBarrier();
        }
    }
}
