package org.holdfast.kernels.generated;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.temporal.StreamGeometry;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.compiler.testing.Differential;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CUDA C generated for {@link TemporalKernels} (its instances streamPass_k1 .. k8), compiled for
 * the CPU with g++ and run through the compiler module's harness (256 pthreads a block, shuffles
 * through the block), against the Java kernel on the CPU backend: one pass, full and short, from a
 * random state, every array bit for bit; and its persistent form, every pass of a run in one launch. Small grids: every
 * step is several barriers of 256 threads.
 */
class TemporalDifferentialTest {

    @TempDir
    static Path work;

    private static HostKernels host;

    @BeforeAll
    static void compile() throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C on the CPU");
        host = HostKernels.compile(TemporalKernels.class, work);
    }

    @AfterAll
    static void close() {
        if (host != null) {
            host.close();
        }
    }

    @ParameterizedTest(name = "N = {0}, k = {1}, {2} half-sweeps, pass {3}")
    @CsvSource({"12, 1, 1, 0", "12, 3, 3, 1", "33, 4, 2, 0", "33, 8, 8, 1", "21, 6, 5, 0", "40, 12, 12, 1", "37, 16, 13, 0"})
    void onePassRunsAsTheJavaKernelDoes(int n, int k, int sweeps, int pass) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] in = problem.randomInitialU(n + k);
        double[] out = problem.randomInitialU(n + k + 1); // the interior is overwritten, the boundary is the same
        int[] schedule = {0, 0, 0, 0};
        schedule[2 * pass] = sweeps;
        schedule[2 * pass + 1] = pass == 0 ? 0 : k & 1;
        StreamGeometry g = StreamGeometry.plan(n, k, 3);
        int[] work = {0}; // both sides must count every block's half-sweeps: g.blocks() x sweeps
        Differential.assertSameResults(TemporalKernels.class, host, "streamPass", new int[] {g.blocks(), 1, 1},
                new int[] {TemporalKernels.THREADS, 1, 1}, 0, new KernelContext(), k, in, out, problem.rightHandSide(), schedule,
                work, pass, n, problem.h2(), g.stripWidth(), g.strips(), g.segmentRows());
    }

    /**
     * The persistent form (persistentPasses_k1 .. k16): every pass of a run in one launch, a shorter last pass, either
     * buffer first; u, scratch and the work tally bit for bit against the Java kernel on the CPU backend, which
     * PersistentPassesMatchReferenceTest checks against the reference on several groups. One group here, walking every
     * item of a pass: the host's static __shared__ arrays would be one for all groups of a persistent launch
     * (cuda_host_prelude.h).
     */
    @ParameterizedTest(name = "N = {0}, k = {1}, {2} iterations, from scratch {3}")
    @CsvSource({"12, 4, 3, 0", "33, 3, 5, 1", "21, 8, 7, 0", "11, 1, 2, 1", "16, 6, 5, 0", "34, 2, 5, 1", "35, 12, 13, 1",
        "41, 16, 19, 0"})
    void everyPassInOneLaunchRunsAsTheJavaKernelDoes(int n, int k, int iterations, int fromScratch) {
        everyPassInOneLaunch("persistentPasses", n, k, iterations, fromScratch);
    }

    /** The same body built for three blocks per multiprocessor (persistentPasses3Blocks_k2 .. k8). */
    @ParameterizedTest(name = "N = {0}, k = {1}, {2} iterations, from scratch {3}")
    @CsvSource({"12, 4, 3, 0", "21, 8, 7, 1", "16, 6, 5, 0", "34, 2, 5, 1"})
    void everyPassInOneLaunchOnThreeBlocksRunsAsTheJavaKernelDoes(int n, int k, int iterations, int fromScratch) {
        everyPassInOneLaunch("persistentPasses3Blocks", n, k, iterations, fromScratch);
    }

    private void everyPassInOneLaunch(String kernel, int n, int k, int iterations, int fromScratch) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] u = problem.randomInitialU(n + k);
        double[] scratch = u.clone();
        StreamGeometry g = StreamGeometry.plan(n, k, 3);
        int[] run = {fromScratch, -1};
        long[] work = new long[3];
        Differential.assertSameResults(TemporalKernels.class, host, kernel, new int[] {1, 1, 1},
                new int[] {TemporalKernels.THREADS, 1, 1}, 0, new KernelContext(), k, u, scratch, problem.rightHandSide(), run,
                work, iterations, n, problem.h2(), g.stripWidth(), g.strips(), g.segmentRows(), g.segments());
    }
}
