package org.holdfast.kernels.poisson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The parallel reference equals the plain nested loops bit for bit, over the full array, however the rows are cut. */
class ParallelReferenceSolverTest {

    /** Short of convergence from a random interior, so that a lost or repeated band would show. */
    private static final int ITERATIONS = 7;

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {3, 4, 5, 12, 33, 100, 101})
    void everyCutOfTheRowsGivesThePlainReferenceBitForBit(int n) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(n);
        double[] plain = ReferenceSolver.solve(problem, initial, f, ITERATIONS);
        assertTrue(PoissonProblem.maxAbsDiff(plain, initial) > 0, "the iterations move the array");
        for (int bands : new int[] {1, 2, 3, 7, n - 2, n}) {
            assertArrayEquals(plain, ParallelReferenceSolver.solve(problem, initial, f, ITERATIONS, bands),
                    bands + " bands at N = " + n);
        }
    }

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {258, 259, 300})
    void sizesOnEveryCoreGiveThePlainReferenceBitForBit(int n) {
        PoissonProblem problem = new PoissonProblem(n);
        assertTrue(problem.interiorPoints() >= ParallelReferenceSolver.PARALLEL_FROM_POINTS, "the parallel path runs");
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(n);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, ITERATIONS),
                ParallelReferenceSolver.solve(problem, initial, f, ITERATIONS));
    }
}
