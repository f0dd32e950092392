package org.holdfast.tornado.cuda.backend;

import java.util.Optional;
import java.util.function.ToLongFunction;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.cuda.CudaDevice;
import org.holdfast.tornado.cuda.CudaFunction;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.KernelArguments;
import org.holdfast.tornado.cuda.KernelLaunch;
import org.holdfast.tornado.cuda.OwnedResources;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * One task ready to launch: its kernel, grid, block and marshalled arguments, and for a persistent
 * kernel its control block. Owns the arguments and the control block.
 */
final class CudaTask implements AutoCloseable {

    private static final int[] SINGLE = {1, 1, 1};

    private final TaskSpec spec;
    private final OwnedResources owned;
    private final KernelLaunch launch;
    /** The persistent kernel's control block; null for other kernels. */
    private final ControlBlock control;
    private final double watchdogSeconds;

    private CudaTask(TaskSpec spec, OwnedResources owned, KernelLaunch launch, ControlBlock control, double watchdogSeconds) {
        this.spec = spec;
        this.owned = owned;
        this.launch = launch;
        this.control = control;
        this.watchdogSeconds = watchdogSeconds;
    }

    /**
     * Prepares {@code spec} to run {@code function}. A task that takes a {@code KernelContext} runs
     * on its worker grid, which the scheduler must have; one that does not runs once, as on the CPU.
     * A persistent or cluster kernel (per its {@code metadata}) runs on a {@link LaunchGrid} checked
     * against the device before anything is launched.
     */
    static CudaTask prepare(TaskSpec spec, CudaFunction function, Optional<KernelMetadata> metadata, GridScheduler scheduler,
            ToLongFunction<Object> devicePointer, CudaTornadoDevice device, double watchdogSeconds) {
        boolean persistent = metadata.map(m -> m.isPersistent(spec.method())).orElse(false);
        int clusterSize = metadata.map(m -> m.clusterSize(spec.method())).orElse(1);
        if (persistent || clusterSize > 1) {
            return prepareCoResident(spec, function, metadata.orElseThrow(), scheduler, devicePointer, device, watchdogSeconds);
        }
        int[] grid = SINGLE;
        int[] block = SINGLE;
        if (spec.takesContext()) {
            WorkerGrid worker = scheduler.get(spec.key()).orElseThrow(() -> new IllegalStateException("task " + spec.key()
                    + " takes a KernelContext but the plan has no WorkerGrid for it (withGridScheduler)"));
            grid = worker.numberOfGroups();
            block = worker.localWork();
        }
        requireBlockFits(spec, function, block[0] * block[1] * block[2]);
        OwnedResources owned = new OwnedResources();
        KernelArguments arguments = owned.own(TaskArguments.marshal(spec, devicePointer));
        return new CudaTask(spec, owned, KernelLaunch.of(function, grid, block, 0, arguments), null, watchdogSeconds);
    }

    /** A persistent kernel (cooperative, with its control block) or a cluster kernel. */
    private static CudaTask prepareCoResident(TaskSpec spec, CudaFunction function, KernelMetadata metadata, GridScheduler scheduler,
            ToLongFunction<Object> devicePointer, CudaTornadoDevice device, double watchdogSeconds) {
        boolean persistent = metadata.isPersistent(spec.method());
        Optional<WorkerGrid> requested = spec.takesContext() ? scheduler.get(spec.key()) : Optional.of(new WorkerGrid1D(1));
        LaunchGrid grid = LaunchGrid.plan(spec.key(), function.name(), persistent, metadata.clusterSize(spec.method()),
                metadata.threadsPerBlock(spec.method()), requested, capacity(function, device.device()));
        requireBlockFits(spec, function, grid.threadsPerBlock());
        OwnedResources owned = new OwnedResources();
        try {
            ControlBlock control = persistent ? owned.own(ControlBlock.allocate(device.context(), spec.key())) : null;
            KernelArguments arguments = owned.own(persistent
                    ? TaskArguments.marshalPersistent(spec, devicePointer, control.pointer(), (long) (watchdogSeconds * 1e9))
                    : TaskArguments.marshal(spec, devicePointer));
            KernelLaunch launch = grid.clusterSize() > 1
                    ? KernelLaunch.clustered(function, grid.blocks(), grid.threadsPerBlock(), grid.clusterSize(), persistent, 0, arguments)
                    : KernelLaunch.cooperative(function, device.device(), grid.blocks(), grid.threadsPerBlock(), 0, arguments);
            return new CudaTask(spec, owned, launch, control, watchdogSeconds);
        } catch (RuntimeException failure) {
            owned.closeAfter(failure);
            throw failure;
        }
    }

    /** What {@code device} can hold of {@code function} at once, from the occupancy API. */
    private static LaunchGrid.Capacity capacity(CudaFunction function, CudaDevice device) {
        return new LaunchGrid.Capacity() {
            @Override
            public String deviceName() {
                return device.name();
            }

            @Override
            public boolean cooperativeLaunch() {
                return device.cooperativeLaunch();
            }

            @Override
            public boolean clusterLaunch() {
                return device.attribute(cuda_h.CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH) != 0;
            }

            @Override
            public LaunchGrid.Residency residency(int threadsPerBlock, int clusterSize) {
                if (clusterSize <= 1) {
                    int perMultiprocessor = function.maxActiveBlocksPerMultiprocessor(threadsPerBlock, 0);
                    return new LaunchGrid.Residency((long) perMultiprocessor * device.multiprocessors(),
                            perMultiprocessor + " per SM x " + device.multiprocessors() + " SMs");
                }
                if (clusterSize > 8) {
                    function.allowNonPortableClusterSize();
                }
                int clusters = function.maxActiveClusters(clusterSize, threadsPerBlock, 0);
                return new LaunchGrid.Residency((long) clusters * clusterSize, clusters + " clusters of " + clusterSize);
            }
        };
    }

    private static void requireBlockFits(TaskSpec spec, CudaFunction function, int threads) {
        int allowed = function.maxThreadsPerBlock();
        if (threads > allowed) {
            throw new IllegalArgumentException("task " + spec.key() + ": a block of " + threads + " threads exceeds the "
                    + allowed + " that kernel " + function.name() + " allows (its registers per thread limit it)");
        }
    }

    /** Queues one launch on {@code stream}; a persistent kernel's barrier is zeroed first, on the same stream. */
    void launch(CudaStream stream) {
        if (control != null) {
            control.zeroBarrierAsync(stream);
        }
        launch.launch(stream);
    }

    /** Before the runs of an execute: clears a persistent kernel's error word (outside the timed region). */
    void beforeRuns(CudaStream stream) {
        if (control != null) {
            control.zeroErrorAsync(stream);
        }
    }

    /** After the runs (the device is done): the watchdog's error of a persistent kernel, if a wait expired. */
    Optional<WatchdogExpiredException> watchdogError() {
        if (control == null) {
            return Optional.empty();
        }
        return control.readError(spec.key() + " (kernel " + launch.function().name() + ")", watchdogSeconds, launch.grid()[0]);
    }

    TaskSpec spec() {
        return spec;
    }

    KernelLaunch kernelLaunch() {
        return launch;
    }

    LaunchInfo info(String deviceId) {
        return new LaunchInfo(spec.key(), launch.function().name(), launch.grid(), launch.block(), launch.dynamicSharedBytes(),
                deviceId);
    }

    @Override
    public void close() {
        owned.close();
    }
}
