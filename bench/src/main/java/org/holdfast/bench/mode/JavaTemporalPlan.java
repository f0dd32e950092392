package org.holdfast.bench.mode;

import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentPlan;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.temporal.PersistentPassKernel;
import org.holdfast.kernels.temporal.StreamGeometry;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.holdfast.kernels.temporal.TemporalPersistentTaskGraph;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * How the Java temporal passes in one persistent launch ({@link TemporalKernels#persistentPasses}, or its three-block
 * build {@link TemporalKernels#persistentPasses3Blocks}) run on the GPU: k and the blocks by the rule of the native
 * variant it is the twin of ({@code temporal}, {@code temporal-3blocks}), read through the library
 * ({@code hf_plan_twin}, native-hip's {@code plan_temporal_stream}: 256 threads, as many blocks as a
 * pass has items, at most the co-resident ones) with the Java kernel's own occupancy; the items of a
 * pass cut for those blocks as the native session cuts them ({@link StreamGeometry#plan}).
 *
 * @param kernel the kernel that runs the passes
 * @param k half-sweeps per pass, as asked or as the rule chose
 * @param blocks blocks in the grid
 * @param geometry the items of a pass
 */
record JavaTemporalPlan(PersistentPassKernel kernel, int k, int blocks, StreamGeometry geometry) {

    /**
     * The plan of {@code kernel}, the twin of native variant {@code twinVariant} of mode {@code mode}, for
     * {@code request}, with {@code sweeps} half-sweeps per pass (0: the rule's).
     */
    static JavaTemporalPlan of(PersistentPassKernel kernel, PoissonProblem square, String mode, String twinVariant, int sweeps,
            RunRequest request, CudaTornadoDevice gpu, PersistentBridge bridge) {
        PersistentProblem problem = PersistentProblem.poisson2d(square.n(), square.h2());
        PersistentRequest asked = PersistentRequest.of(mode, twinVariant).withSweepsPerExchange(sweeps)
                .withBlocks(request.blocks().plannerBlocks(square.pointsPerColour(), request.threads()))
                .withThreadsPerBlock(request.threads());
        // Each k is its own kernel: plan with one k's occupancy, and again if the rule chose another k.
        int guessed = sweeps > 0 ? sweeps : kernel.deepest();
        PersistentPlan plan = bridge.planTwin(problem, asked, blocksPerSm(kernel, guessed, gpu));
        if (plan.sweepsPerExchange() != guessed) {
            plan = bridge.planTwin(problem, asked, blocksPerSm(kernel, plan.sweepsPerExchange(), gpu));
        }
        int k = plan.sweepsPerExchange();
        return new JavaTemporalPlan(kernel, k, plan.blocks(), StreamGeometry.plan(square.n(), k, plan.blocks()));
    }

    private static int blocksPerSm(PersistentPassKernel kernel, int k, CudaTornadoDevice gpu) {
        long coResident = gpu.coResidentBlocks(kernel.kernel(), kernel.instanceArguments(k), TemporalKernels.THREADS, 0);
        return (int) (coResident / gpu.device().multiprocessors());
    }

    /** The graph of a run of {@code iterations} iterations over {@code u} and {@code scratch}. */
    TemporalPersistentTaskGraph graph(PoissonProblem problem, double[] u, double[] scratch, double[] f, int iterations) {
        return new TemporalPersistentTaskGraph(kernel, problem, u, scratch, f, k, iterations, geometry, blocks);
    }
}
