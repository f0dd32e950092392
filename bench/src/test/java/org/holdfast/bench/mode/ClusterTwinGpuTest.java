package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code persistent-grid --barrier cluster} with {@code -k java} (the Java cluster kernels, {@code clusterResident_p<P>})
 * and {@code -k native} ({@code cluster_resident}), and {@code persistent-dataflow --signal cluster} likewise (the
 * asynchronous-store kernels, {@code clusterAsync_p<P>} and {@code cluster_async_p<P>}): each equals the plain reference
 * bit for bit from a random interior after an odd, unconverged iteration count (7: a last round shorter than k where k
 * is 2, 4 or 8), then once more without a reload; and the Java twin runs the native twin's shape as
 * {@code plan_cluster_barrier_on_chip} (or {@code plan_cluster_async_on_chip}) gives it (the blocks, the threads, k, the
 * planner's note). k = 0 is the planner's own; the sizes span one cluster of 2 to 16 blocks and the points per thread
 * from 1 to 16.
 */
@Tag("gpu")
class ClusterTwinGpuTest extends OnTheGpu {

    private static final int ITERATIONS = 7;

    private static RunRequest request(PoissonProblem problem, KernelSource kernels, String barrier, int k) {
        return request(problem, kernels, PersistentGridMode.BARRIER, barrier, k);
    }

    /** A request with {@code variant} for the mode's variant option ({@code --barrier}, {@code --signal}) and k (0: auto). */
    private static RunRequest request(PoissonProblem problem, KernelSource kernels, ModeOption option, String variant, int k) {
        OptionValues options = Modes.ALL.defaults().with(option, variant)
                .with(NativePersistentMode.SWEEPS_PER_EXCHANGE, k == 0 ? "auto" : Integer.toString(k));
        return new RunRequest(problem, problem.rightHandSide(), kernels, BlockCountRule.parse("auto"), options,
                RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
    }

    @ParameterizedTest(name = "N = {0}, k = {1}")
    @CsvSource({"5, 0", "11, 0", "12, 1", "33, 0", "34, 2", "101, 0", "101, 1", "102, 4", "257, 0", "257, 8", "358, 0"})
    void theJavaTwinEqualsTheReferenceInTheNativeTwinsShape(int n, int k) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(n);
        TwinRunChecks.javaAndNativeInOneShape(new PersistentGridMode(), kernels -> request(problem, kernels, "cluster", k), machine,
                problem.randomInitialU(n), ITERATIONS);
    }

    /** {@code --barrier auto} with {@code -k java} runs the cluster twin where the native planner picks the cluster (N = 101). */
    @Test
    void autoRunsTheClusterTwinWhereTheNativePlannerPicksIt() {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(101);
        List<RunShape> shapes = new ArrayList<>();
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            try (ModeRunner runner = new PersistentGridMode().runner(request(problem, kernels, "auto", 0), machine)) {
                shapes.add(runner.shape());
            }
        }
        assertEquals("cluster", shapes.get(1).variantName(), "the native planner's choice at N = 101");
        assertEquals(shapes.get(1).variantName(), shapes.get(0).variantName(), "the Java kernels run its twin");
        assertEquals(shapes.get(1).note(), shapes.get(0).note());
    }

    @ParameterizedTest(name = "N = {0}, k = {1}")
    @CsvSource({"5, 0", "11, 0", "12, 1", "33, 0", "34, 2", "101, 0", "101, 1", "102, 4", "257, 0", "257, 8", "358, 0"})
    void theAsynchronousStoreTwinEqualsTheReferenceInTheNativeTwinsShape(int n, int k) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(n);
        TwinRunChecks.javaAndNativeInOneShape(new PersistentDataflowMode(),
                kernels -> request(problem, kernels, PersistentDataflowMode.SIGNAL, "cluster", k), machine, problem.randomInitialU(n),
                ITERATIONS);
    }

    /** {@code persistent-dataflow --signal auto} with {@code -k java} runs the asynchronous-store twin where the native planner picks the cluster. */
    @ParameterizedTest(name = "N = {0}")
    @CsvSource({"33", "101", "257"})
    void dataflowAutoRunsTheAsynchronousStoreTwinWhereTheNativePlannerPicksIt(int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(n);
        List<RunShape> shapes = new ArrayList<>();
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            try (ModeRunner runner = new PersistentDataflowMode().runner(request(problem, kernels, PersistentDataflowMode.SIGNAL, "auto", 0),
                    machine)) {
                shapes.add(runner.shape());
            }
        }
        assertEquals("cluster", shapes.get(1).variantName(), "the native planner's choice at N = " + n);
        assertEquals(shapes.get(1).variantName(), shapes.get(0).variantName(), "the Java kernels run its twin");
        assertEquals(shapes.get(1).note(), shapes.get(0).note());
    }
}
