package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.temporal.PersistentPassKernel;
import org.holdfast.kernels.temporal.StreamGeometry;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code persistent-grid -k java --barrier temporal} and {@code temporal-3blocks}: the Java temporal passes in one
 * persistent launch, built for two or three blocks per multiprocessor. What the barrier resolves to for the Java kernels
 * (auto and two-slot: the grid-barrier twin; temporal and temporal-3blocks: the passes on their kernel; anything else
 * refused in one line naming what they have), how the row is labelled, and the runner itself on the CPU backend, the plan
 * given (on the GPU the library's rule gives it), through load, runs and unload as the harness drives it.
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
        KernelsThatRun threeBlocks = GRID.kernelsThatRun(KernelSource.JAVA, barrier("temporal-3blocks", "8"), problem);
        assertEquals(TemporalKernels.class, threeBlocks.generatedClass().orElseThrow());
        assertTrue(threeBlocks.what().contains(": persistentPasses3Blocks_k8, every pass of 8 half-sweeps"), threeBlocks.what());
        assertTrue(threeBlocks.what().contains("three blocks per multiprocessor"), threeBlocks.what());
        assertTrue(GRID.kernelsThatRun(KernelSource.JAVA, barrier("temporal-3blocks", "auto"), problem).what()
                .contains("persistentPasses3Blocks_k<k>, every pass of k half-sweeps"));
        assertEquals("refused: persistent-grid (java): the Java kernels have --barrier auto, two-slot, temporal, temporal-3blocks,"
                + " block, cluster, not cg", GRID.kernelsThatRun(KernelSource.JAVA, barrier("cg", "auto"), problem).what());
    }

    /** The three-block kernel has k = 2, 4, 6, 8 (native temporal-3blocks' k): another is refused, naming those it has. */
    @Test
    void theThreeBlockTwinRefusesAKItIsNotCompiledFor() {
        PoissonProblem problem = new PoissonProblem(11);
        assertEquals("refused: persistent-grid (java): the Java temporal passes (persistentPasses3Blocks) are compiled for"
                + " k = 2, 4, 6, 8, not 3 (--kernels native runs it)",
                GRID.kernelsThatRun(KernelSource.JAVA, barrier("temporal-3blocks", "3"), problem).what());
        ModeRefusedException refused = assertThrows(ModeRefusedException.class,
                () -> GRID.runner(request(problem, barrier("temporal-3blocks", "12")), Machine.withoutGpu("no GPU in this test")));
        assertEquals("persistent-grid (java): the Java temporal passes (persistentPasses3Blocks) are compiled for k = 2, 4, 6, 8,"
                + " not 12 (--kernels native runs it)", refused.getMessage());
    }

    @Test
    void anotherBarrierIsRefusedBeforeAnythingRunsOrIsAllocated() {
        PoissonProblem problem = new PoissonProblem(11);
        for (String barrier : new String[] {"cg", "temporal-cg"}) {
            ModeRefusedException refused = assertThrows(ModeRefusedException.class,
                    () -> GRID.runner(request(problem, barrier(barrier, "auto")), Machine.withoutGpu("no GPU in this test")));
            assertEquals("persistent-grid (java): the Java kernels have --barrier auto, two-slot, temporal, temporal-3blocks, block,"
                    + " cluster, not " + barrier, refused.getMessage());
        }
        // The grid-barrier twin still takes only one half-sweep per exchange, and says where more are taken.
        IllegalArgumentException k4 = assertThrows(IllegalArgumentException.class,
                () -> GRID.runner(request(problem, barrier("two-slot", "4")), Machine.withoutGpu("no GPU in this test")));
        assertTrue(k4.getMessage().contains("(--barrier temporal or temporal-3blocks or cluster take more)"),
                k4.getMessage());
    }

    @Test
    void theRowIsLabelledAsTheNativeOne() {
        assertEquals(new RowVariant("temporal/k=4", "temporal", 4), GRID.ran("temporal", 4, barrier("temporal", "auto")));
        assertEquals(new RowVariant("temporal/k=4", "temporal", 4), GRID.variant(barrier("temporal", "4")));
        assertEquals(new RowVariant("temporal-3blocks/k=8", "temporal-3blocks", 8),
                GRID.ran("temporal-3blocks", 8, barrier("temporal-3blocks", "auto")));
    }

    /** Runs from a load (even and odd pass counts), and a run on from the last without a load, as a benchmark's repeats. */
    @ParameterizedTest(name = "{0}: N = {1}, k = {2}, {3} iterations, {4} blocks")
    @CsvSource({"temporal, 12, 4, 3, 2", "temporal, 33, 3, 5, 3", "temporal, 34, 8, 7, 1", "temporal, 5, 1, 2, 4",
        "temporal-3blocks, 12, 4, 3, 2", "temporal-3blocks, 33, 6, 5, 3", "temporal-3blocks, 34, 8, 7, 1",
        "temporal-3blocks, 5, 2, 2, 4"})
    void theRunnerOnTheCpuEqualsTheReference(String variant, int n, int k, int iterations, int blocks) {
        PoissonProblem problem = new PoissonProblem(n);
        RunRequest request = request(problem, barrier(variant, Integer.toString(k)));
        PersistentPassKernel kernel = variant.equals("temporal") ? PersistentPassKernel.TWO_BLOCKS : PersistentPassKernel.THREE_BLOCKS;
        JavaTemporalPlan plan = new JavaTemporalPlan(kernel, k, blocks, StreamGeometry.plan(n, k, blocks));
        try (ModeRunner runner = JavaPersistentRunner.temporal(problem, request, TornadoRuntime.sequentialCpu(), plan,
                PersistentGridMode.NAME, GRID.ran(variant, k, request.options()))) {
            TwinRunChecks.fromALoadAndOnFromTheLastRun(runner, problem, problem.randomInitialU(n), iterations);
            assertEquals(variant + "/k=" + k, runner.shape().variant());
            assertEquals(blocks, runner.shape().blocks());
            assertEquals(TemporalKernels.THREADS, runner.shape().threads());
        }
    }
}
