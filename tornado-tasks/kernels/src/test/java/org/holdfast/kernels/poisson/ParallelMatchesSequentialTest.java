package org.holdfast.kernels.poisson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code cpu-parallel} runs the same kernels on all cores and must equal {@code cpu} to the last bit. */
class ParallelMatchesSequentialTest {

    @ParameterizedTest(name = "N = {0}, {1} iterations")
    @CsvSource({"3, 5", "4, 5", "5, 9", "11, 25", "12, 25", "64, 17", "101, 40", "256, 7"})
    void cpuParallelEqualsCpuBitForBit(int n, int iterations) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] sequential = PoissonSolver.solve(problem, iterations, TornadoRuntime.sequentialCpu());
        double[] parallel = PoissonSolver.solve(problem, iterations, TornadoRuntime.parallelCpu());
        assertArrayEquals(sequential, parallel, "cpu-parallel differs from cpu");
        // The run did something: the interior moved away from its zero start.
        assertNotEquals(0.0, sequential[(n / 2) * n + n / 2] + sequential[n + 1]);
    }
}
