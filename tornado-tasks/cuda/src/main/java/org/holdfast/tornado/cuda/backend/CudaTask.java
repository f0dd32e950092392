package org.holdfast.tornado.cuda.backend;

import java.util.function.ToLongFunction;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.cuda.CudaFunction;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.KernelArguments;
import org.holdfast.tornado.cuda.KernelLaunch;

/** One task ready to launch: its kernel, grid, block and marshalled arguments. Owns the arguments. */
final class CudaTask implements AutoCloseable {

    private static final int[] SINGLE = {1, 1, 1};

    private final TaskSpec spec;
    private final KernelArguments arguments;
    private final KernelLaunch launch;

    private CudaTask(TaskSpec spec, KernelArguments arguments, KernelLaunch launch) {
        this.spec = spec;
        this.arguments = arguments;
        this.launch = launch;
    }

    /**
     * Prepares {@code spec} to run {@code function}. A task that takes a {@code KernelContext} runs
     * on its worker grid, which the scheduler must have; one that does not runs once, as on the CPU.
     */
    static CudaTask prepare(TaskSpec spec, CudaFunction function, GridScheduler scheduler, ToLongFunction<Object> devicePointer) {
        int[] grid = SINGLE;
        int[] block = SINGLE;
        if (spec.takesContext()) {
            WorkerGrid worker = scheduler.get(spec.key()).orElseThrow(() -> new IllegalStateException("task " + spec.key()
                    + " takes a KernelContext but the plan has no WorkerGrid for it (withGridScheduler)"));
            grid = worker.numberOfGroups();
            block = worker.localWork();
        }
        int threads = block[0] * block[1] * block[2];
        int allowed = function.maxThreadsPerBlock();
        if (threads > allowed) {
            throw new IllegalArgumentException("task " + spec.key() + ": a block of " + threads + " threads exceeds the "
                    + allowed + " that kernel " + function.name() + " allows (its registers per thread limit it)");
        }
        KernelArguments arguments = TaskArguments.marshal(spec, devicePointer);
        return new CudaTask(spec, arguments, KernelLaunch.of(function, grid, block, 0, arguments));
    }

    /** Queues one launch on {@code stream}. */
    void launch(CudaStream stream) {
        launch.launch(stream);
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
        arguments.close();
    }
}
