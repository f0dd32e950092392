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
 * the watchdog naming it, promptly; and through the harness every row passes its verification and its repeats.
 */
@Tag("gpu")
class PersistentBandsGpuTest extends OnTheGpu {

    private static final int ITERATIONS = 7;

    static Stream<Arguments> onOneGpu() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {5, 11, 12, 101, 1001}) {
            for (int bands : new int[] {2, 3}) {
                for (int k = 1; k <= 4; k++) {
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
        RunShape shape = runsLikeTheReference(new PoissonProblem(n), bands, k, BandTransport.COPY);
        assertEquals(bands + " bands on cuda:0, halos in-kernel (LL lines), k = " + k + "; the kernel's time", shape.note());
        assertEquals("bands/k=" + k, shape.variant());
        assertEquals(1, shape.launches().size(), "one cooperative launch for every band");
    }

    @ParameterizedTest(name = "N={0} k = {1} --gpus 1 through NCCL's window")
    @MethodSource("overNccl")
    void oneGpuThroughTheNcclPathEqualsTheReference(int n, int k) {
        assumeNative();
        assumeNccl();
        RunShape shape = runsLikeTheReference(new PoissonProblem(n), 1, k, BandTransport.NCCL);
        assertEquals("1 GPU, halos in-kernel (LL lines), k = " + k + "; host clock, the lanes' start to the last one's end",
                shape.note());
    }

    @ParameterizedTest(name = "N={0} k = {1} --gpus 2 through NCCL's windows")
    @MethodSource("overNccl")
    void twoGpusThroughNcclEqualTheReference(int n, int k) {
        assumeNative();
        assumeNccl();
        assumeTrue(machine.gpuCount() >= 2, "one GPU here: two GPUs through NCCL need nvidia-h200-x2 or larger");
        RunShape shape = runsLikeTheReference(new PoissonProblem(n), 2, k, BandTransport.NCCL);
        assertEquals("2 GPUs, halos in-kernel (LL lines), k = " + k + "; host clock, the lanes' start to the last one's end",
                shape.note());
        assertEquals(2, shape.launches().size(), "a launch per GPU");
    }

    static Stream<Arguments> overNccl() {
        return Stream.of(11, 12, 101, 1001).flatMap(n -> Stream.of(1, 3).map(k -> Arguments.of(n, k)));
    }

    @Test
    void aBandThatNeverSendsEndsTheRunNamingIt() {
        assumeNative();
        PoissonProblem problem = new PoissonProblem(101);
        RunRequest request = request(problem, 3, 2);
        BandRequest faulty = BandRequest.of(3, 2).withFault(FaultInjection.NEVER_PUBLISH, 1);
        try (PersistentBandsRunner runner = new PersistentBandsRunner(request, machine, BandTransport.COPY, 2,
                GRID.ran(NativePersistentMode.BANDS_VARIANT, 2, request.options()), 0.2, faulty)) {
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

    @Test
    void throughTheHarnessEveryRowPassesItsChecks() throws Exception {
        assumeNative();
        Path out = Files.createTempDirectory("persistent-bands");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status;
        System.setProperty(BandTransport.PROPERTY, "copy");
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            status = new Holdfast(o, e).run("-m", "persistent-grid", "--gpus", "3", "-n", "5,11,12,101,1001", "-i",
                    "9,7,7,20,50", "--sweeps-per-exchange", "1,2,3,4", "--init", "random", "-r", "3", "-o", out.toString(),
                    "--no-plots");
        } finally {
            System.clearProperty(BandTransport.PROPERTY);
        }
        assertEquals(ExitCode.OK, status, stderr.toString(StandardCharsets.UTF_8));
        List<ResultRow> rows = SavedRun.read(out.resolve("results.json")).rows();
        assertEquals(5 * 4, rows.size());
        for (ResultRow row : rows) {
            assertTrue(row.ok() && row.maxDiff() == 0 && row.equalRepeats() == 3, row.toString());
            assertEquals("3 bands on cuda:0, halos in-kernel (LL lines), k = " + row.k() + "; the kernel's time", row.note(),
                    row.toString());
        }
    }

    private static final PersistentGridMode GRID = new PersistentGridMode();

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
    private static RunShape runsLikeTheReference(PoissonProblem problem, int bands, int k, BandTransport transport) {
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(problem.n() + bands);
        double[] expected = problem.reference().solve(initial, f, ITERATIONS);
        double[] oneMore = problem.reference().solve(initial, f, ITERATIONS + 1);
        assertFalse(Arrays.equals(expected, oneMore), "short of convergence");
        RunRequest request = request(problem, bands, k);
        try (ModeRunner runner = new PersistentBandsRunner(request, machine, transport, k,
                GRID.ran(NativePersistentMode.BANDS_VARIANT, k, request.options()))) {
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

    private static RunRequest request(PoissonProblem problem, int bands, int k) {
        return new RunRequest(problem, problem.rightHandSide(), KernelSource.NATIVE, BlockCountRule.parse("auto"),
                PersistentBandsSplitTest.options("auto", Integer.toString(k)), 0, RunRequest.DEFAULT_WATCHDOG_SECONDS, false,
                bands);
    }
}
