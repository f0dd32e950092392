package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.kernels.poisson.ReferenceSolver.Colour;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The harness chooses a verification run that every half-sweep changes, and says which. */
class VerificationTest {

    @ParameterizedTest(name = "N = {0}: k = {1}")
    @CsvSource({"3, 1", "4, 12", "5, 25", "11, 50", "12, 50", "33, 50", "101, 50", "1001, 50", "4097, 14"})
    void theLargestSensitiveKIsChosenAndItsReferenceIsTheReferenceAfterKIterations(int n, int k) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] f = problem.rightHandSide();
        Verification verification = Verification.of(problem, f, 1);
        assertEquals(k, verification.k());
        assertTrue(verification.sensitive(), verification.sensitivity().toString());
        assertArrayEquals(problem.randomInitialU(1), verification.initial());
        assertArrayEquals(ReferenceSolver.solve(problem, verification.initial(), f, k), verification.reference());
    }

    @Test
    void atNEqualsThreeThereIsNoBlackHalfSweepToMissAndTheSensitivitySaysSoRatherThanZero() {
        PoissonProblem problem = new PoissonProblem(3);
        Verification verification = Verification.of(problem, problem.rightHandSide(), 1);
        assertTrue(Double.isNaN(verification.sensitivity().blackSkipped()));
        assertTrue(verification.sensitivity().redSkipped() >= Verification.REQUIRED);
        assertTrue(verification.sensitivity().oneIterationFewer() >= Verification.REQUIRED);
        verification.requireSensitive();
    }

    @Test
    void aConvergedRunIsNotSensitive() {
        PoissonProblem problem = new PoissonProblem(11);
        Verification converged = Verification.at(problem, problem.rightHandSide(), problem.randomInitialU(1), 1000);
        assertFalse(converged.sensitive(), converged.sensitivity().toString());
        assertEquals(0.0, converged.sensitivity().oneIterationFewer());
        IllegalStateException refused = assertThrows(IllegalStateException.class, converged::requireSensitive);
        assertEquals("the verification run (k = 1000) cannot fail: one iteration fewer moves its reference by 0.00, less than"
                + " 1e-09: an iteration changes nothing a check could see", refused.getMessage());
    }

    @Test
    void aSolverWhoseBlackHalfSweepDoesNothingFailsAtEveryKWithALineNamingBlack() {
        PoissonProblem problem = new PoissonProblem(11);
        double[] f = problem.rightHandSide();
        Verification.Solver redOnly = new Verification.Solver() {
            @Override
            public double[] solve(double[] initial, int iterations) {
                double[] u = initial.clone();
                for (int i = 0; i < iterations; i++) {
                    ReferenceSolver.halfSweep(problem, u, f, Colour.RED);
                }
                return u;
            }

            @Override
            public double[] halfSweeps(double[] start, Colour... colours) {
                return null; // Whole iterations only, as a user's solve: the sensitivity is taken per colour.
            }
        };
        Verification verification = Verification.of(problem, 1, redOnly);
        assertEquals(1, verification.k(), "no k is sensitive, so the search ends at 1");
        IllegalStateException refused = assertThrows(IllegalStateException.class, verification::requireSensitive);
        assertEquals("the verification run (k = 1) cannot fail: skipping the last black half-sweep moves its reference by 0.00,"
                + " less than 1e-09: black changes nothing a check could see", refused.getMessage());
    }

    @Test
    void aWholeIterationSolverHasTheSensitivityOfEachColourFromItsPointsLastChange() {
        PoissonProblem problem = new PoissonProblem(11);
        double[] f = problem.rightHandSide();
        Verification.Solver whole = new Verification.Solver() {
            @Override
            public double[] solve(double[] initial, int iterations) {
                return ReferenceSolver.solve(problem, initial, f, iterations);
            }

            @Override
            public double[] halfSweeps(double[] start, Colour... colours) {
                return null;
            }
        };
        Verification perColour = Verification.at(problem, whole, problem.randomInitialU(1), 50);
        Verification halves = Verification.at(problem, f, problem.randomInitialU(1), 50);
        // Skipping black leaves exactly the black points of k - 1: the same figure; red's is a lower bound.
        assertEquals(halves.sensitivity().blackSkipped(), perColour.sensitivity().blackSkipped());
        assertTrue(perColour.sensitivity().redSkipped() <= halves.sensitivity().redSkipped());
        assertTrue(perColour.sensitive(), perColour.sensitivity().toString());
    }
}
