package org.holdfast.kernels.poisson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.poisson.ReferenceSolver.Colour;
import org.junit.jupiter.api.Test;

class ReferenceSolverTest {

    @Test
    void aHalfSweepChangesOnlyTheInteriorPointsOfItsColour() {
        PoissonProblem problem = new PoissonProblem(6);
        double[] before = problem.randomInitialU(7);
        for (Colour colour : Colour.values()) {
            double[] after = before.clone();
            ReferenceSolver.halfSweep(problem, after, problem.rightHandSide(), colour);
            for (int i = 0; i < 6; i++) {
                for (int j = 0; j < 6; j++) {
                    boolean interior = i > 0 && j > 0 && i < 5 && j < 5;
                    boolean changed = after[i * 6 + j] != before[i * 6 + j];
                    assertEquals(interior && Colour.of(i, j) == colour, changed, colour + " at (" + i + ", " + j + ")");
                }
            }
        }
    }

    @Test
    void theUpdateIsTheFivePointStencil() {
        PoissonProblem problem = new PoissonProblem(3);
        double[] u = {1, 2, 3, 4, 99, 6, 7, 8, 9};
        double[] f = new double[9];
        f[4] = 10;
        ReferenceSolver.halfSweep(problem, u, f, Colour.RED);
        assertEquals((8 + 2 + 6 + 4 - 0.25 * 10) / 4, u[4]);
    }

    @Test
    void atNEqualsThreeTheOnlyInteriorPointIsRedSoABlackHalfSweepChangesNothing() {
        PoissonProblem problem = new PoissonProblem(3);
        double[] u = problem.randomInitialU(1);
        double[] before = u.clone();
        ReferenceSolver.halfSweep(problem, u, problem.rightHandSide(), Colour.BLACK);
        assertArrayEquals(before, u);
        assertTrue(Colour.RED.presentAt(3));
        assertFalse(Colour.BLACK.presentAt(3));
        assertTrue(Colour.BLACK.presentAt(4));
    }

    @Test
    void theRandomInteriorKeepsTheBoundaryAndDependsOnlyOnTheSeed() {
        PoissonProblem problem = new PoissonProblem(9);
        double[] zero = problem.initialU();
        double[] random = problem.randomInitialU(42);
        assertArrayEquals(random, problem.randomInitialU(42));
        assertNotEquals(random[9 + 1], problem.randomInitialU(43)[9 + 1]);
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 9; j++) {
                boolean boundary = i == 0 || j == 0 || i == 8 || j == 8;
                double value = random[i * 9 + j];
                if (boundary) {
                    assertEquals(zero[i * 9 + j], value);
                } else {
                    assertTrue(value >= -1 && value < 1 && value != 0, "interior value " + value);
                }
            }
        }
    }
}
