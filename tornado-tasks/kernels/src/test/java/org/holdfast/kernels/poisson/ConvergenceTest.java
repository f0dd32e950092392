package org.holdfast.kernels.poisson;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The discretisation is second order: halving the spacing divides the converged error by about 4. */
class ConvergenceTest {

    @Test
    void errorAgainstTheExactSolutionDropsFourfoldWhenTheSpacingHalves() {
        double coarse = convergedError(17);
        double fine = convergedError(33);
        double ratio = coarse / fine;
        assertTrue(ratio > 3.6 && ratio < 4.4,
                "error ratio " + ratio + " (N = 17: " + coarse + ", N = 33: " + fine + "), expected about 4");
    }

    /** Iterates until the array stops changing, then measures the error against the exact solution. */
    private static double convergedError(int n) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] u = problem.initialU();
        double[] f = problem.rightHandSide();
        for (int chunk = 0; chunk < 1000; chunk++) {
            double[] before = u.clone();
            ReferenceSolver.iterate(problem, u, f, 200);
            if (PoissonProblem.maxAbsDiff(before, u) < 1e-14) {
                assertTrue(problem.maxResidual(u, f) < 1e-8, "converged but the residual is " + problem.maxResidual(u, f));
                return problem.maxErrorAgainstExact(u);
            }
        }
        throw new AssertionError("N = " + n + " did not converge in 200000 iterations");
    }
}
