package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.holdfast.bench.ExitCode;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.holdfast.kernels.bands.HaloTransport;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.cuda.nccl.Nccl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The standard launches on bands of rows on GPUs ({@link GpuBandedRunner}), bit for bit against the plain
 * reference from a random interior, short of convergence, then one more iteration without reloading:
 * two and three bands on one GPU through device copies (the band kernels and the schedule, which NCCL cannot
 * put on one GPU) in launch, launch-sync and graph; {@code --gpus 1} through the NCCL path where NCCL loads;
 * two GPUs through NCCL where there are two; a dropped halo row makes the result differ; and through the
 * harness, with the copies chosen by the property, every row passes its verification and its repeats.
 */
@Tag("gpu")
class GpuBandsGpuTest {

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

    static Stream<Arguments> onOneGpu() {
        List<Arguments> cases = new ArrayList<>();
        for (String mode : List.of("launch", "launch-sync", "graph")) {
            for (int n : new int[] {11, 12, 101}) {
                for (int bands : new int[] {2, 3}) {
                    cases.add(Arguments.of(mode, n, bands));
                }
            }
        }
        cases.add(Arguments.of("graph", 5, 3)); // bands of one row
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} N={1}, {2} bands on GPU 0 by copies")
    @MethodSource("onOneGpu")
    void bandsOnOneGpuByCopiesEqualTheReference(String mode, int n, int bands) {
        assumeGpu();
        RunShape shape = runsLikeTheReference(mode, new PoissonProblem(n), bands, BandTransport.COPY, ITERATIONS);
        assertEquals(bands + " bands on cuda:0, halo rows by device-to-device copies", shape.note());
        assertEquals(2 * bands, shape.launches().size(), "a red and a black launch per band");
    }

    @Test
    void aGraphRunLongerThanOneGraphEqualsTheReference() {
        assumeGpu();
        runsLikeTheReference("graph", new PoissonProblem(12), 2, BandTransport.COPY, 2 * 64 + 3);
    }

    @ParameterizedTest(name = "{0} N={1} --gpus 1 through NCCL")
    @MethodSource("overNccl")
    void oneGpuThroughTheNcclPathEqualsTheReference(String mode, int n) {
        assumeGpu();
        assumeTrue(Nccl.unavailableReason().isEmpty(), () -> Nccl.unavailableReason().orElse(""));
        RunShape shape = runsLikeTheReference(mode, new PoissonProblem(n), 1, BandTransport.NCCL, ITERATIONS);
        assertEquals("1 GPU, halo rows by NCCL send and receive", shape.note());
    }

    @ParameterizedTest(name = "{0} N={1} --gpus 2 through NCCL")
    @MethodSource("overNccl")
    void twoGpusThroughNcclEqualTheReference(String mode, int n) {
        assumeGpu();
        assumeTrue(Nccl.unavailableReason().isEmpty(), () -> Nccl.unavailableReason().orElse(""));
        assumeTrue(machine.gpuCount() >= 2, "one GPU here: two GPUs through NCCL need nvidia-h200-x2 or larger");
        RunShape shape = runsLikeTheReference(mode, new PoissonProblem(n), 2, BandTransport.NCCL, ITERATIONS);
        assertEquals("2 GPUs, halo rows by NCCL send and receive", shape.note());
    }

    static Stream<Arguments> overNccl() {
        return Stream.of("launch", "launch-sync", "graph").flatMap(mode -> Stream.of(11, 12, 101).map(n -> Arguments.of(mode, n)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void aDroppedHaloRowChangesTheResult(String mode) {
        assumeGpu();
        PoissonProblem problem = new PoissonProblem(12);
        double[] initial = problem.randomInitialU(5);
        double[] result = new double[problem.points()];
        try (ModeRunner runner = runner(mode, problem, 2, BandTransport.COPY, DroppedHalo::firstRowDropped)) {
            runner.load(initial);
            runner.run(4);
            runner.unload(result);
        }
        assertFalse(Arrays.equals(problem.reference().solve(initial, problem.rightHandSide(), 4), result),
                "a halo row never exchanged must show in the result");
    }

    static Stream<String> modes() {
        return Stream.of("launch", "launch-sync", "graph");
    }

    @Test
    void throughTheHarnessEveryRowPassesItsChecks() throws Exception {
        assumeGpu();
        Path out = Files.createTempDirectory("gpu-bands");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status;
        System.setProperty(BandTransport.PROPERTY, "copy");
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            status = new Holdfast(o, e).run("-m", "launch,launch-sync,graph", "--gpus", "2", "-n", "11,12,101", "-i", "1000,7,20",
                    "-r", "3", "-o", out.toString(), "--no-plots");
        } finally {
            System.clearProperty(BandTransport.PROPERTY);
        }
        assertEquals(ExitCode.OK, status, stderr.toString(StandardCharsets.UTF_8));
        List<ResultRow> rows = SavedRun.read(out.resolve("results.json")).rows();
        assertEquals(9, rows.size());
        for (ResultRow row : rows) {
            assertTrue(row.ok() && row.maxDiff() == 0 && row.equalRepeats() == 3, row.toString());
            assertEquals("2 bands on cuda:0, halo rows by device-to-device copies", row.note(), row.toString());
        }
    }

    private static void assumeGpu() {
        assumeTrue(machine.gpuMissing().isEmpty(), () -> machine.gpuMissing().orElse(""));
    }

    /**
     * Runs {@code mode} on {@code bands} bands {@code iterations} iterations from a random interior, then one more
     * without reloading, each equal to the plain reference bit for bit over the whole array; returns what ran.
     */
    private static RunShape runsLikeTheReference(String mode, PoissonProblem problem, int bands, BandTransport transport,
            int iterations) {
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(problem.n() + bands);
        assertFalse(Arrays.equals(problem.reference().solve(initial, f, iterations), problem.reference().solve(initial, f,
                iterations + 1)), "short of convergence");
        try (ModeRunner runner = runner(mode, problem, bands, transport, copies -> copies)) {
            double[] result = new double[problem.points()];
            runner.load(initial);
            assertTrue(runner.run(iterations) > 0);
            runner.unload(result);
            assertArrayEquals(problem.reference().solve(initial, f, iterations), result, runner.shape().toString());
            assertTrue(runner.run(1) > 0);
            runner.unload(result);
            assertArrayEquals(problem.reference().solve(initial, f, iterations + 1), result, "a second run, not reloaded");
            return runner.shape();
        }
    }

    private static ModeRunner runner(String mode, PoissonProblem problem, int bands, BandTransport transport,
            Function<HaloTransport, HaloTransport> wrap) {
        StandardLaunchMode standard = (StandardLaunchMode) Modes.ALL.parse(mode);
        RunRequest request = new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"),
                Modes.ALL.defaults(), RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false, bands);
        return new GpuBandedRunner(request, machine, standard.launchStyle(), standard.variant(request.options()), transport, wrap);
    }
}
