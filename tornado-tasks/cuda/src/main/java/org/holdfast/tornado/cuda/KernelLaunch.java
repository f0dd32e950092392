package org.holdfast.tornado.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Locale;
import org.holdfast.tornado.cuda.driver.raw.CUlaunchConfig;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * A kernel with its grid, block, dynamic shared memory and arguments fixed, so that
 * {@link #launch(CudaStream)} is one downcall that allocates nothing: the same cost as
 * {@code cuLaunchKernel} from C. The arguments stay owned by the caller and must outlive the launches.
 */
public final class KernelLaunch {

    private final CudaFunction function;
    private final long functionHandle;
    private final int gridX;
    private final int gridY;
    private final int gridZ;
    private final int blockX;
    private final int blockY;
    private final int blockZ;
    private final int dynamicSharedBytes;
    private final KernelArguments arguments;
    /** {@code kernelParams} as a global-scope address: passing it costs no per-call scope check. */
    private final MemorySegment parameters;
    private final boolean cooperative;
    /** For {@code cuLaunchKernelEx} (clusters): the {@code CUlaunchConfig}, its stream set at each launch; else null. */
    private final MemorySegment config;
    private final int clusterSize;

    private KernelLaunch(CudaFunction function, int[] grid, int[] block, int dynamicSharedBytes, KernelArguments arguments,
            boolean cooperative, int clusterSize) {
        requireDimensions("grid", grid);
        requireDimensions("block", block);
        if (dynamicSharedBytes < 0) {
            throw new IllegalArgumentException("dynamic shared memory cannot be negative: " + dynamicSharedBytes);
        }
        this.function = function;
        this.functionHandle = function.handle();
        this.gridX = grid[0];
        this.gridY = grid[1];
        this.gridZ = grid[2];
        this.blockX = block[0];
        this.blockY = block[1];
        this.blockZ = block[2];
        this.dynamicSharedBytes = dynamicSharedBytes;
        this.arguments = arguments;
        this.parameters = MemorySegment.ofAddress(arguments.parameters().address());
        this.cooperative = cooperative;
        this.clusterSize = clusterSize;
        if (clusterSize > 1) {
            // Freed with this launch; a launch only writes the stream into it.
            MemorySegment extended = CUlaunchConfig.allocate(Arena.ofAuto(), grid, block, dynamicSharedBytes, cooperative ? 2 : 1);
            CUlaunchConfig.clusterDimension(extended, 0, clusterSize);
            if (cooperative) {
                CUlaunchConfig.cooperative(extended, 1);
            }
            this.config = extended;
        } else {
            this.config = null;
        }
    }

    /** An ordinary launch of {@code grid} blocks of {@code block} threads (x, y, z). */
    public static KernelLaunch of(CudaFunction function, int[] grid, int[] block, int dynamicSharedBytes,
            KernelArguments arguments) {
        return new KernelLaunch(function, grid, block, dynamicSharedBytes, arguments, false, 1);
    }

    /**
     * A cooperative launch of a one-dimensional grid whose blocks are all resident at once, so that
     * they can wait for each other. Refuses a grid larger than the occupancy API allows.
     */
    public static KernelLaunch cooperative(CudaFunction function, CudaDevice device, int blocks, int threadsPerBlock,
            int dynamicSharedBytes, KernelArguments arguments) {
        if (!device.cooperativeLaunch()) {
            throw new IllegalArgumentException(device.name() + " does not support cooperative launches");
        }
        int perMultiprocessor = function.maxActiveBlocksPerMultiprocessor(threadsPerBlock, dynamicSharedBytes);
        long resident = (long) perMultiprocessor * device.multiprocessors();
        if (blocks > resident) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "cooperative launch of %s: %d blocks of %d threads cannot all be resident on %s (at most %d per SM x %d SMs = %d)",
                    function.name(), blocks, threadsPerBlock, device.name(), perMultiprocessor, device.multiprocessors(), resident));
        }
        return new KernelLaunch(function, new int[] {blocks, 1, 1}, new int[] {threadsPerBlock, 1, 1}, dynamicSharedBytes,
                arguments, true, 1);
    }

    /**
     * A launch of a one-dimensional grid in clusters of {@code clusterSize} blocks (x), through
     * {@code cuLaunchKernelEx}; cooperative too when {@code cooperative}. The caller has checked that
     * the device supports it and that the grid fits; a size above 8 must be allowed for the function first.
     */
    public static KernelLaunch clustered(CudaFunction function, int blocks, int threadsPerBlock, int clusterSize, boolean cooperative,
            int dynamicSharedBytes, KernelArguments arguments) {
        if (clusterSize < 2 || blocks % clusterSize != 0) {
            throw new IllegalArgumentException("a cluster launch of " + function.name() + " needs clusters of at least 2 blocks and a"
                    + " grid that is a multiple of them: " + blocks + " blocks in clusters of " + clusterSize);
        }
        return new KernelLaunch(function, new int[] {blocks, 1, 1}, new int[] {threadsPerBlock, 1, 1}, dynamicSharedBytes,
                arguments, cooperative, clusterSize);
    }

    /** Queues the kernel on {@code stream}, from a thread where the stream's context is current. */
    public void launch(CudaStream stream) {
        if (!arguments.isOpen()) {
            throw new IllegalStateException("the arguments of " + function.name() + " were freed before its launch");
        }
        int result;
        if (config != null) {
            CUlaunchConfig.stream(config, stream.handle());
            result = cuda_h.cuLaunchKernelEx(config, functionHandle, parameters, MemorySegment.NULL);
        } else if (cooperative) {
            result = cuda_h.cuLaunchCooperativeKernel(functionHandle, gridX, gridY, gridZ, blockX, blockY, blockZ,
                    dynamicSharedBytes, stream.handle(), parameters);
        } else {
            result = cuda_h.cuLaunchKernel(functionHandle, gridX, gridY, gridZ, blockX, blockY, blockZ, dynamicSharedBytes,
                    stream.handle(), parameters, MemorySegment.NULL);
        }
        if (result != cuda_h.CUDA_SUCCESS) {
            String call = config != null ? "cuLaunchKernelEx(" + function.name() + ", clusters of " + clusterSize
                    + (cooperative ? ", cooperative)" : ")") : (cooperative ? "cuLaunchCooperativeKernel(" : "cuLaunchKernel(") + function.name() + ")";
            throw CudaException.failure(call, result);
        }
    }

    /** Blocks per cluster; 1 for a launch without clusters. */
    public int clusterSize() {
        return clusterSize;
    }

    /** Whether all blocks are launched co-resident (cooperatively). */
    public boolean cooperative() {
        return cooperative;
    }

    public CudaFunction function() {
        return function;
    }

    /** Blocks per dimension. */
    public int[] grid() {
        return new int[] {gridX, gridY, gridZ};
    }

    /** Threads per block per dimension. */
    public int[] block() {
        return new int[] {blockX, blockY, blockZ};
    }

    public int dynamicSharedBytes() {
        return dynamicSharedBytes;
    }

    private static void requireDimensions(String what, int[] sizes) {
        if (sizes.length != 3 || Arrays.stream(sizes).anyMatch(size -> size < 1)) {
            throw new IllegalArgumentException("a " + what + " is three sizes of at least 1, got " + Arrays.toString(sizes));
        }
    }
}
