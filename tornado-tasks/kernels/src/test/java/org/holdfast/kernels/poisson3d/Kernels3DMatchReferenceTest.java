package org.holdfast.kernels.poisson3d;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.holdfast.kernels.poisson.PoissonTaskGraph;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The 3D Java kernels ({@code RedBlackKernels3D}) through the task graph, as the {@code cpu} and
 * {@code cpu-parallel} modes run them, equal {@link ReferenceSolver3D} to the last bit, from a random
 * interior and short of convergence, on one work item, one thread per numbered point, and a grid smaller
 * than the points (every thread loops).
 */
class Kernels3DMatchReferenceTest {

    @ParameterizedTest(name = "N = {0}, {1} iterations")
    @CsvSource({"3, 1", "4, 3", "5, 9", "8, 7", "11, 12", "16, 5", "33, 4"})
    void javaKernelsOnOneThreadAndOnAllCoresEqualTheReferenceBitForBit(int n, int iterations) {
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] initial = problem.randomInitialU(n);
        double[] f = problem.rightHandSide();
        double[] reference = ReferenceSolver3D.solve(problem, initial, f, iterations);

        assertArrayEquals(reference, kernels(problem, initial, f, iterations, TornadoRuntime.sequentialCpu(), 1, 1),
                "the Java kernels on one thread differ from the reference");
        int threads = 64;
        assertArrayEquals(reference, kernels(problem, initial, f, iterations, TornadoRuntime.parallelCpu(),
                PoissonTaskGraph.blocksForOnePointPerThread(problem, threads), threads),
                "the Java kernels on all cores, a thread a point, differ from the reference");
        assertArrayEquals(reference, kernels(problem, initial, f, iterations, TornadoRuntime.parallelCpu(), 3, 32),
                "the Java kernels on 3 groups of 32, every thread looping, differ from the reference");
        int centre = ReferenceSolver3D.index(n, n / 2, n / 2, n / 2);
        assertNotEquals(initial[centre], reference[centre], "the iterations changed an interior point");
    }

    private static double[] kernels(Poisson3DProblem problem, double[] initial, double[] f, int iterations, TornadoDevice device,
            int blocks, int threads) {
        double[] u = initial.clone();
        PoissonTaskGraph tasks = new PoissonTaskGraph(problem, u, f, blocks, threads);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            plan.withDevice(device).withGridScheduler(tasks.scheduler()).withRepeats(iterations).execute();
        }
        return u;
    }
}
