package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.holdfast.bridge.PersistentPlan;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every persistent mode and variant, native and Java, through its descriptor's runner, equals the
 * plain reference bit for bit over the whole array, from a zero and from a random interior, at every
 * size and block count the persistent issue names (the resident bands at those that fit in shared
 * memory, with k = 1, 2 and 3); and a second run from a fresh load does too.
 */
@Tag("gpu")
class PersistentModesGpuTest extends OnTheGpu {

    private static final int ITERATIONS = 6;
    static Stream<Arguments> cases() {
        String[][] variants = {
            {"persistent-grid", "barrier=cg"}, {"persistent-grid", "barrier=two-slot"},
            {"persistent-host", "schedule=lockstep"}, {"persistent-host", "schedule=neighbour"},
            {"persistent-host", "schedule=relay"}, {"persistent-host", "poll=sleep"},
            {"persistent-dataflow", "signal=counters"}, {"persistent-grid", "barrier=auto"},
            {"persistent-dataflow", "signal=auto"},
        };
        List<Arguments> cases = new ArrayList<>();
        for (String[] variant : variants) {
            for (int n : new int[] {3, 4, 11, 12, 101, 1001, 4097}) {
                for (String blocks : new String[] {"1", "2", "7", "auto"}) {
                    cases.add(Arguments.of(variant[0], variant[1], KernelSource.NATIVE, n, blocks));
                }
            }
        }
        // The Java twins at the persistent issue's sizes, with more blocks than rows (N = 5 has 3) and a block per SM.
        for (String mode : new String[] {"persistent-grid", "persistent-dataflow"}) {
            for (int n : new int[] {3, 4, 5, 11, 12, 33, 34, 101, 102, 257, 1001, 1002, 4097}) {
                for (String blocks : new String[] {"1", "7", "132", "auto"}) {
                    cases.add(Arguments.of(mode, "", KernelSource.JAVA, n, blocks));
                }
            }
        }
        // The on-chip variants: one block (or warp) up to N = 91; one cluster of 1 to 16 blocks.
        for (int n : new int[] {3, 4, 11, 12, 33, 91}) {
            for (String blocks : new String[] {"1", "auto"}) {
                cases.add(Arguments.of("persistent-grid", "barrier=block", KernelSource.NATIVE, n, blocks));
            }
        }
        String[][] clusters = {{"persistent-grid", "barrier=cluster"}, {"persistent-dataflow", "signal=cluster"}};
        for (String[] variant : clusters) {
            for (int n : new int[] {3, 4, 11, 12, 101, 257}) {
                // A band must fit one block's registers: N = 101 needs 2 blocks, N = 257 needs 8.
                String[] counts = n == 257 ? new String[] {"8", "16", "auto"}
                        : n == 101 ? new String[] {"2", "7", "16", "auto"} : new String[] {"1", "2", "7", "16", "auto"};
                for (String blocks : counts) {
                    cases.add(Arguments.of(variant[0], variant[1], KernelSource.NATIVE, n, blocks));
                }
            }
        }
        // The resident bands must fit in shared memory: few blocks only at small N, one per SM at N = 1001.
        for (String settings : new String[] {"signal=resident", "signal=resident,sweeps-per-exchange=2"}) {
            for (int n : new int[] {3, 4, 11, 12, 101}) {
                int sweeps = settings.endsWith("=2") ? 2 : 1;
                for (String blocks : new String[] {"1", "2", "7", "auto"}) {
                    // k half-sweeps per exchange need bands of k rows: the planner refuses fewer (a test of its own).
                    if (blocks.equals("auto") || (n - 2) / Integer.parseInt(blocks) >= sweeps) {
                        cases.add(Arguments.of("persistent-dataflow", settings, KernelSource.NATIVE, n, blocks));
                    }
                }
            }
            cases.add(Arguments.of("persistent-dataflow", settings, KernelSource.NATIVE, 1001, "auto"));
            cases.add(Arguments.of("persistent-dataflow", settings, KernelSource.NATIVE, 1002, "auto"));
        }
        cases.add(Arguments.of("persistent-dataflow", "signal=resident,sweeps-per-exchange=3", KernelSource.NATIVE, 1001,
                "auto"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} N={3} blocks={4}")
    @MethodSource("cases")
    void equalsThePlainReferenceBitForBit(String name, String settings, KernelSource kernels, int n, String blocks) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        ModeDescriptor mode = Modes.ALL.parse(name);
        OptionValues options = options(mode, settings);
        PoissonProblem problem = new PoissonProblem(n);
        double[] f = problem.rightHandSide();
        RunRequest request = new RunRequest(problem, f, kernels, BlockCountRule.parse(blocks), options,
                RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
        try (ModeRunner runner = mode.runner(request, machine)) {
            for (double[] initial : List.of(problem.initialU(), problem.randomInitialU(n))) {
                double[] result = new double[problem.points()];
                runner.load(initial);
                assertTrue(runner.run(ITERATIONS) > 0);
                runner.unload(result);
                assertArrayEquals(ReferenceSolver.solve(problem, initial, f, ITERATIONS), result,
                        "with " + runner.shape().blocks() + " blocks");
            }
            if (!blocks.equals("auto")) {
                assertEquals(Integer.parseInt(blocks), runner.shape().blocks());
            }
        }
    }

    /** {@code settings} ({@code barrier=temporal,sweeps-per-exchange=4}) as option values of {@code mode}. */
    private static OptionValues options(ModeDescriptor mode, String settings) {
        OptionValues options = Modes.ALL.defaults();
        for (String setting : settings.isEmpty() ? new String[0] : settings.split(",")) {
            String[] pair = setting.split("=");
            for (ModeOption declared : mode.options()) {
                if (declared.name().equals(pair[0])) {
                    options = options.with(declared, pair[1]);
                }
            }
        }
        return options;
    }

    static Stream<Arguments> traffic() {
        return Stream.of(
                Arguments.of("persistent-grid", "barrier=block", 11, MemoryTraffic.sharedMemory(false)),
                Arguments.of("persistent-grid", "barrier=cg", 11, MemoryTraffic.sharedMemory(true)),
                Arguments.of("persistent-grid", "barrier=cluster", 101, MemoryTraffic.sharedMemory(false)),
                Arguments.of("persistent-dataflow", "signal=resident,sweeps-per-exchange=3", 101, MemoryTraffic.sharedMemory(true)),
                Arguments.of("persistent-grid", "barrier=temporal,sweeps-per-exchange=4", 1001, MemoryTraffic.passes(4)),
                Arguments.of("persistent-grid", "barrier=temporal,sweeps-per-exchange=8", 4097, MemoryTraffic.passes(8)),
                Arguments.of("persistent-grid", "barrier=two-slot", 1001, MemoryTraffic.passes(1)),
                Arguments.of("persistent-dataflow", "signal=counters", 1001, MemoryTraffic.passes(1)));
    }

    /** The roofline's model follows the plan the library made: on chip or resident in shared memory, else passes of k. */
    @ParameterizedTest(name = "{0} {1} N={2}")
    @MethodSource("traffic")
    void theRooflineFollowsThePlan(String name, String settings, int n, MemoryTraffic expected) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        ModeDescriptor mode = Modes.ALL.parse(name);
        PoissonProblem problem = new PoissonProblem(n);
        RunRequest request = new RunRequest(problem, problem.rightHandSide(), KernelSource.NATIVE, BlockCountRule.parse("auto"),
                options(mode, settings), RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
        try (ModeRunner runner = mode.runner(request, machine)) {
            assertEquals(expected, runner.shape().traffic(), runner.shape().toString());
        }
    }

    /**
     * The Java twins get their grids by their native twin's rule, read through the library, with their own occupancy:
     * the grid the library plans for the Java kernel's co-resident blocks per SM, on chip where the native kernel is,
     * and the native twin's very blocks wherever both kernels fit as many blocks per SM (the rule caps a large grid at
     * the co-resident maximum, which is each kernel's own: the Java grid-barrier kernel fits 8 blocks of 256 threads per
     * SM on the H200, its native twin 6).
     */
    void aJavaTwinGetsTheGridOfItsNativeTwin(String name, int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        NativePersistentMode mode = (NativePersistentMode) Modes.ALL.parse(name);
        OptionValues options = Modes.ALL.defaults().with(mode.variantOption().orElseThrow(),
                mode.javaTwin().orElseThrow().nativeVariant());
        PoissonProblem problem = new PoissonProblem(n);
        List<RunShape> shapes = new ArrayList<>();
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            RunRequest request = new RunRequest(problem, problem.rightHandSide(), kernels, BlockCountRule.parse("auto"), options,
                    RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
            try (ModeRunner runner = mode.runner(request, machine)) {
                shapes.add(runner.shape());
            }
        }
        PersistentTaskGraph.Design design = mode.javaTwin().orElseThrow().design();
        int threads = RunRequest.DEFAULT_THREADS;
        int sms = machine.gpu().device().multiprocessors();
        int javaPerSm = (int) (machine.gpu().coResidentBlocks(design.kernel(), threads, 0) / sms);
        PersistentRequest twin = PersistentRequest.of(name, mode.javaTwin().orElseThrow().nativeVariant())
                .withThreadsPerBlock(threads);
        PersistentProblem solved = PersistentProblem.poisson2d(n, problem.h2());
        PersistentPlan javaRule = machine.bridge().planTwin(solved, twin, javaPerSm);
        PersistentPlan nativePlan = machine.bridge().plan(solved, twin);
        assertEquals(javaRule.blocks(), shapes.get(0).blocks(), "blocks, java against its rule");
        if (javaPerSm == nativePlan.blocksPerSm()) {
            assertEquals(shapes.get(1).blocks(), shapes.get(0).blocks(), "blocks, java against native at equal occupancy");
        }
        assertEquals(shapes.get(1).note(), shapes.get(0).note(), "on chip or not");
        assertEquals(shapes.get(1).variant(), shapes.get(0).variant(), "labelled as its twin");
        assertEquals(shapes.get(1).variantName(), shapes.get(0).variantName(), "named as its twin");
        assertEquals(shapes.get(1).k(), shapes.get(0).k(), "k, java against native");
    }
}
