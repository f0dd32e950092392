package org.holdfast.tornado.cuda.backend;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.holdfast.tornado.api.CompiledGraph;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.KernelOverdueException;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TaskProfile;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.api.Transfer;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaEvent;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;
import org.holdfast.tornado.cuda.KernelLaunch;
import org.holdfast.tornado.cuda.OwnedResources;
import org.holdfast.tornado.cuda.StagingCopier;

/**
 * A task graph on a GPU: kernels loaded, a device buffer per array, every launch prepared. All work
 * goes on one stream, so tasks run in order and each sees the writes of the ones before.
 *
 * <p>{@link #execute(int)} copies what is due to the device, then times, with events on the
 * stream, {@code runs} runs of all the tasks: queued back to back, or with a wait after every run
 * ({@code withSyncEveryRepeat}), or replayed from CUDA graphs ({@code withCUDAGraph}, see
 * {@link RunGraphs}); then copies results back. Copies and graph capture stay outside the timing.
 * A persistent task launches cooperatively with its control block (see {@link CudaTask}); after
 * the runs, a watchdog expiry in any of them ends the execute with a {@code WatchdogExpiredException}.
 *
 * <p>The accessors ({@link #stream()}, {@link #deviceBuffer(Object)}) let the harness run its own
 * kernels on the same stream and data. Not thread-safe; any one thread at a time may use it.
 */
public final class CudaCompiledGraph implements CompiledGraph {

    private final CudaTornadoDevice device;
    private final ImmutableTaskGraph graph;
    private final boolean syncEveryRun;
    private final CudaContext context;
    private final OwnedResources owned = new OwnedResources();
    private final CudaStream stream;
    private final GraphArrays arrays;
    private final StagingCopier copier;
    private final CudaEvent start;
    private final CudaEvent end;
    private final CudaTask[] tasks;
    private final RunGraphs runGraphs;
    private final TaskProfiler profiler;
    private final double watchdogSeconds;
    private boolean deviceCopiesCurrent;
    private boolean closed;
    /** An execute's kernels did not finish within the deadline: they may still run, so nothing is freed. */
    private boolean overdue;
    /** The last execute's device time per run, for the next one's deadline (0 before the first). */
    private double lastSecondsPerRun;
    /** Far under any task's rate over its arrays, so only a first execute that has stopped runs past it. */
    private static final double SLOWEST_BYTES_PER_SECOND = 1e10;

    CudaCompiledGraph(CudaTornadoDevice device, ImmutableTaskGraph graph, PlanSettings settings) {
        if (settings.profiler() && settings.cudaGraph()) {
            throw new IllegalArgumentException("the profiler times each task between its launches, and a CUDA graph"
                    + " launches them all at once: use withProfiler() or withCUDAGraph(), not both");
        }
        for (Transfer transfer : graph.transfersToDevice()) {
            if (transfer.mode() == DataTransferMode.UNDER_DEMAND) {
                throw new IllegalArgumentException("task graph " + graph.name() + ": UNDER_DEMAND is for transferToHost;"
                        + " an array goes to the device on the FIRST_EXECUTION or on EVERY_EXECUTION");
            }
        }
        this.device = device;
        this.graph = graph;
        this.syncEveryRun = settings.syncEveryRun();
        this.watchdogSeconds = settings.watchdogSeconds();
        this.context = device.context();
        try {
            KernelModules modules = owned.own(new KernelModules(device));
            this.stream = owned.own(CudaStream.create(context));
            this.arrays = owned.own(GraphArrays.allocate(context, graph, stream));
            this.copier = owned.own(StagingCopier.create(context));
            this.start = owned.own(CudaEvent.create(context));
            this.end = owned.own(CudaEvent.create(context));
            List<TaskSpec> specs = graph.tasks();
            this.tasks = new CudaTask[specs.size()];
            for (int t = 0; t < tasks.length; t++) {
                TaskSpec spec = specs.get(t);
                tasks[t] = owned.own(CudaTask.prepare(spec, modules.function(spec.method(), spec.args()),
                        modules.metadata(spec.method(), spec.args()),
                        settings.scheduler(), arrays::pointer, device, settings.watchdogSeconds()));
            }
            this.profiler = settings.profiler() ? owned.own(TaskProfiler.create(context, tasks.length)) : null;
            this.runGraphs = settings.cudaGraph() ? owned.own(new RunGraphs(stream, runs -> queueRuns(runs, false, false), syncEveryRun)) : null;
            stream.synchronize();
        } catch (RuntimeException failure) {
            owned.closeAfter(failure);
            throw failure;
        }
    }

    @Override
    public ExecutionResult execute(int runs) {
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1, got " + runs);
        }
        requireOpen();
        context.makeCurrent();
        if (runGraphs != null) {
            runGraphs.prepare(runs);
        }
        boolean firstExecution = !deviceCopiesCurrent;
        if (profiler != null) {
            profiler.reset();
            profiler.startCopies(stream);
            profiler.endCopiesIn(stream, arrays.copyIn(copier, stream, firstExecution));
        } else {
            arrays.copyIn(copier, stream, firstExecution);
        }
        deviceCopiesCurrent = true;
        for (CudaTask task : tasks) {
            task.beforeRuns(stream);
        }

        start.record(stream);
        if (runGraphs != null) {
            runGraphs.launch(runs);
        } else if (profiler != null) {
            profiler.run(tasks, stream, runs);
        } else {
            queueRuns(runs, syncEveryRun, true);
        }
        end.record(stream);
        awaitRuns(runs);
        long elapsed = end.nanosSince(start);
        lastSecondsPerRun = elapsed * 1e-9 / runs;
        throwIfAWaitExpired();

