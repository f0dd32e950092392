package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.bridge.BandPass;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.problem.Problem;
import org.junit.jupiter.api.Test;

/**
 * {@code persistent-grid --gpus G}, what can be checked without a GPU: the native band kernel on the square is
 * admitted and everything else skipped with its line (the Java kernels, the cube, the other persistent modes); the
 * refusals come before the GPU is asked for (too few rows, k beyond the kernel's, a barrier other than the band
 * kernel's, a k or threads the temporal pass is not built for); the pass and k each barrier chooses
 * ({@link BandPassRule} under auto); without a GPU the runner says so; {@code --gpus 1} keeps the one-device path; the
 * row's variant, and {@code --print-kernel}'s line (the note: PersistentBandsNoteTest). The runs themselves:
 * PersistentBandsGpuTest.
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
        assertEquals("persistent-grid --gpus 2: the band kernel runs --barrier two-slot (each half-sweep, a band barrier after"
                + " it), temporal (temporal passes of k half-sweeps) or auto (the pass by size); --barrier cg runs on one device",
                refused.getMessage());
        // two-slot and temporal are the band kernel's: not refused, they ask for the GPU.
        for (String barrier : List.of("two-slot", "temporal", "auto")) {
            assertThrows(ModeUnavailableException.class, () -> GRID.runner(request(new PoissonProblem(101), options(barrier, "2"), 2),
                    Machine.withoutGpu("no GPU: none here")), barrier);
        }
    }

    /** What each barrier runs at N = 101, 1001 and 4097 with k auto: the pass, k, the threads it fixes and the row's variant. */
    @Test
    void eachBarrierChoosesItsPassAndK() {
        Map<String, List<BandPlan>> expected = Map.of(
                "auto", List.of(BandPlan.halfSweeps(1), new BandPlan(BandPass.TEMPORAL, 4, 256), new BandPlan(BandPass.TEMPORAL, 8, 256)),
                "temporal", List.of(new BandPlan(BandPass.TEMPORAL, 8, 0), new BandPlan(BandPass.TEMPORAL, 4, 0),
                        new BandPlan(BandPass.TEMPORAL, 8, 0)),
                "two-slot", List.of(BandPlan.halfSweeps(1), BandPlan.halfSweeps(1), BandPlan.halfSweeps(1)));
        Map<String, List<String>> labels = Map.of(
                "auto", List.of("bands/k=1", "bands-temporal/k=4", "bands-temporal/k=8"),
                "temporal", List.of("bands-temporal/k=8", "bands-temporal/k=4", "bands-temporal/k=8"),
                "two-slot", List.of("bands/k=1", "bands/k=1", "bands/k=1"));
        int[] sizes = {101, 1001, 4097};
        for (String barrier : expected.keySet()) {
            for (int i = 0; i < sizes.length; i++) {
                OptionValues values = options(barrier, "auto");
                BandPlan plan = GRID.bandPlan(values, sizes[i], 3, 0);
                assertEquals(expected.get(barrier).get(i), plan, barrier + " at N = " + sizes[i]);
                RowVariant row = GRID.ran(plan.variantName(), plan.k(), values);
                assertEquals(labels.get(barrier).get(i), row.label(), barrier + " at N = " + sizes[i]);
                assertEquals(plan.variantName(), row.name());
                assertEquals(plan.k(), row.k());
            }
        }
    }

    @Test
    void anAskedKIsKeptWhereThePassTakesIt() {
        assertEquals(new BandPlan(BandPass.TEMPORAL, 3, 0), GRID.bandPlan(options("temporal", "3"), 101, 2, 0));
        assertEquals(new BandPlan(BandPass.TEMPORAL, 16, 0), GRID.bandPlan(options("temporal", "16"), 4097, 2, 256));
        assertEquals(BandPlan.halfSweeps(5), GRID.bandPlan(options("two-slot", "5"), 4097, 2, 0));
        assertEquals(new BandPlan(BandPass.TEMPORAL, 2, 256), GRID.bandPlan(options("auto", "2"), 1001, 2, 0));
        assertEquals(BandPlan.halfSweeps(2), GRID.bandPlan(options("auto", "2"), 101, 2, 0), "below the rule's N");
        // auto falls to the half-sweeps where the temporal pass is not built for the k asked, as one GPU's auto does.
        assertEquals(BandPlan.halfSweeps(5), GRID.bandPlan(options("auto", "5"), 1001, 2, 0));
        assertEquals(new BandPlan(BandPass.TEMPORAL, 8, 256), GRID.bandPlan(options("auto", "auto"), 2049, 2, 512),
                "auto's temporal pass runs the rule's 256 threads, as one GPU's auto overrides -t");
        assertEquals(new BandPlan(BandPass.TEMPORAL, 4, 256), GRID.bandPlan(options("auto", "auto"), 359, 2, 0));
        assertEquals(new BandPlan(BandPass.TEMPORAL, 4, 256), GRID.bandPlan(options("auto", "auto"), 2048, 2, 0));
        assertEquals(BandPlan.halfSweeps(1), GRID.bandPlan(options("auto", "auto"), 358, 2, 0));
    }

    @Test
    void aKTheTemporalPassIsNotBuiltForIsRefusedBeforeTheGpu() {
        ModeRefusedException refused = assertThrows(ModeRefusedException.class,
                () -> GRID.runner(request(new PoissonProblem(1001), options("temporal", "5"), 2), Machine.withoutGpu("no GPU: none here")));
        assertEquals("persistent-grid --gpus 2: the temporal band pass takes k = 1, 2, 3, 4, 6, 8, 12, 16 (--sweeps-per-exchange),"
                + " not 5", refused.getMessage());
        assertThrows(ModeRefusedException.class, () -> GRID.bandPlan(options("temporal", "24"), 4097, 2, 0), "deeper than built");
        RunRequest threads = new RunRequest(new PoissonProblem(1001), new PoissonProblem(1001).rightHandSide(), KernelSource.NATIVE,
                BlockCountRule.parse("auto"), options("temporal", "8"), 512, RunRequest.DEFAULT_WATCHDOG_SECONDS, false, 2);
        ModeRefusedException wrongThreads = assertThrows(ModeRefusedException.class,
                () -> GRID.runner(threads, Machine.withoutGpu("no GPU: none here")));
        assertEquals("persistent-grid --gpus 2: the temporal band pass runs 256 threads per block, not 512 (-t)",
                wrongThreads.getMessage());
    }

    @Test
    void theRowIsLabelledBandsWithItsK() {
        assertEquals(new RowVariant("bands/k=3", "bands", 3), GRID.ran(BandPlan.HALF_SWEEPS_VARIANT, 3, options("auto", "3")));
        assertEquals(new RowVariant("bands-temporal/k=8", "bands-temporal", 8),
                GRID.ran(BandPlan.TEMPORAL_VARIANT, 8, options("temporal", "auto")));
    }

    @Test
    void printKernelNamesTheBandKernelAndK() {
        KernelsThatRun bands = GRID.kernelsThatRun(KernelSource.NATIVE, options("auto", "2"), new PoissonProblem(11), 3);
        assertTrue(bands.what().startsWith("hand-written, persistent_bands (native-hip/src/kernels/persistent_bands.h) or, for"
                + " the temporal pass, persistent_bands_temporal<k> (native-hip/src/kernels/persistent_bands_temporal.h): one"
                + " cooperative launch per run on each of 3 bands"), bands.what());
        assertTrue(bands.what().contains("each half-sweep over the band's rows, a band barrier after it (at N = 11; the pass by"
                + " size), k = 2 ghost rows, the halo rows exchanged inside the kernel as LL lines every 2 half-sweeps and after"
                + " the run's last"), bands.what());
        assertTrue(GRID.kernelsThatRun(KernelSource.NATIVE, options("auto", "auto"), new PoissonProblem(11), 2).what()
                .contains("the pass by size: temporal passes of k = 4 half-sweeps from N = 359 and of k = 8 from N = 2049 on 256"
                        + " threads, below N = 359 each half-sweep with a band barrier after it, k = 1; k ghost rows"),
                "auto is the rule on bands");
        assertTrue(GRID.kernelsThatRun(KernelSource.NATIVE, options("temporal", "auto"), new PoissonProblem(4097), 2).what()
                .contains("temporal passes of k = 8 half-sweeps (the temporal rows' pass streamed down each band, a band barrier"
                        + " after it), k = 8 ghost rows, the halo rows exchanged inside the kernel as LL lines every 8"
                        + " half-sweeps"));
        assertEquals("refused: persistent-grid --gpus 2: the temporal band pass takes k = 1, 2, 3, 4, 6, 8, 12, 16"
                + " (--sweeps-per-exchange), not 5",
                GRID.kernelsThatRun(KernelSource.NATIVE, options("temporal", "5"), new PoissonProblem(101), 2).what());
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
