package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The C header {@code native-hip/include/holdfast_native.h}, mirrored in the style of jextract:
 * its constants, and one static method per function whose nested holder class keeps the
 * function's {@link FunctionDescriptor} and links its {@link MethodHandle} on first use. Structs
 * are the sibling {@code hf_*} classes. Pointers are {@link MemorySegment}s; {@code const char*}
 * results are zero-length segments (see {@link #string(MemorySegment)}).
 *
 * <p>Nothing here knows where the library is: {@link #bind(SymbolLookup)} must be called once
 * first (org.holdfast.bridge.PersistentBridge does that). Tests compare these constants with the
 * header and the struct layouts with the compiled library.
 */
public final class holdfast_native_h {

    public static final int HF_ABI_VERSION = 1;

    public static final int HF_OK = 0;
    public static final int HF_ERR_INVALID_ARGUMENT = 1;
    public static final int HF_ERR_NO_DEVICE = 2;
    public static final int HF_ERR_UNSUPPORTED = 3;
    public static final int HF_ERR_NOT_CORESIDENT = 4;
    public static final int HF_ERR_WATCHDOG = 5;
    public static final int HF_ERR_OUT_OF_MEMORY = 6;
    public static final int HF_ERR_RUNTIME = 7;
    public static final int HF_STATUS_COUNT = 8;

    public static final int HF_MODE_GRID_COOPERATIVE_GROUPS = 0;
    public static final int HF_MODE_GRID_TWO_SLOT = 1;
    public static final int HF_MODE_HOST_LOCKSTEP = 2;
    public static final int HF_MODE_HOST_NEIGHBOUR = 3;
    public static final int HF_MODE_DATAFLOW = 4;
    public static final int HF_MODE_COUNT = 5;

    public static final int HF_POLL_BUSY = 0;
    public static final int HF_POLL_SLEEP = 1;
    public static final int HF_POLL_COUNT = 2;

    public static final int HF_FAULT_NONE = 0;
    public static final int HF_FAULT_SKIP_GRID_BARRIER = 1;
    public static final int HF_FAULT_NEVER_PUBLISH = 2;
    public static final int HF_FAULT_NEVER_SIGNAL = 3;
    public static final int HF_FAULT_COUNT = 4;

    public static final int HF_WAIT_NONE = 0;
    public static final int HF_WAIT_GRID_BARRIER = 1;
    public static final int HF_WAIT_NEIGHBOUR = 2;
    public static final int HF_WAIT_HOST_TASK = 3;
    public static final int HF_WAIT_DEVICE_DONE = 4;
    public static final int HF_WAIT_KERNEL_EXIT = 5;
    public static final int HF_WAIT_COUNT = 6;

    private static volatile SymbolLookup symbols;

    private holdfast_native_h() {
    }

    /** Binds every function to the loaded library. Once per process; a second call is refused. */
    public static synchronized void bind(SymbolLookup library) {
        if (symbols != null) {
            throw new IllegalStateException("holdfast_native_h is already bound to a library");
        }
        symbols = library;
    }

    public static boolean isBound() {
        return symbols != null;
    }

    /** A {@code const char*} result as a Java string (UTF-8, up to the NUL). */
    @SuppressWarnings("restricted") // the library returns NUL-terminated static strings
    public static String string(MemorySegment cString) {
        return cString.reinterpret(Long.MAX_VALUE).getString(0);
    }

    @SuppressWarnings("restricted") // binding native code is this class's purpose
    private static MethodHandle downcall(String name, FunctionDescriptor descriptor) {
        final SymbolLookup library = symbols;
        if (library == null) {
            throw new IllegalStateException("holdfast_native_h." + name + " called before bind(): open a PersistentBridge first");
        }
        return Linker.nativeLinker().downcallHandle(library.findOrThrow(name), descriptor);
    }

    private static RuntimeException rethrow(Throwable failure) {
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("native call failed", failure);
    }

    // ------------------------------------------------------------------ library and device

    private static final class hf_version {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_version", DESC);
    }

    public static MemorySegment hf_version() {
        try {
            return (MemorySegment) hf_version.HANDLE.invokeExact();
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_abi_version {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT);
        static final MethodHandle HANDLE = downcall("hf_abi_version", DESC);
    }

    public static int hf_abi_version() {
        try {
            return (int) hf_abi_version.HANDLE.invokeExact();
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_runtime_name {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_runtime_name", DESC);
    }

    public static MemorySegment hf_runtime_name() {
        try {
            return (MemorySegment) hf_runtime_name.HANDLE.invokeExact();
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_status_name {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(ADDRESS, JAVA_INT);
        static final MethodHandle HANDLE = downcall("hf_status_name", DESC);
    }

    public static MemorySegment hf_status_name(int status) {
        try {
            return (MemorySegment) hf_status_name.HANDLE.invokeExact(status);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_mode_name {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(ADDRESS, JAVA_INT);
        static final MethodHandle HANDLE = downcall("hf_mode_name", DESC);
    }

    public static MemorySegment hf_mode_name(int mode) {
        try {
            return (MemorySegment) hf_mode_name.HANDLE.invokeExact(mode);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_last_error {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG);
        static final MethodHandle HANDLE = downcall("hf_last_error", DESC);
    }

    public static long hf_last_error(MemorySegment buffer, long capacity) {
        try {
            return (long) hf_last_error.HANDLE.invokeExact(buffer, capacity);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_runtime_version {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_runtime_version", DESC);
    }

    public static int hf_runtime_version(MemorySegment runtimeVersion, MemorySegment driverVersion) {
        try {
            return (int) hf_runtime_version.HANDLE.invokeExact(runtimeVersion, driverVersion);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_device_count {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_device_count", DESC);
    }

    public static int hf_device_count(MemorySegment count) {
        try {
            return (int) hf_device_count.HANDLE.invokeExact(count);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_cooperative_launch_supported {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_cooperative_launch_supported", DESC);
    }

    public static int hf_cooperative_launch_supported(MemorySegment supported) {
        try {
            return (int) hf_cooperative_launch_supported.HANDLE.invokeExact(supported);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_query_capacity {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_query_capacity", DESC);
    }

    public static int hf_query_capacity(int mode, int threadsPerBlock, long dynamicSharedBytes, MemorySegment capacity) {
        try {
            return (int) hf_query_capacity.HANDLE.invokeExact(mode, threadsPerBlock, dynamicSharedBytes, capacity);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    // ------------------------------------------------------------------ persistent runs

    private static final class hf_run {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(
                JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_DOUBLE, ADDRESS, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_run", DESC);
    }

    public static int hf_run(MemorySegment config, MemorySegment u, MemorySegment f, int n, int iterations, double h2,
            MemorySegment stream, MemorySegment report) {
        try {
            return (int) hf_run.HANDLE.invokeExact(config, u, f, n, iterations, h2, stream, report);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    // ------------------------------------------------------------------ standard kernels

    private static final class hf_get_standard_kernels {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_get_standard_kernels", DESC);
    }

    public static int hf_get_standard_kernels(MemorySegment kernels) {
        try {
            return (int) hf_get_standard_kernels.HANDLE.invokeExact(kernels);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_launch_standard {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(
                JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_DOUBLE, JAVA_INT, JAVA_INT, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_launch_standard", DESC);
    }

    public static int hf_launch_standard(MemorySegment u, MemorySegment f, int n, int iterations, double h2, int blocks,
            int threadsPerBlock, MemorySegment stream) {
        try {
            return (int) hf_launch_standard.HANDLE.invokeExact(u, f, n, iterations, h2, blocks, threadsPerBlock, stream);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_launch_benchmark {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_launch_benchmark", DESC);
    }

    public static int hf_launch_benchmark(int count, MemorySegment stream, MemorySegment queuedSecondsPerLaunch,
            MemorySegment syncedSecondsPerLaunch) {
        try {
            return (int) hf_launch_benchmark.HANDLE.invokeExact(count, stream, queuedSecondsPerLaunch, syncedSecondsPerLaunch);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    // ------------------------------------------------------------------ test and diagnostic helpers

    private static final class hf_device_alloc {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_device_alloc", DESC);
    }

    public static int hf_device_alloc(long bytes, MemorySegment pointer) {
        try {
            return (int) hf_device_alloc.HANDLE.invokeExact(bytes, pointer);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_device_free {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_device_free", DESC);
    }

    public static int hf_device_free(MemorySegment pointer) {
        try {
            return (int) hf_device_free.HANDLE.invokeExact(pointer);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_copy_to_device {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG);
        static final MethodHandle HANDLE = downcall("hf_copy_to_device", DESC);
    }

    public static int hf_copy_to_device(MemorySegment deviceDestination, MemorySegment hostSource, long bytes) {
        try {
            return (int) hf_copy_to_device.HANDLE.invokeExact(deviceDestination, hostSource, bytes);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_copy_to_host {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG);
        static final MethodHandle HANDLE = downcall("hf_copy_to_host", DESC);
    }

    public static int hf_copy_to_host(MemorySegment hostDestination, MemorySegment deviceSource, long bytes) {
        try {
            return (int) hf_copy_to_host.HANDLE.invokeExact(hostDestination, deviceSource, bytes);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static final class hf_abi_describe {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(ADDRESS);
        static final MethodHandle HANDLE = downcall("hf_abi_describe", DESC);
    }

    public static MemorySegment hf_abi_describe() {
        try {
            return (MemorySegment) hf_abi_describe.HANDLE.invokeExact();
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }
}
