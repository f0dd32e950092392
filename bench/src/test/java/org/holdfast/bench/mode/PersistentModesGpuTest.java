package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every persistent mode and variant, through its descriptor's runner, equals the plain reference
 * bit for bit over the whole array, from a zero and from a random interior, at every size and
 * block count the persistent issue names (the resident bands at those that fit in shared memory,
 * with k = 1, 2 and 3); and a second run from a fresh load does too.
 */
@Tag("gpu")
class PersistentModesGpuTest {

    private static final int ITERATIONS = 6;
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
        String[][] variants = {
            {"persistent-grid", "barrier=cg"}, {"persistent-grid", "barrier=two-slot"},
            {"persistent-host", "schedule=lockstep"}, {"persistent-host", "schedule=neighbour"},
            {"persistent-host", "schedule=relay"}, {"persistent-host", "poll=sleep"}, {"persistent-dataflow", ""},
            {"persistent-dataflow", "halo=counters"},
        };
        List<Arguments> cases = new ArrayList<>();
        for (String[] variant : variants) {
            for (int n : new int[] {3, 4, 11, 12, 101, 1001, 4097}) {
                for (String blocks : new String[] {"1", "2", "7", "auto"}) {
                    cases.add(Arguments.of(variant[0], variant[1], n, blocks));
                }
            }
        }
        // The resident bands must fit in shared memory: few blocks only at small N, one per SM at N = 1001.
        for (String options : new String[] {"halo=resident", "halo=resident,sweeps-per-exchange=2"}) {
            for (int n : new int[] {3, 4, 11, 12, 101}) {
                for (String blocks : new String[] {"1", "2", "7", "auto"}) {
                    cases.add(Arguments.of("persistent-dataflow", options, n, blocks));
                }
            }
            cases.add(Arguments.of("persistent-dataflow", options, 1001, "auto"));
            cases.add(Arguments.of("persistent-dataflow", options, 1002, "auto"));
        }
        cases.add(Arguments.of("persistent-dataflow", "halo=resident,sweeps-per-exchange=3", 1001, "auto"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} N={2} blocks={3}")
    @MethodSource("cases")
    void equalsThePlainReferenceBitForBit(String name, String chosen, int n, String blocks) {
        assumeTrue(machine.gpuIfPresent().isPresent() && machine.bridgeIfPresent().isPresent(),
                "no GPU, or no native library, on this machine");
        ModeDescriptor mode = Modes.ALL.parse(name);
        OptionValues options = Modes.ALL.defaults();
        for (String setting : chosen.isEmpty() ? new String[0] : chosen.split(",")) {
            String[] pair = setting.split("=");
            for (ModeOption declared : mode.options()) {
                if (declared.name().equals(pair[0])) {
                    options = options.with(declared, pair[1]);
                }
            }
        }
        PoissonProblem problem = new PoissonProblem(n);
        double[] f = problem.rightHandSide();
        RunRequest request = new RunRequest(problem, f, KernelSource.NATIVE, BlockCountRule.parse(blocks), options,
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
}
