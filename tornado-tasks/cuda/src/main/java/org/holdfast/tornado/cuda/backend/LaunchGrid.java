package org.holdfast.tornado.cuda.backend;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.WorkerGrid;

/**
 * The grid of a task whose kernel is {@code @Persistent} or runs in {@code @Cluster}s, chosen and
 * checked before anything is launched: support first (cooperative launch, cluster launch), then a
 * one-dimensional grid, whole clusters, and for a persistent kernel a grid that can be co-resident.
 *
 * <p>A persistent task with a worker grid launches exactly that grid, refused beyond co-residency;
 * without one, it launches as many blocks of the kernel's {@code threadsPerBlock} as can be resident
 * at once (the occupancy API's blocks per multiprocessor for this kernel, times the multiprocessors;
 * for clusters, the most clusters that fit, times their size).
 *
 * @param blocks blocks in the grid (x)
 * @param threadsPerBlock threads per block (x)
 * @param clusterSize blocks per cluster; 1 without clusters (and for a one-block whole-grid cluster)
 * @param cooperative whether the launch guarantees co-residency (persistent kernels)
 */
record LaunchGrid(int blocks, int threadsPerBlock, int clusterSize, boolean cooperative) {

    /** What the device can run at once of one kernel. */
    interface Capacity {

        /** The device's name, for messages. */
        String deviceName();

        boolean cooperativeLaunch();

        boolean clusterLaunch();

        /** Blocks of {@code threadsPerBlock} threads, in whole clusters of {@code clusterSize}, that can be resident at once. */
        Residency residency(int threadsPerBlock, int clusterSize);
    }

    /**
     * @param blocks blocks that can be resident at once
     * @param how how they were counted: {@code 8 per SM x 132 SMs}, {@code 8 clusters of 16}
     */
    record Residency(long blocks, String how) {
    }

    /**
     * The grid of task {@code task} running {@code kernel}.
     *
     * @param requested the plan's worker grid, if it has one for the task
     * @param defaultThreads the kernel's {@code @Persistent(threadsPerBlock)}, for a task without a worker grid
     * @throws IllegalArgumentException with a one-line reason when the task cannot be launched so
     */
    static LaunchGrid plan(String task, String kernel, boolean persistent, int clusterSize, int defaultThreads,
            Optional<WorkerGrid> requested, Capacity device) {
        int cluster = Math.max(1, clusterSize);
        String what = "task " + task + ": " + (persistent ? "persistent kernel " : "kernel ") + kernel;
        boolean clustered = clusterSize > 1 || clusterSize == Cluster.WHOLE_GRID;
        if (persistent && !device.cooperativeLaunch()) {
            throw new IllegalArgumentException(what + " needs a cooperative launch (all blocks resident at once), which "
                    + device.deviceName() + " does not support");
        }
        if (clustered && !device.clusterLaunch()) {
            throw new IllegalArgumentException(what + " runs in clusters" + (cluster > 1 ? " of " + cluster + " blocks" : "")
                    + ", which " + device.deviceName()
                    + " does not support (thread-block clusters need compute capability 9.0 or later)");
        }
        int blocks;
        int threads;
        if (requested.isPresent()) {
            int[] groups = requested.get().numberOfGroups();
            int[] local = requested.get().localWork();
            if (groups[1] != 1 || groups[2] != 1 || local[1] != 1 || local[2] != 1) {
                throw new IllegalArgumentException(what + " launches a one-dimensional grid of one-dimensional blocks, got "
                        + Arrays.toString(groups) + " blocks of " + Arrays.toString(local) + " threads");
            }
            blocks = groups[0];
            threads = local[0];
            if (clusterSize == Cluster.WHOLE_GRID) {
                if (blocks > Cluster.MAX_SIZE) {
                    throw new IllegalArgumentException(what + " runs its whole grid as one cluster (Cluster.WHOLE_GRID), so it"
                            + " launches 1 to " + Cluster.MAX_SIZE + " blocks, got " + blocks);
                }
                cluster = blocks;
            }
        } else if (clusterSize == Cluster.WHOLE_GRID) {
            throw new IllegalArgumentException(what + " runs its whole grid as one cluster (Cluster.WHOLE_GRID): give the task a"
                    + " worker grid of 1 to " + Cluster.MAX_SIZE + " blocks (withGridScheduler)");
        } else if (persistent) {
            threads = defaultThreads;
            blocks = -1;
        } else {
            throw new IllegalArgumentException(what + " takes a KernelContext but the plan has no WorkerGrid for it (withGridScheduler)");
        }
        Residency residency = device.residency(threads, cluster);
        String unit = cluster > 1 ? "cluster of " + cluster + " blocks" : "block";
        if (residency.blocks() < cluster) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: not even one %s of %d threads fits on %s (%s)", what,
                    unit, threads, device.deviceName(), residency.how()));
        }
        if (blocks < 0) {
            blocks = (int) Math.min(residency.blocks() / cluster * cluster, Integer.MAX_VALUE / cluster * cluster);
        }
        if (blocks % cluster != 0) {
            throw new IllegalArgumentException(what + " runs in clusters of " + cluster + " blocks, so its " + blocks
                    + " blocks must be a multiple of " + cluster);
        }
        if (persistent && blocks > residency.blocks()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %d blocks of %d threads cannot all be resident on %s (at most %s = %d); ask for at most %d blocks,"
                            + " or give the task no worker grid to get that many",
                    what, blocks, threads, device.deviceName(), residency.how(), residency.blocks(), residency.blocks()));
        }
        return new LaunchGrid(blocks, threads, cluster, persistent);
    }
}
