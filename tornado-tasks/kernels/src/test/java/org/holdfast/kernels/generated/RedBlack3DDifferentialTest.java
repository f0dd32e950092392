package org.holdfast.kernels.generated;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.holdfast.kernels.RedBlackKernels3D;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.poisson3d.ReferenceSolver3D;
import org.holdfast.tornado.api.KernelContext;
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
 * The CUDA C generated for {@link RedBlackKernels3D}, compiled for the CPU with g++ (no contraction, as
 * NVRTC compiles it) and run through the compiler module's harness: single half-sweeps against the Java
 * kernels, and whole iterations against {@link ReferenceSolver3D}, from a random interior short of
 * convergence. Every array must match bit for bit, the division by 6 included.
 */
class RedBlack3DDifferentialTest {

    @TempDir
    static Path work;

    private static HostKernels host;

    @BeforeAll
    static void compile() throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C on the CPU");
        host = HostKernels.compile(RedBlackKernels3D.class, work);
    }

    @AfterAll
    static void close() {
        if (host != null) {
            host.close();
        }
    }

    @ParameterizedTest(name = "n={0}, {1} blocks of {2}")
    @CsvSource({"3, 1, 32", "4, 1, 32", "7, 2, 16", "10, 3, 7", "33, 8, 128"})
    void halfSweepsMatchTheJavaKernels(int n, int blocks, int threads) {
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] u = problem.randomInitialU(1000L * n + blocks);
        double[] f = problem.rightHandSide();
        int[] groups = {blocks, 1, 1};
        int[] local = {threads, 1, 1};
        KernelContext context = new KernelContext();
        Differential.assertSameResults(RedBlackKernels3D.class, host, "red", groups, local, 0, context, u, f, n, problem.h2());
        Differential.assertSameResults(RedBlackKernels3D.class, host, "black", groups, local, 0, context, u, f, n, problem.h2());
    }

    @ParameterizedTest(name = "n={0}, {1} iterations")
    @CsvSource({"3, 2", "4, 4", "9, 10", "16, 6", "41, 3"})
    void iterationsOfTheGeneratedCodeEqualTheReference(int n, int iterations) {
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] initial = problem.randomInitialU(n);
        double[] f = problem.rightHandSide();
        WorkerGrid grid = new WorkerGrid1D(problem.pointsPerColour()).setLocalWork(128, 1, 1);
        double[] hostU = initial.clone();
        KernelContext context = new KernelContext();
        for (int i = 0; i < iterations; i++) {
            host.launch("red", grid.numberOfGroups(), grid.localWork(), context, hostU, f, n, problem.h2());
            host.launch("black", grid.numberOfGroups(), grid.localWork(), context, hostU, f, n, problem.h2());
        }
        ArrayAssert.assertSameArray("u after " + iterations + " iterations at n=" + n,
                ReferenceSolver3D.solve(problem, initial, f, iterations), hostU, 0);
    }
}
