package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
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
    }

    @Test
    void aConvergedRunIsNotSensitive() {
        PoissonProblem problem = new PoissonProblem(11);
        Verification converged = Verification.at(problem, problem.rightHandSide(), problem.randomInitialU(1), 1000);
        assertFalse(converged.sensitive(), converged.sensitivity().toString());
        assertEquals(0.0, converged.sensitivity().oneIterationFewer());
    }
}
