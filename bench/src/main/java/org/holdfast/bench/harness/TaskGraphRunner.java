package org.holdfast.bench.harness;

import java.util.List;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.PoissonTaskGraph;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/**
 * Runs the Java red-black task graph through an execution plan: the CPU modes, and the
 * standard-launch modes on a GPU ({@code launch}, {@code launch-sync}, {@code graph}). One plan run
 * of {@code iterations} repeats of the graph is one timed repeat.
 */
public final class TaskGraphRunner implements ModeRunner {

    /** How the plan runs the graph on its device. */
    public enum Launching { PLAIN, SYNC_EVERY_ITERATION, CUDA_GRAPH }

    private final String label;
    private final TornadoDevice device;
    private final Launching launching;
    private final BlockChoice blocks;
    private final int threads;
    private final boolean profiler;

    /** Blocks for a size: the block-count rule applied to the problem. */
    public interface BlockChoice {
        int blocksFor(PoissonProblem problem, int threadsPerBlock);
    }

    public TaskGraphRunner(String label, TornadoDevice device, Launching launching, BlockChoice blocks, int threads,
            boolean profiler) {
        this.label = label;
        this.device = device;
        this.launching = launching;
        this.blocks = blocks;
        this.threads = threads;
        this.profiler = profiler;
    }

    @Override
    public Measurement measure(PoissonProblem problem, double[] initialU, double[] f, int iterations, int repeats,
            Progress progress) {
        double[] u = initialU.clone();
        int blockCount = blocks.blocksFor(problem, threads);
        PoissonTaskGraph tasks = new PoissonTaskGraph(problem, u, f, blockCount, threads);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            plan.withDevice(device).withGridScheduler(tasks.scheduler()).withWarmUp().withRepeats(iterations);
            switch (launching) {
                case SYNC_EVERY_ITERATION -> plan.withSyncEveryRepeat();
                case CUDA_GRAPH -> plan.withCUDAGraph();
                case PLAIN -> { }
            }
            if (profiler) {
                plan.withProfiler();
            }
            double[] micros = new double[repeats];
            ExecutionResult last = null;
            for (int repeat = -1; repeat < repeats; repeat++) {
                progress.update(Progress.repeat(label, problem.n(), repeat, repeats));
                System.arraycopy(initialU, 0, u, 0, u.length);
                last = plan.execute();
                if (repeat >= 0) {
                    micros[repeat] = last.microsPerRun();
                }
            }
            boolean gpu = device.isGpu();
            return new Measurement(micros, u, gpu ? blockCount : 0, gpu ? threads : 0, plan.threadInfo(),
                    last == null ? List.of() : last.profile(), "");
        }
    }

    @Override
    public void close() {
        // Each measurement owns its plan; nothing is held between sizes.
    }
}
