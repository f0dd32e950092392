package org.holdfast.kernels.poisson3d;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.RedBlackKernels3D;
import org.holdfast.kernels.problem.PlainReference;
import org.holdfast.kernels.problem.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The 3D Poisson problem through the {@link Problem} type: its sizes, colours, arrays and exact solution. */
class Poisson3DProblemTest {

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 10, 256, Poisson3DProblem.MAX_N})
    void itsSizesAreThoseOfAnNByNByNGrid(int n) {
        Problem problem = new Poisson3DProblem(n);
        long side = n;
        assertEquals("poisson3d", problem.name());
        assertEquals(3, problem.dimensions());
        assertEquals(n, problem.n());
        assertEquals(n + " x " + n + " x " + n, problem.shape());
        assertEquals(side * side * side, problem.points());
        assertEquals((side - 2) * (side - 2) * (side - 2), problem.interiorPoints());
        assertEquals(8 * side * side * side, problem.arrayBytes());
        assertEquals(24 * side * side * side, problem.bytesPerIteration());
        assertEquals(1.0 / ((n - 1) * (n - 1)), problem.h2(), 1e-18 / n);
    }

    @Test
    void aCubeWhosePointsDoNotFitInAJavaArrayIsRefused() {
        IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class, () -> new Poisson3DProblem(Poisson3DProblem.MAX_N + 1));
        assertEquals("N = 1291 is too large for poisson3d: a Java array holds at most 2^31-1 elements, so N³ must stay under it:"
                + " N <= 1290", tooLarge.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Poisson3DProblem(2));
    }

    @Test
    void coloursFollowTheParityOfIPlusJPlusKAndPointsPerColourGivesEveryOneAThread() {
        for (int n = 3; n < 20; n++) {
            Poisson3DProblem problem = new Poisson3DProblem(n);
            long[] count = new long[2];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    for (int k = 0; k < n; k++) {
                        boolean boundary = i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1;
                        int colour = problem.colourOf(ReferenceSolver3D.index(n, i, j, k));
                        assertEquals(boundary ? Problem.BOUNDARY : (i + j + k) % 2, colour, "(" + i + ", " + j + ", " + k + ")");
                        if (!boundary) {
                            count[colour]++;
                        }
                    }
                }
            }
            assertEquals(count[PlainReference.RED] > 0, problem.hasPointsOf(PlainReference.RED), "red at N = " + n);
            assertEquals(count[PlainReference.BLACK] > 0, problem.hasPointsOf(PlainReference.BLACK), "black at N = " + n);
            long most = Math.max(count[0], count[1]);
            // every point of either colour has a thread, and at most one a line idles
            assertTrue(problem.pointsPerColour() >= most && problem.pointsPerColour() - most <= (long) (n - 2) * (n - 2),
                    "N = " + n + ": " + problem.pointsPerColour() + " threads for " + most + " points");
        }
        assertFalse(new Poisson3DProblem(3).hasPointsOf(PlainReference.RED), "N = 3: the one interior point, (1, 1, 1), is black");
        assertEquals(RedBlackKernels3D.class, new Poisson3DProblem(5).halfSweepKernels().owner(), "its task graph launches RedBlackKernels3D");
    }

    @Test
    void itsExactSolutionAndRightHandSideFollowTheSignOfTheSquare() {
        Poisson3DProblem problem = new Poisson3DProblem(9);
        double d = problem.spacing();
        int index = ReferenceSolver3D.index(9, 5, 3, 1); // z = 5d, y = 3d, x = d
        double[] exact = problem.exactSolution();
        assertEquals(Math.sin(2 * Math.PI * d) * Math.cos(2 * Math.PI * 3 * d) * Math.cos(2 * Math.PI * 5 * d), exact[index]);
        assertEquals(-12 * Math.PI * Math.PI * exact[index], problem.rightHandSide()[index], 1e-12);
        assertEquals(0.0, problem.maxErrorAgainstExact(exact));
        double[] initial = problem.initialU();
        assertEquals(exact[1], initial[1], "the boundary starts exact");
        assertEquals(0.0, initial[index], "the interior starts at zero");
    }

    @Test
    void theRandomInteriorKeepsTheBoundaryAndDependsOnlyOnTheSeed() {
        Poisson3DProblem problem = new Poisson3DProblem(7);
        double[] zero = problem.initialU();
        double[] random = problem.randomInitialU(42);
        assertArrayEquals(random, problem.randomInitialU(42));
        int inside = ReferenceSolver3D.index(7, 1, 1, 1);
        assertNotEquals(random[inside], problem.randomInitialU(43)[inside]);
        for (int index = 0; index < random.length; index++) {
            if (problem.colourOf(index) == Problem.BOUNDARY) {
                assertEquals(zero[index], random[index]);
            } else {
                assertTrue(random[index] >= -1 && random[index] < 1 && random[index] != 0, "interior value " + random[index]);
            }
        }
    }

    @Test
    void itsReferenceIsThePlainSolver() {
        Poisson3DProblem problem = new Poisson3DProblem(45);
        double[] initial = problem.randomInitialU(3);
        double[] f = problem.rightHandSide();
        PlainReference reference = problem.reference();
        double[] plain = ReferenceSolver3D.solve(problem, initial, f, 3);
        assertArrayEquals(plain, reference.solve(initial, f, 3));
        assertArrayEquals(plain, reference.solveOnEveryCore(initial, f, 3));
        double[] sweeps = initial.clone();
        for (int iteration = 0; iteration < 3; iteration++) {
            reference.halfSweep(sweeps, f, PlainReference.RED);
            reference.halfSweep(sweeps, f, PlainReference.BLACK);
        }
        assertArrayEquals(plain, sweeps);
    }
}
