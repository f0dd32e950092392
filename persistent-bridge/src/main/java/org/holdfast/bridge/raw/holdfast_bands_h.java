package org.holdfast.bridge.raw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.holdfast.ffi.NativeLibrary;

/**
 * The C header {@code native-hip/include/holdfast_bands.h}, the band kernels and band sessions of
 * libholdfast_native, mirrored as {@link holdfast_native_h} is: one static method per function, linked
 * lazily on first use (through the library {@link holdfast_native_h#bind} bound), the raw status
 * returned. Structs are {@link hf_bands_config}, {@link hf_band_layout} and {@link hf_bands_session_info};
 * reports are {@link hf_run_report}s.
 */
public final class holdfast_bands_h {

    // how a band computes the k half-sweeps between two exchanges (hf_bands_config.pass)
    public static final int HF_BAND_PASS_HALF_SWEEPS = 0;
    public static final int HF_BAND_PASS_TEMPORAL = 1;
    /** The k a temporal band pass is built for, as the header spells them. */
    public static final String HF_BAND_TEMPORAL_DEPTHS = "1, 2, 3, 4, 6, 8, 12, 16";

    private holdfast_bands_h() {
    }

    static final FunctionDescriptor hf_band_layout_of$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_INT, holdfast_native_h.C_INT, holdfast_native_h.C_INT, holdfast_native_h.C_INT, holdfast_native_h.C_POINTER);

    private static final class hf_band_layout_of {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_band_layout_of$DESC, "hf_band_layout_of");
    }

    /** {@code hf_status hf_band_layout_of(int32_t n, int32_t bands, int32_t ghost_rows, int32_t band, hf_band_layout *layout)} */
    public static int hf_band_layout_of(int n, int bands, int ghostRows, int band, MemorySegment layout) {
        try {
            return (int) hf_band_layout_of.HANDLE.invokeExact(n, bands, ghostRows, band, layout);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_band_exchange_count$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_INT, holdfast_native_h.C_INT);

    private static final class hf_band_exchange_count {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_band_exchange_count$DESC, "hf_band_exchange_count");
    }

    /** {@code int32_t hf_band_exchange_count(int32_t iterations, int32_t ghost_rows)} */
    public static int hf_band_exchange_count(int iterations, int ghostRows) {
        try {
            return (int) hf_band_exchange_count.HANDLE.invokeExact(iterations, ghostRows);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_bands_run_one_device$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER);

    private static final class hf_bands_run_one_device {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_bands_run_one_device$DESC, "hf_bands_run_one_device");
    }

    /** {@code hf_status hf_bands_run_one_device(const hf_problem *problem, const hf_bands_config *config, double *u, const double *f, int32_t iterations, void *stream, hf_run_report *report)} */
    public static int hf_bands_run_one_device(MemorySegment problem, MemorySegment config, MemorySegment u, MemorySegment f, int iterations, MemorySegment stream, MemorySegment report) {
        try {
            return (int) hf_bands_run_one_device.HANDLE.invokeExact(problem, config, u, f, iterations, stream, report);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_band_run$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_INT, holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER);

    private static final class hf_band_run {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_band_run$DESC, "hf_band_run");
    }

    /** {@code hf_status hf_band_run(const hf_problem *problem, const hf_bands_config *config, int32_t band, double *band_u, const double *band_f, void *const *receive, uint32_t flag_base, int32_t iterations, void *stream, hf_run_report *report)} */
    public static int hf_band_run(MemorySegment problem, MemorySegment config, int band, MemorySegment bandU, MemorySegment bandF, MemorySegment receive, int flagBase, int iterations, MemorySegment stream, MemorySegment report) {
        try {
            return (int) hf_band_run.HANDLE.invokeExact(problem, config, band, bandU, bandF, receive, flagBase, iterations, stream, report);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_bands_session_open$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER);

    private static final class hf_bands_session_open {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_bands_session_open$DESC, "hf_bands_session_open");
    }

    /** {@code hf_status hf_bands_session_open(const hf_problem *problem, const hf_bands_config *config, void *stream, hf_bands_session **session)} */
    public static int hf_bands_session_open(MemorySegment problem, MemorySegment config, MemorySegment stream, MemorySegment session) {
        try {
            return (int) hf_bands_session_open.HANDLE.invokeExact(problem, config, stream, session);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_band_session_open$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER);

    private static final class hf_band_session_open {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_band_session_open$DESC, "hf_band_session_open");
    }

    /** {@code hf_status hf_band_session_open(const hf_problem *problem, const hf_bands_config *config, int32_t band, void *const *receive, void *stream, hf_bands_session **session)} */
    public static int hf_band_session_open(MemorySegment problem, MemorySegment config, int band, MemorySegment receive, MemorySegment stream, MemorySegment session) {
        try {
            return (int) hf_band_session_open.HANDLE.invokeExact(problem, config, band, receive, stream, session);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_bands_session_info_of$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER);

    private static final class hf_bands_session_info_of {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_bands_session_info_of$DESC, "hf_bands_session_info_of");
    }

    /** {@code hf_status hf_bands_session_info_of(const hf_bands_session *session, hf_bands_session_info *info)} */
    public static int hf_bands_session_info_of(MemorySegment session, MemorySegment info) {
        try {
            return (int) hf_bands_session_info_of.HANDLE.invokeExact(session, info);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_bands_session_load$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER);

    private static final class hf_bands_session_load {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_bands_session_load$DESC, "hf_bands_session_load");
    }

    /** {@code hf_status hf_bands_session_load(hf_bands_session *session, const double *u, const double *f)} */
    public static int hf_bands_session_load(MemorySegment session, MemorySegment u, MemorySegment f) {
        try {
            return (int) hf_bands_session_load.HANDLE.invokeExact(session, u, f);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_bands_session_run$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_INT, holdfast_native_h.C_POINTER);

    private static final class hf_bands_session_run {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_bands_session_run$DESC, "hf_bands_session_run");
    }

    /** {@code hf_status hf_bands_session_run(hf_bands_session *session, int32_t iterations, hf_run_report *report)} */
    public static int hf_bands_session_run(MemorySegment session, int iterations, MemorySegment report) {
        try {
            return (int) hf_bands_session_run.HANDLE.invokeExact(session, iterations, report);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_bands_session_unload$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER, holdfast_native_h.C_POINTER);

    private static final class hf_bands_session_unload {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_bands_session_unload$DESC, "hf_bands_session_unload");
    }

    /** {@code hf_status hf_bands_session_unload(hf_bands_session *session, double *u)} */
    public static int hf_bands_session_unload(MemorySegment session, MemorySegment u) {
        try {
            return (int) hf_bands_session_unload.HANDLE.invokeExact(session, u);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_bands_session_close$DESC = FunctionDescriptor.of(holdfast_native_h.C_INT, holdfast_native_h.C_POINTER);

    private static final class hf_bands_session_close {
        static final MethodHandle HANDLE = holdfast_native_h.link(hf_bands_session_close$DESC, "hf_bands_session_close");
    }

    /** {@code hf_status hf_bands_session_close(hf_bands_session *session)} */
    public static int hf_bands_session_close(MemorySegment session) {
        try {
            return (int) hf_bands_session_close.HANDLE.invokeExact(session);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }
}
