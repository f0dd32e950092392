package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.junit.jupiter.api.Test;

/**
 * On the cube the kernels that exist only for the square are refused in one line, before the GPU is
 * asked for (so the same line on any machine, and the row says {@code refused:}): the temporal pass, the Java
 * twins of the persistent kernels, TornadoVM's, and whatever the native library's table has no rows for; the
 * Java and native half-sweeps of the standard launches, and the library's rows for the cube, are not refused:
 * without a GPU they say only that there is none.
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

    /** The persistent modes and their variant options, as the library's table names them. */
    private static final Map<String, String> VARIANT_OPTIONS = Map.of("persistent-grid", "barrier", "persistent-dataflow", "signal",
            "persistent-host", "schedule");

    @Test
    void aPersistentModeRunsTheLibrarysRowsForTheCubeAndIsRefusedFromTheTableWithoutThem() {
        NativeVariants table = NativeVariants.library();
        assumeTrue(table.missingReason().isEmpty(), () -> "no native library here: " + table.missingReason().orElseThrow());
        for (Map.Entry<String, String> mode : VARIANT_OPTIONS.entrySet()) {
            List<String> cube = table.choices(PersistentProblem.Kind.POISSON_3D, mode.getKey());
            if (table.rows(PersistentProblem.Kind.POISSON_3D, mode.getKey()).isEmpty()) {
                assertEquals(mode.getKey() + ": the native library has no " + mode.getKey() + " kernels for poisson3d",
                        refusal(mode.getKey(), KernelSource.NATIVE, Map.of()));
                continue;
            }
            for (String variant : cube) {
                // Not refused: without a GPU, unavailable for that alone.
                assertEquals("no GPU (test)", assertThrows(ModeUnavailableException.class, () -> Modes.ALL.parse(mode.getKey())
                        .runner(request(KernelSource.NATIVE, Map.of(mode.getValue(), variant)), NO_GPU)).getMessage(), variant);
            }
            for (String squareOnly : table.choices(PersistentProblem.Kind.POISSON_2D, mode.getKey())) {
                if (!cube.contains(squareOnly)) {
                    assertEquals(mode.getKey() + ": the native library has no --" + mode.getValue() + " " + squareOnly
                            + " for poisson3d (it has " + String.join(", ", cube) + ")",
                            refusal(mode.getKey(), KernelSource.NATIVE, Map.of(mode.getValue(), squareOnly)));
                }
            }
        }
    }

    @Test
    void theJavaTwinsOfThePersistentModesAreRefusedOnTheCube() {
        for (String mode : new String[] {"persistent-grid", "persistent-dataflow"}) {
            assertEquals(mode + " (java): no Java persistent kernels for poisson3d yet", refusal(mode, KernelSource.JAVA, Map.of()));
            assertEquals("refused: " + mode + " (java): no Java persistent kernels for poisson3d yet",
                    Modes.ALL.parse(mode).kernelsThatRun(KernelSource.JAVA, Modes.ALL.defaults(), CUBE).what());
        }
    }

    /** The cube's half-sweeps and its temporal pass (TemporalKernels3D and its native twins) are not refused: without a GPU, unavailable. */
    @Test
    void theStandardLaunchesRunTheCubesNativeKernelsAndTemporalPass() {
        for (String mode : new String[] {"launch", "launch-sync", "graph"}) {
            assertEquals("no GPU (test)", assertThrows(ModeUnavailableException.class,
                    () -> Modes.ALL.parse(mode).runner(request(KernelSource.NATIVE, Map.of()), NO_GPU)).getMessage());
            assertEquals("hand-written, hf_red_3d then hf_black_3d (native-hip/src/kernels/standard_kernels.h), one launch per"
                    + " half-sweep", Modes.ALL.parse(mode).kernelsThatRun(KernelSource.NATIVE, Modes.ALL.defaults(), CUBE).what());
            for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
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
    void aKTheCubesPassIsNotCompiledForIsRefusedWithTheKItHas() {
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            assertEquals("graph: the temporal pass of poisson3d is compiled for k = 1, 2, 3, 4, 6, 8, not 16",
                    refusal("graph", kernels, Map.of("sweeps-per-launch", "16")));
            assertEquals("refused: graph: the temporal pass of poisson3d is compiled for k = 1, 2, 3, 4, 6, 8, not 16",
                    Modes.ALL.parse("graph").kernelsThatRun(kernels, new OptionValues(Map.of("sweeps-per-launch", "16")), CUBE).what());
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
