package org.holdfast.kernels.poisson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Java kernels, as the {@code cpu} and {@code cpu-parallel} modes run them, equal the plain
 * reference to the last bit, from a random interior and short of convergence.
 */
class KernelsMatchReferenceTest {

    @ParameterizedTest(name = "N = {0}, {1} iterations")
    @CsvSource({"3, 1", "4, 5", "5, 9", "11, 25", "12, 25", "33, 13", "64, 17", "101, 40", "256, 7"})
    void javaKernelsOnOneThreadAndOnAllCoresEqualTheReferenceBitForBit(int n, int iterations) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n);
        double[] f = problem.rightHandSide();
        double[] reference = ReferenceSolver.solve(problem, initial, f, iterations);

        assertArrayEquals(reference, kernels(problem, initial, f, iterations, TornadoRuntime.sequentialCpu(), 1, 1),
                "the Java kernels on one thread differ from the reference");
        int threads = 256;
        int blocks = PoissonTaskGraph.blocksForOnePointPerThread(problem, threads);
        assertArrayEquals(reference, kernels(problem, initial, f, iterations, TornadoRuntime.parallelCpu(), blocks, threads),
                "the Java kernels on all cores differ from the reference");
        assertNotEquals(initial[n + 1], reference[n + 1], "the iterations changed the first interior point");
    }

    private static double[] kernels(PoissonProblem problem, double[] initial, double[] f, int iterations,
            TornadoDevice device, int blocks, int threads) {
        double[] u = initial.clone();
        PoissonTaskGraph tasks = new PoissonTaskGraph(problem, u, f, blocks, threads);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            plan.withDevice(device).withGridScheduler(tasks.scheduler()).withRepeats(iterations).execute();
        }
        return u;
    }
}
