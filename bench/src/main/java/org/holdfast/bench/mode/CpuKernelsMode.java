package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.tornado.api.TornadoDevice;

/**
 * What the CPU modes share: the Java kernels through the task graph on a CPU device, no blocks to
 * count. A mode says which device and how many work items it cuts the grid into; the cut changes
 * how the work is spread, never the result.
 */
public abstract class CpuKernelsMode implements ModeDescriptor {

    private final String name;
    private final String description;
    private final int plotColour;

    protected CpuKernelsMode(String name, String description, int plotColour) {
        this.name = name;
        this.description = description;
        this.plotColour = plotColour;
    }

    /** The CPU device the kernels run on. */
    protected abstract TornadoDevice device();

    /** Groups of {@code threads} work items each that cover the grid of {@code request}. */
    protected abstract int groups(RunRequest request, int threads);

    /** Work items per group. */
    protected abstract int threads(RunRequest request);

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Paradigm paradigm() {
        return Paradigm.CPU;
    }

    @Override
    public final List<KernelSource> kernelSources() {
        return List.of(KernelSource.JAVA);
    }

    @Override
    public final BlockCount blockCount() {
        return BlockCount.NONE;
    }

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        int threads = threads(request);
        return new TaskGraphRunner(request, device(), groups(request, threads), threads, plan -> {
            if (request.profiler()) {
                plan.withProfiler();
            }
        });
    }

    @Override
    public final int plotColour() {
        return plotColour;
    }
}
