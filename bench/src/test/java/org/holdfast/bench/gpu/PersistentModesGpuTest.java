package org.holdfast.bench.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.holdfast.bench.KernelSource;
import org.holdfast.bench.Mode;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.config.Settings;
import org.holdfast.bench.harness.Measurement;
import org.holdfast.bench.harness.ModeRunner;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.PoissonSolver;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.cuda.CudaLoad;
import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every persistent mode and variant, through the harness's own runner, gives the sequential
 * reference's array over the whole grid, at every size and block count the issue names.
 */
@Tag("gpu")
class PersistentModesGpuTest {

    private static final int ITERATIONS = 6;
    private static final Map<Integer, double[]> REFERENCES = new HashMap<>();
    private static GpuRunners runners;
    private static String missing;

    @BeforeAll
    static void openTheGpu() throws Exception {
        Optional<CudaTornadoDevice> gpu = CudaBackend.device(0);
        if (gpu.isEmpty()) {
            CudaLoad load = CudaBackend.load();
            missing = "no GPU: " + (load instanceof CudaLoad.Unavailable u ? u.reason() : "no CUDA device");
            return;
        }
        runners = new GpuRunners(gpu.get(), PersistentBridge.open(), null, false);
    }

    @AfterAll
    static void close() {
        if (runners != null) {
            runners.close();
        }
    }

    static Stream<Arguments> cases() {
        String[][] variants = {
            {"persistent-grid", "barrier", "cg"}, {"persistent-grid", "barrier", "two-slot"},
            {"persistent-host", "schedule", "lockstep"}, {"persistent-host", "schedule", "neighbour"},
            {"persistent-host", "poll", "sleep"}, {"persistent-dataflow", "barrier", "cg"},
        };
        List<Arguments> cases = new ArrayList<>();
        for (String[] variant : variants) {
            for (int n : new int[] {3, 4, 11, 12, 101, 1001, 4097}) {
                for (String blocks : new String[] {"1", "2", "7", "auto"}) {
                    cases.add(Arguments.of(variant[0], variant[1], variant[2], n, blocks));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}={2} N={3} blocks={4}")
    @MethodSource("cases")
    void matchesTheCpuReferenceOverTheWholeArray(String mode, String key, String value, int n, String blocks) {
        assumeTrue(runners != null, () -> missing);
        Settings settings = new Settings();
        settings.set("modes", mode);
        settings.set(key, value);
        settings.set("blocks", blocks);
        settings.set("sizes", Integer.toString(n));
        settings.set("iterations", Integer.toString(ITERATIONS));
        settings.set("repeats", "1");
        Experiment experiment = settings.toExperiment();
        PoissonProblem problem = new PoissonProblem(n);
        double[] reference = REFERENCES.computeIfAbsent(n,
                size -> PoissonSolver.solve(problem, ITERATIONS, TornadoRuntime.parallelCpu()));
        Mode chosen = experiment.modes().get(0);
        try (ModeRunner runner = runners.create(chosen, KernelSource.NATIVE, experiment.blocks().get(0), experiment);
                Progress progress = new Progress(System.err, false)) {
            Measurement measured = runner.measure(problem, problem.initialU(), problem.rightHandSide(), ITERATIONS, 1, progress);
            double diff = PoissonProblem.maxAbsDiff(reference, measured.result());
            assertTrue(diff <= 1e-12, "max |diff| = " + diff + " with " + measured.blocks() + " blocks");
            if (!blocks.equals("auto")) {
                assertEquals(Integer.parseInt(blocks), measured.blocks());
            }
            assertTrue(measured.microsPerIteration()[0] > 0);
        }
    }
}
