package org.holdfast.kernels.problem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.kernels.poisson.ParallelReferenceSolver;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.kernels.poisson.ReferenceSolver.Colour;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The 2D Poisson problem through the {@link Problem} type: the figures the layers ask it for, and the reference it hands out. */
class PoissonProblemAsAProblemTest {

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 10, 1001, PoissonProblem.MAX_N})
    void itsSizesAreThoseOfAnNByNGrid(int n) {
        Problem problem = new PoissonProblem(n);
        assertEquals("poisson2d", problem.name());
        assertEquals(2, problem.dimensions());
        assertEquals(n, problem.n());
        assertEquals(n + " x " + n, problem.shape());
        assertEquals((long) n * n, problem.points());
        assertEquals(problem.points(), problem.arrayLength());
        assertEquals((long) (n - 2) * (n - 2), problem.interiorPoints());
        assertEquals(8L * n * n, problem.arrayBytes());
        assertEquals(24L * n * n, problem.bytesPerIteration());
        assertEquals(RedBlackKernels.pointsPerColour(n), problem.pointsPerColour(), "the count the Java kernels number");
    }

    @Test
    void pointsPerColourCountsOneThreadPerPointOfEitherColour() {
        for (int n = 3; n < 40; n++) {
            PoissonProblem problem = new PoissonProblem(n);
            long[] count = new long[2];
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1; j < n - 1; j++) {
                    count[Colour.of(i, j).ordinal()]++;
                }
            }
            long most = Math.max(count[0], count[1]);
            // every point of either colour has a thread, and at most one a row idles
            assertTrue(problem.pointsPerColour() >= most && problem.pointsPerColour() - most <= n - 2,
                    "N = " + n + ": " + problem.pointsPerColour() + " threads for " + most + " points");
        }
    }

    @Test
    void itsColoursAreThoseOfTheCheckerboard() {
        for (int n = 3; n < 12; n++) {
            PoissonProblem problem = new PoissonProblem(n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    boolean boundary = i == 0 || j == 0 || i == n - 1 || j == n - 1;
                    assertEquals(boundary ? Problem.BOUNDARY : Colour.of(i, j).ordinal(), problem.colourOf(i * n + j));
                }
            }
            assertEquals(Colour.RED.presentAt(n), problem.hasPointsOf(PlainReference.RED));
            assertEquals(Colour.BLACK.presentAt(n), problem.hasPointsOf(PlainReference.BLACK));
        }
        assertEquals(RedBlackKernels.class, new PoissonProblem(5).halfSweepKernels().owner(), "its task graph launches RedBlackKernels");
    }

    @Test
    void itsExactSolutionIsTheOneTheErrorIsMeasuredAgainst() {
        PoissonProblem problem = new PoissonProblem(17);
        double[] exact = problem.exactSolution();
        assertEquals(0.0, problem.maxErrorAgainstExact(exact));
        double d = problem.spacing();
        assertEquals(PoissonProblem.exact(3 * d, 5 * d), exact[5 * 17 + 3]);
        double[] initial = problem.initialU();
        assertEquals(exact[0], initial[0], "the boundary starts exact");
        assertEquals(0.0, initial[5 * 17 + 3], "the interior starts at zero");
    }

    @Test
    void itsReferenceIsThePlainSolver() {
        PoissonProblem problem = new PoissonProblem(301);
        double[] initial = problem.randomInitialU(3);
        double[] f = problem.rightHandSide();
        PlainReference reference = problem.reference();
        double[] plain = ReferenceSolver.solve(problem, initial, f, 3);
        assertArrayEquals(plain, reference.solve(initial, f, 3));
        assertArrayEquals(ParallelReferenceSolver.solve(problem, initial, f, 3), reference.solveOnEveryCore(initial, f, 3));
        double[] sweeps = initial.clone();
        for (int iteration = 0; iteration < 3; iteration++) {
            reference.halfSweep(sweeps, f, PlainReference.RED);
            reference.halfSweep(sweeps, f, PlainReference.BLACK);
        }
        assertArrayEquals(plain, sweeps);
        double[] black = initial.clone();
        reference.halfSweep(black, f, PlainReference.BLACK);
        double[] expected = initial.clone();
        ReferenceSolver.halfSweep(problem, expected, f, Colour.BLACK);
        assertArrayEquals(expected, black, "BLACK is the black half-sweep");
    }
}
