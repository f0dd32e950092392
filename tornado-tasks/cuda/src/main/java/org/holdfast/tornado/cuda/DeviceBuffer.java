package org.holdfast.tornado.cuda;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * Device memory from {@code cuMemAlloc}, freed on {@link #close()}. Host sides of copies are native
 * segments (pinned ones for asynchronous copies to overlap); Java arrays go through a
 * {@link StagingCopier}.
 */
public final class DeviceBuffer implements AutoCloseable {

    private final long pointer;
    private final long bytes;
    private boolean freed;

    private DeviceBuffer(long pointer, long bytes) {
        this.pointer = pointer;
        this.bytes = bytes;
    }

    /**
     * Allocates {@code bytes} (contents undefined), after checking that the device has them free.
     *
     * @param what what needs the memory, for the refusal message: {@code N = 60001}, {@code array u}
     * @throws InsufficientDeviceMemoryException before allocating, when the request exceeds free memory
     */
    public static DeviceBuffer allocate(CudaContext context, long bytes, String what) {
        if (bytes < 0) {
            throw new IllegalArgumentException("cannot allocate " + bytes + " bytes");
        }
        context.requireFreeMemory(bytes, what);
        // cuMemAlloc refuses zero bytes; an empty array still gets a valid, unused pointer.
        long allocated = Math.max(bytes, 1);
        long pointer = OutParameter.longValue("cuMemAlloc_v2", out -> cuda_h.cuMemAlloc_v2(out, allocated));
        Allocations.counted();
        return new DeviceBuffer(pointer, bytes);
    }

    /** The {@code CUdeviceptr}. */
    public long pointer() {
        return pointer;
    }

    public long bytes() {
        return bytes;
    }

    /**
     * Copies all of {@code source} to the start of the buffer, after all work queued in the context,
     * and returns when the data is on the device. (A bare {@code cuMemcpyHtoD} from pageable memory
     * may return earlier, and orders nothing against non-blocking streams.)
     */
    public void copyFromHost(MemorySegment source) {
        checkRange(0, source.byteSize());
        CudaException.check(cuda_h.cuCtxSynchronize(), "cuCtxSynchronize");
        CudaException.check(cuda_h.cuMemcpyHtoD_v2(pointer, source, source.byteSize()), "cuMemcpyHtoD_v2");
        CudaException.check(cuda_h.cuCtxSynchronize(), "cuCtxSynchronize");
    }

    /** Copies the start of the buffer into all of {@code target}, after all work queued in the context, and waits. */
    public void copyToHost(MemorySegment target) {
        checkRange(0, target.byteSize());
        CudaException.check(cuda_h.cuCtxSynchronize(), "cuCtxSynchronize");
        CudaException.check(cuda_h.cuMemcpyDtoH_v2(target, pointer, target.byteSize()), "cuMemcpyDtoH_v2");
    }

    /** Queues a copy of all of {@code source} to byte {@code offset} of the buffer. */
    public void copyFromHostAsync(long offset, MemorySegment source, CudaStream stream) {
        checkRange(offset, source.byteSize());
        CudaException.check(cuda_h.cuMemcpyHtoDAsync_v2(pointer + offset, source, source.byteSize(), stream.handle()),
                "cuMemcpyHtoDAsync_v2");
    }

    /** Queues a copy from byte {@code offset} of the buffer into all of {@code target}. */
    public void copyToHostAsync(long offset, MemorySegment target, CudaStream stream) {
        checkRange(offset, target.byteSize());
        CudaException.check(cuda_h.cuMemcpyDtoHAsync_v2(target, pointer + offset, target.byteSize(), stream.handle()),
                "cuMemcpyDtoHAsync_v2");
    }

    /** Queues a copy of the first {@code count} bytes of {@code source} to the start of this buffer. */
    public void copyFromAsync(DeviceBuffer source, long count, CudaStream stream) {
        checkRange(0, count);
        source.checkRange(0, count);
        CudaException.check(cuda_h.cuMemcpyDtoDAsync_v2(pointer, source.pointer, count, stream.handle()),
                "cuMemcpyDtoDAsync_v2");
    }

    /**
     * Queues a copy of {@code count} bytes from byte {@code sourceOffset} of {@code source} (on this device or,
     * with peer access, another) to byte {@code targetOffset} of this buffer: halo rows between two bands' arrays.
     */
    public void copyFromAsync(DeviceBuffer source, long sourceOffset, long targetOffset, long count, CudaStream stream) {
        checkRange(targetOffset, count);
        source.checkRange(sourceOffset, count);
        CudaException.check(cuda_h.cuMemcpyDtoDAsync_v2(pointer + targetOffset, source.pointer + sourceOffset, count, stream.handle()),
                "cuMemcpyDtoDAsync_v2");
    }

    /** Queues setting {@code count} bytes from byte {@code offset} to zero (both multiples of 4). */
    public void zeroAsync(long offset, long count, CudaStream stream) {
        checkRange(offset, count);
        if (offset % 4 != 0 || count % 4 != 0) {
            throw new IllegalArgumentException("zeroes whole 32-bit words: offset " + offset + ", " + count + " bytes");
        }
        CudaException.check(cuda_h.cuMemsetD32Async(pointer + offset, 0, count / 4, stream.handle()), "cuMemsetD32Async");
    }

    /** Queues setting every byte to zero. */
    public void zeroAsync(CudaStream stream) {
        CudaException.check(cuda_h.cuMemsetD8Async(pointer, (byte) 0, bytes, stream.handle()), "cuMemsetD8Async");
    }

    private void checkRange(long offset, long count) {
        if (freed) {
            throw new IllegalStateException("device buffer already freed");
        }
        Objects.checkFromIndexSize(offset, count, bytes);
    }

    @Override
    public void close() {
        if (!freed) {
            freed = true;
            CudaException.check(cuda_h.cuMemFree_v2(pointer), "cuMemFree_v2");
        }
    }
}