        List<TaskProfile> profile = List.of();
        if (profiler != null) {
            profiler.startCopies(stream);
            profiler.endCopiesOut(stream, arrays.copyOut(copier, stream, firstExecution));
            profile = profiler.profiles(tasks, runs);
        } else {
            arrays.copyOut(copier, stream, firstExecution);
        }
        return new ExecutionResult(runs, elapsed, true, profile);
    }

    /**
     * Queues {@code runs} runs of every task, waiting for the device after each run if asked (never
     * while a CUDA graph captures them). The hot loop: it allocates nothing. With {@code barriersZeroed}
     * (not in a captured graph, which replays), the first run's persistent barriers were zeroed before the runs.
     */
    private void queueRuns(int runs, boolean waitAfterEachRun, boolean barriersZeroed) {
        CudaTask[] ready = tasks;
        for (int run = 0; run < runs; run++) {
            for (CudaTask task : ready) {
                task.launch(stream, run > 0 || !barriersZeroed);
            }
            if (waitAfterEachRun) {
                stream.synchronize();
            }
        }
    }

    /**
     * Waits for the runs' end event, at most the deadline: twice the watchdog (every wait of a
     * persistent kernel is bounded by it) plus a second, plus ten times the runs' work at this
     * plan's last measured time per run (before its first execute: every task touching all of the
     * graph's bytes at {@value #SLOWEST_BYTES_PER_SECOND} B/s). So a long run, or one under a
     * sanitizer, ends in time. Past it the kernels still run, perhaps at a barrier
     * nothing bounds: the execute fails in one line and the plan is done.
     */
    private void awaitRuns(int runs) {
        final double perRun = lastSecondsPerRun > 0 ? 10 * lastSecondsPerRun
                : tasks.length * (double) arrays.totalBytes() / SLOWEST_BYTES_PER_SECOND;
        final double deadline = 2 * watchdogSeconds + 1 + runs * perRun;
        if (!end.awaitWithin(deadline)) {
            overdue = true;
            throw new KernelOverdueException(String.format(java.util.Locale.ROOT,
                    "task graph %s on %s: %d runs did not end within %.3g s (twice the watchdog of %.3g s, plus 1 s,"
                            + " plus ten times the runs' work at the last rate, or at the slow floor before a first execute);"
                            + " the kernel is still running on the device, its memory stays allocated and this plan refuses"
                            + " further executes",
                    graph.name(), device.id(), runs, deadline, watchdogSeconds));
        }
    }

    /** A persistent task whose wait expired ends the execute with the watchdog's error (the results are undefined). */
    private void throwIfAWaitExpired() {
        for (CudaTask task : tasks) {
            Optional<WatchdogExpiredException> expired = task.watchdogError();
            if (expired.isPresent()) {
                throw expired.get();
            }
        }
    }

    @Override
    public void invalidateDeviceCopies() {
        deviceCopiesCurrent = false;
    }

    @Override
    public void transferToHost(Object... hostArrays) {
        requireOpen();
        context.makeCurrent();
        for (Object array : hostArrays) {
            copier.toHost(arrays.buffer(array), array, stream);
        }
    }

    @Override
    public List<LaunchInfo> launches() {
        List<LaunchInfo> launches = new ArrayList<>();
        for (CudaTask task : tasks) {
            launches.add(task.info(device.id()));
        }
        return launches;
    }

    /** The stream every task launches on: the {@code CUstream} for native code is {@code stream().handle()}. */
    public CudaStream stream() {
        requireOpen();
        return stream;
    }

    /** The device copy of one of the graph's arrays: its {@code pointer()} is what kernels receive. */
    public DeviceBuffer deviceBuffer(Object array) {
        requireOpen();
        return arrays.buffer(array);
    }

    /** The prepared launch of the task {@code taskKey} ({@code graph.task}). */
    public KernelLaunch kernelLaunch(String taskKey) {
        requireOpen();
        for (CudaTask task : tasks) {
            if (task.spec().key().equals(taskKey)) {
                return task.kernelLaunch();
            }
        }
        throw new IllegalArgumentException("task graph " + graph.name() + " has no task " + taskKey);
    }

    /** Graph nodes per CUDA graph of {@code runs} runs (1 to 64), capturing it if needed; for reports. */
    public long cudaGraphNodes(int runs) {
        requireOpen();
        if (runGraphs == null) {
            throw new IllegalStateException("task graph " + graph.name() + " does not run as a CUDA graph (withCUDAGraph)");
        }
        if (runs < 1 || runs > RunGraphs.RUNS_PER_GRAPH) {
            throw new IllegalArgumentException("a CUDA graph holds 1 to " + RunGraphs.RUNS_PER_GRAPH + " runs, got " + runs);
        }
        context.makeCurrent();
        return runGraphs.graph(runs).nodeCount();
    }

    public CudaContext context() {
        return context;
    }

    public CudaTornadoDevice device() {
        return device;
    }

    private void requireOpen() {
        if (overdue) {
            throw new IllegalStateException("graph " + graph.name() + " on " + device.id()
                    + ": an earlier execute's kernel did not end; this plan cannot run again");
        }
        if (closed) {
            throw new IllegalStateException("graph " + graph.name() + " on " + device.id() + " was closed");
        }
    }

    /** Waits for queued work, then frees everything: graphs, profiler events, arguments, memory, stream, modules. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (overdue) {
            return; // freeing under a kernel that still runs would wait for it: leave everything allocated
        }
        owned.waitThenClose(() -> {
            context.makeCurrent();
            stream.synchronize();
        });
    }

    @Override
    public String toString() {
        return "graph " + graph.name() + " on " + device.id();
    }
}
