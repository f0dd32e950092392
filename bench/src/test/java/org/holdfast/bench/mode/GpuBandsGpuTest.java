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
import java.util.concurrent.atomic.AtomicInteger;
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
class GpuBandsGpuTest extends OnTheGpu {

    private static final int ITERATIONS = 7;
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

    static Stream<Arguments> everyKHalfSweeps() {
        List<Arguments> cases = new ArrayList<>();
        for (String mode : List.of("launch", "launch-sync", "graph")) {
            for (int k : new int[] {2, 3}) {
                for (int n : new int[] {11, 12, 101}) {
                    cases.add(Arguments.of(mode, n, 3, k, ITERATIONS));
                }
                cases.add(Arguments.of(mode, 5, 3, k, ITERATIONS)); // bands of one row, ghost rows reaching past the neighbour
            }
        }
        // Graphs of 64 (k = 2) and 63 (k = 3) iterations, then one of the rest: 131 is a multiple of neither, nor of k.
        cases.add(Arguments.of("graph", 12, 2, 2, 2 * 64 + 3));
        cases.add(Arguments.of("graph", 12, 2, 3, 2 * 64 + 3));
        cases.add(Arguments.of("graph", 11, 3, 3, 65));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} N={1}, {2} bands, k = {3}, {4} iterations")
    @MethodSource("everyKHalfSweeps")
    void kGhostRowsAndAnExchangeEveryKHalfSweepsEqualTheReference(String mode, int n, int bands, int k, int iterations) {
        assumeGpu();
        RunShape shape = runsLikeTheReference(mode, new PoissonProblem(n), bands, k, BandTransport.COPY, iterations);
        assertEquals(bands + " bands on cuda:0, k = " + k + " ghost rows, halos by device-to-device copies every " + k
                + " half-sweeps", shape.note());
        assertEquals("k=" + k, shape.variant());
        assertEquals(2 * bands, shape.launches().size(), "still a red and a black launch per band: not the temporal pass");
    }

    /**
     * The exchanges a run queues (or a graph captures) are the schedule's: after every k-th half-sweep of the
     * run and after its last, 7 iterations being 14 half-sweeps: k = 1, 14; k = 2, 7; k = 3, 5 (3, 6, 9, 12, 14);
     * k = 4, 4. launch-sync waits after every iteration without exchanging there.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void theExchangesAreTheSchedules(String mode) {
        assumeGpu();
        PoissonProblem problem = new PoissonProblem(12);
        int[] expected = {14, 7, 5, 4};
        for (int k = 1; k <= 4; k++) {
            AtomicInteger exchanges = new AtomicInteger();
            try (ModeRunner runner = runner(mode, problem, 2, k, BandTransport.COPY, real -> copies -> {
                exchanges.incrementAndGet();
                real.exchange(copies);
            })) {
                runner.load(problem.randomInitialU(3));
                runner.run(7);
            }
            assertEquals(expected[k - 1], exchanges.get(), "k = " + k);
        }
    }

    @ParameterizedTest(name = "{0} N={1} k = {2} --gpus 1 through NCCL")
    @MethodSource("overNccl")
    void oneGpuThroughTheNcclPathEqualsTheReference(String mode, int n, int k) {
        assumeGpu();
        assumeTrue(Nccl.unavailableReason().isEmpty(), () -> Nccl.unavailableReason().orElse(""));
        RunShape shape = runsLikeTheReference(mode, new PoissonProblem(n), 1, k, BandTransport.NCCL, ITERATIONS);
        assertEquals(k == 1 ? "1 GPU, halo rows by NCCL send and receive"
                : "1 GPU, k = " + k + " ghost rows, halos by NCCL every " + k + " half-sweeps", shape.note());
    }

    @ParameterizedTest(name = "{0} N={1} k = {2} --gpus 2 through NCCL")
    @MethodSource("overNccl")
    void twoGpusThroughNcclEqualTheReference(String mode, int n, int k) {
        assumeGpu();
        assumeTrue(Nccl.unavailableReason().isEmpty(), () -> Nccl.unavailableReason().orElse(""));
        assumeTrue(machine.gpuCount() >= 2, "one GPU here: two GPUs through NCCL need nvidia-h200-x2 or larger");
        RunShape shape = runsLikeTheReference(mode, new PoissonProblem(n), 2, k, BandTransport.NCCL, ITERATIONS);
        assertEquals(k == 1 ? "2 GPUs, halo rows by NCCL send and receive"
                : "2 GPUs, k = " + k + " ghost rows, halos by NCCL every " + k + " half-sweeps", shape.note());
    }

    /** Every mode at N = 11, 12, 101 with one ghost row, and with three (an exchange every 3 half-sweeps). */
    static Stream<Arguments> overNccl() {
        return Stream.of("launch", "launch-sync", "graph").flatMap(mode -> Stream.of(11, 12, 101)
                .flatMap(n -> Stream.of(1, 3).map(k -> Arguments.of(mode, n, k))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void aDroppedHaloRowChangesTheResult(String mode) {
        assumeGpu();
        PoissonProblem problem = new PoissonProblem(12);
        double[] initial = problem.randomInitialU(5);
        double[] result = new double[problem.points()];
        for (int k = 1; k <= 3; k++) {
            try (ModeRunner runner = runner(mode, problem, 2, k, BandTransport.COPY, DroppedHalo::firstRowDropped)) {
                runner.load(initial);
                runner.run(5);
                runner.unload(result);
            }
            assertFalse(Arrays.equals(problem.reference().solve(initial, problem.rightHandSide(), 5), result),
                    "k = " + k + ": a halo row never exchanged must show in the result");
        }
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
        return runsLikeTheReference(mode, problem, bands, 1, transport, iterations);
    }

    /** The same with {@code k} ghost rows and an exchange every k half-sweeps. */
    private static RunShape runsLikeTheReference(String mode, PoissonProblem problem, int bands, int k, BandTransport transport,
            int iterations) {
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(problem.n() + bands);
        assertFalse(Arrays.equals(problem.reference().solve(initial, f, iterations), problem.reference().solve(initial, f,
                iterations + 1)), "short of convergence");
        try (ModeRunner runner = runner(mode, problem, bands, k, transport, copies -> copies)) {
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

    private static ModeRunner runner(String mode, PoissonProblem problem, int bands, int k, BandTransport transport,
            Function<HaloTransport, HaloTransport> wrap) {
        StandardLaunchMode standard = (StandardLaunchMode) Modes.ALL.parse(mode);
        RunRequest request = new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"),
                Modes.ALL.defaults().with(StandardLaunchMode.SWEEPS_PER_LAUNCH, Integer.toString(k)), RunRequest.DEFAULT_THREADS,
                RunRequest.DEFAULT_WATCHDOG_SECONDS, false, bands);
        return new GpuBandedRunner(request, machine, standard.launchStyle(), standard.variant(request.options()), transport, wrap);
    }
}
