package org.holdfast.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.PoissonTaskGraph;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.spi.TornadoBackend;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Java red and black kernels, compiled to CUDA C by the kernel compiler, on the GPU: every GPU
 * mode gives the CPU reference's array, and each kernel passes a random-input differential test.
 */
@Tag("gpu")
class RedBlackCudaTest {

    /** One CUDA graph of 64 iterations and one of 6: both graph sizes run. */
    private static final int ITERATIONS = 70;
    private static final int THREADS_PER_BLOCK = 256;

    enum Mode { LAUNCH, LAUNCH_SYNC, GRAPH }

    /** The GPU, or a skip that says why there is none. */
    private static TornadoDevice gpu() {
        Optional<TornadoDevice> gpu = TornadoRuntime.firstGpu();
        String reason = TornadoRuntime.backends().stream().filter(b -> b.name().equals("cuda")).findFirst()
                .flatMap(TornadoBackend::unavailableReason).orElse("the CUDA backend is not on the class path");
        assumeTrue(gpu.isPresent(), () -> "no GPU: " + reason);
        return gpu.get();
    }

    static Stream<Arguments> sizesModesAndBlocks() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {3, 4, 11, 12, 101, 1001}) {
            for (Mode mode : Mode.values()) {
                cases.add(Arguments.of(n, mode, PoissonTaskGraph.blocksForOnePointPerThread(new PoissonProblem(n), THREADS_PER_BLOCK)));
                // Fewer threads than points: the kernels' grid-stride loop covers the rest.
                cases.add(Arguments.of(n, mode, 1));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "N = {0}, {1}, {2} blocks")
    @MethodSource("sizesModesAndBlocks")
    void everyGpuModeMatchesTheCpuOverTheWholeArray(int n, Mode mode, int blocks) {
        TornadoDevice gpu = gpu();
        PoissonProblem problem = new PoissonProblem(n);
        double[] reference = problem.initialU();
        double[] onGpu = problem.initialU();
        solve(TornadoRuntime.sequentialCpu(), Mode.LAUNCH, problem, reference, blocks);
        ExecutionResult result = solve(gpu, mode, problem, onGpu, blocks);
        double diff = PoissonProblem.maxAbsDiff(reference, onGpu);
        assertTrue(diff <= 1e-12, "max |diff| = " + diff);
        assertTrue(result.deviceTimed());
        assertEquals(ITERATIONS, result.runs());
    }

    private static ExecutionResult solve(TornadoDevice device, Mode mode, PoissonProblem problem, double[] u, int blocks) {
        PoissonTaskGraph graph = new PoissonTaskGraph(problem, u, problem.rightHandSide(), blocks, THREADS_PER_BLOCK);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.graph()).withDevice(device)
                .withGridScheduler(graph.scheduler()).withRepeats(ITERATIONS).withWarmUp()) {
            switch (mode) {
                case LAUNCH -> { }
                case LAUNCH_SYNC -> plan.withSyncEveryRepeat();
                case GRAPH -> plan.withCUDAGraph();
            }
            return plan.execute();
        }
    }

    @ParameterizedTest(name = "colour {0}")
    @ValueSource(ints = {RedBlackKernels.RED, RedBlackKernels.BLACK})
    void eachKernelMatchesTheCpuOnRandomInputs(int colour) {
        TornadoDevice gpu = gpu();
        Random random = new Random(97 + colour);
        for (int n : new int[] {37, 64}) {
            double[] u = random.doubles((long) n * n, -1, 1).toArray();
            double[] f = random.doubles((long) n * n, -50, 50).toArray();
            double h2 = random.doubles(1, 1e-6, 1e-2).findFirst().orElseThrow();
            double[] onCpu = u.clone();
            double[] onGpu = u.clone();
            launchOnce(TornadoRuntime.sequentialCpu(), colour, onCpu, f.clone(), n, h2);
            launchOnce(gpu, colour, onGpu, f.clone(), n, h2);
            double diff = PoissonProblem.maxAbsDiff(onCpu, onGpu);
            assertTrue(diff <= 1e-12, "N = " + n + ": max |diff| = " + diff);
            assertTrue(PoissonProblem.maxAbsDiff(u, onGpu) > 0, "the kernel changed nothing");
        }
    }

    /** One launch of the red or the black kernel, one thread per point of that colour. */
    private static void launchOnce(TornadoDevice device, int colour, double[] u, double[] f, int n, double h2) {
        KernelContext context = new KernelContext();
        TaskGraph graph = new TaskGraph("once").transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f);
        graph = colour == RedBlackKernels.RED
                ? graph.task("sweep", RedBlackKernels::red, context, u, f, n, h2)
                : graph.task("sweep", RedBlackKernels::black, context, u, f, n, h2);
        graph.transferToHost(DataTransferMode.EVERY_EXECUTION, u);
        GridScheduler scheduler = new GridScheduler("once.sweep", new WorkerGrid1D(RedBlackKernels.pointsPerColour(n)));
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot()).withDevice(device).withGridScheduler(scheduler)) {
            plan.execute();
        }
    }
}
