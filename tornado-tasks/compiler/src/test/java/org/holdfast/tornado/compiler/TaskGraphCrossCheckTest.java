package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.compiler.samples.ReductionKernels;
import org.holdfast.tornado.compiler.samples.VectorKernels;
import org.holdfast.tornado.compiler.testing.ArrayAssert;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference through the public API: a TaskGraph on {@code TornadoRuntime.sequentialCpu()} (whose
 * backend reads the barrier flag from the generated metadata) against the generated CUDA C on the CPU.
 */
class TaskGraphCrossCheckTest {

    @Test
    void vectorAdd(@TempDir Path work) throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C");
        Random random = new Random(7);
        int n = 777;
        double[] a = random.doubles(n).toArray();
        double[] b = random.doubles(n).toArray();
        double[] sum = new double[n];
        KernelContext context = new KernelContext();
        TaskGraph graph = new TaskGraph("g").transferToDevice(DataTransferMode.FIRST_EXECUTION, a, b, sum)
                .task("add", VectorKernels::vectorAdd, context, a, b, sum, n)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, sum);
        WorkerGrid grid = new WorkerGrid1D(n).setLocalWork(128, 1, 1);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(new GridScheduler("g.add", grid)).execute();
        }
        double[] hostSum = new double[n];
        try (HostKernels host = HostKernels.compile(VectorKernels.class, work)) {
            host.launch("vectorAdd", grid.numberOfGroups(), grid.localWork(), context, a, b, hostSum, n);
        }
        ArrayAssert.assertSameArray("sum", sum, hostSum, 0);
    }

    @Test
    void blockSumWithBarrier(@TempDir Path work) throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C");
        Random random = new Random(11);
        int n = 500;
        double[] in = random.doubles(n, -1, 1).toArray();
        WorkerGrid grid = new WorkerGrid1D(n).setLocalWork(ReductionKernels.BLOCK, 1, 1);
        double[] partial = new double[grid.numberOfGroups()[0]];
        KernelContext context = new KernelContext();
        TaskGraph graph = new TaskGraph("r").transferToDevice(DataTransferMode.FIRST_EXECUTION, in, partial)
                .task("sum", ReductionKernels::blockSum, context, in, partial, n)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, partial);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(new GridScheduler("r.sum", grid)).execute();
        }
        double[] hostPartial = new double[partial.length];
        try (HostKernels host = HostKernels.compile(ReductionKernels.class, work)) {
            host.launch("blockSum", grid.numberOfGroups(), grid.localWork(), context, in, hostPartial, n);
        }
        ArrayAssert.assertSameArray("partial sums", partial, hostPartial, 0);
    }
}
