package org.holdfast.kernels.poisson3d;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.ParallelBands;
import org.holdfast.kernels.problem.PlainReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The plain 3D reference: its update, its colours, its parallel form and the equation it converges to. */
class ReferenceSolver3DTest {

    /** Short of convergence from a random interior, so that a lost or repeated band would show. */
    private static final int ITERATIONS = 5;

    @Test
    void aHalfSweepChangesOnlyTheInteriorPointsOfItsColour() {
        Poisson3DProblem problem = new Poisson3DProblem(6);
        double[] before = problem.randomInitialU(7);
        for (int colour : new int[] {PlainReference.RED, PlainReference.BLACK}) {
            double[] after = before.clone();
            ReferenceSolver3D.halfSweep(problem, after, problem.rightHandSide(), colour);
            for (int index = 0; index < after.length; index++) {
                assertEquals(problem.colourOf(index) == colour, after[index] != before[index], "colour " + colour + " at " + index);
            }
        }
    }

    @Test
    void theUpdateIsTheSevenPointStencilDividedBySix() {
        Poisson3DProblem problem = new Poisson3DProblem(3);
        double[] u = new double[27];
        for (int index = 0; index < 27; index++) {
            u[index] = 0.1 * index + 0.37;
        }
        double[] f = new double[27];
        f[13] = 10;
        ReferenceSolver3D.halfSweep(problem, u, f, PlainReference.BLACK);
        // (1, 1, 1) is index 13: neighbours at 22 and 4 (planes), 16 and 10 (rows), 14 and 12 (columns), in the kernels' order
        assertEquals((0.1 * 22 + 0.37 + (0.1 * 4 + 0.37) + (0.1 * 16 + 0.37) + (0.1 * 10 + 0.37) + (0.1 * 14 + 0.37)
                + (0.1 * 12 + 0.37) - 0.25 * 10) / 6.0, u[13], "a division by 6, after the sum in that order");
    }

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {3, 4, 5, 12, 21})
    void everyCutOfThePlanesGivesThePlainReferenceBitForBit(int n) {
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(n);
        double[] plain = ReferenceSolver3D.solve(problem, initial, f, ITERATIONS);
        assertTrue(PoissonProblem.maxAbsDiff(plain, initial) > 0, "the iterations move the array");
        for (int bands : new int[] {1, 2, 3, 7, n - 2, n}) {
            assertArrayEquals(plain, ParallelBands.solve(initial, f, ITERATIONS, n - 2, bands, ReferenceSolver3D.planes(problem)),
                    bands + " bands at N = " + n);
        }
    }

    @Test
    void aSizeOnEveryCoreGivesThePlainReferenceBitForBit() {
        Poisson3DProblem problem = new Poisson3DProblem(47);
        assertTrue(problem.interiorPoints() >= ParallelBands.PARALLEL_FROM_POINTS, "the parallel path runs");
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(5);
        assertArrayEquals(ReferenceSolver3D.solve(problem, initial, f, ITERATIONS),
                ReferenceSolver3D.solveOnEveryCore(problem, initial, f, ITERATIONS));
    }

    /** A wrong sign of f would converge far from the exact solution, not to within the grid's second-order error. */
    @Test
    void itConvergesToTheExactSolutionAtSecondOrder() {
        double coarse = convergedError(9);
        double fine = convergedError(17);
        double ratio = coarse / fine;
        assertTrue(coarse < 0.1, "converged error at N = 9: " + coarse);
        assertTrue(ratio > 3.4 && ratio < 4.6, "error ratio " + ratio + " (N = 9: " + coarse + ", N = 17: " + fine + "), expected about 4");
    }

    /** Iterates until the array stops changing, then measures the error against the exact solution. */
    private static double convergedError(int n) {
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] u = problem.initialU();
        double[] f = problem.rightHandSide();
        for (int chunk = 0; chunk < 100; chunk++) {
            double[] before = u.clone();
            ReferenceSolver3D.iterate(problem, u, f, 200);
            if (PoissonProblem.maxAbsDiff(before, u) < 1e-14) {
                assertTrue(problem.maxResidual(u, f) < 1e-8, "converged but the residual is " + problem.maxResidual(u, f));
                return problem.maxErrorAgainstExact(u);
            }
        }
        throw new AssertionError("N = " + n + " did not converge in 20000 iterations");
    }
}
