package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.problem.Problem;
import org.junit.jupiter.api.Test;

/**
 * {@code persistent-grid --gpus G}, what can be checked without a GPU: the native band kernel on the square is
 * admitted and everything else skipped with its line (the Java kernels, the cube, the other persistent modes); the
 * refusals come before the GPU is asked for (too few rows, k beyond the kernel's, a barrier other than the band
 * kernel's); without a GPU the runner says so; {@code --gpus 1} keeps the one-device path; the row's variant and
 * {@code --print-kernel}'s line. The runs themselves: PersistentBandsGpuTest.
 */
class PersistentBandsSplitTest {

    private static final PersistentGridMode GRID = new PersistentGridMode();
    private static final String TAIL = "; --gpus 2 runs persistent-grid's native band kernel, the CPU modes (on virtual"
            + " devices) and the standard launches (docs/multi-gpu.md)";

    @Test
    void theNativeBandKernelOnTheSquareSplitsTheRestIsSkipped() {
        assertEquals(Optional.empty(), GRID.splitRefusal(2, KernelSource.NATIVE, new PoissonProblem(11)));
        assertEquals(Optional.empty(), GRID.splitRefusal(1, KernelSource.JAVA, new Poisson3DProblem(8)));
        assertEquals(Optional.of("runs on one device; not built yet: the Java persistent kernels on several GPUs (--kernels"
                + " native runs the band kernel)" + TAIL), GRID.splitRefusal(2, KernelSource.JAVA, new PoissonProblem(11)));
        assertEquals(Optional.of("--gpus 2: the band split exists for poisson2d only, not poisson3d yet"),
                GRID.splitRefusal(2, KernelSource.NATIVE, new Poisson3DProblem(8)));
        assertEquals(Optional.of("runs on one device; not built yet: persistent-dataflow on several GPUs" + TAIL),
                new PersistentDataflowMode().splitRefusal(2, KernelSource.NATIVE, new PoissonProblem(11)));
        assertEquals(Optional.of("runs on one device; not built yet: persistent-host on several GPUs" + TAIL),
                new PersistentHostMode().splitRefusal(2, KernelSource.NATIVE, new PoissonProblem(11)));
    }

    @Test
    void oneGpuKeepsTheOneDevicePathAndSeveralRunNccl() {
        assertEquals(null, System.getProperty(BandTransport.PROPERTY), "the property is not set in the tests");
        assertEquals(Optional.empty(), NativePersistentMode.bandTransport(1));
        assertEquals(Optional.of(BandTransport.NCCL), NativePersistentMode.bandTransport(2));
    }

    @Test
    void withoutAGpuTheBandsSaySo() {
        ModeUnavailableException missing = assertThrows(ModeUnavailableException.class,
                () -> GRID.runner(request(new PoissonProblem(11), options("auto", "auto"), 2), Machine.withoutGpu("no GPU: none here")));
        assertEquals("no GPU: none here", missing.getMessage());
        assertEquals(Optional.of("no GPU: none here"),
                GRID.unavailableOn(Machine.withoutGpu("no GPU: none here"), KernelSource.NATIVE, 2));
    }

    @Test
    void tooFewRowsAreRefusedBeforeTheGpuIsAskedFor() {
        ModeRefusedException refused = assertThrows(ModeRefusedException.class,
                () -> GRID.runner(request(new PoissonProblem(4), options("auto", "2"), 3), Machine.withoutGpu("no GPU: none here")));
        assertEquals("--gpus 3: 3 bands of rows need at least 3 interior rows: N = 4 has 2, so at most 2 devices",
                refused.getMessage());
    }

    @Test
    void kBeyondTheKernelsIsRefused() {
        ModeRefusedException refused = assertThrows(ModeRefusedException.class,
                () -> GRID.runner(request(new PoissonProblem(101), options("auto", "17"), 2), Machine.withoutGpu("no GPU: none here")));
        assertEquals("--gpus 2: the persistent band kernel takes k = 1 to 16 ghost rows (--sweeps-per-exchange), not 17",
                refused.getMessage());
    }

    @Test
    void aBarrierOtherThanTheBandKernelsIsRefused() {
        ModeRefusedException refused = assertThrows(ModeRefusedException.class,
                () -> GRID.runner(request(new PoissonProblem(101), options("cg", "auto"), 2), Machine.withoutGpu("no GPU: none here")));
        assertEquals("persistent-grid --gpus 2: the band kernel meets at each band's own two-slot barrier; --barrier cg runs"
                + " on one device", refused.getMessage());
        // two-slot is the band kernel's barrier: not refused, it asks for the GPU.
        assertThrows(ModeUnavailableException.class, () -> GRID.runner(request(new PoissonProblem(101), options("two-slot", "2"), 2),
                Machine.withoutGpu("no GPU: none here")));
    }

    @Test
    void theRowIsLabelledBandsWithItsK() {
        assertEquals(new RowVariant("bands/k=3", "bands", 3), GRID.ran(NativePersistentMode.BANDS_VARIANT, 3, options("auto", "3")));
    }

    @Test
    void printKernelNamesTheBandKernelAndK() {
        KernelsThatRun bands = GRID.kernelsThatRun(KernelSource.NATIVE, options("auto", "2"), new PoissonProblem(11), 3);
        assertTrue(bands.what().startsWith("hand-written, persistent_bands (native-hip/src/kernels/persistent_bands.h): one"
                + " cooperative launch per run on each of 3 bands"), bands.what());
        assertTrue(bands.what().contains("k = 2 ghost rows, the halo rows exchanged inside the kernel as LL lines every 2"
                + " half-sweeps and after the run's last"), bands.what());
        assertTrue(GRID.kernelsThatRun(KernelSource.NATIVE, options("auto", "auto"), new PoissonProblem(11), 2).what()
                .contains("k = 1 ghost rows"), "auto is k = 1 on bands");
        assertTrue(GRID.kernelsThatRun(KernelSource.JAVA, options("auto", "auto"), new PoissonProblem(11), 2).what()
                .startsWith("skipped: runs on one device; not built yet: the Java persistent kernels"));
    }

    @Test
    void theTimeNoteSaysHowTheRowWasTimed() {
        assertEquals("; the kernel's time", PersistentBandsRunner.timeNote(BandTransport.COPY));
        assertEquals("; host clock, the lanes' start to the last one's end", PersistentBandsRunner.timeNote(BandTransport.NCCL));
    }

    static OptionValues options(String barrier, String k) {
        return Modes.ALL.defaults().with(PersistentGridMode.BARRIER, barrier).with(NativePersistentMode.SWEEPS_PER_EXCHANGE, k);
    }

    static RunRequest request(Problem problem, OptionValues options, int gpus) {
        return new RunRequest(problem, problem.rightHandSide(), KernelSource.NATIVE, BlockCountRule.parse("auto"), options,
                0, RunRequest.DEFAULT_WATCHDOG_SECONDS, false, gpus);
    }
}
