package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import java.util.stream.Stream;
import org.holdfast.bench.ExitCode;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.holdfast.bridge.BandPass;
import org.holdfast.bridge.BandRequest;
import org.holdfast.bridge.DeviceProbe;
import org.holdfast.bridge.FaultInjection;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeStatus;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code persistent-grid --gpus G} on GPUs ({@link PersistentBandsRunner}: the native band kernel, the halos exchanged
 * inside the kernel), bit for bit against the plain reference from a random interior, short of convergence: G = 2 and
 * 3 bands on one GPU in one session (the copy transport), N = 5, 11, 12, 101, 1001, k = 1 to 4, 7 iterations (14
 * half-sweeps: off the k grid at k = 3 and 4), then one more without reloading, then a reload and 7 again, all on one
 * session whose flags go on growing; {@code --gpus 1} and 2 GPUs through NCCL's windows where NCCL and
 * libholdfast_nccl_bands are (skipped, saying which is missing, otherwise); a band that never sends ends the run with
 * the watchdog naming it, promptly; and through the harness every row passes its verification and its repeats. The
 * temporal band pass ({@code --barrier temporal}) the same way: 1, 2 and 3 bands on one GPU, N = 5 to 1001, k = 1, 2,
 * 4, 8 (7 iterations and then 1: off the k grid at k = 4 and 8), {@code --gpus 1} and 2 GPUs through NCCL at k = 1
 * and 8, a temporal band that never sends, and through the harness with {@code --barrier temporal,auto}.
 */
@Tag("gpu")
class PersistentBandsGpuTest extends OnTheGpu {

    private static final int ITERATIONS = 7;

    static Stream<Arguments> onOneGpu() {
        return splits(new int[] {2, 3}, new int[] {1, 2, 3, 4});
    }

