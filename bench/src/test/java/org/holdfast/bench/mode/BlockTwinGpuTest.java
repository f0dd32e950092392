package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code persistent-grid --barrier block} with {@code -k java} (the register kernels, {@code onChipRegisters_p<P>}) and
 * {@code -k native} ({@code on_chip_registers}): each equals the plain reference bit for bit from a random interior
 * after an odd, unconverged iteration count, then once more without a reload; and the Java twin runs the native twin's
 * shape, as {@code plan_block_on_chip} gives it (one block, the same threads, the same points per thread, one warp or
 * not: the planner's note). The sizes: issue 19's, the rule's boundaries (one warp up to N = 12, 1 point per thread up
 * to N = 46, 2 up to 66) and the largest it takes, N = 92; N = 93 is refused in the planner's line, both ways.
 */
@Tag("gpu")
class BlockTwinGpuTest extends OnTheGpu {

    private static final int ITERATIONS = 7;

    private static RunRequest request(PoissonProblem problem, KernelSource kernels) {
        OptionValues options = Modes.ALL.defaults().with(PersistentGridMode.BARRIER, "block");
        return new RunRequest(problem, problem.rightHandSide(), kernels, BlockCountRule.parse("auto"), options,
                RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {3, 4, 5, 11, 12, 13, 33, 34, 46, 47, 65, 66, 67, 92})
    void theJavaTwinEqualsTheReferenceInTheNativeTwinsShape(int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(n);
        double[] f = problem.rightHandSide();
        double[] initial = problem.randomInitialU(n);
        List<RunShape> shapes = new ArrayList<>();
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            try (ModeRunner runner = new PersistentGridMode().runner(request(problem, kernels), machine)) {
                double[] result = new double[problem.points()];
                runner.load(initial);
                assertTrue(runner.run(ITERATIONS) > 0);
                runner.unload(result);
                assertArrayEquals(problem.reference().solve(initial, f, ITERATIONS), result, kernels + " " + runner.shape());
                assertTrue(runner.run(1) > 0);
                runner.unload(result);
                assertArrayEquals(problem.reference().solve(initial, f, ITERATIONS + 1), result, kernels + ", a second run");
                shapes.add(runner.shape());
            }
        }
        RunShape java = shapes.get(0);
        RunShape nativeTwin = shapes.get(1);
        assertEquals(1, java.blocks(), "one block");
        assertEquals(nativeTwin.threads(), java.threads(), "threads, java against native");
        assertEquals(nativeTwin.note(), java.note(), "one warp or one block, points per thread (the planner's note)");
        assertEquals(n <= 12, java.note().startsWith("one warp"), java.note());
        assertEquals(nativeTwin.variant(), java.variant(), "labelled as its twin");
    }

    @Test
    void aGridTooLargeForOneBlockIsRefusedInThePlannersLine() {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(93);
        List<String> lines = new ArrayList<>();
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            lines.add(assertThrows(ModeRefusedException.class,
                    () -> new PersistentGridMode().runner(request(problem, kernels), machine).close()).getMessage());
        }
        assertEquals(lines.get(1), lines.get(0), "the Java twin refused as its native twin");
        assertTrue(lines.get(0).contains("n = 93 has 4186 points of a colour, one block holds at most 4096"), lines.get(0));
    }

    /** {@code --barrier auto} with {@code -k java} runs the register twin where the native planner picks block (N = 11). */
    @Test
    void autoRunsTheBlockTwinWhereTheNativePlannerPicksIt() {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        PoissonProblem problem = new PoissonProblem(11);
        OptionValues options = Modes.ALL.defaults().with(PersistentGridMode.BARRIER, "auto");
        List<RunShape> shapes = new ArrayList<>();
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            RunRequest request = new RunRequest(problem, problem.rightHandSide(), kernels, BlockCountRule.parse("auto"), options,
                    RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
            try (ModeRunner runner = new PersistentGridMode().runner(request, machine)) {
                shapes.add(runner.shape());
            }
        }
        assertEquals(shapes.get(1).variantName(), shapes.get(0).variantName(), "the native planner's choice");
        assertEquals(shapes.get(1).note(), shapes.get(0).note());
    }
}
