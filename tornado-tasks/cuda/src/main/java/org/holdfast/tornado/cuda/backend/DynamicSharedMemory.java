package org.holdfast.tornado.cuda.backend;

import java.util.Optional;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.cuda.CudaDevice;
import org.holdfast.tornado.cuda.CudaFunction;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * A task's dynamic shared memory, checked and granted before anything is launched: the worker grid
 * gives the bytes; a kernel that takes dynamic shared memory from a launch that gives none is
 * refused, so is more than a block may opt in to beside the kernel's static shared memory; beyond
 * the default 48 KiB the kernel is allowed the size first ({@code MAX_DYNAMIC_SHARED_SIZE_BYTES}).
 */
final class DynamicSharedMemory {

    private DynamicSharedMemory() {
    }

    /**
     * The dynamic shared bytes per block that {@code spec} launches {@code function} with, after the
     * checks, with the kernel allowed that many.
     *
     * @throws IllegalArgumentException with a one-line reason when the launch cannot have them
     */
    static int prepare(TaskSpec spec, CudaFunction function, Optional<KernelMetadata> metadata, Optional<WorkerGrid> grid,
            CudaDevice device) {
        int bytes = grid.map(WorkerGrid::dynamicSharedBytes).orElse(0);
        boolean takesIt = metadata.map(m -> m.usesDynamicShared(spec.method())).orElse(false);
        String what = "task " + spec.key() + ": kernel " + function.name();
        if (takesIt && bytes == 0) {
            throw new IllegalArgumentException(what + " takes dynamic shared memory, but its worker grid gives it none: set its"
                    + " size with WorkerGrid.setDynamicSharedBytes(bytes)");
        }
        if (bytes == 0) {
            return 0;
        }
        int staticBytes = function.staticSharedBytes();
        int limit = device.attribute(cuda_h.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN) - staticBytes;
        if (bytes > limit) {
            throw new IllegalArgumentException(what + " asks for " + bytes + " bytes of dynamic shared memory, but a block of it"
                    + " may have at most " + limit + " on " + device.name() + " (" + (limit + staticBytes) + " per block, "
                    + staticBytes + " of them static)");
        }
        if (bytes > function.attribute(cuda_h.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)) {
            function.setMaxDynamicSharedBytes(bytes);
        }
        return bytes;
    }
}
