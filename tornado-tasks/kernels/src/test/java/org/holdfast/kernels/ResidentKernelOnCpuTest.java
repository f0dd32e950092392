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
 * The grid-resident kernel ({@link ResidentKernels#resident}) on the CPU backend, which runs every thread of every
 * block at once, its self-flagged lines and bounded waits real: from a random interior and short of convergence it
 * equals the plain reference bit for bit at N = 3, 4, 5, 11, 12, 33, 34 and 101, on 1, 2, 3 and 5 blocks (blocks
 * beyond the rows idle), k = 1, 2, 3 where the bands take it, f on chip and in global memory, and every block with a
 * band counts all its half-sweeps.
 */
class ResidentKernelOnCpuTest {

    /** Odd, so that 2 * 7 = 14 half-sweeps leave a short last round for k = 3 (and 4 and 5). */
    private static final int ITERATIONS = 7;
    private static final Duration WATCHDOG = Duration.ofSeconds(20);
    /** Few threads: the CPU backend runs each as a thread of its own, on two cores. */
    private static final int THREADS = 16;

    /** N, blocks, k for k = 1, 2, 3 where the thinnest band has k rows. */
    static Stream<Arguments> shapes() {
        List<Arguments> shapes = new ArrayList<>();
        for (int n : new int[] {3, 4, 5, 11, 12, 33, 34, 101}) {
            for (int blocks : new int[] {1, 2, 3, 5, 8}) {
                int bands = ResidentLayout.bands(blocks, n);
                for (int k = 1; k <= 3 && (bands == 1 || k <= ResidentLayout.smallestBandRows(bands, n)); k++) {
                    shapes.add(Arguments.of(n, blocks, k));
                }
            }
        }
        return shapes.stream();
    }

    private static double[] run(PersistentTaskGraph tasks, double[] u, double[] initial) {
        return PersistentKernelsOnCpuTest.run(tasks, u, initial, WATCHDOG);
    }

    private static void assertEqualsTheReference(int n, int blocks, int threads, int k, int iterations, long seed) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(seed);
        double[] f = problem.rightHandSide();
        double[] reference = iterations == ITERATIONS ? PersistentKernelsOnCpuTest.sensitiveReference(problem, initial, f, iterations)
                : ReferenceSolver.solve(problem, initial, f, iterations);
        for (boolean fOnChip : new boolean[] {false, true}) {
            double[] u = new double[problem.points()];
            PersistentTaskGraph tasks = PersistentTaskGraph.resident(problem, u, f, iterations, blocks, threads, k, fOnChip);
            assertArrayEquals(reference, run(tasks, u, initial), "f on chip " + fOnChip);
        }
    }

    @ParameterizedTest(name = "N = {0}, {1} blocks, k = {2}")
    @MethodSource("shapes")
    void theResidentKernelEqualsTheReferenceBitForBit(int n, int blocks, int k) {
        assertEqualsTheReference(n, blocks, THREADS, k, ITERATIONS, 31L * n + blocks);
    }

    /**
     * More threads than a column's points (the rows cut into runs), one run without an exchange (2 iterations at most
     * k: the neighbours' load announcements order the stores), a band of one row, and N = 101.
     */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads, k = {3}, {4} iterations")
    @CsvSource({"12, 2, 64, 3, 1", "12, 2, 64, 2, 1", "34, 4, 96, 3, 5", "11, 9, 8, 1, 3", "101, 3, 64, 3, 4", "101, 5, 32, 2, 3"})
    void otherShapesEqualTheReference(int n, int blocks, int threads, int k, int iterations) {
        assertEqualsTheReference(n, blocks, threads, k, iterations, n + k);
    }

    /** The GPU test's shapes ({@code PersistentKernelsGpuTest}) that the CPU runs in good time, so a GPU failure there is the GPU's. */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2} threads, k = {3}")
    @CsvSource({"101, 16, 128, 3", "101, 2, 256, 18"})
    void theGpuTestsShapesEqualTheReference(int n, int blocks, int threads, int k) {
        assertEqualsTheReference(n, blocks, threads, k, 9, n + k);
    }

    /** Three runs in one execute: the flags carry on from run to run through the counters, the mailbox is never cleared. */
    @Test
    void runsOneAfterAnotherCarryOn() {
        PoissonProblem problem = new PoissonProblem(33);
        double[] initial = problem.randomInitialU(5);
        double[] f = problem.rightHandSide();
        double[] u = new double[problem.points()];
        PersistentTaskGraph tasks = PersistentTaskGraph.resident(problem, u, f, ITERATIONS, 4, THREADS, 3, true);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, ITERATIONS), run(tasks, u, initial));
        PersistentKernelsOnCpuTest.runThreeMore(tasks, u, WATCHDOG);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 4 * ITERATIONS), u, "three runs on from the first");
    }

    @Test
    void aShapeTheKernelCannotRunIsRefusedInOneLine() {
        PoissonProblem problem = new PoissonProblem(12);
        double[] u = new double[problem.points()];
        double[] f = problem.rightHandSide();
        assertEquals("resident runs on at least 1 block, not 0", assertThrows(IllegalArgumentException.class,
                () -> PersistentTaskGraph.resident(problem, u, f, 1, 0, 32, 1, false)).getMessage());
        assertEquals("resident runs 1 to 512 threads per block, not 1024", assertThrows(IllegalArgumentException.class,
                () -> PersistentTaskGraph.resident(problem, u, f, 1, 2, 1024, 1, false)).getMessage());
        assertEquals("resident: k = 3, but with 4 blocks at N = 12 it is 1 to 2 (a band's k ghost rows come from one neighbour's band)",
                assertThrows(IllegalArgumentException.class, () -> PersistentTaskGraph.resident(problem, u, f, 1, 4, 32, 3, false))
                        .getMessage());
        assertEquals("resident: k = 0, but it is at least 1", assertThrows(IllegalArgumentException.class,
                () -> PersistentTaskGraph.resident(problem, u, f, 1, 1, 32, 0, false)).getMessage());
    }
}
