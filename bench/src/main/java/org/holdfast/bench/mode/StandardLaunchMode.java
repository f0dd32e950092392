package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/**
 * What the standard-launch modes share: the red-black task graph on the GPU, with the Java kernels
 * or the hand-written ones, its block count from the Java rule. A mode adds how the plan launches.
 */
public abstract class StandardLaunchMode extends DescribedMode {

    protected StandardLaunchMode(String name, String description, int plotColour) {
        super(name, description, Paradigm.STANDARD, List.of(KernelSource.JAVA, KernelSource.NATIVE), BlockCount.JAVA_RULE,
                plotColour);
    }

    /** How the plan launches: a stream sync after every iteration, a CUDA graph, or nothing more. */
    protected abstract void configure(TornadoExecutionPlan plan, boolean profiler);

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        TornadoDevice device = request.kernels() == KernelSource.NATIVE ? machine.gpuWithNativeKernels() : machine.gpu();
        int threads = request.threads();
        int blocks = request.blocks().standardBlocks(RedBlackKernels.pointsPerColour(request.problem().n()), threads);
        return new TaskGraphRunner(request, device, blocks, threads, plan -> configure(plan, request.profiler()));
    }
}
