package org.holdfast.bench.mode;

import java.lang.reflect.Method;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.problem.Problem;

/**
 * How Holdfast launches a user's cluster {@code solve} ({@code @Cluster} beside {@code @Persistent};
 * {@code docs/user-kernels.md}), on the GPU and on the CPU alike: one cluster, of the kernel's
 * {@code @Cluster} size, or for {@code Cluster.WHOLE_GRID} of min(16, n - 2) blocks (one band of rows
 * or more each); {@code @Persistent(threadsPerBlock)} threads per block; and the dynamic shared bytes
 * that the class's {@code public static int sharedBytes(int n, int blocks)} gives each block.
 *
 * @param blocks blocks in the grid, all in one cluster
 * @param threads threads per block
 * @param sharedBytes dynamic shared memory per block
 */
public record UserClusterLaunch(int blocks, int threads, int sharedBytes) {

    /** A persistent cluster kernel's graph: {@code solve} on this launch's cluster. */
    public PersistentTaskGraph graph(Method solve, Problem problem, double[] u, double[] f, int iterations) {
        return PersistentTaskGraph.of(solve, problem, u, f, iterations, blocks, threads, sharedBytes);
    }
}
