package org.holdfast.tornado.cuda;

import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * A stream that does not synchronise with the legacy default stream, destroyed on {@link #close()}.
 * Work queued on one stream runs in order.
 */
public final class CudaStream implements AutoCloseable {

    private final long handle;
    private boolean destroyed;

    private CudaStream(long handle) {
        this.handle = handle;
    }

    public static CudaStream create(CudaContext context) {
        context.makeCurrent();
        Allocations.counted();
        return new CudaStream(OutParameter.longValue("cuStreamCreate",
                out -> cuda_h.cuStreamCreate(out, cuda_h.CU_STREAM_NON_BLOCKING)));
    }

    /** The {@code CUstream}, for native code that launches on the same stream. */
    public long handle() {
        return handle;
    }

    /** Waits until everything queued so far has run. */
    public void synchronize() {
        CudaException.check(cuda_h.cuStreamSynchronize(handle), "cuStreamSynchronize");
    }

    @Override
    public void close() {
        if (!destroyed) {
            destroyed = true;
            CudaException.check(cuda_h.cuStreamDestroy_v2(handle), "cuStreamDestroy_v2");
        }
    }
}
