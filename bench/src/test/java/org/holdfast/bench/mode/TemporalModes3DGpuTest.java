package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cube's temporal pass through the standard launches' runners: graph and launch with
 * {@code --sweeps-per-launch k} on the Java kernel (TemporalKernels3D) and on its native twin
 * (hf_stream_pass_3d_k), equal the plain reference bit for bit over the whole cube from a random
 * interior, at the sizes issue 22 names and k = 2, 3, 4, 6, 8 (7 iterations: 14 half-sweeps, so k = 3,
 * 4, 6 and 8 end on a shorter pass); then a second run without reloading continues from wherever the
 * first ended.
 */
@Tag("gpu")
class TemporalModes3DGpuTest {

    private static final int ITERATIONS = 7;
    private static Machine machine;

    @BeforeAll
    static void openTheGpu() {
        machine = Machine.open(true);
    }

    @AfterAll
    static void close() {
        machine.close();
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 257}) {
            for (int k : new int[] {2, 3, 4, 6, 8}) {
                cases.add(Arguments.of("graph", KernelSource.JAVA, k, n));
                cases.add(Arguments.of("graph", KernelSource.NATIVE, k, n));
            }
        }
        cases.add(Arguments.of("launch", KernelSource.JAVA, 8, 65));
        cases.add(Arguments.of("launch-sync", KernelSource.NATIVE, 4, 65));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} ({1}) k={2} N={3}")
    @MethodSource("cases")
    void equalsThePlainReferenceBitForBit(String name, KernelSource kernels, int k, int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        ModeDescriptor mode = Modes.ALL.parse(name);
        OptionValues options = Modes.ALL.defaults().with(StandardLaunchMode.SWEEPS_PER_LAUNCH, Integer.toString(k));
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(n + k);
        RunRequest request = new RunRequest(problem, f, kernels, BlockCountRule.parse("auto"), options,
                RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
        try (ModeRunner runner = mode.runner(request, machine)) {
            double[] result = new double[problem.points()];
            runner.load(initial);
            assertTrue(runner.run(ITERATIONS) > 0);
            runner.unload(result);
            assertArrayEquals(problem.reference().solve(initial, f, ITERATIONS), result, runner.shape().toString());
            assertTrue(runner.run(1) > 0); // from wherever the state is now
            runner.unload(result);
            assertArrayEquals(problem.reference().solve(initial, f, ITERATIONS + 1), result, "a second run, not reloaded");
            assertEquals(k, runner.shape().k(), "k as the shape holds it");
        }
    }
}
