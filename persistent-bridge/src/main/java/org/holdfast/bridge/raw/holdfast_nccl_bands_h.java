package org.holdfast.bridge.raw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.holdfast.ffi.NativeLibrary;

/**
 * The C header {@code native-hip/include/holdfast_nccl_bands.h}: the band kernels' receive buffers as
 * NCCL symmetric memory windows, in libholdfast_nccl_bands, a library of its own (built only where NCCL
 * 2.28+ with its device API is found, so that libholdfast_native never needs NCCL). Mirrored as
 * {@link holdfast_native_h} is, bound to that library by {@link #bind}.
 */
public final class holdfast_nccl_bands_h {

    private static volatile NativeLibrary library;

    private holdfast_nccl_bands_h() {
    }

    /** Binds every function to the loaded libholdfast_nccl_bands. Once per process; a second call is refused. */
    public static synchronized void bind(NativeLibrary loaded) {
        if (library != null) {
            throw new IllegalStateException("holdfast_nccl_bands_h is already bound to " + library.name());
        }
        library = loaded;
    }

    /** Whether {@link #bind} has been called. */
    public static boolean isBound() {
        return library != null;
    }

    private static MethodHandle link(FunctionDescriptor descriptor, String symbol) {
        NativeLibrary bound = library;
        if (bound == null) {
            throw new IllegalStateException("holdfast_nccl_bands_h." + symbol + " called before bind(): open an NcclBandWindows first");
        }
        return bound.downcall(descriptor, symbol);
    }

    static final FunctionDescriptor hf_nccl_band_window_open$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_LONG, holdfast_native_h.C_POINTER);

    private static final class hf_nccl_band_window_open {
        static final MethodHandle HANDLE = link(hf_nccl_band_window_open$DESC, "hf_nccl_band_window_open");
    }

    /** {@code hf_status hf_nccl_band_window_open(void *comm, int64_t bytes, hf_nccl_band_window **window)} */
    public static int hf_nccl_band_window_open(MemorySegment comm, long bytes, MemorySegment window) {
        try {
            return (int) hf_nccl_band_window_open.HANDLE.invokeExact(comm, bytes, window);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_nccl_band_window_peers$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_INT, holdfast_native_h.C_POINTER);

    private static final class hf_nccl_band_window_peers {
        static final MethodHandle HANDLE = link(hf_nccl_band_window_peers$DESC, "hf_nccl_band_window_peers");
    }

    /** {@code hf_status hf_nccl_band_window_peers(const hf_nccl_band_window *window, int32_t ranks, void **pointers)} */
    public static int hf_nccl_band_window_peers(MemorySegment window, int ranks, MemorySegment pointers) {
        try {
            return (int) hf_nccl_band_window_peers.HANDLE.invokeExact(window, ranks, pointers);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_nccl_band_window_route$DESC = FunctionDescriptor.of(holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER);

    private static final class hf_nccl_band_window_route {
        static final MethodHandle HANDLE = link(hf_nccl_band_window_route$DESC, "hf_nccl_band_window_route");
    }

    /** {@code const char *hf_nccl_band_window_route(const hf_nccl_band_window *window)} */
    public static MemorySegment hf_nccl_band_window_route(MemorySegment window) {
        try {
            return (MemorySegment) hf_nccl_band_window_route.HANDLE.invokeExact(window);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_nccl_band_window_close$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER);

    private static final class hf_nccl_band_window_close {
        static final MethodHandle HANDLE = link(hf_nccl_band_window_close$DESC, "hf_nccl_band_window_close");
    }

    /** {@code hf_status hf_nccl_band_window_close(hf_nccl_band_window *window)} */
    public static int hf_nccl_band_window_close(MemorySegment window) {
        try {
            return (int) hf_nccl_band_window_close.HANDLE.invokeExact(window);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_nccl_bands_last_error$DESC = FunctionDescriptor.of(holdfast_native_h.C_LONG, holdfast_native_h.C_POINTER, holdfast_native_h.C_LONG);

    private static final class hf_nccl_bands_last_error {
        static final MethodHandle HANDLE = link(hf_nccl_bands_last_error$DESC, "hf_nccl_bands_last_error");
    }

    /** {@code int64_t hf_nccl_bands_last_error(char *buffer, int64_t capacity)} */
    public static long hf_nccl_bands_last_error(MemorySegment buffer, long capacity) {
        try {
            return (long) hf_nccl_bands_last_error.HANDLE.invokeExact(buffer, capacity);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }
}
