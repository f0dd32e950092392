package org.holdfast.tornado.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * A device's primary context, retained on creation and released on {@link #close()}. The primary
 * context is the one the CUDA runtime uses too, so functions and memory of a native library built
 * with the runtime API are valid here.
 *
 * <p>A context is current per thread: {@link #makeCurrent()} before driver calls from a new thread.
 */
public final class CudaContext implements AutoCloseable {

    /** Free and total device memory in bytes, from {@code cuMemGetInfo}. */
    public record MemoryInfo(long freeBytes, long totalBytes) {
    }

    private final CudaDevice device;
    private final long handle;
    private boolean released;

    private CudaContext(CudaDevice device, long handle) {
        this.device = device;
        this.handle = handle;
    }

    /** Retains {@code device}'s primary context (creating it if needed) and makes it current here. */
    public static CudaContext retainPrimary(CudaDevice device) {
        long handle = OutParameter.longValue("cuDevicePrimaryCtxRetain",
                out -> cuda_h.cuDevicePrimaryCtxRetain(out, device.handle()));
        CudaContext context = new CudaContext(device, handle);
        context.makeCurrent();
        return context;
    }

    /** Binds the context to the calling thread. */
    public void makeCurrent() {
        if (released) {
            throw new IllegalStateException("the primary context of " + device.name() + " was released");
        }
        CudaException.check(cuda_h.cuCtxSetCurrent(handle), "cuCtxSetCurrent");
    }

    /** Waits for all work in the context. */
    public void synchronize() {
        CudaException.check(cuda_h.cuCtxSynchronize(), "cuCtxSynchronize");
    }

    /** Free and total memory of the device now; makes the context current on the calling thread. */
    public MemoryInfo memoryInfo() {
        makeCurrent();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment free = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment total = arena.allocate(ValueLayout.JAVA_LONG);
            CudaException.check(cuda_h.cuMemGetInfo_v2(free, total), "cuMemGetInfo_v2");
            return new MemoryInfo(free.get(ValueLayout.JAVA_LONG, 0), total.get(ValueLayout.JAVA_LONG, 0));
        }
    }

    /**
     * Refuses, before anything is allocated, a request for more memory than the device has free.
     *
     * @param what what needs the memory, as the message should start: {@code N = 60001}
     * @throws InsufficientDeviceMemoryException with both figures
     */
    public void requireFreeMemory(long bytes, String what) {
        long free = memoryInfo().freeBytes();
        if (bytes > free) {
            throw new InsufficientDeviceMemoryException(what, bytes, free);
        }
    }

    public CudaDevice device() {
        return device;
    }

    /** The {@code CUcontext}. */
    public long handle() {
        return handle;
    }

    @Override
    public void close() {
        if (!released) {
            released = true;
            CudaException.check(cuda_h.cuDevicePrimaryCtxRelease_v2(device.handle()), "cuDevicePrimaryCtxRelease_v2");
        }
    }
}
