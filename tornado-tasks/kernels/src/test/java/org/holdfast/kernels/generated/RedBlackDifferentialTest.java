package org.holdfast.kernels.generated;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.compiler.testing.ArrayAssert;
import org.holdfast.tornado.compiler.testing.Differential;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CUDA C generated for {@link RedBlackKernels}, compiled for the CPU with g++ and run through the
 * compiler module's harness, against the Java kernels: single half-sweeps on random inputs, and whole
 * iterations through a TaskGraph on the sequential CPU device. Every array must match bit for bit.
 */
class RedBlackDifferentialTest {

    @TempDir
    static Path work;

    private static HostKernels host;

    @BeforeAll
    static void compile() throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C on the CPU");
        host = HostKernels.compile(RedBlackKernels.class, work);
    }

    @AfterAll
    static void close() {
        if (host != null) {
            host.close();
        }
    }

    private static double[][] problem(int n, long seed) {
        Random random = new Random(seed);
        double[] u = new double[n * n];
        double[] f = new double[n * n];
        for (int i = 0; i < n * n; i++) {
            u[i] = random.nextDouble() * 2 - 1;
            f[i] = random.nextGaussian();
        }
        return new double[][] {u, f};
    }

    @ParameterizedTest(name = "n={0}, {1} blocks of {2}")
    @CsvSource({"3, 1, 32", "4, 1, 32", "11, 2, 16", "12, 3, 7", "101, 8, 128", "257, 16, 256"})
    void halfSweepsOnRandomInputs(int n, int blocks, int threads) {
        double[][] p = problem(n, 1000L * n + blocks);
        double h2 = 1.0 / ((n - 1) * (n - 1));
        KernelContext context = new KernelContext();
        int[] groups = {blocks, 1, 1};
        int[] local = {threads, 1, 1};
        Differential.assertSameResults(RedBlackKernels.class, host, "red", groups, local, 0, context, p[0], p[1], n, h2);
        Differential.assertSameResults(RedBlackKernels.class, host, "black", groups, local, 0, context, p[0], p[1], n, h2);
    }

    @ParameterizedTest(name = "n={0}, {1} iterations")
    @CsvSource({"3, 4", "4, 4", "11, 10", "12, 10", "101, 5", "1001, 2"})
    void iterationsThroughATaskGraphMatchTheGeneratedCode(int n, int iterations) {
        double[][] p = problem(n, n);
        double[] javaU = p[0].clone();
        double[] f = p[1];
        double h2 = 1.0 / ((n - 1) * (n - 1));
        KernelContext context = new KernelContext();
        TaskGraph graph = new TaskGraph("solve").transferToDevice(DataTransferMode.FIRST_EXECUTION, javaU, f)
                .task("red", RedBlackKernels::red, context, javaU, f, n, h2)
                .task("black", RedBlackKernels::black, context, javaU, f, n, h2)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, javaU);
        WorkerGrid grid = new WorkerGrid1D(Math.max(1, RedBlackKernels.pointsPerColour(n))).setLocalWork(128, 1, 1);
        GridScheduler scheduler = new GridScheduler("solve.red", grid).addWorkerGrid("solve.black", grid);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(scheduler).withRepeats(iterations).execute();
        }
        double[] hostU = p[0].clone();
        for (int i = 0; i < iterations; i++) {
            host.launch("red", grid.numberOfGroups(), grid.localWork(), context, hostU, f, n, h2);
            host.launch("black", grid.numberOfGroups(), grid.localWork(), context, hostU, f, n, h2);
        }
        ArrayAssert.assertSameArray("u after " + iterations + " iterations at n=" + n, javaU, hostU, 0);
    }
}
