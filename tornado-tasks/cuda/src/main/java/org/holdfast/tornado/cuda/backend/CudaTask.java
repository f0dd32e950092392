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
        if (persistent || metadata.map(m -> m.isCluster(spec.method())).orElse(false)) {
            return prepareCoResident(spec, function, metadata.orElseThrow(), scheduler, devicePointer, device, watchdogSeconds);
        }
        int[] grid = SINGLE;
        int[] block = SINGLE;
        Optional<WorkerGrid> worker = Optional.empty();
        if (spec.takesContext()) {
            worker = Optional.of(scheduler.get(spec.key()).orElseThrow(() -> new IllegalStateException("task " + spec.key()
                    + " takes a KernelContext but the plan has no WorkerGrid for it (withGridScheduler)")));
            grid = worker.get().numberOfGroups();
            block = worker.get().localWork();
        }
        requireBlockFits(spec, function, block[0] * block[1] * block[2]);
        int dynamicShared = DynamicSharedMemory.prepare(spec, function, metadata, worker, device.device());
        OwnedResources owned = new OwnedResources();
        KernelArguments arguments = owned.own(TaskArguments.marshal(spec, devicePointer));
        return new CudaTask(spec, owned, KernelLaunch.of(function, grid, block, dynamicShared, arguments), null, watchdogSeconds);
    }

    /** A persistent kernel (cooperative, with its control block) or a cluster kernel. */
    private static CudaTask prepareCoResident(TaskSpec spec, CudaFunction function, KernelMetadata metadata, GridScheduler scheduler,
            ToLongFunction<Object> devicePointer, CudaTornadoDevice device, double watchdogSeconds) {
        boolean persistent = metadata.isPersistent(spec.method());
        Optional<WorkerGrid> requested = spec.takesContext() ? scheduler.get(spec.key()) : Optional.of(new WorkerGrid1D(1));
        int dynamicShared = DynamicSharedMemory.prepare(spec, function, Optional.of(metadata), requested, device.device());
        LaunchGrid grid = LaunchGrid.plan(spec.key(), function.name(), persistent, metadata.clusterSize(spec.method()),
                metadata.threadsPerBlock(spec.method()), requested, capacity(function, device.device(), dynamicShared));
        requireBlockFits(spec, function, grid.threadsPerBlock());
        OwnedResources owned = new OwnedResources();
        try {
            ControlBlock control = persistent ? owned.own(ControlBlock.allocate(device.context(), spec.key())) : null;
            KernelArguments arguments = owned.own(persistent
                    ? TaskArguments.marshalPersistent(spec, devicePointer, control.pointer(), (long) (watchdogSeconds * 1e9))
                    : TaskArguments.marshal(spec, devicePointer));
            KernelLaunch launch = grid.clusterSize() > 1
                    ? KernelLaunch.clustered(function, grid.blocks(), grid.threadsPerBlock(), grid.clusterSize(), persistent,
                            dynamicShared, arguments)
                    : KernelLaunch.cooperative(function, device.device(), grid.blocks(), grid.threadsPerBlock(), dynamicShared,
                            arguments);
            return new CudaTask(spec, owned, launch, control, watchdogSeconds);
        } catch (RuntimeException failure) {
            owned.closeAfter(failure);
            throw failure;
        }
    }

    /** What {@code device} can hold of {@code function} at once, from the occupancy API, with {@code dynamicShared} bytes a block. */
    private static LaunchGrid.Capacity capacity(CudaFunction function, CudaDevice device, int dynamicShared) {
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
                    int perMultiprocessor = function.maxActiveBlocksPerMultiprocessor(threadsPerBlock, dynamicShared);
                    return new LaunchGrid.Residency((long) perMultiprocessor * device.multiprocessors(),
                            perMultiprocessor + " per SM x " + device.multiprocessors() + " SMs");
                }
                if (clusterSize > 8) {
                    function.allowNonPortableClusterSize();
                }
                int clusters = function.maxActiveClusters(clusterSize, threadsPerBlock, dynamicShared);
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
        launch(stream, true);
    }

    /**
     * Queues one launch on {@code stream}, zeroing a persistent kernel's barrier first when
     * {@code zeroBarrier}; the first launch after {@link #beforeRuns} finds it zeroed already.
     */
    void launch(CudaStream stream, boolean zeroBarrier) {
        if (control != null && zeroBarrier) {
            control.zeroBarrierAsync(stream);
        }
        launch.launch(stream);
    }

    /**
     * Before the runs of an execute, outside the timed region: clears a persistent kernel's error word
     * and its barrier, so that a run of one launch (a whole solve) times the kernel alone.
     */
    void beforeRuns(CudaStream stream) {
        if (control != null) {
            control.zeroErrorAsync(stream);
            control.zeroBarrierAsync(stream);
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
