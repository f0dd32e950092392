package org.holdfast.tornado.cuda;

import java.lang.foreign.MemorySegment;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * Page-locked host memory from {@code cuMemHostAlloc}, freed on {@link #close()}: what
 * asynchronous copies need to overlap, and what host-polled flags live in.
 */
public final class PinnedBuffer implements AutoCloseable {

    private final MemorySegment segment;
    private boolean freed;

    private PinnedBuffer(MemorySegment segment) {
        this.segment = segment;
    }

    /** Allocates {@code bytes} of pinned memory, portable across contexts. */
    public static PinnedBuffer allocate(CudaContext context, long bytes) {
        return allocate(context, bytes, cuda_h.CU_MEMHOSTALLOC_PORTABLE);
    }

    /**
     * Allocates {@code bytes} of pinned memory with {@code CU_MEMHOSTALLOC_*} flags; with
     * {@code DEVICEMAP} and unified addressing the device may read and write it at the same address.
     */
    @SuppressWarnings("restricted")
    public static PinnedBuffer allocate(CudaContext context, long bytes, int flags) {
        if (bytes < 1) {
            throw new IllegalArgumentException("cannot pin " + bytes + " bytes");
        }
        context.makeCurrent();
        long address = OutParameter.longValue("cuMemHostAlloc", out -> cuda_h.cuMemHostAlloc(out, bytes, flags));
        Allocations.counted();
        return new PinnedBuffer(MemorySegment.ofAddress(address).reinterpret(bytes));
    }

    /** The memory, valid until {@link #close()}. */
    public MemorySegment segment() {
        if (freed) {
            throw new IllegalStateException("pinned buffer already freed");
        }
        return segment;
    }

    public long bytes() {
        return segment.byteSize();
    }

    @Override
    public void close() {
        if (!freed) {
            freed = true;
            CudaException.check(cuda_h.cuMemFreeHost(segment), "cuMemFreeHost");
        }
    }
}
