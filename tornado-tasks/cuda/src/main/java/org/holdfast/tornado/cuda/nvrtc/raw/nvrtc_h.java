package org.holdfast.tornado.cuda.nvrtc.raw;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import org.holdfast.ffi.NativeLibrary;

/**
 * The part of {@code nvrtc.h} that Holdfast uses, in the style of jextract (see
 * {@link org.holdfast.tornado.cuda.driver.raw.cuda_h}): one method per function, linked lazily, the
 * raw {@code nvrtcResult} returned. {@code nvrtcProgram} is an opaque handle, passed as a 64-bit
 * integer. The library is found by {@link NvrtcLibrary}.
 */
public final class nvrtc_h {

    static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong C_SIZE_T = ValueLayout.JAVA_LONG;
    static final AddressLayout C_POINTER = ValueLayout.ADDRESS;
    /** {@code nvrtcProgram} as a 64-bit integer. */
    static final ValueLayout.OfLong C_HANDLE = ValueLayout.JAVA_LONG;

    // nvrtcResult
    public static final int NVRTC_SUCCESS = 0;
    public static final int NVRTC_ERROR_COMPILATION = 6;

    private nvrtc_h() {
    }

    private static final class Library {
        static final Optional<NativeLibrary> NVRTC = NvrtcLibrary.open();
    }

    /** Whether NVRTC could be loaded; no function links before this is true. */
    public static boolean isLoaded() {
        return Library.NVRTC.isPresent();
    }

    /** The file NVRTC was loaded from, if it was. */
    public static Optional<String> loadedFrom() {
        return Library.NVRTC.map(NativeLibrary::name);
    }

    private static MethodHandle link(FunctionDescriptor descriptor, String symbol) {
        NativeLibrary library = Library.NVRTC.orElseThrow(() -> new IllegalStateException(NvrtcLibrary.notFoundReason()));
        return library.downcall(descriptor, symbol);
    }

    static final FunctionDescriptor nvrtcGetErrorString$DESC = FunctionDescriptor.of(C_POINTER, C_INT);

    private static final class nvrtcGetErrorString {
        static final MethodHandle HANDLE = link(nvrtcGetErrorString$DESC, "nvrtcGetErrorString");
    }

    /** {@code const char *nvrtcGetErrorString(nvrtcResult result)} */
    public static MemorySegment nvrtcGetErrorString(int result) {
        try {
            return (MemorySegment) nvrtcGetErrorString.HANDLE.invokeExact(result);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor nvrtcVersion$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);

    private static final class nvrtcVersion {
        static final MethodHandle HANDLE = link(nvrtcVersion$DESC, "nvrtcVersion");
    }

    /** {@code nvrtcResult nvrtcVersion(int *major, int *minor)} */
    public static int nvrtcVersion(MemorySegment major, MemorySegment minor) {
        try {
            return (int) nvrtcVersion.HANDLE.invokeExact(major, minor);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor nvrtcCreateProgram$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_INT, C_POINTER, C_POINTER);

    private static final class nvrtcCreateProgram {
        static final MethodHandle HANDLE = link(nvrtcCreateProgram$DESC, "nvrtcCreateProgram");
    }

    /** {@code nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name, int numHeaders, const char * const *headers, const char * const *includeNames)} */
    public static int nvrtcCreateProgram(MemorySegment prog, MemorySegment src, MemorySegment name, int numHeaders, MemorySegment headers, MemorySegment includeNames) {
        try {
            return (int) nvrtcCreateProgram.HANDLE.invokeExact(prog, src, name, numHeaders, headers, includeNames);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor nvrtcDestroyProgram$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class nvrtcDestroyProgram {
        static final MethodHandle HANDLE = link(nvrtcDestroyProgram$DESC, "nvrtcDestroyProgram");
    }

    /** {@code nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog)} */
    public static int nvrtcDestroyProgram(MemorySegment prog) {
        try {
            return (int) nvrtcDestroyProgram.HANDLE.invokeExact(prog);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor nvrtcCompileProgram$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_INT, C_POINTER);

    private static final class nvrtcCompileProgram {
        static final MethodHandle HANDLE = link(nvrtcCompileProgram$DESC, "nvrtcCompileProgram");
    }

    /** {@code nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char * const *options)} */
    public static int nvrtcCompileProgram(long prog, int numOptions, MemorySegment options) {
        try {
            return (int) nvrtcCompileProgram.HANDLE.invokeExact(prog, numOptions, options);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor nvrtcGetProgramLogSize$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_POINTER);

    private static final class nvrtcGetProgramLogSize {
        static final MethodHandle HANDLE = link(nvrtcGetProgramLogSize$DESC, "nvrtcGetProgramLogSize");
    }

    /** {@code nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *logSizeRet)} */
    public static int nvrtcGetProgramLogSize(long prog, MemorySegment logSizeRet) {
        try {
            return (int) nvrtcGetProgramLogSize.HANDLE.invokeExact(prog, logSizeRet);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor nvrtcGetProgramLog$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_POINTER);

    private static final class nvrtcGetProgramLog {
        static final MethodHandle HANDLE = link(nvrtcGetProgramLog$DESC, "nvrtcGetProgramLog");
    }

    /** {@code nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log)} */
    public static int nvrtcGetProgramLog(long prog, MemorySegment log) {
        try {
            return (int) nvrtcGetProgramLog.HANDLE.invokeExact(prog, log);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor nvrtcGetCUBINSize$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_POINTER);

    private static final class nvrtcGetCUBINSize {
        static final MethodHandle HANDLE = link(nvrtcGetCUBINSize$DESC, "nvrtcGetCUBINSize");
    }

    /** {@code nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *cubinSizeRet)} */
    public static int nvrtcGetCUBINSize(long prog, MemorySegment cubinSizeRet) {
        try {
            return (int) nvrtcGetCUBINSize.HANDLE.invokeExact(prog, cubinSizeRet);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor nvrtcGetCUBIN$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_POINTER);

    private static final class nvrtcGetCUBIN {
        static final MethodHandle HANDLE = link(nvrtcGetCUBIN$DESC, "nvrtcGetCUBIN");
    }

    /** {@code nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin)} */
    public static int nvrtcGetCUBIN(long prog, MemorySegment cubin) {
        try {
            return (int) nvrtcGetCUBIN.HANDLE.invokeExact(prog, cubin);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }
}
