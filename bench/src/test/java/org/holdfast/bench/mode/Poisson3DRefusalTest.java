package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.junit.jupiter.api.Test;

/**
 * On the cube the kernels that exist only for the square are refused in one line, before the GPU is
 * asked for (so the same line on any machine, and the row says {@code refused:}); the Java half-sweeps of
 * the standard launches are not refused: without a GPU they say only that there is none.
 */
class Poisson3DRefusalTest {

    private static final Machine NO_GPU = Machine.withoutGpu("no GPU (test)");
    private static final Poisson3DProblem CUBE = new Poisson3DProblem(9);

    private static RunRequest request(KernelSource kernels, Map<String, String> values) {
        OptionValues options = new OptionValues(values);
        return new RunRequest(CUBE, CUBE.rightHandSide(), kernels, BlockCountRule.parse("auto"), options, 256, 1, false);
    }

    private static String refusal(String mode, KernelSource kernels, Map<String, String> values) {
        return assertThrows(ModeRefusedException.class, () -> Modes.ALL.parse(mode).runner(request(kernels, values), NO_GPU),
                mode + " (" + kernels + ")").getMessage();
    }

    @Test
    void thePersistentModesHaveNoKernelsForTheCubeYet() {
        for (String mode : new String[] {"persistent-grid", "persistent-dataflow", "persistent-host"}) {
            assertEquals(mode + ": no persistent kernels for poisson3d yet", refusal(mode, KernelSource.NATIVE, Map.of()));
        }
        assertEquals("persistent-grid: no persistent kernels for poisson3d yet", refusal("persistent-grid", KernelSource.JAVA, Map.of()));
    }

    @Test
    void theStandardLaunchesHaveNoNativeHalfSweepsForTheCube() {
        for (String mode : new String[] {"launch", "launch-sync", "graph"}) {
            assertEquals(mode + ": no native kernels for poisson3d yet", refusal(mode, KernelSource.NATIVE, Map.of()));
        }
    }

    /** temporal3d: the cube's temporal pass (TemporalKernels3D and its native twins) is not refused: without a GPU, unavailable. */
    @Test
    void theCubesTemporalPassIsNotRefused() {
        for (String mode : new String[] {"launch", "launch-sync", "graph"}) {
            for (KernelSource kernels : new KernelSource[] {KernelSource.JAVA, KernelSource.NATIVE}) {
                ModeUnavailableException noGpu = assertThrows(ModeUnavailableException.class,
                        () -> Modes.ALL.parse(mode).runner(request(kernels, Map.of("sweeps-per-launch", "8")), NO_GPU));
                assertEquals("no GPU (test)", noGpu.getMessage());
                assertEquals("hand-written, hf_stream_pass_3d_k8 (native-hip/src/kernels/temporal_stream_3d.h), one launch per pass"
                        + " of 8 half-sweeps", Modes.ALL.parse(mode).kernelsThatRun(KernelSource.NATIVE,
                                new OptionValues(Map.of("sweeps-per-launch", "8")), CUBE).what());
            }
        }
    }

    @Test
    void tornadoVmHasNoTwinsOfTheCubesKernels() {
        assertEquals("tornado: no TornadoVM twins of the kernels for poisson3d yet", refusal("tornado", KernelSource.JAVA, Map.of()));
        assertEquals("tornado-graph: no TornadoVM twins of the kernels for poisson3d yet",
                refusal("tornado-graph", KernelSource.JAVA, Map.of()));
    }

    @Test
    void theJavaHalfSweepsAreNotRefusedOnlyWithoutAGpuUnavailable() {
        ModeUnavailableException noGpu = assertThrows(ModeUnavailableException.class,
                () -> Modes.ALL.parse("graph").runner(request(KernelSource.JAVA, Map.of()), NO_GPU));
        assertEquals("no GPU (test)", noGpu.getMessage());
        try (ModeRunner cpu = Modes.ALL.parse("cpu").runner(request(KernelSource.JAVA, Map.of()), NO_GPU)) {
            double[] u = CUBE.randomInitialU(1);
            cpu.load(u);
            cpu.run(3);
            double[] result = new double[u.length];
            cpu.unload(result);
            assertArrayEquals(CUBE.reference().solve(u, CUBE.rightHandSide(), 3), result);
        }
    }
}
