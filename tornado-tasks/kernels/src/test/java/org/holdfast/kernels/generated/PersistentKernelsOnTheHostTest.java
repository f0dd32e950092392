package org.holdfast.kernels.generated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.holdfast.kernels.PersistentRedBlackKernels;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.WorkTally;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CUDA C generated from the Java persistent kernels, compiled for the CPU and run with every
 * thread of every block at once ({@link HostKernels}: the device runtime's barrier and waits as GCC
 * atomics): each design gives the plain reference bit for bit, so the translation, not only the Java,
 * is right before it meets a GPU.
 */
class PersistentKernelsOnTheHostTest {

    private static final KernelContext CONTEXT = new KernelContext();
    private static final int ITERATIONS = 5;

    private static HostKernels host;

    @BeforeAll
    static void compile(@org.junit.jupiter.api.io.TempDir Path work) throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C on the CPU");
        host = HostKernels.compile(PersistentRedBlackKernels.class, work);
    }

    @AfterAll
    static void unload() {
        if (host != null) {
            host.close();
        }
    }

    /** A random interior, short of convergence; N = 12 with 14 blocks has more blocks than rows. */
    @ParameterizedTest(name = "N = {0}, {1} blocks of {2}")
    @CsvSource({"3, 2, 8", "4, 1, 16", "11, 3, 16", "12, 4, 8", "33, 5, 32", "12, 14, 4"})
    void everyDesignEqualsTheReferenceBitForBit(int n, int blocks, int threads) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + blocks);
        double[] f = problem.rightHandSide();
        double[] reference = ReferenceSolver.solve(problem, initial, f, ITERATIONS);
        int[] grid = {blocks, 1, 1};
        int[] block = {threads, 1, 1};
        double[] u = initial.clone();
        long[] work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        host.launch("gridBarrierSweeps", grid, block, CONTEXT, u, f, n, problem.h2(), ITERATIONS, work);
        assertArrayEquals(reference, u, "grid barrier");
        assertEquals(Optional.empty(), WorkTally.shortfall(work, 1, blocks, 2 * ITERATIONS, "grid barrier"));
        u = initial.clone();
        work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        int[] counters = new int[blocks * PersistentRedBlackKernels.COUNTER_STRIDE];
        host.launch("dataflowSweeps", grid, block, CONTEXT, u, f, n, problem.h2(), ITERATIONS, work, counters);
        assertArrayEquals(reference, u, "dataflow");
        // Blocks without rows report nothing.
        assertEquals(Optional.empty(), WorkTally.shortfall(work, 1, Math.min(blocks, n - 2), 2 * ITERATIONS, "dataflow"));
        for (boolean fOnChip : new boolean[] {false, true}) {
            u = initial.clone();
            work = new long[PersistentRedBlackKernels.WORK_LENGTH];
            host.launchWithDynamicShared(PersistentTaskGraph.onChipBytes(n, fOnChip), "onChipSweeps", new int[] {1, 1, 1}, block,
                    CONTEXT, u, f, n, problem.h2(), ITERATIONS, work, fOnChip);
            assertArrayEquals(reference, u, "on chip, f on chip " + fOnChip);
            assertEquals(Optional.empty(), WorkTally.shortfall(work, 1, 1, 2 * ITERATIONS, "on chip"));
        }
    }
}
