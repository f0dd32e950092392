package org.holdfast.tornado.cuda.backend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.cuda.GpuAvailability;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Dynamic shared memory through the CUDA backend: the worker grid's bytes reach the launch (beyond
 * the default 48 KiB once the kernel is allowed them), and a launch that gives a kernel none, or more
 * than a block may opt in to, is refused before anything runs. Also runs on the CPU stand-in driver.
 */
@Tag("gpu")
class DynamicSharedGpuTest {

    private static final int THREADS = 128;
    private static final int BLOCKS = 5;

    private static TornadoExecutionPlan reverse(CudaTornadoDevice gpu, double[] in, double[] out, int dynamicBytes) {
        TaskGraph graph = new TaskGraph("d").transferToDevice(DataTransferMode.EVERY_EXECUTION, in, out)
                .task("reverse", TestKernels::reverseChunks, new KernelContext(), in, out)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        WorkerGrid1D grid = new WorkerGrid1D((long) BLOCKS * THREADS);
        grid.setLocalWork(THREADS, 1, 1).setDynamicSharedBytes(dynamicBytes);
        return new TornadoExecutionPlan(graph.snapshot()).withDevice(gpu).withGridScheduler(new GridScheduler("d.reverse", grid));
    }

    private static double[] input() {
        double[] in = new double[BLOCKS * THREADS];
        for (int i = 0; i < in.length; i++) {
            in[i] = i * 0.25 - 3;
        }
        return in;
    }

    private static double[] reversedChunks(double[] in) {
        double[] expected = new double[in.length];
        for (int b = 0; b < BLOCKS; b++) {
            for (int t = 0; t < THREADS; t++) {
                expected[b * THREADS + t] = in[b * THREADS + THREADS - 1 - t];
            }
        }
        return expected;
    }

    @Test
    void theWorkerGridsBytesReachTheLaunchBeyond48KiB() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        double[] in = input();
        for (int bytes : new int[] {THREADS * 8, 100 * 1024}) {
            double[] out = new double[in.length];
            try (TornadoExecutionPlan plan = reverse(gpu, in, out, bytes)) {
                plan.execute();
                assertEquals(bytes, plan.threadInfo().get(0).sharedBytes());
            }
            assertArrayEquals(reversedChunks(in), out, bytes + " bytes");
        }
    }

    @Test
    void aLaunchWithoutTheBytesOrWithTooManyIsRefusedBeforeItRuns() {
        CudaTornadoDevice gpu = GpuAvailability.requireGpuAndNvrtc();
        double[] out = new double[BLOCKS * THREADS];
        try (TornadoExecutionPlan plan = reverse(gpu, input(), out, 0)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, plan::execute);
            assertEquals("task d.reverse: kernel reverseChunks takes dynamic shared memory, but its worker grid gives it none:"
                    + " set its size with WorkerGrid.setDynamicSharedBytes(bytes)", e.getMessage());
        }
        try (TornadoExecutionPlan plan = reverse(gpu, input(), out, 16 << 20)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, plan::execute);
            assertTrue(e.getMessage().startsWith("task d.reverse: kernel reverseChunks asks for 16777216 bytes of dynamic shared"
                    + " memory, but a block of it may have at most "), e.getMessage());
        }
        assertArrayEquals(new double[out.length], out, "nothing ran");
    }
}
