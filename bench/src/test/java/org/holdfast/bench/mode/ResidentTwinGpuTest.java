package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code persistent-dataflow --signal resident} with {@code -k java} (the Java grid-resident kernel, {@code resident_fOnChip<F>})
 * and {@code -k native} ({@code persistent_resident}): each equals the plain reference bit for bit from a random interior
 * after an odd, unconverged iteration count (7: a last round shorter than k where k is 2 to 5), then once more without a
 * reload; and the Java twin runs the native twin's shape as {@code plan_resident} gives it (the blocks, the threads, k,
 * f on chip or not in the planner's note, the roofline's model). k = 0 is the planner's own; {@code --signal auto} runs the
 * resident twin where the native planner picks resident (N = 1001 and 1002), on the auto rule's 512 threads.
 */
@Tag("gpu")
class ResidentTwinGpuTest extends OnTheGpu {

    private static final int ITERATIONS = 7;
    private static RunRequest request(PoissonProblem problem, KernelSource kernels, String signal, int k, String blocks, int threads) {
        OptionValues options = Modes.ALL.defaults().with(PersistentDataflowMode.SIGNAL, signal)
                .with(NativePersistentMode.SWEEPS_PER_EXCHANGE, k == 0 ? "auto" : Integer.toString(k));
        return new RunRequest(problem, problem.rightHandSide(), kernels, BlockCountRule.parse(blocks), options, threads,
                RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
    }

    /** The Java row and the native row of one request, each checked against the reference, in one shape: theirs, Java first. */
    private static List<RunShape> bothEqualTheReference(PoissonProblem problem, String signal, int k, String blocks, int threads) {
        List<RunShape> shapes = TwinRunChecks.javaAndNativeInOneShape(new PersistentDataflowMode(),
                kernels -> request(problem, kernels, signal, k, blocks, threads), machine, problem.randomInitialU(problem.n() + k),
                ITERATIONS);
        assertEquals(shapes.get(1).traffic(), shapes.get(0).traffic(), "the roofline's model");
        return shapes;
    }

    @ParameterizedTest(name = "N = {0}, k = {1}, blocks {2}, {3} threads")
    @CsvSource({"101, 0, auto, 256", "101, 3, auto, 256", "257, 0, auto, 512", "257, 5, auto, 128", "1001, 0, auto, 256",
        "1001, 0, auto, 512", "1001, 2, auto, 512", "1001, 4, auto, 512", "1002, 0, auto, 256", "1002, 3, 99, 512",
        "12, 0, 2, 64", "33, 1, 7, 256"})
    void theJavaTwinEqualsTheReferenceInTheNativeTwinsShape(int n, int k, String blocks, int threads) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        List<RunShape> shapes = bothEqualTheReference(new PoissonProblem(n), "resident", k, blocks, threads);
        assertEquals("resident", shapes.get(0).variantName());
    }

    /** {@code --signal auto} with {@code -k java} runs the resident twin where the native planner picks resident. */
    @ParameterizedTest(name = "N = {0}")
    @CsvSource({"1001", "1002"})
    void autoRunsTheResidentTwinWhereTheNativePlannerPicksIt(int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        List<RunShape> shapes = bothEqualTheReference(new PoissonProblem(n), "auto", 0, "auto", RunRequest.DEFAULT_THREADS);
        assertEquals("resident", shapes.get(1).variantName(), "the native planner's choice at N = " + n);
        assertEquals(shapes.get(1).variantName(), shapes.get(0).variantName(), "the Java kernels run its twin");
        assertEquals(512, shapes.get(0).threads(), "the auto rule's block size, not --threads");
    }
}
