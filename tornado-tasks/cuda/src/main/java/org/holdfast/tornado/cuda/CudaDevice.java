package org.holdfast.tornado.cuda;

import static org.holdfast.tornado.cuda.driver.raw.cuda_h.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Locale;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;
import org.holdfast.tornado.cuda.nvrtc.GpuArchitecture;

/**
 * One GPU and what it has, read once from the driver.
 *
 * @param ordinal the device's number, as in {@code cuda:0}
 * @param handle the driver's {@code CUdevice}
 * @param name the marketing name: {@code NVIDIA H200}
 * @param totalMemoryBytes device memory
 * @param architecture compute capability
 * @param multiprocessors streaming multiprocessors (SMs)
 * @param clockKiloHertz typical SM clock
 * @param cooperativeLaunch whether {@code cuLaunchCooperativeKernel} is supported
 * @param maxThreadsPerMultiprocessor resident threads per SM
 * @param maxThreadsPerBlock threads per block
 * @param maxBlocksPerMultiprocessor resident blocks per SM
 * @param sharedBytesPerBlock shared memory a block gets without opting in
 * @param sharedBytesPerBlockOptIn shared memory a block may opt in to
 * @param sharedBytesPerMultiprocessor shared memory per SM
 * @param l2CacheBytes L2 cache
 * @param warpSize threads per warp
 */
public record CudaDevice(int ordinal, int handle, String name, long totalMemoryBytes, GpuArchitecture architecture,
        int multiprocessors, int clockKiloHertz, boolean cooperativeLaunch, int maxThreadsPerMultiprocessor,
        int maxThreadsPerBlock, int maxBlocksPerMultiprocessor, int sharedBytesPerBlock, int sharedBytesPerBlockOptIn,
        int sharedBytesPerMultiprocessor, int l2CacheBytes, int warpSize) {

    private static final int NAME_BYTES = 256;

    /** Reads device {@code ordinal} from the driver; {@code cuInit} must have succeeded. */
    static CudaDevice query(int ordinal) {
        int handle = OutParameter.intValue("cuDeviceGet", out -> cuDeviceGet(out, ordinal));
        return new CudaDevice(ordinal, handle, nameOf(handle),
                OutParameter.longValue("cuDeviceTotalMem_v2", out -> cuDeviceTotalMem_v2(out, handle)),
                new GpuArchitecture(attribute(handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                        attribute(handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)),
                attribute(handle, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
                attribute(handle, CU_DEVICE_ATTRIBUTE_CLOCK_RATE),
                attribute(handle, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH) != 0,
                attribute(handle, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR),
                attribute(handle, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK),
                attribute(handle, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR),
                attribute(handle, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK),
                attribute(handle, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN),
                attribute(handle, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
                attribute(handle, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE),
                attribute(handle, CU_DEVICE_ATTRIBUTE_WARP_SIZE));
    }

    /** Any {@code CU_DEVICE_ATTRIBUTE_*} of this device. */
    public int attribute(int attribute) {
        return attribute(handle, attribute);
    }

    private static int attribute(int device, int attribute) {
        return OutParameter.intValue("cuDeviceGetAttribute(" + attribute + ")", out -> cuDeviceGetAttribute(out, attribute, device));
    }

    private static String nameOf(int device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocate(NAME_BYTES);
            CudaException.check(cuda_h.cuDeviceGetName(name, NAME_BYTES, device), "cuDeviceGetName");
            return name.getString(0);
        }
    }

    /** Device memory in GiB. */
    public double totalMemoryGiB() {
        return totalMemoryBytes / (double) (1L << 30);
    }

    /** One line: {@code NVIDIA H200, 132 SMs, 139.8 GiB, sm_90}. */
    public String summary() {
        return String.format(Locale.ROOT, "%s, %d SMs, %.1f GiB, %s", name, multiprocessors, totalMemoryGiB(), architecture.smName());
    }
}
