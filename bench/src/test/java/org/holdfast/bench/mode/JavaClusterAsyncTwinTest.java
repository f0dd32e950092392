package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.ClusterLayout;
import org.holdfast.kernels.PersistentRedBlackKernels;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.PersistentTaskGraph.Design;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code persistent-dataflow -k java --signal cluster}: the asynchronous-store cluster kernel
 * ({@link PersistentRedBlackKernels#clusterAsync}) as the twin of the native {@code cluster} ({@code cluster_async_p<P>}).
 * The signal resolves to it, it takes k as its native twin does, its row is labelled and measured as the native one, and
 * the runner on the CPU backend with a plan given (on the GPU the library's rule gives it: ClusterTwinGpuTest) equals
 * the reference through load, runs and unload as the harness drives it.
 */
class JavaClusterAsyncTwinTest {

    private static final PersistentDataflowMode DATAFLOW = new PersistentDataflowMode();
    private static final Machine NO_GPU = Machine.withoutGpu("no GPU in this test");

    private static OptionValues signal(String signal, String k) {
        return JavaResidentTwinTest.signal(signal, k);
    }

    private static RunRequest request(PoissonProblem problem, OptionValues options) {
        return JavaResidentTwinTest.request(problem, options);
    }

    @Test
    void theClusterSignalRunsTheAsynchronousStoreKernel() {
        PoissonProblem problem = new PoissonProblem(257);
        KernelsThatRun cluster = DATAFLOW.kernelsThatRun(KernelSource.JAVA, signal("cluster", "auto"), problem);
        assertEquals(PersistentRedBlackKernels.class, cluster.generatedClass().orElseThrow());
        assertTrue(cluster.what().contains(": clusterAsync_p<P> (P = 1, 2, 4; clusterAsync8_p8, clusterAsync16_p16), one cluster of up"
                + " to 16 blocks holding the grid in shared memory"), cluster.what());
    }

    @Test
    void theClusterTwinTakesHalfSweepsPerExchange() {
        // Past the check of k, the cluster twin asks for the GPU (its rule is the library's): k = 4 was taken.
        assertThrows(ModeUnavailableException.class, () -> DATAFLOW.runner(request(new PoissonProblem(101), signal("cluster", "4")), NO_GPU));
    }

    @Test
    void theRowIsLabelledAndMeasuredAsTheNativeOne() {
        assertEquals(DATAFLOW.variant(signal("cluster", "3")), DATAFLOW.ran("cluster", 3, signal("cluster", "auto")));
        JavaPersistentPlan plan = clusterPlan(2, 32, 1, 3);
        assertEquals(MemoryTraffic.sharedMemory(false), plan.traffic(), "h²f in registers, u on chip");
        assertEquals("cluster of 2, k = 3, 1 point per thread", plan.note(), "the planner's note, as the native row's");
        assertEquals(3, plan.sweeps());
    }

    /** A plan as {@code plan_cluster_async_on_chip} words it, with its note. */
    private static JavaPersistentPlan clusterPlan(int blocks, int threads, int slots, int k) {
        return new JavaPersistentPlan(PersistentTaskGraph.kernelNamed(ClusterLayout.asyncKernelFor(slots)), Design.CLUSTER_ASYNC, blocks,
                threads, false, slots, false, "cluster of " + blocks + ", k = " + k + ", " + slots + " point" + (slots == 1 ? "" : "s")
                        + " per thread", k);
    }

    /** Runs from a load (even and odd counts), on from the last without a load, and after a reload. */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads of {3} points, k = {4}, {5} iterations")
    @CsvSource({"12, 2, 64, 1, 4, 3", "33, 2, 480, 1, 8, 5", "34, 4, 64, 4, 2, 4", "11, 1, 32, 2, 1, 2", "101, 16, 672, 1, 4, 3"})
    void theRunnerOnTheCpuEqualsTheReference(int n, int blocks, int threads, int slots, int k, int iterations) {
        PoissonProblem problem = new PoissonProblem(n);
        RunRequest request = request(problem, signal("cluster", Integer.toString(k)));
        try (ModeRunner runner = JavaPersistentRunner.onGpu(problem, request, TornadoRuntime.sequentialCpu(),
                clusterPlan(blocks, threads, slots, k), PersistentDataflowMode.NAME, DATAFLOW.ran("cluster", k, request.options()))) {
            TwinRunChecks.fromALoadAndOnFromTheLastRun(runner, problem, problem.randomInitialU(n + k), iterations);
            assertEquals(blocks, runner.shape().blocks());
            assertEquals(threads, runner.shape().threads());
            assertEquals(MemoryTraffic.sharedMemory(false), runner.shape().traffic());
        }
    }
}
