package org.holdfast.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The asynchronous-store cluster kernel ({@link PersistentRedBlackKernels#clusterAsync}, the twin of native
 * {@code cluster_async_p<P>}) on the CPU backend, every thread of every block live, the mbarriers and the
 * asynchronous stores emulated: from a random interior it equals the plain reference bit for bit at the shapes the
 * native planner gives {@code persistent-dataflow cluster} (N = 3 .. 102), at k = 1, 2 and the most on clusters of
 * 1 to 16 blocks, and on few threads holding many points over several runs.
 */
class ClusterAsyncKernelOnCpuTest {

    /** Odd, so that 2 * 7 = 14 half-sweeps leave a short last window for k = 3, 4, 5, 6 and 8. */
    private static final int ITERATIONS = 7;
    private static final Duration WATCHDOG = Duration.ofSeconds(20);

    /** Native {@code preferred_cluster_shape} on the square (planner.cpp's kClusterShapes): blocks, then k before the band limit. */
    private static int[] preferredShape(int n) {
        return n <= 20 ? new int[] {2, 4} : n <= 48 ? new int[] {2, 8} : n <= 80 ? new int[] {8, 4} : new int[] {16, n <= 120 ? 4 : 8};
    }

    /** N, blocks, k as the native planner chooses them for persistent-dataflow cluster. */
    static Stream<Arguments> plannedShapes() {
        List<Arguments> shapes = new ArrayList<>();
        for (int n : new int[] {3, 4, 5, 11, 12, 33, 34, 101, 102}) {
            int[] preferred = preferredShape(n);
            shapes.add(Arguments.of(n, preferred[0], Math.min(preferred[1], ClusterLayout.mostSweepsPerExchange(n, preferred[0]))));
        }
        return shapes.stream();
    }

    /** N, blocks, k: every cluster size with k = 1, 2 and the most it takes (each window's slot, inbox or not). */
    static Stream<Arguments> moreShapes() {
        List<Arguments> shapes = new ArrayList<>();
        for (int n : new int[] {3, 4, 5, 11, 12, 33, 34}) {
            for (int blocks : new int[] {1, 2, 4, 8, 16}) {
                int most = ClusterLayout.mostSweepsPerExchange(n, blocks);
                for (int k : new int[] {1, 2, most}) {
                    if (k <= most && (k < most || k > 2 || k == 1 && most == 1 || k == 2 && most == 2)) {
                        shapes.add(Arguments.of(n, blocks, k));
                    }
                }
            }
        }
        return shapes.stream().distinct();
    }

    private static void assertEqualsTheReference(int n, int blocks, int threads, int slots, int k, long seed) {
        ClusterKernelOnCpuTest.assertEqualsTheReference(PersistentTaskGraph::clusterAsync, n, blocks, threads, slots, k, seed);
    }

    private static void assertPlannedShapeEqualsTheReference(int n, int blocks, int k) {
        int[] shape = ClusterKernelOnCpuTest.plannerShape(ClusterLayout.pointsPerColour(n, blocks, k));
        assertEqualsTheReference(n, blocks, shape[0], shape[1], k, 37L * n + blocks);
    }

    @ParameterizedTest(name = "N = {0}, {1} blocks, k = {2}")
    @MethodSource("plannedShapes")
    void thePlannersShapesEqualTheReferenceBitForBit(int n, int blocks, int k) {
        assertPlannedShapeEqualsTheReference(n, blocks, k);
    }

    @ParameterizedTest(name = "N = {0}, {1} blocks, k = {2}")
    @MethodSource("moreShapes")
    void everyClusterSizeAndKEqualsTheReference(int n, int blocks, int k) {
        assertPlannedShapeEqualsTheReference(n, blocks, k);
    }

    /** The GPU test's shapes ({@code PersistentKernelsGpuTest}; {@code ClusterTwinGpuTest} in bench runs the planner's). */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads of {3} points, k = {4}")
    @CsvSource({"101, 16, 672, 1, 4", "33, 4, 128, 1, 1", "101, 8, 448, 2, 3", "257, 16, 704, 4, 4", "257, 8, 512, 8, 1",
        "257, 16, 256, 16, 2", "34, 1, 512, 1, 8", "33, 2, 480, 1, 8", "257, 16, 960, 4, 8"})
    void theGpuShapesEqualTheReference(int n, int blocks, int threads, int slots, int k) {
        assertEqualsTheReference(n, blocks, threads, slots, k, n + k);
    }

    /** Few threads holding many points each, and three runs in one execute (the mbarriers start afresh each launch). */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads of {3} points, k = {4}")
    @CsvSource({"34, 2, 32, 16, 3", "33, 4, 32, 4, 1", "34, 4, 24, 8, 2", "12, 3, 16, 2, 2"})
    void everySlotCountEqualsTheReferenceRunAfterRun(int n, int blocks, int threads, int slots, int k) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + slots);
        double[] f = problem.rightHandSide();
        double[] u = new double[problem.points()];
        PersistentTaskGraph tasks = PersistentTaskGraph.clusterAsync(problem, u, f, ITERATIONS, blocks, threads, slots, k);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, ITERATIONS), PersistentKernelsOnCpuTest.run(tasks, u, initial, WATCHDOG));
        PersistentKernelsOnCpuTest.runThreeMore(tasks, u, WATCHDOG);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 4 * ITERATIONS), u, "three runs on from the first");
    }
}
