package org.holdfast.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.Optional;
import org.holdfast.kernels.PersistentTaskGraph.Design;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.spi.TornadoBackend;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Java persistent kernels on the GPU: each design equals the reference bit for bit, on chip with
 * dynamic shared memory beyond 48 KiB too; a counter that is never published and a block that leaves
 * before the grid barrier stop the launch with the watchdog's error naming the block and the step.
 */
@Tag("gpu")
class PersistentKernelsGpuTest {

    private static final int ITERATIONS = 9;
    private static final Duration SHORT_WATCHDOG = Duration.ofMillis(500);

    private static TornadoDevice gpu() {
        Optional<TornadoDevice> gpu = TornadoRuntime.firstGpu();
        assumeTrue(gpu.isPresent(), () -> "no GPU: " + TornadoRuntime.backends().stream().filter(b -> b.name().equals("cuda"))
                .findFirst().flatMap(TornadoBackend::unavailableReason).orElse("the CUDA backend is not on the class path"));
        return gpu.get();
    }

    private static void execute(TornadoDevice gpu, TaskGraph graph, String task, int blocks) {
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(gpu).withWatchdog(SHORT_WATCHDOG)
                    .withGridScheduler(new GridScheduler(task, new WorkerGrid1D((long) blocks * 64).setLocalWork(64, 1, 1)))
                    .execute();
        }
    }

    /**
     * One run of {@code tasks} from {@code initial} (in u) on the GPU, then three runs in one execute: u equals the
     * reference after each, and the tally holds every block with a band of every run, each with all its half-sweeps.
     */
    private static void assertOneRunAndThreeMoreEqualTheReference(TornadoDevice gpu, PersistentTaskGraph tasks, PoissonProblem problem,
            double[] initial, double[] f, double[] u, String label) {
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            tasks.clearWork();
            plan.withDevice(gpu).withGridScheduler(tasks.scheduler()).execute();
            assertEquals(Optional.empty(), tasks.workShortfall(1, label), "every block with a band counted its half-sweeps");
            plan.transferToHost(u);
            assertArrayEquals(ReferenceSolver.solve(problem, initial, f, ITERATIONS), u);
            tasks.clearWork();
            plan.withRepeats(3).execute();
            assertEquals(Optional.empty(), tasks.workShortfall(3, label), "three runs counted");
            plan.transferToHost(u);
        }
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 4 * ITERATIONS), u);
    }

    @ParameterizedTest(name = "{0} N = {1}, {2} blocks")
    @CsvSource({"GRID_BARRIER, 101, 132", "GRID_BARRIER, 1001, 264", "DATAFLOW, 101, 99", "DATAFLOW, 1002, 132",
        "ON_CHIP, 11, 1", "ON_CHIP, 120, 1"})
    void everyDesignEqualsTheReferenceBitForBit(Design design, int n, int blocks) {
        TornadoDevice gpu = gpu();
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n);
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        // N = 120 holds u and f on chip: 230 400 bytes of dynamic shared memory.
        PersistentTaskGraph tasks = PersistentTaskGraph.of(design, problem, u, f, ITERATIONS, blocks, 256, design == Design.ON_CHIP);
        assertOneRunAndThreeMoreEqualTheReference(gpu, tasks, problem, initial, f, u, design.name());
    }

    /**
     * The cluster kernel (one cluster of the worker grid's blocks, {@code Cluster.WHOLE_GRID}) at shapes the native
     * planner gives {@code persistent-grid cluster} (N = 101: 16 blocks, k = 4) and at every slot count, up to
     * 16 blocks (a non-portable cluster size); then three runs in one execute.
     */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads of {3} points, k = {4}")
    @CsvSource({"101, 16, 672, 1, 4", "33, 4, 128, 1, 1", "101, 8, 448, 2, 3", "257, 16, 704, 4, 4", "257, 8, 512, 8, 1",
        "257, 16, 256, 16, 2", "34, 1, 512, 1, 8"})
    void theClusterKernelEqualsTheReferenceBitForBit(int n, int blocks, int threads, int slots, int k) {
        TornadoDevice gpu = gpu();
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + k);
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        PersistentTaskGraph tasks = PersistentTaskGraph.clusterResident(problem, u, f, ITERATIONS, blocks, threads, slots, k);
        assertOneRunAndThreeMoreEqualTheReference(gpu, tasks, problem, initial, f, u, "cluster");
    }

    /**
     * The asynchronous-store cluster kernel ({@link PersistentRedBlackKernels#clusterAsync}: st.async halos awaited on
     * mbarriers, the twin of native {@code cluster_async_p<P>}) at the same shapes, and the native planner's for
     * {@code persistent-dataflow cluster} at N = 33 (2 blocks, k = 8) and 257 (16 blocks of 960 threads of 4 points,
     * k = 8); then three runs in one execute (the mbarriers start afresh each launch).
     */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads of {3} points, k = {4}")
    @CsvSource({"101, 16, 672, 1, 4", "33, 4, 128, 1, 1", "101, 8, 448, 2, 3", "257, 16, 704, 4, 4", "257, 8, 512, 8, 1",
        "257, 16, 256, 16, 2", "34, 1, 512, 1, 8", "33, 2, 480, 1, 8", "257, 16, 960, 4, 8"})
    void theAsynchronousStoreClusterKernelEqualsTheReferenceBitForBit(int n, int blocks, int threads, int slots, int k) {
        TornadoDevice gpu = gpu();
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + k);
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        PersistentTaskGraph tasks = PersistentTaskGraph.clusterAsync(problem, u, f, ITERATIONS, blocks, threads, slots, k);
        assertOneRunAndThreeMoreEqualTheReference(gpu, tasks, problem, initial, f, u, "cluster async");
    }

    /**
     * The grid-resident kernel ({@link ResidentKernels#resident}: a band per block in shared memory, halos as
     * self-flagged lines) at the native planner's shapes for {@code persistent-dataflow resident} (one block of 512
     * threads per SM of an H200, N = 1001 with k = 4 and f in global memory, k = 2 with f on chip) and smaller ones,
     * bands of 5 to 10 rows, and a run without an exchange (k = 18 above the run's 18 half-sweeps: the load
     * announcements order the stores); then three runs in one execute, the flags carried on.
     */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads, k = {3}, f on chip {4}")
    @CsvSource({"1001, 132, 512, 4, false", "1001, 132, 512, 2, true", "1002, 99, 512, 5, false", "257, 50, 256, 3, true",
        "101, 16, 128, 3, true", "101, 2, 256, 18, false"})
    void theResidentKernelEqualsTheReferenceBitForBit(int n, int blocks, int threads, int k, boolean fOnChip) {
        TornadoDevice gpu = gpu();
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + k);
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        PersistentTaskGraph tasks = PersistentTaskGraph.resident(problem, u, f, ITERATIONS, blocks, threads, k, fOnChip);
        assertOneRunAndThreeMoreEqualTheReference(gpu, tasks, problem, initial, f, u, "resident");
    }

    @Test
    void aCounterThatIsNeverPublishedStopsTheLaunchWithTheWatchdogNamingBlockAndStep() {
        TornadoDevice gpu = gpu();
        int blocks = 3;
        int[] counters = new int[blocks * PersistentRedBlackKernels.COUNTER_STRIDE];
        TaskGraph graph = new TaskGraph("broken").transferToDevice(DataTransferMode.EVERY_EXECUTION, counters)
                .task("chain", BrokenPersistentKernels::neverPublishes, new KernelContext(), counters, 5, 1);
        WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class, () -> execute(gpu, graph, "broken.chain", blocks));
        assertEquals("broken.chain (kernel neverPublishes): watchdog expired after 0.5 s: block 2 waited until element 32 reached 1",
                e.getMessage());
    }

    @Test
    void aBlockThatLeavesBeforeTheGridBarrierStopsTheLaunchWithTheWatchdog() {
        TornadoDevice gpu = gpu();
        PoissonProblem problem = new PoissonProblem(65);
        double[] u = problem.randomInitialU(1);
        double[] f = problem.rightHandSide();
        TaskGraph graph = new TaskGraph("broken").transferToDevice(DataTransferMode.EVERY_EXECUTION, u, f)
                .task("solve", BrokenPersistentKernels::blockLeavesBeforeTheBarrier, new KernelContext(), u, f, problem.n(),
                        problem.h2(), 3, 5);
        WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class, () -> execute(gpu, graph, "broken.solve", 8));
        assertEquals(WatchdogExpiredException.Wait.GRID_BARRIER, e.waitKind());
        assertEquals(0, e.step());
        assertEquals("broken.solve (kernel blockLeavesBeforeTheBarrier): watchdog expired after 0.5 s: block " + e.block()
                + " waited at grid barrier 0; 7 of 8 blocks had arrived there", e.getMessage());
    }
}
