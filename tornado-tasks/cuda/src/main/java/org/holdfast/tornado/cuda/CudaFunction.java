package org.holdfast.tornado.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.holdfast.tornado.cuda.driver.raw.CUlaunchConfig;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * A kernel: a {@code CUfunction} and its name. It belongs to a module (or to the native library
 * that loaded it) and is valid while that is loaded.
 *
 * @param handle the {@code CUfunction}
 * @param name the kernel's name, for messages
 */
public record CudaFunction(long handle, String name) {

    /** Any {@code CU_FUNC_ATTRIBUTE_*} of the kernel. */
    public int attribute(int attribute) {
        return OutParameter.intValue("cuFuncGetAttribute(" + name + ", " + attribute + ")",
                out -> cuda_h.cuFuncGetAttribute(out, attribute, handle));
    }

    /** Registers per thread. */
    public int registers() {
        return attribute(cuda_h.CU_FUNC_ATTRIBUTE_NUM_REGS);
    }

    /** The most threads a block of this kernel can have (registers and shared memory permitting). */
    public int maxThreadsPerBlock() {
        return attribute(cuda_h.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    }

    /** Statically declared {@code __shared__} bytes per block. */
    public int staticSharedBytes() {
        return attribute(cuda_h.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
    }

    /** Local (spilled) bytes per thread. */
    public int localBytes() {
        return attribute(cuda_h.CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
    }

    /** Lets launches ask for up to {@code bytes} of dynamic shared memory (beyond 48 KiB needs this). */
    public void setMaxDynamicSharedBytes(int bytes) {
        CudaException.check(cuda_h.cuFuncSetAttribute(handle, cuda_h.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes),
                "cuFuncSetAttribute(" + name + ", MAX_DYNAMIC_SHARED_SIZE_BYTES)");
    }

    /** How many blocks of {@code threadsPerBlock} threads fit on one multiprocessor at once. */
    public int maxActiveBlocksPerMultiprocessor(int threadsPerBlock, long dynamicSharedBytes) {
        return OutParameter.intValue("cuOccupancyMaxActiveBlocksPerMultiprocessor(" + name + ")",
                out -> cuda_h.cuOccupancyMaxActiveBlocksPerMultiprocessor(out, handle, threadsPerBlock, dynamicSharedBytes));
    }

    /** Lets launches use clusters of more than 8 blocks (the non-portable sizes; the H200 takes up to 16). */
    public void allowNonPortableClusterSize() {
        CudaException.check(cuda_h.cuFuncSetAttribute(handle, cuda_h.CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
                "cuFuncSetAttribute(" + name + ", NON_PORTABLE_CLUSTER_SIZE_ALLOWED)");
    }

    /** How many clusters of {@code clusterSize} blocks of {@code threadsPerBlock} threads can be resident at once. */
    public int maxActiveClusters(int clusterSize, int threadsPerBlock, int dynamicSharedBytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment config = CUlaunchConfig.allocate(arena, new int[] {clusterSize, 1, 1}, new int[] {threadsPerBlock, 1, 1},
                    dynamicSharedBytes, 1);
            CUlaunchConfig.clusterDimension(config, 0, clusterSize);
            return OutParameter.intValue("cuOccupancyMaxActiveClusters(" + name + ")",
                    out -> cuda_h.cuOccupancyMaxActiveClusters(out, handle, config));
        }
    }

    /** How many blocks can be resident on the whole device at once: what a cooperative grid may have. */
    public int maxCoResidentBlocks(CudaDevice device, int threadsPerBlock, long dynamicSharedBytes) {
        return maxActiveBlocksPerMultiprocessor(threadsPerBlock, dynamicSharedBytes) * device.multiprocessors();
    }
}
