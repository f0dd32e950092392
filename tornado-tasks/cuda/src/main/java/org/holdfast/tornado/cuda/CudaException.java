package org.holdfast.tornado.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.BiFunction;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * A driver call that did not return {@code CUDA_SUCCESS}. The message names the call and the error
 * as the driver names it: {@code cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)}.
 */
public final class CudaException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String call;
    private final int code;

    CudaException(String call, int code, String message) {
        super(message);
        this.call = call;
        this.code = code;
    }

    /** Throws a {@code CudaException} for {@code call} unless {@code result} is {@code CUDA_SUCCESS}. */
    public static void check(int result, String call) {
        if (result != cuda_h.CUDA_SUCCESS) {
            throw failure(call, result);
        }
    }

    /** The exception for {@code call} returning {@code code}, named by the driver when it can. */
    public static CudaException failure(String call, int code) {
        return new CudaException(call, code, message(call, code, driverString(cuda_h::cuGetErrorName, code),
                driverString(cuda_h::cuGetErrorString, code)));
    }

    /**
     * The message for {@code call} returning {@code code}. {@code name} and {@code description} come
     * from {@code cuGetErrorName} and {@code cuGetErrorString}; either may be null when the driver
     * cannot say, and then the name comes from {@link CudaError}.
     */
    static String message(String call, int code, String name, String description) {
        CudaError error = CudaError.of(code);
        String known = error == CudaError.UNKNOWN && code != CudaError.UNKNOWN.code() ? "CUresult " + code : error.headerName();
        String label = name != null ? name : known;
        return call + " failed: " + label + (description != null ? " (" + description + ")" : "");
    }

    /** The driver call that failed, as named in the message. */
    public String call() {
        return call;
    }

    /** The error by name; {@link CudaError#UNKNOWN} for a code the enum does not know. */
    public CudaError error() {
        return CudaError.of(code);
    }

    /** The numeric {@code CUresult}, kept even when {@link #error()} is {@code UNKNOWN}. */
    public int code() {
        return code;
    }

    /** One of the driver's error strings, or null when the driver is absent or does not know the code. */
    @SuppressWarnings("restricted")
    private static String driverString(BiFunction<Integer, MemorySegment, Integer> query, int code) {
        if (!cuda_h.isLoaded()) {
            return null;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            if (query.apply(code, out) != cuda_h.CUDA_SUCCESS) {
                return null;
            }
            MemorySegment text = out.get(ValueLayout.ADDRESS, 0);
            return text.equals(MemorySegment.NULL) ? null : text.reinterpret(Long.MAX_VALUE).getString(0);
        } catch (RuntimeException | LinkageError unavailable) {
            return null;
        }
    }
}
