package org.holdfast.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import org.holdfast.kernels.PersistentTaskGraph.Design;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Java persistent kernels on the CPU backend, which runs every thread of every group at once: each
 * design equals the plain reference bit for bit, from a random interior and short of convergence,
 * at small, odd, even and larger sizes and several block counts; with a synchronisation taken out,
 * the result is wrong or the watchdog names the block and the step.
 */
class PersistentKernelsOnCpuTest {

    private static final int ITERATIONS = 7;
    private static final Duration SHORT_WATCHDOG = Duration.ofMillis(500);
    /**
     * The watchdog where the message counts the blocks that arrived: every healthy block (CPU threads)
     * must reach the barrier before it expires, which 0.5 s did not promise on a loaded CI machine.
     */
    private static final Duration ARRIVALS_WATCHDOG = Duration.ofSeconds(2);

    /** {@code u} after the plan of {@code tasks} ran once, from {@code initial}; every block counted all its half-sweeps. */
    /**
     * The reference's u after {@code iterations} from {@code initial}, checked to differ from one iteration fewer
     * (above N = 3, whose one point converges at once): a kernel that stops a step short cannot pass.
     */
    static double[] sensitiveReference(PoissonProblem problem, double[] initial, double[] f, int iterations) {
        double[] reference = ReferenceSolver.solve(problem, initial, f, iterations);
        if (problem.n() > 3) {
            double[] oneFewer = ReferenceSolver.solve(problem, initial, f, iterations - 1);
            assertTrue(PoissonProblem.maxAbsDiff(reference, oneFewer) > 1e-6, "one iteration fewer shows");
        }
        return reference;
    }

