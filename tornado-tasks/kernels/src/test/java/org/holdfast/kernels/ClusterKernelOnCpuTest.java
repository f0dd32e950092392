package org.holdfast.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cluster kernel ({@link PersistentRedBlackKernels#clusterResident}) on the CPU backend, which runs every
 * thread of every block of the cluster at once, with the cluster barrier's halves and the neighbours' shared
 * arrays real: from a random interior and short of convergence it equals the plain reference bit for bit at
 * N = 3, 4, 5, 11, 12, 33, 34, on clusters of 1, 2, 4, 8 and 16 blocks (blocks beyond the rows idle), at every
 * k the cluster takes, and every block with a band counts all its half-sweeps.
 */
class ClusterKernelOnCpuTest {

    /** Odd, so that 2 * 7 = 14 half-sweeps leave a short last window for k = 3, 4, 5, 6 and 8. */
    private static final int ITERATIONS = 7;
    private static final Duration WATCHDOG = Duration.ofSeconds(20);

    /** N, blocks, k for every k from 1 to the most the cluster takes. */
    static Stream<Arguments> shapes() {
        List<Arguments> shapes = new ArrayList<>();
        for (int n : new int[] {3, 4, 5, 11, 12, 33, 34}) {
            for (int blocks : new int[] {1, 2, 4, 8, 16}) {
                for (int k = 1; k <= ClusterLayout.mostSweepsPerExchange(n, blocks); k++) {
                    shapes.add(Arguments.of(n, blocks, k));
                }
            }
        }
        return shapes.stream();
    }

    /** The planner's shape (native {@code register_shape}): the fewest points per thread that fit, on whole warps. */
    static int[] plannerShape(int points) {
        for (int slots : PersistentRedBlackKernels.SLOTS) {
            int most = PersistentRedBlackKernels.maxThreadsFor(slots);
            if ((long) slots * most >= points) {
                int threads = Math.min(most, (Math.max(1, (points + slots - 1) / slots) + 31) / 32 * 32);
                return new int[] {threads, slots};
            }
        }
        throw new AssertionError(points + " points do not fit a block");
    }

    /** The kernel's u after one run from {@code initial}, every block with a band having counted all its half-sweeps. */
    private static double[] run(PersistentTaskGraph tasks, double[] u, double[] initial) {
        return PersistentKernelsOnCpuTest.run(tasks, u, initial, WATCHDOG);
    }

    /** A cluster kernel's task graph: {@link PersistentTaskGraph#clusterResident} or {@link PersistentTaskGraph#clusterAsync}. */
    @FunctionalInterface
    interface ClusterGraph {
        PersistentTaskGraph of(PoissonProblem problem, double[] u, double[] f, int iterations, int blocks, int threads, int slots, int k);
    }

    /** One run at N = n on {@code blocks} blocks of {@code threads} threads of {@code slots} points, k = k, from a random interior. */
    private static void assertEqualsTheReference(int n, int blocks, int threads, int slots, int k, long seed) {
        assertEqualsTheReference(PersistentTaskGraph::clusterResident, n, blocks, threads, slots, k, seed);
    }

    /** {@link #assertEqualsTheReference(int, int, int, int, int, long)} for the cluster kernel {@code kernel} builds. */
    static void assertEqualsTheReference(ClusterGraph kernel, int n, int blocks, int threads, int slots, int k, long seed) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(seed);
        double[] f = problem.rightHandSide();
        double[] reference = PersistentKernelsOnCpuTest.sensitiveReference(problem, initial, f, ITERATIONS);
        double[] u = new double[problem.points()];
        PersistentTaskGraph tasks = kernel.of(problem, u, f, ITERATIONS, blocks, threads, slots, k);
        assertArrayEquals(reference, run(tasks, u, initial), threads + " threads of " + slots + " points");
    }

    @ParameterizedTest(name = "N = {0}, {1} blocks, k = {2}")
    @MethodSource("shapes")
    void theClusterKernelEqualsTheReferenceBitForBit(int n, int blocks, int k) {
        int[] shape = plannerShape(ClusterLayout.pointsPerColour(n, blocks, k));
        assertEqualsTheReference(n, blocks, shape[0], shape[1], k, 31L * n + blocks);
    }

    /** Few threads holding many points each: every slot of the 4-, 8- and 16-point kernels in use, and three runs in one execute. */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads of {3} points, k = {4}")
    @MethodSource("slotShapes")
    void everySlotCountEqualsTheReference(int n, int blocks, int threads, int slots, int k) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + slots);
        double[] f = problem.rightHandSide();
        double[] u = new double[problem.points()];
        PersistentTaskGraph tasks = PersistentTaskGraph.clusterResident(problem, u, f, ITERATIONS, blocks, threads, slots, k);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, ITERATIONS), run(tasks, u, initial));
        PersistentKernelsOnCpuTest.runThreeMore(tasks, u, WATCHDOG);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 4 * ITERATIONS), u, "three runs on from the first");
    }

    /** The GPU test's shapes ({@code PersistentKernelsGpuTest}) are valid here too, so a GPU failure is the GPU's. */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads of {3} points, k = {4}")
    @CsvSource({"101, 16, 672, 1, 4", "33, 4, 128, 1, 1", "101, 8, 448, 2, 3", "257, 16, 704, 4, 4", "257, 8, 512, 8, 1",
        "257, 16, 256, 16, 2", "34, 1, 512, 1, 8"})
    void theGpuTestsShapesEqualTheReference(int n, int blocks, int threads, int slots, int k) {
        assertEqualsTheReference(n, blocks, threads, slots, k, n + k);
    }

    static Stream<Arguments> slotShapes() {
        return Stream.of(Arguments.of(34, 2, 32, 16, 3), Arguments.of(33, 4, 32, 4, 1), Arguments.of(34, 4, 24, 8, 2),
                Arguments.of(33, 1, 64, 8, 8), Arguments.of(12, 3, 16, 2, 2));
    }

    @Test
    void aShapeTheKernelCannotRunIsRefusedInOneLine() {
        PoissonProblem problem = new PoissonProblem(12);
        double[] u = new double[problem.points()];
        double[] f = problem.rightHandSide();
        assertEquals("clusterResident runs one cluster of 1 to 16 blocks, not 17", assertThrows(IllegalArgumentException.class,
                () -> PersistentTaskGraph.clusterResident(problem, u, f, 1, 17, 32, 1, 1)).getMessage());
        assertEquals("clusterResident: k = 3, but with 4 blocks at N = 12 it is 1 to 2 (the thinnest band's rows, at most 8)",
                assertThrows(IllegalArgumentException.class, () -> PersistentTaskGraph.clusterResident(problem, u, f, 1, 4, 32, 1, 3))
                        .getMessage());
        assertEquals("clusterResident: 8 threads of 1 points hold 8 points of a colour, a block updates up to 15",
                assertThrows(IllegalArgumentException.class, () -> PersistentTaskGraph.clusterResident(problem, u, f, 1, 4, 8, 1, 1))
                        .getMessage());
    }
}
