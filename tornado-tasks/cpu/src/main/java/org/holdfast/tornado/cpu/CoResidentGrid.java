package org.holdfast.tornado.cpu;

import java.util.Arrays;
import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;

/**
 * The grid of a persistent or cluster kernel on the CPU: one-dimensional, in whole clusters, as on the
 * GPU; without a worker grid, a few groups of the kernel's {@code threadsPerBlock} (the CPU has no
 * occupancy to fill, and a correct kernel's result does not depend on the group count).
 */
final class CoResidentGrid {

    /** Groups of a persistent kernel without a worker grid: enough to cross groups, few enough to stay fast. */
    static final int DEFAULT_GROUPS = Math.max(2, Math.min(8, Runtime.getRuntime().availableProcessors()));

    private CoResidentGrid() {
    }

    /**
     * The grid of a persistent kernel that the plan gives no worker grid: {@link #DEFAULT_GROUPS}, in whole clusters
     * (a {@link Cluster#WHOLE_GRID} kernel's one cluster).
     */
    static WorkerGrid withoutWorkerGrid(int threadsPerBlock, int clusterSize) {
        int groups = clusterSize == Cluster.WHOLE_GRID ? DEFAULT_GROUPS
                : (DEFAULT_GROUPS + clusterSize - 1) / clusterSize * clusterSize;
        return new WorkerGrid1D((long) groups * threadsPerBlock).setLocalWork(threadsPerBlock, 1, 1);
    }

    /**
     * Refuses what the GPU backend refuses too: a grid that is not one-dimensional, or not whole clusters, or a
     * whole-grid cluster of more than {@link Cluster#MAX_SIZE} groups. Returns the groups per cluster.
     *
     * @param clusterSize the kernel's {@link Cluster} size, 1 without clusters, or {@link Cluster#WHOLE_GRID}
     */
    static int check(String task, String kernel, int[] groups, int[] local, int clusterSize) {
        String what = "task " + task + ": kernel " + kernel;
        if (groups[1] != 1 || groups[2] != 1 || local[1] != 1 || local[2] != 1) {
            throw new IllegalArgumentException(what + " launches a one-dimensional grid of one-dimensional blocks, got "
                    + Arrays.toString(groups) + " blocks of " + Arrays.toString(local) + " threads");
        }
        if (clusterSize == Cluster.WHOLE_GRID) {
            if (groups[0] > Cluster.MAX_SIZE) {
                throw new IllegalArgumentException(what + " runs its whole grid as one cluster (Cluster.WHOLE_GRID), so it"
                        + " launches 1 to " + Cluster.MAX_SIZE + " blocks, got " + groups[0]);
            }
            return groups[0];
        }
        if (groups[0] % clusterSize != 0) {
            throw new IllegalArgumentException(what + " runs in clusters of " + clusterSize + " blocks, so its " + groups[0]
                    + " blocks must be a multiple of " + clusterSize);
        }
        return clusterSize;
    }
}
