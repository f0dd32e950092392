package org.holdfast.kernels.generated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.holdfast.kernels.PersistentRedBlackKernels;
import org.holdfast.kernels.WorkTally;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.JavaKernels;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one-block on-chip kernel with each thread's points in registers ({@link PersistentRedBlackKernels#onChipRegisters},
 * the twin of native {@code persistent-grid block}), on the CPU backend with every thread of the block live and as
 * its generated CUDA C compiled for the CPU ({@link HostKernels}): both equal the plain reference bit for bit from a
 * random interior after an odd, unconverged iteration count, and the block reports every half-sweep. The shapes are
 * the native planner's ({@code plan_block_on_chip}: one warp of 1 or 2 points per thread up to 64 points of a colour,
 * else the fewest points per thread that 1024 threads hold), across its boundaries (one warp at N = 12, a block at
 * 13; 1 point per thread at N = 46, 2 at 47 and 66, 4 at 67 and at the largest, 92), and the 8- and 16-point kernels;
 * 32 threads run the one-warp form (the warp barrier between half-sweeps), as the planner's one warp does.
 */
class OnChipRegistersMatchReferenceTest {

    private static final KernelContext CONTEXT = new KernelContext();

    private static HostKernels host;

    @BeforeAll
    static void compile(@TempDir Path work) throws IOException {
        if (Toolchain.gxx().isPresent()) {
            host = HostKernels.compile(PersistentRedBlackKernels.class, work);
        }
    }

    @AfterAll
    static void unload() {
        if (host != null) {
            host.close();
        }
    }

    @ParameterizedTest(name = "N = {0}, {1} points per thread, {2} threads, {3} iterations")
    @CsvSource({"3, 1, 32, 3", "4, 1, 32, 5", "5, 1, 32, 7", "11, 2, 32, 5", "12, 2, 32, 7", "13, 1, 96, 5", "33, 1, 512, 7",
        "34, 1, 512, 5", "46, 1, 992, 3", "47, 2, 544, 3", "66, 2, 1024, 3", "67, 4, 544, 3", "92, 4, 1024, 3", "33, 8, 64, 5",
        "34, 16, 32, 5", "12, 4, 64, 3", "13, 4, 32, 3"})
    void equalsTheReferenceBitForBit(int n, int p, int threads, int iterations) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + 31L * p);
        double[] f = problem.rightHandSide();
        double[] reference = ReferenceSolver.solve(problem, initial, f, iterations);
        if (n > 3) {
            assertTrue(PoissonProblem.maxAbsDiff(reference, ReferenceSolver.solve(problem, initial, f, iterations - 1)) > 1e-12,
                    "one iteration fewer shows");
        }
        String kernel = PersistentRedBlackKernels.kernelFor(p);
        int bytes = PersistentRedBlackKernels.planesBytes(n);
        int[] one = {1, 1, 1};
        int[] block = {threads, 1, 1};
        int warp = threads == 32 ? 1 : 0; // the one-warp form, as the planner's one_warp

        double[] u = initial.clone();
        long[] work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        JavaKernels.run(PersistentRedBlackKernels.class, kernel, JavaKernels.Launch.of(one, block).withDynamicShared(bytes), CONTEXT,
                p, warp, u, f, n, problem.h2(), iterations, work);
        assertArrayEquals(reference, u, "Java on the CPU backend");
        assertEquals(Optional.empty(), WorkTally.shortfall(work, 1, 1, 2 * iterations, "on chip, registers"));

        assumeTrue(host != null, "g++ not found: skipping the generated C on the CPU");
        u = initial.clone();
        work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        host.launchWithDynamicShared(bytes, kernel, one, block, CONTEXT, p, warp, u, f, n, problem.h2(), iterations, work);
        assertArrayEquals(reference, u, "generated C on the host");
        assertEquals(Optional.empty(), WorkTally.shortfall(work, 1, 1, 2 * iterations, "on chip, registers (C)"));
    }
}
