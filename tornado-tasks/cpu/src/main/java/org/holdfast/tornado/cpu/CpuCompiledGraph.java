package org.holdfast.tornado.cpu;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.holdfast.tornado.api.CompiledGraph;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TaskProfile;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.api.TornadoDevice;

/**
 * A task graph on the CPU. Arrays are the host's own, so transfers cost nothing; each task runs
 * its kernel once per thread of its worker grid, contiguous ranges of threads per core; a group's
 * threads together when the kernel waits at the block barrier; and every thread of every group at
 * once when the kernel is persistent or runs in clusters.
 */
final class CpuCompiledGraph implements CompiledGraph {

    /** Ranges per core in the parallel backend: a few, so that uneven work still balances. */
    private static final int CHUNKS_PER_CORE = 4;

    private final ImmutableTaskGraph graph;
    private final TornadoDevice device;
    private final boolean parallel;
    private final boolean profiler;
    private final List<CpuTask> tasks = new ArrayList<>();

    CpuCompiledGraph(ImmutableTaskGraph graph, PlanSettings settings, TornadoDevice device, boolean parallel) {
        this.graph = graph;
        this.device = device;
        this.parallel = parallel;
        this.profiler = settings.profiler();
        for (TaskSpec spec : graph.tasks()) {
            tasks.add(new CpuTask(spec, settings.scheduler(), settings.watchdogSeconds()));
        }
    }

    @Override
    public ExecutionResult execute(int runs) {
        long[] taskNanos = new long[tasks.size()];
        long start = System.nanoTime();
        for (int run = 0; run < runs; run++) {
            for (int t = 0; t < tasks.size(); t++) {
                long taskStart = profiler ? System.nanoTime() : 0;
                runTask(tasks.get(t));
                if (profiler) {
                    taskNanos[t] += System.nanoTime() - taskStart;
                }
            }
        }
        long elapsed = System.nanoTime() - start;
        List<TaskProfile> profile = new ArrayList<>();
        if (profiler) {
            for (int t = 0; t < tasks.size(); t++) {
                profile.add(new TaskProfile(tasks.get(t).spec().key(), runs, taskNanos[t], 0, 0, 0, 0, 0));
            }
        }
        return new ExecutionResult(runs, elapsed, false, profile);
    }

    private void runTask(CpuTask task) {
        if (!task.takesContext()) {
            task.invokeOnce();
        } else if (task.coResident()) {
            task.runCoResident();
        } else if (task.usesBarrier()) {
            IntStream groups = IntStream.range(0, task.groupCount());
            (parallel ? groups.parallel() : groups).forEach(task::runGroupAsThreads);
        } else if (parallel) {
            long threads = task.threadCount();
            int chunks = (int) Math.min(threads, (long) Runtime.getRuntime().availableProcessors() * CHUNKS_PER_CORE);
            IntStream.range(0, chunks).parallel().forEach(c -> task.runRange(threads * c / chunks, threads * (c + 1) / chunks));
        } else {
            task.runRange(0, task.threadCount());
        }
    }

    @Override
    public void invalidateDeviceCopies() {
        // The CPU works on the host arrays themselves: there are no copies to forget.
    }

    @Override
    public void transferToHost(Object... arrays) {
        // Nothing to copy: the kernels wrote the host arrays directly.
    }

    @Override
    public List<LaunchInfo> launches() {
        List<LaunchInfo> launches = new ArrayList<>();
        for (CpuTask task : tasks) {
            launches.add(new LaunchInfo(task.spec().key(), task.spec().method().getName(), task.groups(), task.local(),
                    task.dynamicSharedBytes(), device.id()));
        }
        return launches;
    }

    @Override
    public void close() {
        // Nothing held.
    }

    @Override
    public String toString() {
        return "graph " + graph.name() + " on " + device.id();
    }
}
