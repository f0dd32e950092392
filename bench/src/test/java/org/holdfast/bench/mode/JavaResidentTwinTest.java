package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.PersistentRedBlackKernels;
import org.holdfast.kernels.PersistentTaskGraph.Design;
import org.holdfast.kernels.ResidentKernels;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code persistent-dataflow -k java --signal resident}: the grid-resident kernel ({@link ResidentKernels#resident}) as the
 * twin of the native {@code resident}. What the signal resolves to for the Java kernels (counters and resident their
 * twins, auto the counters or the native planner's choice, anything else refused in one line naming what they have), k
 * taken by the resident twin and refused by the counters, how the row is labelled and what it moves, and the runner on
 * the CPU backend with a plan given (on the GPU the library's rule gives it: ResidentTwinGpuTest), through load, runs and
 * unload as the harness drives it, the mailbox's flags carried on from run to run.
 */
class JavaResidentTwinTest {

    private static final PersistentDataflowMode DATAFLOW = new PersistentDataflowMode();
    private static final Machine NO_GPU = Machine.withoutGpu("no GPU in this test");

    static OptionValues signal(String signal, String k) {
        return Modes.ALL.defaults().with(PersistentDataflowMode.SIGNAL, signal).with(NativePersistentMode.SWEEPS_PER_EXCHANGE, k);
    }

    static RunRequest request(PoissonProblem problem, OptionValues options) {
        return new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"), options,
                RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
    }

    @Test
    void theSignalChoosesTheJavaTwin() {
        PoissonProblem problem = new PoissonProblem(1001);
        KernelsThatRun resident = DATAFLOW.kernelsThatRun(KernelSource.JAVA, signal("resident", "auto"), problem);
        assertEquals(ResidentKernels.class, resident.generatedClass().orElseThrow());
        assertTrue(resident.what().contains(": resident_fOnChip<F> (F = 0, 1), every block holding its band of rows colour-split in"
                + " shared memory"), resident.what());
        KernelsThatRun counters = DATAFLOW.kernelsThatRun(KernelSource.JAVA, signal("counters", "auto"), problem);
        assertEquals(PersistentRedBlackKernels.class, counters.generatedClass().orElseThrow());
        assertTrue(counters.what().contains(": dataflowSweeps, one launch for all iterations"), counters.what());
        KernelsThatRun auto = DATAFLOW.kernelsThatRun(KernelSource.JAVA, signal("auto", "auto"), problem);
        assertTrue(auto.what().contains("dataflowSweeps") && auto.what().endsWith("; or the twin of the native planner's choice where"
                + " the Java kernels have it (cluster: clusterAsync_p<P>, resident: resident_fOnChip<F>)"), auto.what());
    }

    @Test
    void theResidentTwinTakesHalfSweepsPerExchangeAndTheCountersSayWhereTheyAreTaken() {
        PoissonProblem problem = new PoissonProblem(1001);
        // Past the check of k, the resident twin asks for the GPU (its rule is the library's): k = 4 was taken.
        assertThrows(ModeUnavailableException.class, () -> DATAFLOW.runner(request(problem, signal("resident", "4")), NO_GPU));
        IllegalArgumentException k4 = assertThrows(IllegalArgumentException.class,
                () -> DATAFLOW.runner(request(problem, signal("counters", "4")), NO_GPU));
        assertTrue(k4.getMessage().contains("--sweeps-per-exchange takes 1 or auto for them (--signal cluster or resident take more), got 4"),
                k4.getMessage());
    }

    @Test
    void theRowIsLabelledAndMeasuredAsTheNativeOne() {
        assertEquals(new RowVariant("resident/k=4", "resident", 4), DATAFLOW.ran("resident", 4, signal("resident", "auto")));
        assertEquals(new RowVariant("resident/k=3", "resident", 3), DATAFLOW.variant(signal("resident", "3")));
        for (boolean fOnChip : new boolean[] {false, true}) {
            JavaPersistentPlan plan = residentPlan(132, 512, 4, fOnChip);
            // The native row's model (MemoryTraffic.of its plan, HF_TRAIT_BANDS_ON_CHIP): every block's band on chip, h²f too where
            // the plan put it there.
            assertEquals(MemoryTraffic.ofPlan(true, fOnChip, 4), plan.traffic(), "f on chip " + fOnChip);
            assertEquals("k = 4, f " + (fOnChip ? "on chip" : "in global memory"), plan.note(), "the planner's note, as the native row's");
            assertEquals(4, plan.sweeps());
        }
    }

    /** A plan as {@code plan_resident} words it, with its note. */
    private static JavaPersistentPlan residentPlan(int blocks, int threads, int k, boolean fOnChip) {
        return new JavaPersistentPlan(Design.RESIDENT.kernel(), Design.RESIDENT, blocks, threads, fOnChip, 0, false,
                "k = " + k + ", f " + (fOnChip ? "on chip" : "in global memory"), k);
    }

    /** Runs from a load (even and odd counts), on from the last without a load (the flags carried on), and after a reload. */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads, k = {3}, f on chip {4}, {5} iterations")
    @CsvSource({"12, 2, 16, 3, true, 3", "33, 3, 16, 2, false, 5", "34, 5, 32, 1, true, 4", "11, 1, 16, 4, false, 2"})
    void theRunnerOnTheCpuEqualsTheReference(int n, int blocks, int threads, int k, boolean fOnChip, int iterations) {
        PoissonProblem problem = new PoissonProblem(n);
        RunRequest request = request(problem, signal("resident", Integer.toString(k)));
        try (ModeRunner runner = JavaPersistentRunner.onGpu(problem, request, TornadoRuntime.sequentialCpu(),
                residentPlan(blocks, threads, k, fOnChip), PersistentDataflowMode.NAME, DATAFLOW.ran("resident", k, request.options()))) {
            // The mailbox's flags carry on from run to run, and start again from zeros after a load.
            TwinRunChecks.fromALoadAndOnFromTheLastRun(runner, problem, problem.randomInitialU(n + k), iterations);
            assertEquals("resident/k=" + k, runner.shape().variant());
            assertEquals(blocks, runner.shape().blocks());
            assertEquals(threads, runner.shape().threads());
            assertEquals(MemoryTraffic.sharedMemory(fOnChip), runner.shape().traffic());
        }
    }
}
