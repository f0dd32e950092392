package org.holdfast.tornado.cuda.backend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.cuda.CudaDevice;
import org.holdfast.tornado.cuda.CudaFunction;
import org.holdfast.tornado.cuda.CudaModule;
import org.holdfast.tornado.cuda.GpuAvailability;
import org.holdfast.tornado.api.KernelMetadata;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Persistent and cluster tasks through the CUDA backend: the grid sized by the occupancy API, a grid
 * that cannot be co-resident refused before the launch, the control block zeroed and its error word
 * turned into the watchdog's exception, cluster ranks. About 2 s on an H200 (one 0.5 s watchdog,
 * twice); also runs on the CPU stand-in driver (run-tests-on-fake-driver.sh).
 */
@Tag("gpu")
class PersistentTaskGpuTest {

    private static final int THREADS = 256;

    private static TornadoExecutionPlan fill(CudaTornadoDevice gpu, int[] out, GridScheduler scheduler) {
        TaskGraph graph = new TaskGraph("p").transferToDevice(DataTransferMode.EVERY_EXECUTION, out)
                .task("fill", TestKernels::fillPersistent, new KernelContext(), out, out.length)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        return new TornadoExecutionPlan(graph.snapshot()).withDevice(gpu).withGridScheduler(scheduler);
    }

    /** The co-resident blocks of {@code kernel} at {@link #THREADS} threads, as the occupancy API counts them. */
    private static int coResident(CudaTornadoDevice gpu, String kernel) {
        String source = KernelMetadata.of(TestKernels.class).orElseThrow().cudaSource();
        CudaDevice device = gpu.device();
        try (CudaModule module = CudaModule.load(gpu.context(), gpu.compiler().compile(source, "TestKernels.cu", device.architecture()).cubin())) {
            CudaFunction function = module.function(kernel);
            return function.maxCoResidentBlocks(device, THREADS, 0);
        }
    }

    @Test
    void withoutAWorkerGridThePersistentGridFillsTheGpu() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int[] out = new int[1_000_003];
        try (TornadoExecutionPlan plan = fill(gpu, out, new GridScheduler())) {
            plan.execute();
            List<LaunchInfo> launches = plan.threadInfo();
            assertArrayEquals(new int[] {coResident(gpu, "fillPersistent"), 1, 1}, launches.get(0).grid());
            assertArrayEquals(new int[] {THREADS, 1, 1}, launches.get(0).block());
        }
        for (int i = 0; i < out.length; i++) {
            assertEquals(i, out[i], "element " + i);
        }
    }

    @Test
    void aGridThatCannotBeCoResidentIsRefusedBeforeTheLaunch() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int resident = coResident(gpu, "fillPersistent");
        int[] out = new int[10];
        GridScheduler tooMany = new GridScheduler("p.fill", new WorkerGrid1D((long) (resident + 1) * THREADS).setLocalWork(THREADS, 1, 1));
        try (TornadoExecutionPlan plan = fill(gpu, out, tooMany)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, plan::execute);
            assertTrue(e.getMessage().startsWith("task p.fill: persistent kernel fillPersistent: " + (resident + 1) + " blocks of 256 threads"
                    + " cannot all be resident on " + gpu.device().name()), e.getMessage());
        }
        assertArrayEquals(new int[10], out, "nothing ran");
    }

    @Test
    void anExpiredWaitBecomesTheWatchdogsExceptionAtEveryExecute() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int[] flags = new int[4];
        TaskGraph graph = new TaskGraph("p").transferToDevice(DataTransferMode.FIRST_EXECUTION, flags)
                .task("wait", TestKernels::waitForever, new KernelContext(), flags, 7);
        GridScheduler grid = new GridScheduler("p.wait", new WorkerGrid1D(4 * 32).setLocalWork(32, 1, 1));
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot()).withDevice(gpu).withGridScheduler(grid)
                .withWatchdog(Duration.ofMillis(500))) {
            for (int execute = 0; execute < 2; execute++) {
                WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class, plan::execute);
                assertEquals(WatchdogExpiredException.Wait.WAIT_UNTIL, e.waitKind());
                assertEquals(7, e.step());
                assertEquals(e.block(), e.index(), "each group waits for its own flag");
                assertEquals("p.wait (kernel waitForever): watchdog expired after 0.5 s: block " + e.block() + " waited until element "
                        + e.block() + " reached 7", e.getMessage());
            }
        }
    }

    @Test
    void clusterKernelsSeeTheirRankAndClusterIndex() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int groups = 8;
        int[] out = new int[groups];
        TaskGraph graph = new TaskGraph("c").transferToDevice(DataTransferMode.FIRST_EXECUTION, out)
                .task("ranks", TestKernels::clusterRanks, new KernelContext(), out).transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        GridScheduler grid = new GridScheduler("c.ranks", new WorkerGrid1D(groups * 64).setLocalWork(64, 1, 1));
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot()).withDevice(gpu).withGridScheduler(grid)) {
            plan.execute();
        }
        assertArrayEquals(new int[] {0, 1, 100, 101, 200, 201, 300, 301}, out);
    }
}
