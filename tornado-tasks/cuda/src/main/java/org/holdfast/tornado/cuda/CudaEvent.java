package org.holdfast.tornado.cuda;

import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/** A timing event, destroyed on {@link #close()}: the device clock between two of them is what Holdfast reports. */
public final class CudaEvent implements AutoCloseable {

    private final long handle;
    private boolean destroyed;

    private CudaEvent(long handle) {
        this.handle = handle;
    }

    public static CudaEvent create(CudaContext context) {
        context.makeCurrent();
        Allocations.counted();
        return new CudaEvent(OutParameter.longValue("cuEventCreate", out -> cuda_h.cuEventCreate(out, cuda_h.CU_EVENT_DEFAULT)));
    }

    /** Marks the point the stream has reached: the event completes when the work queued before it has run. */
    public void record(CudaStream stream) {
        CudaException.check(cuda_h.cuEventRecord(handle, stream.handle()), "cuEventRecord");
    }

    /** Waits for the event to complete; returns at once if it was never recorded. */
    public void synchronize() {
        CudaException.check(cuda_h.cuEventSynchronize(handle), "cuEventSynchronize");
    }

    /**
     * Waits for the event to complete, polling, at most {@code seconds}: whether it completed. A
     * wait with a bound, for work that might never end (a stuck kernel).
     */
    public boolean awaitWithin(double seconds) {
        final long deadline = System.nanoTime() + (long) (seconds * 1e9);
        for (;;) {
            final int state = cuda_h.cuEventQuery(handle);
            if (state == cuda_h.CUDA_SUCCESS) {
                return true;
            }
            if (state != cuda_h.CUDA_ERROR_NOT_READY) {
                CudaException.check(state, "cuEventQuery");
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.onSpinWait();
        }
    }

    /** Device time from {@code start} to this event, both completed, in milliseconds (resolution about 0.5 µs). */
    public float millisSince(CudaEvent start) {
        return OutParameter.floatValue("cuEventElapsedTime_v2", out -> cuda_h.cuEventElapsedTime_v2(out, start.handle, handle));
    }

    /** Device time from {@code start} to this event, in nanoseconds. */
    public long nanosSince(CudaEvent start) {
        return Math.round(millisSince(start) * 1e6);
    }

    /** The {@code CUevent}. */
    public long handle() {
        return handle;
    }

    @Override
    public void close() {
        if (!destroyed) {
            destroyed = true;
            CudaException.check(cuda_h.cuEventDestroy_v2(handle), "cuEventDestroy_v2");
        }
    }
}
