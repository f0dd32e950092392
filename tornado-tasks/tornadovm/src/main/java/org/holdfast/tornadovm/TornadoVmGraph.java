package org.holdfast.tornadovm;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.holdfast.tornado.api.CompiledGraph;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.api.Transfer;
import org.holdfast.tornado.api.WorkerGrid;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.WorkerGrid2D;
import uk.ac.manchester.tornado.api.WorkerGrid3D;
import uk.ac.manchester.tornado.api.exceptions.TornadoExecutionPlanException;

/**
 * A Holdfast task graph as one TornadoVM execution plan of two task graphs over the same device
 * buffers:
 * <ol>
 *   <li>{@code <name>_load}: copies every array in ({@code EVERY_EXECUTION}, one do-nothing task per
 *       array: {@link LoadTasks}) and keeps it on the device ({@code persistOnDevice});</li>
 *   <li>{@code <name>}: the kernels' twins, in order, on those buffers ({@code consumeFromDevice}),
 *       with the arrays the Holdfast graph reads back as {@code UNDER_DEMAND}.</li>
 * </ol>
 * A run is {@code runs} calls of TornadoVM's {@code execute()} on the second graph, one per run of the
 * Holdfast graph (one red-black iteration), timed with the host clock around them: TornadoVM's
 * {@code execute()} returns after the device has finished, and offers no events to time it by.
 * Before the first run after {@link #invalidateDeviceCopies()}, the first graph copies the host's
 * arrays in, untimed: that is how every timed repeat starts from the initial array without
 * recompiling anything or allocating in the timed region (the buffers are TornadoVM's, kept from one
 * load to the next). With {@link PlanSettings#cudaGraph()}, the second graph runs as a CUDA graph
 * ({@code withCUDAGraph()}); the first never does.
 *
 * <p>Only what Holdfast's runners use is taken: arrays in {@code FIRST_EXECUTION}, out
 * {@code UNDER_DEMAND}. TornadoVM's {@code execute()} always waits for the device, so
 * {@link PlanSettings#syncEveryRun()} changes nothing; Holdfast's per-task profiler is not offered
 * (TornadoVM's own is: {@code tornado --enableProfiler console}).
 */
final class TornadoVmGraph implements CompiledGraph {

    /** TornadoVM's task graph names are global: a number per plan keeps them apart. */
    private static final AtomicInteger PLANS = new AtomicInteger();

    private final OffHeapArrays arrays;
    private final List<Object> readBack = new ArrayList<>();
    private final TornadoExecutionPlan plan;
    private final List<LaunchInfo> launches = new ArrayList<>();
    private boolean loaded;
    private TornadoExecutionResult last;

    TornadoVmGraph(ImmutableTaskGraph graph, PlanSettings settings, uk.ac.manchester.tornado.api.common.TornadoDevice device,
            String deviceId) {
        for (Transfer in : graph.transfersToDevice()) {
            require(in.mode() == DataTransferMode.FIRST_EXECUTION, "copies arrays in FIRST_EXECUTION only", in);
        }
        for (Transfer out : graph.transfersToHost()) {
            require(out.mode() == DataTransferMode.UNDER_DEMAND, "copies arrays back UNDER_DEMAND only", out);
            readBack.add(out.array());
        }
        String name = graph.name() + "_" + PLANS.incrementAndGet();
        this.arrays = new OffHeapArrays(graph.arrays());
        Object[] buffers = arrays.all();
        TaskGraph load = LoadTasks.touchAll(new TaskGraph(name + "_load")
                .transferToDevice(uk.ac.manchester.tornado.api.enums.DataTransferMode.EVERY_EXECUTION, buffers), buffers)
                .persistOnDevice(buffers);
        TaskGraph solve = new TaskGraph(name).consumeFromDevice(load.getTaskGraphName(), buffers);
        Map<KernelContext, uk.ac.manchester.tornado.api.KernelContext> contexts = new IdentityHashMap<>();
        GridScheduler grids = new GridScheduler();
        for (TaskSpec task : graph.tasks()) {
            solve.addTask(TwinTasks.of(task, argument -> switch (argument) {
                case KernelContext context -> contexts.computeIfAbsent(context, c -> new uk.ac.manchester.tornado.api.KernelContext());
                case double[] a -> arrays.of(a);
                case float[] a -> arrays.of(a);
                case int[] a -> arrays.of(a);
                case long[] a -> arrays.of(a);
                default -> argument;
            }));
            settings.scheduler().get(task.key()).ifPresent(grid -> {
                grids.addWorkerGrid(name + "." + task.id(), workerGrid(grid));
                launches.add(new LaunchInfo(task.key(), TwinTasks.twinName(task.method().getDeclaringClass()) + "." + task.method().getName(),
                        grid.numberOfGroups(), grid.localWork(), 0, deviceId));
            });
        }
        solve.transferToHost(uk.ac.manchester.tornado.api.enums.DataTransferMode.UNDER_DEMAND,
                readBack.stream().map(arrays::of).toArray());
        this.plan = new TornadoExecutionPlan(load.snapshot(), solve.snapshot());
        plan.withDevice(device);
        if (!launches.isEmpty()) {
            plan.withGridScheduler(grids);
        }
        plan.withGraph(1);
        if (settings.cudaGraph()) {
            plan.withCUDAGraph(); // the selected graph only: the kernels, not the copy in
        }
    }

    @Override
    public ExecutionResult execute(int runs) {
        if (!loaded) {
            arrays.copyIn();
            plan.withGraph(0).execute();
            plan.withGraph(1);
            loaded = true;
        }
        long start = System.nanoTime();
        for (int run = 0; run < runs; run++) {
            last = plan.execute();
        }
        return new ExecutionResult(runs, System.nanoTime() - start, false, List.of());
    }

    @Override
    public void invalidateDeviceCopies() {
        loaded = false;
    }

    @Override
    public void transferToHost(Object... hostArrays) {
        for (Object host : hostArrays) {
            if (readBack.stream().noneMatch(a -> a == host)) {
                throw new IllegalArgumentException("the task graph does not read this " + host.getClass().getSimpleName() + " back");
            }
            if (loaded && last != null) {
                last.transferToHost(arrays.of(host));
                arrays.copyOut(host);
            } // Not run since the last load: the device holds what the host array holds.
        }
    }

    @Override
    public List<LaunchInfo> launches() {
        return List.copyOf(launches);
    }

    @Override
    public void close() {
        try {
            plan.close();
        } catch (TornadoExecutionPlanException e) {
            throw new IllegalStateException("TornadoVM could not close its execution plan: " + e.getMessage(), e);
        }
    }

    private static uk.ac.manchester.tornado.api.WorkerGrid workerGrid(WorkerGrid grid) {
        int[] global = grid.globalWork();
        int[] local = grid.localWork();
        uk.ac.manchester.tornado.api.WorkerGrid worker = switch (grid.dimensions()) {
            case 1 -> new WorkerGrid1D(global[0]);
            case 2 -> new WorkerGrid2D(global[0], global[1]);
            default -> new WorkerGrid3D(global[0], global[1], global[2]);
        };
        worker.setLocalWork(local[0], local[1], local[2]);
        return worker;
    }

    private static void require(boolean supported, String what, Transfer transfer) {
        if (!supported) {
            throw new UnsupportedOperationException("the tornadovm device " + what + ", got " + transfer.mode() + " for a "
                    + transfer.array().getClass().getSimpleName());
        }
    }
}
