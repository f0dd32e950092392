package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.temporal.StreamGeometry;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code persistent-grid -k java --barrier temporal}: the Java temporal passes in one persistent launch. What the barrier
 * resolves to for the Java kernels (auto and two-slot: the grid-barrier twin; temporal: the passes; anything else refused
 * in one line naming what they have), how the row is labelled, and the runner itself on the CPU backend, the plan given
 * (on the GPU the library's rule gives it), through load, runs and unload as the harness drives it.
 */
class JavaTemporalTwinTest {

    private static final PersistentGridMode GRID = new PersistentGridMode();

    private static OptionValues barrier(String barrier, String k) {
        return Modes.ALL.defaults().with(PersistentGridMode.BARRIER, barrier).with(NativePersistentMode.SWEEPS_PER_EXCHANGE, k);
    }

    private static RunRequest request(PoissonProblem problem, OptionValues options) {
        return new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"), options,
                RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
    }

    @Test
    void theBarrierChoosesTheJavaTwin() {
        PoissonProblem problem = new PoissonProblem(11);
        for (String grid : new String[] {"auto", "two-slot"}) {
            assertEquals("org.holdfast.kernels.PersistentRedBlackKernels", GRID.kernelsThatRun(KernelSource.JAVA, barrier(grid, "auto"),
                    problem).generatedClass().orElseThrow().getName(), grid);
        }
        KernelsThatRun temporal = GRID.kernelsThatRun(KernelSource.JAVA, barrier("temporal", "8"), problem);
        assertEquals(TemporalKernels.class, temporal.generatedClass().orElseThrow());
        assertTrue(temporal.what().contains("persistentPasses_k8, every pass of 8 half-sweeps"), temporal.what());
        assertEquals("refused: persistent-grid (java): the Java kernels have --barrier auto, two-slot, temporal, block, cluster, not cg",
                GRID.kernelsThatRun(KernelSource.JAVA, barrier("cg", "auto"), problem).what());
    }

    @Test
    void anotherBarrierIsRefusedBeforeAnythingRunsOrIsAllocated() {
        PoissonProblem problem = new PoissonProblem(11);
        for (String barrier : new String[] {"cg", "temporal-cg"}) {
            ModeRefusedException refused = assertThrows(ModeRefusedException.class,
                    () -> GRID.runner(request(problem, barrier(barrier, "auto")), Machine.withoutGpu("no GPU in this test")));
            assertEquals("persistent-grid (java): the Java kernels have --barrier auto, two-slot, temporal, block, cluster, not " + barrier,
                    refused.getMessage());
        }
        // The grid-barrier twin still takes only one half-sweep per exchange, and says where more are taken.
        IllegalArgumentException k4 = assertThrows(IllegalArgumentException.class,
                () -> GRID.runner(request(problem, barrier("two-slot", "4")), Machine.withoutGpu("no GPU in this test")));
        assertTrue(k4.getMessage().contains("(--barrier temporal or cluster take more)"),
                k4.getMessage());
    }

    @Test
    void theRowIsLabelledAsTheNativeOne() {
        assertEquals(new RowVariant("temporal/k=4", "temporal", 4), GRID.ran("temporal", 4, barrier("temporal", "auto")));
        assertEquals(new RowVariant("temporal/k=4", "temporal", 4), GRID.variant(barrier("temporal", "4")));
    }

    /** Runs from a load (even and odd pass counts), and a run on from the last without a load, as a benchmark's repeats. */
    @ParameterizedTest(name = "N = {0}, k = {1}, {2} iterations, {3} blocks")
    @CsvSource({"12, 4, 3, 2", "33, 3, 5, 3", "34, 8, 7, 1", "5, 1, 2, 4"})
    void theRunnerOnTheCpuEqualsTheReference(int n, int k, int iterations, int blocks) {
        PoissonProblem problem = new PoissonProblem(n);
        RunRequest request = request(problem, barrier("temporal", Integer.toString(k)));
        JavaTemporalPlan plan = new JavaTemporalPlan(k, blocks, StreamGeometry.plan(n, k, blocks));
        try (ModeRunner runner = JavaPersistentRunner.temporal(problem, request, TornadoRuntime.sequentialCpu(), plan,
                PersistentGridMode.NAME, GRID.ran("temporal", k, request.options()))) {
            TwinRunChecks.fromALoadAndOnFromTheLastRun(runner, problem, problem.randomInitialU(n), iterations);
            assertEquals("temporal/k=" + k, runner.shape().variant());
            assertEquals(blocks, runner.shape().blocks());
            assertEquals(TemporalKernels.THREADS, runner.shape().threads());
        }
    }
}
