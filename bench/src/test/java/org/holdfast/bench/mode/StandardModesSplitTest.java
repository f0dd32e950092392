package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.problem.Problem;
import org.junit.jupiter.api.Test;

/**
 * The standard launches split over several GPUs, what can be checked without one: the Java band kernels on
 * the square are admitted and everything else refused with its line, at any k; k above 1 runs on bands (k ghost
 * rows, an exchange every k half-sweeps), so it asks for the GPU; without a GPU the band path says so;
 * {@code --gpus 1} keeps the one-device path.
 */
class StandardModesSplitTest {

    private static final List<StandardLaunchMode> MODES = List.of(new LaunchMode(), new LaunchSyncMode(), new GraphMode());

    @Test
    void theJavaBandKernelsOnTheSquareSplitTheRestIsRefused() {
        for (StandardLaunchMode mode : MODES) {
            assertEquals(Optional.empty(), mode.splitRefusal(2, KernelSource.JAVA, new PoissonProblem(11)));
            assertEquals(Optional.empty(), mode.splitRefusal(1, KernelSource.NATIVE, new Poisson3DProblem(8)));
            assertEquals(Optional.of("--gpus 2 splits the grid for Holdfast's own Java band kernels (BandKernels); the"
                    + " hand-written kernels run on one device"), mode.splitRefusal(2, KernelSource.NATIVE, new PoissonProblem(11)));
            assertEquals(Optional.of("--gpus 3: the band split exists for poisson2d only, not poisson3d yet"),
                    mode.splitRefusal(3, KernelSource.JAVA, new Poisson3DProblem(8)));
        }
    }

    @Test
    void theLaunchStylesAreTheModes() {
        assertEquals(List.of("QUEUED", "SYNC_EVERY_ITERATION", "CUDA_GRAPH"),
                MODES.stream().map(mode -> mode.launchStyle().name()).toList());
    }

    @Test
    void kAboveOneRunsOnBandsAsKGhostRowsAndAsksForTheGpu() {
        OptionValues k4 = Modes.ALL.defaults().with(StandardLaunchMode.SWEEPS_PER_LAUNCH, "4");
        for (StandardLaunchMode mode : MODES) {
            // Not refused: the band path asks for the GPU (the temporal pass would have been refused or planned first).
            ModeUnavailableException missing = assertThrows(ModeUnavailableException.class,
                    () -> mode.runner(request(new PoissonProblem(5), k4, 3), Machine.withoutGpu("no GPU: none here")));
            assertEquals("no GPU: none here", missing.getMessage());
            assertEquals(Optional.empty(), mode.splitRefusal(2, KernelSource.JAVA, new PoissonProblem(5)));
        }
    }

    @Test
    void whatIsNotBuiltOnBandsIsRefusedAtAnyK() {
        for (StandardLaunchMode mode : MODES) {
            assertEquals(Optional.of("--gpus 2 splits the grid for Holdfast's own Java band kernels (BandKernels); the"
                    + " hand-written kernels run on one device"), mode.splitRefusal(2, KernelSource.NATIVE, new PoissonProblem(11)));
            assertEquals(Optional.of("--gpus 2: the band split exists for poisson2d only, not poisson3d yet"),
                    mode.splitRefusal(2, KernelSource.JAVA, new Poisson3DProblem(8)));
            OptionValues k4 = Modes.ALL.defaults().with(StandardLaunchMode.SWEEPS_PER_LAUNCH, "4");
            assertEquals(Optional.empty(), StandardLaunchMode.bandTransport(new RunRequest(new PoissonProblem(11),
                    new PoissonProblem(11).rightHandSide(), KernelSource.NATIVE, BlockCountRule.parse("auto"), k4,
                    RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false, 2)), "the native kernels never run on bands");
        }
    }

    @Test
    void theBandsAskForTheGpuAndSayWhenThereIsNone() {
        ModeUnavailableException missing = assertThrows(ModeUnavailableException.class, () -> new LaunchMode()
                .runner(request(new PoissonProblem(11), Modes.ALL.defaults(), 2), Machine.withoutGpu("no GPU: none here")));
        assertEquals("no GPU: none here", missing.getMessage());
        assertEquals(Optional.of("no GPU: none here"),
                new LaunchMode().unavailableOn(Machine.withoutGpu("no GPU: none here"), KernelSource.JAVA, 2));
    }

    @Test
    void aSizeWithFewerInteriorRowsThanGpusIsRefusedFirst() {
        ModeRefusedException refused = assertThrows(ModeRefusedException.class, () -> new LaunchSyncMode()
                .runner(request(new PoissonProblem(4), Modes.ALL.defaults(), 3), Machine.withoutGpu("no GPU: none here")));
        assertEquals("--gpus 3: 3 bands of rows need at least 3 interior rows: N = 4 has 2, so at most 2 devices",
                refused.getMessage());
    }

    @Test
    void oneGpuKeepsTheOneDevicePathAndSeveralRunNccl() {
        assertEquals(System.getProperty(BandTransport.PROPERTY), null, "the property is not set in the tests");
        assertEquals(Optional.empty(), StandardLaunchMode.bandTransport(request(new PoissonProblem(11), Modes.ALL.defaults(), 1)));
        assertEquals(Optional.of(BandTransport.NCCL),
                StandardLaunchMode.bandTransport(request(new PoissonProblem(11), Modes.ALL.defaults(), 2)));
    }

    private static RunRequest request(Problem problem, OptionValues options, int gpus) {
        return new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"), options,
                RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false, gpus);
    }
}