    /** N = 5, 11, 12, 101, 1001 with each of {@code bandCounts} and {@code ks}. */
    private static Stream<Arguments> splits(int[] bandCounts, int[] ks) {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {5, 11, 12, 101, 1001}) {
            for (int bands : bandCounts) {
                for (int k : ks) {
                    cases.add(Arguments.of(n, bands, k));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "N={0}, {1} bands on GPU 0, k = {2}")
    @MethodSource("onOneGpu")
    void bandsOnOneGpuEqualTheReference(int n, int bands, int k) {
        assumeNative();
        RunShape shape = runsLikeTheReference(new PoissonProblem(n), bands, BandPlan.halfSweeps(k), BandTransport.COPY);
        assertEquals(bands + " bands on cuda:0, halos in-kernel (LL lines), k = " + k + "; the kernel's time", shape.note());
        assertEquals("bands/k=" + k, shape.variant());
        assertEquals(1, shape.launches().size(), "one cooperative launch for every band");
    }

    static Stream<Arguments> temporalOnOneGpu() {
        return splits(new int[] {1, 2, 3}, new int[] {1, 2, 4, 8});
    }

    @ParameterizedTest(name = "N={0}, {1} bands on GPU 0, temporal passes of k = {2}")
    @MethodSource("temporalOnOneGpu")
    void temporalPassesOnOneGpuEqualTheReference(int n, int bands, int k) {
        assumeNative();
        RunShape shape = runsLikeTheReference(new PoissonProblem(n), bands, temporal(k), BandTransport.COPY);
        assertEquals(bands + " bands on cuda:0, temporal passes of k = " + k + ", halos in-kernel (LL lines); the kernel's time",
                shape.note());
        assertEquals("bands-temporal/k=" + k, shape.variant());
        assertEquals(256, shape.threads(), "the temporal pass's block");
        assertEquals(MemoryTraffic.passes(k), shape.traffic(), "a pass of k half-sweeps streams the band once");
    }

    @ParameterizedTest(name = "N={0} {1} --gpus 1 through NCCL's window")
    @MethodSource("overNccl")
    void oneGpuThroughTheNcclPathEqualsTheReference(int n, BandPlan plan) {
        assumeNative();
        assumeNccl();
        RunShape shape = runsLikeTheReference(new PoissonProblem(n), 1, plan, BandTransport.NCCL);
        assertEquals(ncclNote("1 GPU", plan), shape.note());
    }

    @ParameterizedTest(name = "N={0} {1} --gpus 2 through NCCL's windows")
    @MethodSource("overNccl")
    void twoGpusThroughNcclEqualTheReference(int n, BandPlan plan) {
        assumeNative();
        assumeNccl();
        assumeTrue(machine.gpuCount() >= 2, "one GPU here: two GPUs through NCCL need nvidia-h200-x2 or larger");
        RunShape shape = runsLikeTheReference(new PoissonProblem(n), 2, plan, BandTransport.NCCL);
        assertEquals(ncclNote("2 GPUs", plan), shape.note());
        assertEquals(2, shape.launches().size(), "a launch per GPU");
    }

    /** The half-sweeps at k = 1 and 3, the temporal passes at k = 1 and 8. */
    static Stream<Arguments> overNccl() {
        return Stream.of(11, 12, 101, 1001).flatMap(n -> Stream.of(BandPlan.halfSweeps(1), BandPlan.halfSweeps(3), temporal(1),
                temporal(8)).map(plan -> Arguments.of(n, plan)));
    }

    private static String ncclNote(String where, BandPlan plan) {
        return (plan.pass() == BandPass.TEMPORAL ? where + ", temporal passes of k = " + plan.k() + ", halos in-kernel (LL lines)"
                : where + ", halos in-kernel (LL lines), k = " + plan.k()) + "; host clock, the lanes' start to the last one's end";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("passes")
    void aBandThatNeverSendsEndsTheRunNamingIt(BandPass pass) {
        assumeNative();
        PoissonProblem problem = new PoissonProblem(101);
        BandPlan plan = new BandPlan(pass, 2, 0);
        RunRequest request = request(problem, 3, plan);
        BandRequest faulty = BandRequest.of(3, 2).withPass(pass).withFault(FaultInjection.NEVER_PUBLISH, 1);
        try (PersistentBandsRunner runner = new PersistentBandsRunner(request, machine, BandTransport.COPY,
                GRID.ran(plan.variantName(), 2, request.options()), 0.2, faulty)) {
            runner.load(problem.randomInitialU(7));
            long start = System.nanoTime();
            NativeException stopped = assertThrows(NativeException.class, () -> runner.run(ITERATIONS));
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "the watchdog ends the run promptly");
            assertEquals(NativeStatus.WATCHDOG, stopped.status(), stopped.getMessage());
            assertTrue(stopped.nativeMessage().contains("for the halo rows of band 1"), stopped.nativeMessage());
            // The kernel ended: the session runs again (and fails the same way), and closes.
            assertThrows(NativeException.class, () -> runner.run(1));
        }
    }

    static Stream<BandPass> passes() {
        return Stream.of(BandPass.values());
    }

    /**
     * The temporal passes through the command: {@code --barrier temporal} (k = 8 at N = 101, the rule's 4 at 1001 and 8
     * at 2049; and k = 3) and {@code auto} (the half-sweeps at 101, the temporal passes above), 3 bands by copies.
     */
    @Test
    void throughTheHarnessTheTemporalRowsPassTheirChecks() throws Exception {
        assumeNative();
        List<ResultRow> rows = harnessRows("--gpus", "3", "-n", "101,1001,2049", "-i", "9,7,13", "--barrier", "temporal,auto",
                "--sweeps-per-exchange", "auto,3", "--init", "random", "-r", "2");
        assertEquals(3 * 2 * 2, rows.size());
        List<String> variants = new ArrayList<>();
        for (ResultRow row : rows) {
            assertTrue(row.ok() && row.maxDiff() == 0 && row.equalRepeats() == 2, row.toString());
            String expected = row.variantName().equals(BandPlan.TEMPORAL_VARIANT)
                    ? "3 bands on cuda:0, temporal passes of k = " + row.k() + ", halos in-kernel (LL lines); the kernel's time"
                    : "3 bands on cuda:0, halos in-kernel (LL lines), k = " + row.k() + "; the kernel's time";
            assertEquals(expected, row.note(), row.toString());
            variants.add(row.n() + " " + row.variant());
        }
        assertTrue(variants.containsAll(List.of("101 bands-temporal/k=8", "1001 bands-temporal/k=4", "2049 bands-temporal/k=8",
                "101 bands-temporal/k=3", "101 bands/k=1", "101 bands/k=3", "1001 bands-temporal/k=3", "2049 bands-temporal/k=3")),
                variants.toString());
    }

    @Test
    void throughTheHarnessEveryRowPassesItsChecks() throws Exception {
        assumeNative();
        List<ResultRow> rows = harnessRows("--gpus", "3", "-n", "5,11,12,101,1001", "-i", "9,7,7,20,50", "--barrier", "two-slot",
                "--sweeps-per-exchange", "1,2,3,4", "--init", "random", "-r", "3");
        assertEquals(5 * 4, rows.size());
        for (ResultRow row : rows) {
            assertTrue(row.ok() && row.maxDiff() == 0 && row.equalRepeats() == 3, row.toString());
            assertEquals("3 bands on cuda:0, halos in-kernel (LL lines), k = " + row.k() + "; the kernel's time", row.note(),
                    row.toString());
        }
    }

    /** persistent-grid through the command with {@code arguments}, every band on GPU 0 (copies): the rows it saved. */
    private static List<ResultRow> harnessRows(String... arguments) throws Exception {
        Path out = Files.createTempDirectory("persistent-bands");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        List<String> command = new ArrayList<>(List.of("-m", "persistent-grid"));
        command.addAll(List.of(arguments));
        command.addAll(List.of("-o", out.toString(), "--no-plots"));
        int status;
        System.setProperty(BandTransport.PROPERTY, "copy");
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            status = new Holdfast(o, e).run(command.toArray(String[]::new));
        } finally {
            System.clearProperty(BandTransport.PROPERTY);
        }
        assertEquals(ExitCode.OK, status, stderr.toString(StandardCharsets.UTF_8));
        return SavedRun.read(out.resolve("results.json")).rows();
    }

    private static final PersistentGridMode GRID = new PersistentGridMode();

    /** The temporal passes of k half-sweeps, on the request's threads (the default 256). */
    private static BandPlan temporal(int k) {
        return new BandPlan(BandPass.TEMPORAL, k, 0);
    }

    /** The native library and a GPU it sees (not so under the CPU stand-in for the driver, which only the Java path takes). */
    private static void assumeNative() {
        assumeTrue(machine.nativeLibraryMissing().isEmpty(), () -> machine.nativeLibraryMissing().orElse(""));
        DeviceProbe probe = machine.bridge().probeDevices();
        assumeTrue(probe.available(), () -> "the native library sees no GPU: " + probe.reason());
    }

    private static void assumeNccl() {
        var missing = PersistentBandsRunner.librariesMissing(BandTransport.NCCL, machine);
        assumeTrue(missing.isEmpty(), () -> missing.orElse(""));
    }

    /**
     * {@code iterations} from a random interior, then one more without reloading, then a reload and the same again, on
     * one runner (one session per GPU), each equal to the plain reference bit for bit over the whole array.
     */
    private static RunShape runsLikeTheReference(PoissonProblem problem, int bands, BandPlan plan, BandTransport transport) {
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(problem.n() + bands);
        double[] expected = problem.reference().solve(initial, f, ITERATIONS);
        double[] oneMore = problem.reference().solve(initial, f, ITERATIONS + 1);
        assertFalse(Arrays.equals(expected, oneMore), "short of convergence");
        RunRequest request = request(problem, bands, plan);
        try (ModeRunner runner = new PersistentBandsRunner(request, machine, transport, plan,
                GRID.ran(plan.variantName(), plan.k(), request.options()))) {
            double[] result = new double[problem.points()];
            runner.load(initial);
            assertTrue(runner.run(ITERATIONS) > 0);
            runner.unload(result);
            assertArrayEquals(expected, result, runner.shape().toString());
            assertTrue(runner.run(1) > 0);
            runner.unload(result);
            assertArrayEquals(oneMore, result, "a second run, not reloaded");
            runner.load(initial);
            runner.run(ITERATIONS);
            runner.unload(result);
            assertArrayEquals(expected, result, "a third run from a reload, the flags still growing");
            return runner.shape();
        }
    }

    private static RunRequest request(PoissonProblem problem, int bands, BandPlan plan) {
        String barrier = plan.pass() == BandPass.TEMPORAL ? "temporal" : "two-slot";
        return new RunRequest(problem, problem.rightHandSide(), KernelSource.NATIVE, BlockCountRule.parse("auto"),
                PersistentBandsSplitTest.options(barrier, Integer.toString(plan.k())), 0, RunRequest.DEFAULT_WATCHDOG_SECONDS, false,
                bands);
    }
}
