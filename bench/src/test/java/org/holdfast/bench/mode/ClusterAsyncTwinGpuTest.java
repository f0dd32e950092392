package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code persistent-dataflow --signal cluster} with {@code -k java} (the asynchronous-store cluster kernels,
 * {@code clusterAsync_p<P>}) and {@code -k native} ({@code cluster_async_p<P>}): each equals the plain reference bit for
 * bit from a random interior after an odd, unconverged iteration count, then once more without a reload; and the Java
 * twin runs the native twin's shape as {@code plan_cluster_async_on_chip} gives it (the blocks, the threads, k, the
 * planner's note). k = 0 is the planner's own; the sizes span one cluster of 2 to 16 blocks and 1 to 16 points per thread.
 */
@Tag("gpu")
class ClusterAsyncTwinGpuTest {

    private static final int ITERATIONS = 7;
    private static Machine machine;

    @BeforeAll
    static void openTheGpu() {
        machine = Machine.open(true);
    }

    @AfterAll
    static void close() {
        machine.close();
    }

    private static RunRequest request(PoissonProblem problem, KernelSource kernels, String signal, int k) {
        OptionValues options = Modes.ALL.defaults().with(PersistentDataflowMode.SIGNAL, signal)
                .with(NativePersistentMode.SWEEPS_PER_EXCHANGE, k == 0 ? "auto" : Integer.toString(k));
        return new RunRequest(problem, problem.rightHandSide(), kernels, BlockCountRule.parse("auto"), options,
                RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
    }

    @ParameterizedTest(name = "N = {0}, k = {1}")
    @CsvSource({"5, 0", "11, 0", "12, 1", "33, 0", "34, 2", "101, 0", "101, 1", "102, 4", "257, 0", "257, 8", "358, 0"})
    void theJavaTwinEqualsTheReferenceInTheNativeTwinsShape(int n, int k) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(n);
        TwinRunChecks.javaAndNativeInOneShape(new PersistentDataflowMode(), kernels -> request(problem, kernels, "cluster", k), machine,
                problem.randomInitialU(n), ITERATIONS);
    }

    /** {@code --signal auto} with {@code -k java} runs the cluster twin where the native planner picks the cluster (N = 33 .. 257). */
    @ParameterizedTest(name = "N = {0}")
    @CsvSource({"33", "101", "257"})
    void autoRunsTheClusterTwinWhereTheNativePlannerPicksIt(int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(n);
        List<RunShape> shapes = new ArrayList<>();
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            try (ModeRunner runner = new PersistentDataflowMode().runner(request(problem, kernels, "auto", 0), machine)) {
                shapes.add(runner.shape());
            }
        }
        assertEquals("cluster", shapes.get(1).variantName(), "the native planner's choice at N = " + n);
        assertEquals(shapes.get(1).variantName(), shapes.get(0).variantName(), "the Java kernels run its twin");
        assertEquals(shapes.get(1).note(), shapes.get(0).note());
    }
}