    static double[] run(PersistentTaskGraph tasks, double[] u, double[] initial, Duration watchdog) {
        System.arraycopy(initial, 0, u, 0, u.length);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            tasks.clearWork();
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler()).withWatchdog(watchdog).execute();
            assertEquals(Optional.empty(), tasks.workShortfall(1, "run"));
            plan.transferToHost(u);
        }
        return u;
    }

    /** Three runs of {@code tasks} in one execute on from u as it is, each block with a band having counted all its half-sweeps. */
    static void runThreeMore(PersistentTaskGraph tasks, double[] u, Duration watchdog) {
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            tasks.clearWork();
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler()).withWatchdog(watchdog).withRepeats(3)
                    .execute();
            assertEquals(Optional.empty(), tasks.workShortfall(3, "three runs"));
            plan.transferToHost(u);
        }
    }

    @ParameterizedTest(name = "N = {0}, {1} blocks of {2}")
    @CsvSource({"3, 2, 32", "4, 1, 32", "11, 3, 16", "12, 4, 8", "101, 5, 64", "101, 1, 256", "257, 4, 64", "256, 3, 64"})
    void everyDesignEqualsTheReferenceBitForBit(int n, int blocks, int threads) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n);
        double[] f = problem.rightHandSide();
        double[] reference = sensitiveReference(problem, initial, f, ITERATIONS);
        double[] u = new double[problem.points()];
        for (Design design : new Design[] {Design.GRID_BARRIER, Design.DATAFLOW}) {
            PersistentTaskGraph tasks = PersistentTaskGraph.of(design, problem, u, f, ITERATIONS, blocks, threads, false);
            assertArrayEquals(reference, run(tasks, u, initial, SHORT_WATCHDOG.multipliedBy(20)), design + " differs");
        }
        if (n <= 101) {
            for (boolean fOnChip : new boolean[] {false, true}) {
                PersistentTaskGraph tasks = PersistentTaskGraph.of(Design.ON_CHIP, problem, u, f, ITERATIONS, 1, threads, fOnChip);
                assertArrayEquals(reference, run(tasks, u, initial, SHORT_WATCHDOG.multipliedBy(20)), "on chip, f on chip " + fOnChip);
            }
        }
    }

    /**
     * The register kernels through their task graph ({@link PersistentTaskGraph#onChipRegisters}: the instance of the
     * points per thread, the planes' dynamic shared memory), at the block rule's shapes (one warp at N = 11, a block
     * of 2 and of 4 points per thread) and the 8- and 16-point kernels; then three runs in one execute.
     */
    @ParameterizedTest(name = "N = {0}, {1} threads of {2} points")
    @CsvSource({"11, 32, 2", "33, 512, 1", "67, 544, 4", "34, 64, 8", "33, 32, 16"})
    void theRegisterKernelsEqualTheReferenceBitForBit(int n, int threads, int slots) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + slots);
        double[] f = problem.rightHandSide();
        double[] u = new double[problem.points()];
        PersistentTaskGraph tasks = PersistentTaskGraph.onChipRegisters(problem, u, f, ITERATIONS, threads, slots, threads == 32);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, ITERATIONS), run(tasks, u, initial, SHORT_WATCHDOG.multipliedBy(20)));
        runThreeMore(tasks, u, SHORT_WATCHDOG.multipliedBy(20));
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 4 * ITERATIONS), u, "three runs on from the first");
    }

    /**
     * Several runs with no reset of the counters between them (the repeats of one execute; the CPU,
     * which copies nothing, between executes too): each run waits for its own steps. Counted from zero
     * each run, the second run would find every neighbour's counter at the end already and run its
     * half-sweeps unsynchronised.
     */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2}")
    @CsvSource({"12, 4, 8", "33, 3, 16", "6, 9, 8"})
    void theDataflowsRepeatsEachWaitForTheirOwnSteps(int n, int blocks, int threads) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(5);
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        PersistentTaskGraph tasks = PersistentTaskGraph.of(Design.DATAFLOW, problem, u, f, ITERATIONS, blocks, threads, false);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            tasks.clearWork();
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler()).withWatchdog(Duration.ofSeconds(10))
                    .withRepeats(3).execute();
            assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 3 * ITERATIONS), u, "three runs of one execute");
            assertEquals(Optional.empty(), tasks.workShortfall(3, "repeats"), "every band of every run counted");
            tasks.clearWork();
            plan.execute();
            assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 6 * ITERATIONS), u, "and three more in the next");
            assertEquals(Optional.empty(), tasks.workShortfall(3, "repeats"), "counted again from zero");
        }
    }

    /**
     * The work count of several runs in one execute is every block of every run: three runs report
     * three times the blocks, and checked as one run they are too many. Each design, on the CPU.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"GRID_BARRIER, 3", "DATAFLOW, 3", "ON_CHIP, 1"})
    void theWorkCountOfRepeatsHoldsEveryRun(Design design, int blocks) {
        PoissonProblem problem = new PoissonProblem(12);
        double[] initial = problem.randomInitialU(12);
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        PersistentTaskGraph tasks = PersistentTaskGraph.of(design, problem, u, f, ITERATIONS, blocks, 16, false);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            tasks.clearWork();
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler()).withRepeats(3).execute();
            assertEquals(Optional.empty(), tasks.workShortfall(3, "three runs"));
            assertEquals(Optional.of("as one: " + 3 * blocks + " of " + blocks + " blocks with work reported their half-sweeps (each must run "
                    + 2 * ITERATIONS + ")"), tasks.workShortfall(1, "as one"));
        }
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 3 * ITERATIONS), u);
    }

    /**
     * A kernel whose block 0 skips the last half-sweep, at N = 5 with 1000 iterations from a zero
     * interior: the grid has converged, so the array equals the reference bit for bit, and only the
     * work count tells the run from a complete one.
     */
    @Test
    void aKernelThatSkipsAHalfSweepFailsThroughItsWorkCountAtAConvergedGrid() throws NoSuchMethodException {
        int n = 5;
        int iterations = 1000;
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = new double[problem.points()];
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        PersistentTaskGraph tasks = PersistentTaskGraph.of(Design.GRID_BARRIER, BrokenPersistentKernels.class.getMethod(
                "skipsTheLastHalfSweep", KernelContext.class, double[].class, double[].class, int.class, double.class, int.class,
                long[].class), problem, u, f, iterations, 2, 8, false);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            tasks.clearWork();
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler()).execute();
            plan.transferToHost(u);
        }
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, iterations), u, "converged: the array cannot tell");
        assertEquals(Optional.of("broken at n = 5: block 0 ran 1999 of 2000 half-sweeps (blocks ran 1999 to 2000)"),
                tasks.workShortfall(1, "broken at n = 5"));
    }

    @Test
    void moreBlocksThanRowsLeaveTheDataflowsSpareBlocksIdle() {
        int n = 6;
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(3);
        double[] f = problem.rightHandSide();
        double[] u = new double[problem.points()];
        PersistentTaskGraph tasks = PersistentTaskGraph.of(Design.DATAFLOW, problem, u, f, ITERATIONS, 9, 8, false);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, ITERATIONS), run(tasks, u, initial, Duration.ofSeconds(10)));
    }

    @Test
    void withoutItsGridBarrierTheKernelGivesAWrongArray() {
        int n = 33;
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(5);
        double[] f = problem.rightHandSide();
        double[] reference = ReferenceSolver.solve(problem, initial, f, ITERATIONS);
        double[] u = initial.clone();
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(new TaskGraph("broken")
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .task("solve", BrokenPersistentKernels::withoutGridBarrier, new KernelContext(), u, f, n, problem.h2(), ITERATIONS)
                .snapshot())) {
            plan.withDevice(TornadoRuntime.sequentialCpu())
                    .withGridScheduler(new GridScheduler("broken.solve", new WorkerGrid1D(4 * 32).setLocalWork(32, 1, 1)))
                    .execute();
        }
        assertFalse(Arrays.equals(reference, u), "a run without its grid barrier equalled the reference");
    }

    @Test
    void aBlockThatLeavesBeforeTheBarrierStopsTheRunWithTheWatchdogNamingBlockAndStep() {
        int n = 33;
        PoissonProblem problem = new PoissonProblem(n);
        double[] u = problem.randomInitialU(5);
        double[] f = problem.rightHandSide();
        WatchdogExpiredException e = org.junit.jupiter.api.Assertions.assertThrows(WatchdogExpiredException.class, () -> {
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(new TaskGraph("broken")
                    .transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                    .task("solve", BrokenPersistentKernels::blockLeavesBeforeTheBarrier, new KernelContext(), u, f, n, problem.h2(),
                            ITERATIONS, 2)
                    .snapshot())) {
                plan.withDevice(TornadoRuntime.sequentialCpu()).withWatchdog(ARRIVALS_WATCHDOG)
                        .withGridScheduler(new GridScheduler("broken.solve", new WorkerGrid1D(4 * 32).setLocalWork(32, 1, 1)))
                        .execute();
            }
        });
        assertEquals(WatchdogExpiredException.Wait.GRID_BARRIER, e.waitKind());
        assertNotEquals(2, e.block());
        assertEquals(0, e.step());
        assertEquals("broken.solve (kernel blockLeavesBeforeTheBarrier): watchdog expired after 2 s: block " + e.block()
                + " waited at grid barrier 0; 3 of 4 blocks had arrived there", e.getMessage());
    }

    @Test
    void aCounterThatIsNeverPublishedStopsTheRunWithTheWatchdogNamingBlockAndStep() {
        int blocks = 3;
        int[] counters = new int[blocks * PersistentRedBlackKernels.COUNTER_STRIDE];
        WatchdogExpiredException e = org.junit.jupiter.api.Assertions.assertThrows(WatchdogExpiredException.class, () -> {
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(new TaskGraph("broken")
                    .transferToDevice(DataTransferMode.FIRST_EXECUTION, counters)
                    .task("chain", BrokenPersistentKernels::neverPublishes, new KernelContext(), counters, 5, 1)
                    .snapshot())) {
                plan.withDevice(TornadoRuntime.sequentialCpu()).withWatchdog(SHORT_WATCHDOG)
                        .withGridScheduler(new GridScheduler("broken.chain", new WorkerGrid1D(blocks * 32).setLocalWork(32, 1, 1)))
                        .execute();
            }
        });
        assertEquals(WatchdogExpiredException.Wait.WAIT_UNTIL, e.waitKind());
        assertEquals(2, e.block(), "the silent block's right neighbour, the last block");
        assertEquals(1, e.step(), "it waited for the first step");
        assertEquals(PersistentRedBlackKernels.COUNTER_STRIDE, e.index(), "on the silent block's counter");
        assertEquals("broken.chain (kernel neverPublishes): watchdog expired after 0.5 s: block 2 waited until element 32 reached 1",
                e.getMessage());
    }
}
