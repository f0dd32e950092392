package org.holdfast.tornado.cuda.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.api.WorkerGrid2D;
import org.junit.jupiter.api.Test;

/** The grid of persistent and cluster tasks, and every refusal before a launch, without a GPU. */
class LaunchGridTest {

    /** An H200-like device: 132 SMs, 8 blocks of 256 threads per SM, clusters of up to 16 taking 8 clusters of 16. */
    private static LaunchGrid.Capacity h200(boolean cooperative, boolean clusters) {
        return new LaunchGrid.Capacity() {
            @Override
            public String deviceName() {
                return "NVIDIA H200";
            }

            @Override
            public boolean cooperativeLaunch() {
                return cooperative;
            }

            @Override
            public boolean clusterLaunch() {
                return clusters;
            }

            @Override
            public LaunchGrid.Residency residency(int threadsPerBlock, int clusterSize) {
                int perSm = Math.min(32, 2048 / threadsPerBlock);
                if (clusterSize > 1) {
                    int clustersOf = clusterSize > 16 ? 0 : 132 * perSm / clusterSize / 2;
                    return new LaunchGrid.Residency((long) clustersOf * clusterSize, clustersOf + " clusters of " + clusterSize);
                }
                return new LaunchGrid.Residency(perSm * 132L, perSm + " per SM x 132 SMs");
            }
        };
    }

    private static LaunchGrid plan(boolean persistent, int cluster, Optional<WorkerGrid> grid) {
        return LaunchGrid.plan("g.t", "k", persistent, cluster, 256, grid, h200(true, true));
    }

    @Test
    void withoutAWorkerGridAPersistentKernelFillsTheGpu() {
        assertEquals(new LaunchGrid(1056, 256, 1, true), plan(true, 0, Optional.empty()));
        assertEquals(new LaunchGrid(2112, 128, 1, true), LaunchGrid.plan("g.t", "k", true, 0, 128, Optional.empty(), h200(true, true)));
        assertEquals(new LaunchGrid(528, 256, 16, true), plan(true, 16, Optional.empty()));
    }

    @Test
    void aWorkerGridIsLaunchedExactlyUpToCoResidency() {
        assertEquals(new LaunchGrid(132, 256, 1, true), plan(true, 0, Optional.of(new WorkerGrid1D(132 * 256).setLocalWork(256, 1, 1))));
        assertEquals(new LaunchGrid(1056, 256, 1, true), plan(true, 0, Optional.of(new WorkerGrid1D(1056 * 256).setLocalWork(256, 1, 1))));
        assertEquals(new LaunchGrid(16, 1024, 16, false), plan(false, 16, Optional.of(new WorkerGrid1D(16 * 1024).setLocalWork(1024, 1, 1))));
    }

    @Test
    void aGridThatCannotBeCoResidentIsRefusedBeforeTheLaunch() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan(true, 0, Optional.of(new WorkerGrid1D(1057 * 256).setLocalWork(256, 1, 1))));
        assertEquals("task g.t: persistent kernel k: 1057 blocks of 256 threads cannot all be resident on NVIDIA H200"
                + " (at most 8 per SM x 132 SMs = 1056); ask for at most 1056 blocks, or give the task no worker grid to get that many",
                e.getMessage());
    }

    @Test
    void supportIsCheckedFirst() {
        IllegalArgumentException cooperative = assertThrows(IllegalArgumentException.class,
                () -> LaunchGrid.plan("g.t", "k", true, 0, 256, Optional.empty(), h200(false, true)));
        assertEquals("task g.t: persistent kernel k needs a cooperative launch (all blocks resident at once), which NVIDIA H200"
                + " does not support", cooperative.getMessage());
        IllegalArgumentException cluster = assertThrows(IllegalArgumentException.class,
                () -> LaunchGrid.plan("g.t", "k", false, 4, 256, Optional.of(new WorkerGrid1D(1024)), h200(true, false)));
        assertEquals("task g.t: kernel k runs in clusters of 4 blocks, which NVIDIA H200 does not support (thread-block clusters"
                + " need compute capability 9.0 or later)", cluster.getMessage());
    }

    @Test
    void gridsAreOneDimensionalAndMadeOfWholeClusters() {
        IllegalArgumentException twoD = assertThrows(IllegalArgumentException.class,
                () -> plan(true, 0, Optional.of(new WorkerGrid2D(64, 64).setLocalWork(16, 16, 1))));
        assertEquals("task g.t: persistent kernel k launches a one-dimensional grid of one-dimensional blocks, got [4, 4, 1] blocks"
                + " of [16, 16, 1] threads", twoD.getMessage());
        IllegalArgumentException partial = assertThrows(IllegalArgumentException.class,
                () -> plan(false, 4, Optional.of(new WorkerGrid1D(10 * 256).setLocalWork(256, 1, 1))));
        assertEquals("task g.t: kernel k runs in clusters of 4 blocks, so its 10 blocks must be a multiple of 4", partial.getMessage());
        IllegalArgumentException noGrid = assertThrows(IllegalArgumentException.class, () -> plan(false, 4, Optional.empty()));
        assertEquals("task g.t: kernel k takes a KernelContext but the plan has no WorkerGrid for it (withGridScheduler)",
                noGrid.getMessage());
    }

    @Test
    void aClusterThatDoesNotFitIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan(true, 32, Optional.empty()));
        assertEquals("task g.t: persistent kernel k: not even one cluster of 32 blocks of 256 threads fits on NVIDIA H200"
                + " (0 clusters of 32)", e.getMessage());
    }

    /** Cluster.WHOLE_GRID: the worker grid's blocks are one cluster, 1 to 16 of them, and it needs a worker grid to say how many. */
    @Test
    void aWholeGridClusterIsTheWorkerGrid() {
        int whole = Cluster.WHOLE_GRID;
        assertEquals(new LaunchGrid(8, 256, 8, false), plan(false, whole, Optional.of(new WorkerGrid1D(8 * 256).setLocalWork(256, 1, 1))));
        assertEquals(new LaunchGrid(16, 256, 16, false), plan(false, whole, Optional.of(new WorkerGrid1D(16 * 256).setLocalWork(256, 1, 1))));
        assertEquals(new LaunchGrid(1, 256, 1, false), plan(false, whole, Optional.of(new WorkerGrid1D(256).setLocalWork(256, 1, 1))));
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> plan(false, whole, Optional.of(new WorkerGrid1D(17 * 256).setLocalWork(256, 1, 1))));
        assertEquals("task g.t: kernel k runs its whole grid as one cluster (Cluster.WHOLE_GRID), so it launches 1 to 16 blocks,"
                + " got 17", tooMany.getMessage());
        IllegalArgumentException noGrid = assertThrows(IllegalArgumentException.class, () -> plan(true, whole, Optional.empty()));
        assertEquals("task g.t: persistent kernel k runs its whole grid as one cluster (Cluster.WHOLE_GRID): give the task a worker"
                + " grid of 1 to 16 blocks (withGridScheduler)", noGrid.getMessage());
        IllegalArgumentException unsupported = assertThrows(IllegalArgumentException.class,
                () -> LaunchGrid.plan("g.t", "k", false, whole, 256, Optional.of(new WorkerGrid1D(1024)), h200(true, false)));
        assertEquals("task g.t: kernel k runs in clusters, which NVIDIA H200 does not support (thread-block clusters"
                + " need compute capability 9.0 or later)", unsupported.getMessage());
    }
}
