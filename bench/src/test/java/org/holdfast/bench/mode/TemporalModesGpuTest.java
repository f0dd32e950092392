package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.problem.Problem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Temporal blocking in both paradigms, through the descriptors' runners: graph with
 * {@code --sweeps-per-launch k} on the Java kernel and on its native twin, and persistent-grid
 * (temporal) with {@code --sweeps-per-exchange k}, native and its Java twin, equal the plain reference bit for bit over the
 * whole array from a random interior, for k = 1, 2, 3, 4, 8 at the sizes issue 11 names (borders wider
 * than the grid at N = 3 .. 12, items that do not divide it everywhere); then a second run without
 * reloading continues from wherever the first ended (in the scratch buffer after an odd pass count). The same for
 * temporal-3blocks, native and its Java twin, at its k = 2, 4, 6, 8.
 */
@Tag("gpu")
class TemporalModesGpuTest extends OnTheGpu {

    private static final int ITERATIONS = 7; // 14 half-sweeps: k = 3, 4 and 8 end on a shorter pass

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {3, 4, 5, 11, 12, 257, 1001, 1002, 4097, 4098}) {
            for (int k : new int[] {1, 2, 3, 4, 8}) {
                cases.add(Arguments.of("graph", KernelSource.JAVA, k, n));
                cases.add(Arguments.of("graph", KernelSource.NATIVE, k, n));
                cases.add(Arguments.of("persistent-grid", KernelSource.NATIVE, k, n));
                cases.add(Arguments.of("persistent-grid", KernelSource.JAVA, k, n));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} ({1}) k={2} N={3}")
    @MethodSource("cases")
    void equalsThePlainReferenceBitForBit(String name, KernelSource kernels, int k, int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        OptionValues options = Modes.ALL.defaults().with(StandardLaunchMode.SWEEPS_PER_LAUNCH, Integer.toString(k))
                .with(PersistentGridMode.BARRIER, "temporal")
                .with(NativePersistentMode.SWEEPS_PER_EXCHANGE, Integer.toString(k));
        RunShape shape = runsLikeTheReference(Modes.ALL.parse(name), new PoissonProblem(n), kernels, options, k);
        assertEquals("k=" + k, shape.variant().replace("temporal/", ""));
        assertEquals(k, shape.k(), "k as the shape holds it");
    }

    static Stream<Arguments> threeBlockCases() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {3, 4, 5, 11, 12, 257, 1001, 1002, 4097, 4098}) {
            for (int k : new int[] {2, 4, 6, 8}) {
                cases.add(Arguments.of(KernelSource.NATIVE, k, n));
                cases.add(Arguments.of(KernelSource.JAVA, k, n));
            }
        }
        return cases.stream();
    }

    /**
     * persistent-grid temporal-3blocks, native ({@code temporal_3blocks_k<k>}) and its Java twin
     * ({@code persistentPasses3Blocks_k<k>}): the temporal passes built for three blocks per multiprocessor, at each k
     * they have, as the temporal rows above.
     */
    @ParameterizedTest(name = "persistent-grid temporal-3blocks ({0}) k={1} N={2}")
    @MethodSource("threeBlockCases")
    void threeBlocksEqualTheReferenceBitForBit(KernelSource kernels, int k, int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        RunShape shape = runsLikeTheReference(Modes.ALL.parse("persistent-grid"), new PoissonProblem(n), kernels,
                threeBlocks(k), k);
        assertEquals("temporal-3blocks/k=" + k, shape.variant());
        assertEquals(k, shape.k(), "k as the shape holds it");
    }

    /**
     * The Java twin is planned by the native rule with its own occupancy: at N = 4097, k = 8 both kernels fit three
     * blocks per multiprocessor (80 registers, 37 KiB of shared memory), so both grids are the same size.
     */
    @Test
    void theThreeBlockTwinRunsOnAsManyBlocksAsNative() {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        ModeDescriptor grid = Modes.ALL.parse("persistent-grid");
        PoissonProblem problem = new PoissonProblem(4097);
        RunShape java = runsLikeTheReference(grid, problem, KernelSource.JAVA, threeBlocks(8), 8);
        RunShape hand = runsLikeTheReference(grid, problem, KernelSource.NATIVE, threeBlocks(8), 8);
        assertEquals(hand.blocks(), java.blocks(), "java " + java + ", native " + hand);
    }

    private static OptionValues threeBlocks(int k) {
        return Modes.ALL.defaults().with(PersistentGridMode.BARRIER, "temporal-3blocks")
                .with(NativePersistentMode.SWEEPS_PER_EXCHANGE, Integer.toString(k));
    }

    /**
     * Runs {@code mode} {@link #ITERATIONS} iterations from a random interior, then one more without
     * reloading (from wherever the state is now), each equal to the problem's reference bit for bit over
     * the whole array; returns what ran.
     */
    private static RunShape runsLikeTheReference(ModeDescriptor mode, Problem problem, KernelSource kernels, OptionValues options,
            int k) {
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(problem.points() + k);
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
            return runner.shape();
        }
    }

    static Stream<Arguments> cubeCases() {
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

    /**
     * The cube's temporal pass through the standard launches' runners, as the square's above: bit for bit
     * over the whole cube from a random interior, k = 3, 4, 6 and 8 ending on a shorter pass, then a
     * second run without reloading.
     */
    @ParameterizedTest(name = "cube {0} ({1}) k={2} N={3}")
    @MethodSource("cubeCases")
    void theCubeEqualsThePlainReferenceBitForBit(String name, KernelSource kernels, int k, int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        OptionValues options = Modes.ALL.defaults().with(StandardLaunchMode.SWEEPS_PER_LAUNCH, Integer.toString(k));
        RunShape shape = runsLikeTheReference(Modes.ALL.parse(name), new Poisson3DProblem(n), kernels, options, k);
        assertEquals(k, shape.k(), "k as the shape holds it");
    }
}
