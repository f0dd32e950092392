package org.holdfast.tornado.api;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs an {@link ImmutableTaskGraph} on a device, in the style of TornadoVM's execution plan:
 * configure with the {@code with...} methods, then {@link #execute()} as often as needed.
 *
 * <p>The first {@code execute()} prepares the graph (kernels compiled or loaded, memory allocated).
 * With {@link #withWarmUp()}, it also runs the graph once untimed and then restores every array the
 * graph copies to the device, so a warm-up never changes a result.
 */
public final class TornadoExecutionPlan implements AutoCloseable {

    private final ImmutableTaskGraph graph;
    private TornadoDevice device;
    private GridScheduler scheduler = new GridScheduler();
    private boolean warmUp;
    private int repeats = 1;
    private boolean syncEveryRun;
    private boolean cudaGraph;
    private boolean profiler;
    private double watchdogSeconds = PlanSettings.DEFAULT_WATCHDOG_SECONDS;
    private CompiledGraph compiled;
    private boolean warmedUp;

    public TornadoExecutionPlan(ImmutableTaskGraph graph) {
        this.graph = graph;
    }

    /** Where to run; the default is the sequential CPU. */
    public TornadoExecutionPlan withDevice(TornadoDevice target) {
        requireNotCompiled("the device");
        this.device = target;
        return this;
    }

    public TornadoExecutionPlan withGridScheduler(GridScheduler gridScheduler) {
        requireNotCompiled("the grid scheduler");
        this.scheduler = gridScheduler;
        return this;
    }

    /** Runs the graph once, untimed, before the first timed execution; results are unaffected. */
    public TornadoExecutionPlan withWarmUp() {
        this.warmUp = true;
        return this;
    }

    /** How many times one {@link #execute()} runs the whole graph, back to back (default 1). */
    public TornadoExecutionPlan withRepeats(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("repeat count must be at least 1, got " + count);
        }
        this.repeats = count;
        return this;
    }

    /** Makes the host wait for the device after every run of the graph. */
    public TornadoExecutionPlan withSyncEveryRepeat() {
        requireNotCompiled("synchronisation");
        this.syncEveryRun = true;
        return this;
    }

    /** Captures the graph's launches once as a CUDA graph and replays it (GPU devices only). */
    public TornadoExecutionPlan withCUDAGraph() {
        requireNotCompiled("the CUDA graph switch");
        this.cudaGraph = true;
        return this;
    }

    /** Times every task separately; see {@link ExecutionResult#profile()}. */
    public TornadoExecutionPlan withProfiler() {
        requireNotCompiled("the profiler");
        this.profiler = true;
        return this;
    }

    /**
     * Bounds every wait of a {@link Persistent} kernel (grid barrier, {@code waitUntilAtLeast}): one
     * that lasts longer ends the run with a {@link WatchdogExpiredException}. Default 10 s.
     */
    public TornadoExecutionPlan withWatchdog(java.time.Duration timeout) {
        requireNotCompiled("the watchdog");
        this.watchdogSeconds = PlanSettings.requireWatchdog(timeout.toNanos() / 1e9);
        return this;
    }

    /** Runs the graph {@code withRepeats} times and returns the measurement. */
    public ExecutionResult execute() {
        CompiledGraph ready = compiled();
        if (warmUp && !warmedUp) {
            List<Object> saved = saveDeviceInputs();
            ready.execute(1);
            restore(saved);
            ready.invalidateDeviceCopies();
            warmedUp = true;
        }
        return ready.execute(repeats);
    }

    /**
     * Forgets the device's copies of the graph's arrays, so that the next {@link #execute()} copies
     * every input to the device again, whatever its transfer mode: how a caller starts a fresh run
     * from new host values while keeping the kernels and the device memory it already has.
     */
    public void resetDeviceCopies() {
        if (compiled != null) {
            compiled.invalidateDeviceCopies();
        }
    }

    /** Copies the device's current contents of {@code arrays} back into them (for UNDER_DEMAND arrays). */
    public void transferToHost(Object... arrays) {
        compiled().transferToHost(arrays);
    }

    /** The grid and block of every task; prepares the graph if needed. */
    public List<LaunchInfo> threadInfo() {
        return compiled().launches();
    }

    public TornadoDevice device() {
        return device == null ? TornadoRuntime.sequentialCpu() : device;
    }

    private CompiledGraph compiled() {
        if (compiled == null) {
            if (cudaGraph && !device().isGpu()) {
                throw new IllegalStateException("withCUDAGraph() needs a GPU device, not " + device().id());
            }
            compiled = device().compile(graph, new PlanSettings(scheduler, syncEveryRun, cudaGraph, profiler, watchdogSeconds));
        }
        return compiled;
    }

    private List<Object> saveDeviceInputs() {
        List<Object> copies = new ArrayList<>();
        for (Transfer transfer : graph.transfersToDevice()) {
            copies.add(ArrayKind.copyOf(transfer.array()));
        }
        return copies;
    }

    private void restore(List<Object> copies) {
        List<Transfer> transfers = graph.transfersToDevice();
        for (int i = 0; i < transfers.size(); i++) {
            Object target = transfers.get(i).array();
            System.arraycopy(copies.get(i), 0, target, 0, java.lang.reflect.Array.getLength(target));
        }
    }

    private void requireNotCompiled(String what) {
        if (compiled != null) {
            throw new IllegalStateException("cannot change " + what + " after the plan has run");
        }
    }

    @Override
    public void close() {
        if (compiled != null) {
            compiled.close();
            compiled = null;
        }
    }
}
