package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.tornado.api.TornadoDevice;

/**
 * What the CPU modes share: the Java kernels through the task graph on a CPU device, no blocks to
 * count. A mode says which device and how many work items it cuts the grid into; the cut changes
 * how the work is spread, never the result.
 */
public abstract class CpuKernelsMode extends DescribedMode {

    protected CpuKernelsMode(String name, String description, int plotColour) {
        super(name, description, Paradigm.CPU, List.of(KernelSource.JAVA), BlockCount.NONE, plotColour);
    }

    /** The CPU device the kernels run on. */
    protected abstract TornadoDevice device();

    /** Groups of {@code threads} work items each that cover the grid of {@code request}. */
    protected abstract int groups(RunRequest request, int threads);

    /** Work items per group. */
    protected abstract int threads(RunRequest request);

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        int threads = threads(request);
        return new TaskGraphRunner(request, device(), groups(request, threads), threads, plan -> {
            if (request.profiler()) {
                plan.withProfiler();
            }
        });
    }
}
