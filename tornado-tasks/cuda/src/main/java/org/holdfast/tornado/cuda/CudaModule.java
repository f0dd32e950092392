package org.holdfast.tornado.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/** Loaded device code (a CUBIN, fatbin or PTX image), unloaded on {@link #close()}. */
public final class CudaModule implements AutoCloseable {

    private final long handle;
    private boolean unloaded;

    private CudaModule(long handle) {
        this.handle = handle;
    }

    /** Loads {@code image} into {@code context}; the driver keeps its own copy. */
    public static CudaModule load(CudaContext context, byte[] image) {
        context.makeCurrent();
        try (Arena arena = Arena.ofConfined()) {
            // One zero byte more: PTX is read as a C string; CUBIN and fatbin ignore it.
            MemorySegment copy = arena.allocate(image.length + 1L);
            MemorySegment.copy(image, 0, copy, ValueLayout.JAVA_BYTE, 0, image.length);
            return new CudaModule(OutParameter.longValue("cuModuleLoadData", out -> cuda_h.cuModuleLoadData(out, copy)));
        }
    }

    /** The {@code extern "C"} kernel {@code name}; valid while the module is loaded. */
    public CudaFunction function(String name) {
        if (unloaded) {
            throw new IllegalStateException("module already unloaded");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cName = arena.allocateFrom(name);
            return new CudaFunction(OutParameter.longValue("cuModuleGetFunction(" + name + ")",
                    out -> cuda_h.cuModuleGetFunction(out, handle, cName)), name);
        }
    }

    /** The {@code CUmodule}. */
    public long handle() {
        return handle;
    }

    @Override
    public void close() {
        if (!unloaded) {
            unloaded = true;
            CudaException.check(cuda_h.cuModuleUnload(handle), "cuModuleUnload");
        }
    }
}
