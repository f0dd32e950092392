package org.holdfast.kernels.bands;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import java.util.List;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * G virtual devices, each its band in arrays of its own, exchanging halo rows by the split's
 * schedule, gather the plain reference's result bit for bit, from a random interior and short of
 * convergence; and a transport that drops one halo row makes the result differ.
 */
class BandedSolverTest {

    @ParameterizedTest(name = "N = {0} on {1} devices, {2} ghost rows, {3} iterations")
    @CsvSource({
            "3, 1, 1, 1", "11, 1, 1, 7", "11, 2, 1, 7", "12, 2, 1, 7", "11, 3, 1, 9", "12, 4, 1, 9",
            "11, 9, 1, 6", "12, 10, 1, 6", "33, 4, 1, 13", "64, 3, 1, 11", "101, 4, 1, 20",
            "11, 2, 2, 7", "12, 3, 3, 7", "33, 4, 4, 13", "11, 9, 3, 5", "64, 4, 3, 10"})
    void theGatheredGridEqualsTheReferenceBitForBit(int n, int devices, int ghostRows, int iterations) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n);
        double[] reference = ReferenceSolver.solve(problem, initial, problem.rightHandSide(), iterations);
        // At N = 3 the one interior point depends on the boundary alone: there, one iteration is the fixed point.
        if (n > 3) {
            assertFalse(Arrays.equals(reference, ReferenceSolver.solve(problem, initial, problem.rightHandSide(), iterations - 1)),
                    "one iteration fewer changes the result: not a converged fixed point");
        }

        assertArrayEquals(reference, banded(problem, initial, devices, ghostRows, iterations, TornadoRuntime.sequentialCpu(), 1,
                ArrayCopyTransport::new), "one thread per band");
        assertArrayEquals(reference, banded(problem, initial, devices, ghostRows, iterations, TornadoRuntime.parallelCpu(), 64,
                ArrayCopyTransport::new), "a work item per point");
    }

    @Test
    void runsContinueFromWhereTheLastEnded() {
        PoissonProblem problem = new PoissonProblem(21);
        double[] initial = problem.randomInitialU(3);
        double[] u = initial.clone();
        try (BandedSolver solver = new BandedSolver(problem, problem.rightHandSide(), new BandSplit(21, 3, 2),
                TornadoRuntime.sequentialCpu(), 1, ArrayCopyTransport::new)) {
            solver.load(u);
            solver.run(3);
            solver.run(4);
            solver.gather(u);
        }
        assertArrayEquals(ReferenceSolver.solve(problem, initial, problem.rightHandSide(), 7), u);
    }

    @ParameterizedTest(name = "N = {0} on {1} devices, {2} ghost rows")
    @CsvSource({"11, 2, 1", "12, 3, 1", "33, 4, 2"})
    void aHaloRowNotExchangedChangesTheResult(int n, int devices, int ghostRows) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n);
        int iterations = 6;
        double[] reference = ReferenceSolver.solve(problem, initial, problem.rightHandSide(), iterations);
        double[] dropped = banded(problem, initial, devices, ghostRows, iterations, TornadoRuntime.sequentialCpu(), 1,
                BandedSolverTest::droppingTheFirstRowOfTheFirstCopy);
        assertFalse(Arrays.equals(reference, dropped), "a stale halo row left the result unchanged");
        BandSplit split = new BandSplit(n, devices, ghostRows);
        int stale = split.halos().get(0).firstRow();
        // The receiving band computes next to the stale row; the rows it owns there differ.
        int neighbour = split.band(split.halos().get(0).to()).firstRow() > stale ? stale + 1 : stale - 1;
        assertNotEquals(0, difference(reference, dropped, neighbour, n), "row " + neighbour + " is unchanged");
    }

    /** Carries every copy except the first row of the first copy: one halo row left stale. */
    private static HaloTransport droppingTheFirstRowOfTheFirstCopy(BandSplit split, double[][] arrays) {
        ArrayCopyTransport real = new ArrayCopyTransport(split, arrays);
        return copies -> {
            BandSplit.HaloCopy first = copies.get(0);
            List<BandSplit.HaloCopy> rest = new java.util.ArrayList<>(copies.subList(1, copies.size()));
            if (first.rows() > 1) {
                rest.add(new BandSplit.HaloCopy(first.from(), first.to(), first.firstRow() + 1, first.rows() - 1));
            }
            real.exchange(rest);
        };
    }

    private static double difference(double[] a, double[] b, int row, int n) {
        double most = 0;
        for (int j = 0; j < n; j++) {
            most = Math.max(most, Math.abs(a[row * n + j] - b[row * n + j]));
        }
        return most;
    }

    private static double[] banded(PoissonProblem problem, double[] initial, int devices, int ghostRows, int iterations,
            TornadoDevice device, int threads, java.util.function.BiFunction<BandSplit, double[][], HaloTransport> transport) {
        double[] u = initial.clone();
        try (BandedSolver solver = new BandedSolver(problem, problem.rightHandSide(), new BandSplit(problem.n(), devices, ghostRows),
                device, threads, transport)) {
            solver.load(u);
            // The bands' own arrays: the whole grid is overwritten before the gather, which must restore it.
            Arrays.fill(u, 1, u.length - 1, Double.NaN);
            double[] boundary = initial.clone();
            solver.run(iterations);
            solver.gather(boundary);
            assertEquals(initial[0], boundary[0]);
            return boundary;
        }
    }
}
