package org.holdfast.bridge.nccl.raw;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import org.holdfast.ffi.NativeLibrary;

/**
 * The C header {@code native-hip/include/holdfast_nccl_probe.h} (the halo exchange between two GPUs, in
 * libholdfast_nccl_bands), mirrored as {@code holdfast_native_h} mirrors its header: the constants, and one
 * static method per function, linked lazily on first use, the raw {@code hf_status} returned. Bound once
 * per process to the library {@code org.holdfast.bridge.nccl.HaloProbe} finds.
 */
public final class holdfast_nccl_probe_h {

    static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    static final AddressLayout C_POINTER = ValueLayout.ADDRESS;

    // how the lines travel
    public static final int HF_NCCL_HALO_IN_KERNEL = 0;
    public static final int HF_NCCL_HALO_HOST = 1;
    public static final int HF_NCCL_HALO_COUNT = 2;

    public static final int HF_NCCL_PROBE_THREADS = 512;
    public static final int HF_NCCL_PROBE_MAX_LINES = 65537;

    private static volatile NativeLibrary library;

    private holdfast_nccl_probe_h() {
    }

    /** Binds every function to the loaded library. Once per process; a second call is refused. */
    public static synchronized void bind(NativeLibrary loaded) {
        if (library != null) {
            throw new IllegalStateException("holdfast_nccl_probe_h is already bound to " + library.name());
        }
        library = loaded;
    }

    /** Whether {@link #bind} has been called; no function links before. */
    public static boolean isBound() {
        return library != null;
    }

    private static MethodHandle link(FunctionDescriptor descriptor, String symbol) {
        NativeLibrary bound = library;
        if (bound == null) {
            throw new IllegalStateException("holdfast_nccl_probe_h." + symbol + " called before bind(): open a HaloProbe first");
        }
        return bound.downcall(descriptor, symbol);
    }

    static final FunctionDescriptor hf_nccl_halo_probe_rank$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_INT,
            C_INT, C_POINTER, C_POINTER);

    private static final class hf_nccl_halo_probe_rank {
        static final MethodHandle HANDLE = link(hf_nccl_halo_probe_rank$DESC, "hf_nccl_halo_probe_rank");
    }

    /** {@code hf_status hf_nccl_halo_probe_rank(void *comm, int32_t transport, int32_t lines, int32_t rounds, void *stream, double *seconds_per_exchange)} */
    public static int hf_nccl_halo_probe_rank(MemorySegment comm, int transport, int lines, int rounds, MemorySegment stream,
            MemorySegment secondsPerExchange) {
        try {
            return (int) hf_nccl_halo_probe_rank.HANDLE.invokeExact(comm, transport, lines, rounds, stream,
                    secondsPerExchange);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_nccl_halo_probe_pair$DESC = FunctionDescriptor.of(C_INT, C_INT, C_INT, C_INT,
            C_POINTER, C_INT, C_POINTER, C_POINTER);

    private static final class hf_nccl_halo_probe_pair {
        static final MethodHandle HANDLE = link(hf_nccl_halo_probe_pair$DESC, "hf_nccl_halo_probe_pair");
    }

    /** {@code hf_status hf_nccl_halo_probe_pair(int32_t gpu_a, int32_t gpu_b, int32_t count, const int32_t *lines, int32_t rounds, double *in_kernel_seconds, double *host_seconds)} */
    public static int hf_nccl_halo_probe_pair(int gpuA, int gpuB, int count, MemorySegment lines, int rounds,
            MemorySegment inKernelSeconds, MemorySegment hostSeconds) {
        try {
            return (int) hf_nccl_halo_probe_pair.HANDLE.invokeExact(gpuA, gpuB, count, lines, rounds, inKernelSeconds,
                    hostSeconds);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_nccl_probe_last_error$DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_LONG);

    private static final class hf_nccl_probe_last_error {
        static final MethodHandle HANDLE = link(hf_nccl_probe_last_error$DESC, "hf_nccl_probe_last_error");
    }

    /** {@code int64_t hf_nccl_probe_last_error(char *buffer, int64_t capacity)} */
    public static long hf_nccl_probe_last_error(MemorySegment buffer, long capacity) {
        try {
            return (long) hf_nccl_probe_last_error.HANDLE.invokeExact(buffer, capacity);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }
}
