package org.holdfast.tornado.cuda.backend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TaskProfile;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.api.WorkerGrid2D;
import org.holdfast.tornado.cuda.CudaModule;
import org.holdfast.tornado.cuda.GpuAvailability;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Task graphs on the GPU against the CPU reference, in every mode, over whole arrays. */
@Tag("gpu")
class CudaBackendGpuTest {

    /** One CUDA graph of 64 runs and one of 6: both graph sizes are exercised. */
    private static final int ITERATIONS = 70;

    enum Mode { LAUNCH, LAUNCH_SYNC, CUDA_GRAPH, CUDA_GRAPH_SYNC, PROFILER }

    static Stream<Arguments> sizesAndModes() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {3, 4, 11, 12, 101, 1001}) {
            for (Mode mode : Mode.values()) {
                cases.add(Arguments.of(n, mode));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "N = {0}, {1}")
    @MethodSource("sizesAndModes")
    void sweepsMatchTheCpuOverTheWholeArray(int n, Mode mode) {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        double[] reference = initial(n);
        double[] onGpu = initial(n);
        sweep(TornadoRuntime.sequentialCpu(), Mode.LAUNCH, reference, rhs(n), n, 2);
        List<ExecutionResult> results = sweep(gpu, mode, onGpu, rhs(n), n, 2);
        assertTrue(maxDifference(reference, onGpu) <= 1e-12, "max |diff| " + maxDifference(reference, onGpu));
        for (ExecutionResult result : results) {
            assertTrue(result.deviceTimed());
            assertEquals(ITERATIONS, result.runs());
            assertTrue(result.elapsedNanos() > 0);
        }
    }

    @Test
    void theProfilerTimesEveryTaskAndCountsTheCopies() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int n = 101;
        List<ExecutionResult> results = sweep(gpu, Mode.PROFILER, initial(n), rhs(n), n, 2);
        List<TaskProfile> first = results.get(0).profile();
        assertEquals(List.of("sweep.red", "sweep.black"), first.stream().map(TaskProfile::task).toList());
        for (TaskProfile task : first) {
            assertEquals(ITERATIONS, task.launches());
            assertTrue(task.kernelNanos() > 0 && task.dispatchNanos() > 0, task.toString());
        }
        long arrayBytes = (long) n * n * Double.BYTES;
        assertEquals(2 * arrayBytes, first.get(0).copyInBytes(), "u and f go to the device on the first execution");
        assertEquals(arrayBytes, first.get(1).copyOutBytes(), "u comes back on every execution");
        assertEquals(0, results.get(1).profile().get(0).copyInBytes(), "FIRST_EXECUTION arrays are not copied again");
    }

    @Test
    void eachKernelMatchesTheCpuOnRandomInputs() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        Random random = new Random(20240601);
        int n = 1003;
        float a = random.nextFloat() * 4 - 2;
        float[] x = new float[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextFloat() * 200 - 100;
            y[i] = random.nextFloat() * 200 - 100;
        }
        float[] yCpu = y.clone();
        float[] yGpu = y.clone();
        runOnce(TornadoRuntime.sequentialCpu(), axpy(yCpu, x.clone(), a, n), "g.axpy", new WorkerGrid1D(n));
        runOnce(gpu, axpy(yGpu, x.clone(), a, n), "g.axpy", new WorkerGrid1D(n));
        assertArrayEquals(yCpu, yGpu);

        int[] in = random.ints(n).toArray();
        long offset = random.nextLong();
        for (boolean negate : new boolean[] {false, true}) {
            long[] outCpu = new long[n];
            long[] outGpu = new long[n];
            runOnce(TornadoRuntime.sequentialCpu(), widen(outCpu, in.clone(), offset, negate, n), "g.widen", new WorkerGrid1D(n));
            runOnce(gpu, widen(outGpu, in.clone(), offset, negate, n), "g.widen", new WorkerGrid1D(n));
            assertArrayEquals(outCpu, outGpu, "negate " + negate);
        }

        long value = random.nextLong();
        long[] stored = new long[3];
        runOnce(gpu, new TaskGraph("g").transferToDevice(DataTransferMode.FIRST_EXECUTION, stored)
                .task("store", TestKernels::store, stored, value).transferToHost(DataTransferMode.EVERY_EXECUTION, stored), null, null);
        assertArrayEquals(new long[] {value, 0, 0}, stored);

        int side = 37;
        double[] u = random.doubles(side * side, -1, 1).toArray();
        double[] f = random.doubles(side * side, -10, 10).toArray();
        for (int colour = 0; colour < 2; colour++) {
            double[] uCpu = u.clone();
            double[] uGpu = u.clone();
            runOnce(TornadoRuntime.sequentialCpu(), oneColour(uCpu, f.clone(), side, colour), "g.sweep", interior(side));
            runOnce(gpu, oneColour(uGpu, f.clone(), side, colour), "g.sweep", interior(side));
            assertTrue(maxDifference(uCpu, uGpu) <= 1e-12, "colour " + colour);
            assertTrue(maxDifference(u, uGpu) > 0, "the kernel changed something");
        }
    }

    @Test
    void aNativeKernelRunsThroughTheSameLaunchPath() throws ReflectiveOperationException {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        Method halfSweep = TestKernels.class.getMethod("halfSweep", KernelContext.class, double[].class, double[].class, int.class,
                double.class, int.class);
        String source = KernelMetadata.of(TestKernels.class).orElseThrow().cudaSource();
        try (CudaModule module = CudaModule.load(gpu.context(),
                gpu.compiler().compile(source, "NativeStandIn.cu", gpu.device().architecture()).cubin())) {
            CudaTornadoDevice nativeView = gpu.withKernelOverride(halfSweep, module.function("halfSweep").handle());
            assertTrue(nativeView.description().endsWith("native kernels for [halfSweep]"), nativeView.description());
            int n = 101;
            double[] reference = initial(n);
            double[] onGpu = initial(n);
            sweep(TornadoRuntime.sequentialCpu(), Mode.LAUNCH, reference, rhs(n), n, 1);
            sweep(nativeView, Mode.CUDA_GRAPH, onGpu, rhs(n), n, 1);
            assertTrue(maxDifference(reference, onGpu) <= 1e-12);
        }
    }

    @Test
    void launchesReportGridAndBlock() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int n = 101;
        double[] u = initial(n);
        try (TornadoExecutionPlan plan = plan(gpu, sweepGraph(u, rhs(n), n), scheduler(n))) {
            List<LaunchInfo> launches = plan.threadInfo();
            assertEquals(2, launches.size());
            LaunchInfo red = launches.get(0);
            assertEquals("sweep.red", red.task());
            assertEquals("halfSweep", red.kernel());
            assertArrayEquals(new int[] {7, 7, 1}, red.grid(), "99 points in groups of 16");
            assertArrayEquals(new int[] {16, 16, 1}, red.block());
            assertEquals(gpu.id(), red.device());
        }
    }

    @Test
    void aTaskWithoutAGridIsRefusedLikeOnTheCpu() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int n = 11;
        try (TornadoExecutionPlan plan = plan(gpu, sweepGraph(initial(n), rhs(n), n), new GridScheduler())) {
            IllegalStateException refused = assertThrows(IllegalStateException.class, plan::execute);
            assertEquals("task sweep.red takes a KernelContext but the plan has no WorkerGrid for it (withGridScheduler)",
                    refused.getMessage());
        }
    }

    @Test
    void underDemandArraysComeBackOnlyWhenAsked() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int n = 11;
        double[] u = initial(n);
        double[] reference = initial(n);
        sweep(TornadoRuntime.sequentialCpu(), Mode.LAUNCH, reference, rhs(n), n, 1);
        KernelContext context = new KernelContext();
        double[] f = rhs(n);
        TaskGraph graph = new TaskGraph("sweep").transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .task("red", TestKernels::halfSweep, context, u, f, n, h2(n), 0)
                .task("black", TestKernels::halfSweep, context, u, f, n, h2(n), 1)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u);
        try (TornadoExecutionPlan plan = plan(gpu, graph, scheduler(n)).withRepeats(ITERATIONS)) {
            plan.execute();
            assertArrayEquals(initial(n), u, "nothing came back yet");
            plan.transferToHost(u);
            assertTrue(maxDifference(reference, u) <= 1e-12);
        }
    }

    @Test
    void aCompiledGraphGivesTheHarnessItsStreamBuffersAndGraphs() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int n = 11;
        double[] u = initial(n);
        CudaCompiledGraph compiled = gpu.compile(sweepGraph(u, rhs(n), n).snapshot(),
                new PlanSettings(scheduler(n), false, true, false));
        try (compiled) {
            assertNotEquals(0, compiled.stream().handle());
            assertEquals((long) n * n * Double.BYTES, compiled.deviceBuffer(u).bytes());
            assertEquals(2L * RunGraphs.RUNS_PER_GRAPH, compiled.cudaGraphNodes(RunGraphs.RUNS_PER_GRAPH));
            assertEquals(2, compiled.cudaGraphNodes(1));
            assertThrows(IllegalArgumentException.class, () -> compiled.deviceBuffer(new double[1]));
        }
        compiled.close();
        assertThrows(IllegalStateException.class, () -> compiled.execute(1));
    }

    @Test
    void theProfilerAndCudaGraphsTogetherAreRefused() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        int n = 11;
        assertThrows(IllegalArgumentException.class, () -> gpu.compile(sweepGraph(initial(n), rhs(n), n).snapshot(),
                new PlanSettings(scheduler(n), false, true, true)));
    }

    // The problem of DESIGN.md: boundary from sin(2 pi x) cos(2 pi y), interior 0.

    private static double[] initial(int n) {
        double[] u = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                    u[i * n + j] = exact(i, j, n);
                }
            }
        }
        return u;
    }

    private static double[] rhs(int n) {
        double[] f = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                f[i * n + j] = -8 * Math.PI * Math.PI * exact(i, j, n);
            }
        }
        return f;
    }

    private static double exact(int i, int j, int n) {
        double d = 1.0 / (n - 1);
        return Math.sin(2 * Math.PI * j * d) * Math.cos(2 * Math.PI * i * d);
    }

    private static double h2(int n) {
        double d = 1.0 / (n - 1);
        return d * d;
    }

    private static TaskGraph sweepGraph(double[] u, double[] f, int n) {
        KernelContext context = new KernelContext();
        return new TaskGraph("sweep").transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .task("red", TestKernels::halfSweep, context, u, f, n, h2(n), 0)
                .task("black", TestKernels::halfSweep, context, u, f, n, h2(n), 1)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, u);
    }

    private static WorkerGrid interior(int n) {
        return new WorkerGrid2D(Math.max(1, n - 2), Math.max(1, n - 2));
    }

    private static GridScheduler scheduler(int n) {
        return new GridScheduler("sweep.red", interior(n)).addWorkerGrid("sweep.black", interior(n));
    }

    private static TornadoExecutionPlan plan(TornadoDevice device, TaskGraph graph, GridScheduler scheduler) {
        return new TornadoExecutionPlan(graph.snapshot()).withDevice(device).withGridScheduler(scheduler);
    }

    /** {@code executes} executions of {@link #ITERATIONS} red-black iterations each, after a warm-up. */
    private static List<ExecutionResult> sweep(TornadoDevice device, Mode mode, double[] u, double[] f, int n, int executes) {
        try (TornadoExecutionPlan plan = plan(device, sweepGraph(u, f, n), scheduler(n)).withRepeats(ITERATIONS).withWarmUp()) {
            switch (mode) {
                case LAUNCH -> { }
                case LAUNCH_SYNC -> plan.withSyncEveryRepeat();
                case CUDA_GRAPH -> plan.withCUDAGraph();
                case CUDA_GRAPH_SYNC -> plan.withCUDAGraph().withSyncEveryRepeat();
                case PROFILER -> plan.withProfiler();
            }
            List<ExecutionResult> results = new ArrayList<>();
            for (int e = 0; e < executes; e++) {
                results.add(plan.execute());
            }
            return results;
        }
    }

    private static TaskGraph axpy(float[] y, float[] x, float a, int n) {
        return new TaskGraph("g").transferToDevice(DataTransferMode.FIRST_EXECUTION, y, x)
                .task("axpy", TestKernels::axpy, new KernelContext(), y, x, a, n)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, y);
    }

    private static TaskGraph widen(long[] out, int[] in, long offset, boolean negate, int n) {
        return new TaskGraph("g").transferToDevice(DataTransferMode.FIRST_EXECUTION, out, in)
                .task("widen", TestKernels::widen, new KernelContext(), out, in, offset, negate, n)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, out);
    }

    private static TaskGraph oneColour(double[] u, double[] f, int n, int colour) {
        return new TaskGraph("g").transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .task("sweep", TestKernels::halfSweep, new KernelContext(), u, f, n, h2(n), colour)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, u);
    }

    private static void runOnce(TornadoDevice device, TaskGraph graph, String taskKey, WorkerGrid grid) {
        GridScheduler scheduler = taskKey == null ? new GridScheduler() : new GridScheduler(taskKey, grid);
        try (TornadoExecutionPlan plan = plan(device, graph, scheduler)) {
            plan.execute();
        }
    }

    private static double maxDifference(double[] a, double[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }
}
