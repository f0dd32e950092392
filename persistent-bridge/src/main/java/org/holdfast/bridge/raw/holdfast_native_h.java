package org.holdfast.bridge.raw;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import org.holdfast.ffi.NativeLibrary;

/**
 * The C header {@code native-hip/include/holdfast_native.h}, mirrored in the style of jextract and
 * of the CUDA driver's {@code cuda_h}: its constants, and one static method per function, each
 * linked lazily on first use through a nested holder class, the raw {@code hf_status} returned.
 * Structs are the sibling {@code hf_*} classes. Pointers are {@link MemorySegment}s; a
 * {@code const char*} result reads with {@link NativeLibrary#string(MemorySegment)}.
 *
 * <p>Unlike the driver, whose file name is fixed, libholdfast_native is found by a search (see
 * {@code org.holdfast.bridge.NativeLibraryLocator}), which then {@link #bind binds} this class to
 * it once. Tests compare these constants with the header and the struct layouts with the compiled
 * library.
 */
public final class holdfast_native_h {

    static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    static final ValueLayout.OfDouble C_DOUBLE = ValueLayout.JAVA_DOUBLE;
    static final AddressLayout C_POINTER = ValueLayout.ADDRESS;

    public static final int HF_ABI_VERSION = 8;

    // hf_status
    public static final int HF_OK = 0;
    public static final int HF_ERR_INVALID_ARGUMENT = 1;
    public static final int HF_ERR_NO_DEVICE = 2;
    public static final int HF_ERR_UNSUPPORTED = 3;
    public static final int HF_ERR_NOT_CORESIDENT = 4;
    public static final int HF_ERR_WATCHDOG = 5;
    public static final int HF_ERR_OUT_OF_MEMORY = 6;
    public static final int HF_ERR_RUNTIME = 7;
    public static final int HF_ERR_INCOMPLETE_WORK = 8;
    public static final int HF_STATUS_COUNT = 9;

    // the problem kinds
    public static final int HF_PROBLEM_POISSON_2D = 0;
    public static final int HF_PROBLEM_POISSON_3D = 1;
    public static final int HF_PROBLEM_COUNT = 2;

    // traits (bits)
    public static final int HF_TRAIT_HOST_FLAGS = 1;
    public static final int HF_TRAIT_COOPERATIVE = 2;
    public static final int HF_TRAIT_CLUSTER = 4;
    public static final int HF_TRAIT_WATCHDOG = 8;
    public static final int HF_TRAIT_CUDA_ONLY = 16;
    public static final int HF_TRAIT_TWO_BUFFERS = 32;
    public static final int HF_TRAIT_SWEEPS = 64;
    public static final int HF_TRAIT_BANDS_ON_CHIP = 128;
    public static final int HF_TRAIT_COUNT = 8;

    // work split
    public static final int HF_SPLIT_GRID_STRIDE = 0;
    public static final int HF_SPLIT_ROW_BANDS = 1;
    public static final int HF_SPLIT_COUNT = 2;

    // host polling
    public static final int HF_POLL_BUSY = 0;
    public static final int HF_POLL_SLEEP = 1;
    public static final int HF_POLL_COUNT = 2;

    // faults
    public static final int HF_FAULT_NONE = 0;
    public static final int HF_FAULT_SKIP_GRID_BARRIER = 1;
    public static final int HF_FAULT_NEVER_PUBLISH = 2;
    public static final int HF_FAULT_NEVER_SIGNAL = 3;
    public static final int HF_FAULT_SKIP_HALF_SWEEP = 4;
    public static final int HF_FAULT_OUTLAST_DEADLINE = 5;
    public static final int HF_FAULT_COUNT = 6;

    // waits
    public static final int HF_WAIT_NONE = 0;
    public static final int HF_WAIT_GRID_BARRIER = 1;
    public static final int HF_WAIT_NEIGHBOUR = 2;
    public static final int HF_WAIT_HOST_TASK = 3;
    public static final int HF_WAIT_DEVICE_DONE = 4;
    public static final int HF_WAIT_KERNEL_EXIT = 5;
    public static final int HF_WAIT_COUNT = 6;

    // LL line forms (hf_probe_halo_exchange_form)
    public static final int HF_LL_LINE_V2_B64 = 0;
    public static final int HF_LL_LINE_V4_U32 = 1;
    public static final int HF_LL_LINE_TWO_B64 = 2;
    public static final int HF_LL_LINE_COUNT = 3;

    private static volatile NativeLibrary library;

    private holdfast_native_h() {
    }

    /** Binds every function to the loaded library. Once per process; a second call is refused. */
    public static synchronized void bind(NativeLibrary loaded) {
        if (library != null) {
            throw new IllegalStateException("holdfast_native_h is already bound to " + library.name());
        }
        library = loaded;
    }

    /** Whether {@link #bind} has been called; no function links before. */
    public static boolean isBound() {
        return library != null;
    }

    /** Links {@code symbol} of the bound library; holdfast_bands_h, a second header of the same library, links through it. */
    static MethodHandle link(FunctionDescriptor descriptor, String symbol) {
        NativeLibrary bound = library;
        if (bound == null) {
            throw new IllegalStateException("holdfast_native_h." + symbol + " called before bind(): open a PersistentBridge first");
        }
        return bound.downcall(descriptor, symbol);
    }

    // ------------------------------------------------------------------ library and device

    static final FunctionDescriptor hf_version$DESC = FunctionDescriptor.of(C_POINTER);

    private static final class hf_version {
        static final MethodHandle HANDLE = link(hf_version$DESC, "hf_version");
    }

    /** {@code const char *hf_version(void)} */
    public static MemorySegment hf_version() {
        try {
            return (MemorySegment) hf_version.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_abi_version$DESC = FunctionDescriptor.of(C_INT);

    private static final class hf_abi_version {
        static final MethodHandle HANDLE = link(hf_abi_version$DESC, "hf_abi_version");
    }

    /** {@code int32_t hf_abi_version(void)} */
    public static int hf_abi_version() {
        try {
            return (int) hf_abi_version.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_runtime_name$DESC = FunctionDescriptor.of(C_POINTER);

    private static final class hf_runtime_name {
        static final MethodHandle HANDLE = link(hf_runtime_name$DESC, "hf_runtime_name");
    }

    /** {@code const char *hf_runtime_name(void)} */
    public static MemorySegment hf_runtime_name() {
        try {
            return (MemorySegment) hf_runtime_name.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_status_name$DESC = FunctionDescriptor.of(C_POINTER, C_INT);

    private static final class hf_status_name {
        static final MethodHandle HANDLE = link(hf_status_name$DESC, "hf_status_name");
    }

    /** {@code const char *hf_status_name(hf_status status)} */
    public static MemorySegment hf_status_name(int status) {
        try {
            return (MemorySegment) hf_status_name.HANDLE.invokeExact(status);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_last_error$DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_LONG);

    private static final class hf_last_error {
        static final MethodHandle HANDLE = link(hf_last_error$DESC, "hf_last_error");
    }

    /** {@code int64_t hf_last_error(char *buffer, int64_t capacity)} */
    public static long hf_last_error(MemorySegment buffer, long capacity) {
        try {
            return (long) hf_last_error.HANDLE.invokeExact(buffer, capacity);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_runtime_version$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);

    private static final class hf_runtime_version {
        static final MethodHandle HANDLE = link(hf_runtime_version$DESC, "hf_runtime_version");
    }

    /** {@code hf_status hf_runtime_version(int32_t *runtime_version, int32_t *driver_version)} */
    public static int hf_runtime_version(MemorySegment runtimeVersion, MemorySegment driverVersion) {
        try {
            return (int) hf_runtime_version.HANDLE.invokeExact(runtimeVersion, driverVersion);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_device_count$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class hf_device_count {
        static final MethodHandle HANDLE = link(hf_device_count$DESC, "hf_device_count");
    }

    /** {@code hf_status hf_device_count(int32_t *count)} */
    public static int hf_device_count(MemorySegment count) {
        try {
            return (int) hf_device_count.HANDLE.invokeExact(count);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_cooperative_launch_supported$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class hf_cooperative_launch_supported {
        static final MethodHandle HANDLE = link(hf_cooperative_launch_supported$DESC, "hf_cooperative_launch_supported");
    }

    /** {@code hf_status hf_cooperative_launch_supported(int32_t *supported)} */
    public static int hf_cooperative_launch_supported(MemorySegment supported) {
        try {
            return (int) hf_cooperative_launch_supported.HANDLE.invokeExact(supported);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    // ------------------------------------------------------------------ the variant table

    static final FunctionDescriptor hf_variant_count$DESC = FunctionDescriptor.of(C_INT);

    private static final class hf_variant_count {
        static final MethodHandle HANDLE = link(hf_variant_count$DESC, "hf_variant_count");
    }

    /** {@code int32_t hf_variant_count(void)} */
    public static int hf_variant_count() {
        try {
            return (int) hf_variant_count.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_variant_at$DESC = FunctionDescriptor.of(C_INT, C_INT, C_POINTER);

    private static final class hf_variant_at {
        static final MethodHandle HANDLE = link(hf_variant_at$DESC, "hf_variant_at");
    }

    /** {@code hf_status hf_variant_at(int32_t index, hf_variant_info *info)} */
    public static int hf_variant_at(int index, MemorySegment info) {
        try {
            return (int) hf_variant_at.HANDLE.invokeExact(index, info);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    // ------------------------------------------------------------------ persistent runs

    static final FunctionDescriptor hf_session_open$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER);

    private static final class hf_session_open {
        static final MethodHandle HANDLE = link(hf_session_open$DESC, "hf_session_open");
    }

    /** {@code hf_status hf_session_open(const hf_problem *problem, const hf_run_config *config, void *stream, hf_session **session)} */
    public static int hf_session_open(MemorySegment problem, MemorySegment config, MemorySegment stream, MemorySegment session) {
        try {
            return (int) hf_session_open.HANDLE.invokeExact(problem, config, stream, session);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_session_plan$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);

    private static final class hf_session_plan {
        static final MethodHandle HANDLE = link(hf_session_plan$DESC, "hf_session_plan");
    }

    /** {@code hf_status hf_session_plan(const hf_session *session, hf_plan *plan)} */
    public static int hf_session_plan(MemorySegment session, MemorySegment plan) {
        try {
            return (int) hf_session_plan.HANDLE.invokeExact(session, plan);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_session_run$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_INT, C_POINTER);

    private static final class hf_session_run {
        static final MethodHandle HANDLE = link(hf_session_run$DESC, "hf_session_run");
    }

    /** {@code hf_status hf_session_run(hf_session *session, double *u, const double *f, int32_t iterations, hf_run_report *report)} */
    public static int hf_session_run(MemorySegment session, MemorySegment u, MemorySegment f, int iterations, MemorySegment report) {
        try {
            return (int) hf_session_run.HANDLE.invokeExact(session, u, f, iterations, report);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_session_close$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class hf_session_close {
        static final MethodHandle HANDLE = link(hf_session_close$DESC, "hf_session_close");
    }

    /** {@code hf_status hf_session_close(hf_session *session)} */
    public static int hf_session_close(MemorySegment session) {
        try {
            return (int) hf_session_close.HANDLE.invokeExact(session);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_run$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_INT, C_POINTER, C_POINTER, C_POINTER);

    private static final class hf_run {
        static final MethodHandle HANDLE = link(hf_run$DESC, "hf_run");
    }

    /** {@code hf_status hf_run(const hf_problem *problem, const hf_run_config *config, double *u, const double *f, int32_t iterations, void *stream, hf_plan *plan, hf_run_report *report)} */
    public static int hf_run(MemorySegment problem, MemorySegment config, MemorySegment u, MemorySegment f, int iterations, MemorySegment stream, MemorySegment plan, MemorySegment report) {
        try {
            return (int) hf_run.HANDLE.invokeExact(problem, config, u, f, iterations, stream, plan, report);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_plan_run$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER);

    private static final class hf_plan_run {
        static final MethodHandle HANDLE = link(hf_plan_run$DESC, "hf_plan_run");
    }

    /** {@code hf_status hf_plan_run(const hf_problem *problem, const hf_run_config *config, hf_plan *plan)} */
    public static int hf_plan_run(MemorySegment problem, MemorySegment config, MemorySegment plan) {
        try {
            return (int) hf_plan_run.HANDLE.invokeExact(problem, config, plan);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_plan_twin$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_INT, C_POINTER);

    private static final class hf_plan_twin {
        static final MethodHandle HANDLE = link(hf_plan_twin$DESC, "hf_plan_twin");
    }

    /** {@code hf_status hf_plan_twin(const hf_problem *problem, const hf_run_config *config, int32_t blocks_per_sm, hf_plan *plan)} */
    public static int hf_plan_twin(MemorySegment problem, MemorySegment config, int blocks_per_sm, MemorySegment plan) {
        try {
            return (int) hf_plan_twin.HANDLE.invokeExact(problem, config, blocks_per_sm, plan);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_allocation_count$DESC = FunctionDescriptor.of(C_LONG);

    private static final class hf_allocation_count {
        static final MethodHandle HANDLE = link(hf_allocation_count$DESC, "hf_allocation_count");
    }

    /** {@code int64_t hf_allocation_count(void)} */
    public static long hf_allocation_count() {
        try {
            return (long) hf_allocation_count.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    // ------------------------------------------------------------------ kernels by name

    static final FunctionDescriptor hf_get_kernel$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);

    private static final class hf_get_kernel {
        static final MethodHandle HANDLE = link(hf_get_kernel$DESC, "hf_get_kernel");
    }

    /** {@code hf_status hf_get_kernel(const char *name, void **function)} */
    public static int hf_get_kernel(MemorySegment name, MemorySegment function) {
        try {
            return (int) hf_get_kernel.HANDLE.invokeExact(name, function);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_launch_standard$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_INT, C_INT, C_DOUBLE, C_INT, C_INT, C_POINTER);

    private static final class hf_launch_standard {
        static final MethodHandle HANDLE = link(hf_launch_standard$DESC, "hf_launch_standard");
    }

    /** {@code hf_status hf_launch_standard(double *u, const double *f, int32_t n, int32_t iterations, double h2, int32_t blocks, int32_t threads_per_block, void *stream)} */
    public static int hf_launch_standard(MemorySegment u, MemorySegment f, int n, int iterations, double h2, int blocks, int threadsPerBlock, MemorySegment stream) {
        try {
            return (int) hf_launch_standard.HANDLE.invokeExact(u, f, n, iterations, h2, blocks, threadsPerBlock, stream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_launch_benchmark$DESC = FunctionDescriptor.of(C_INT, C_INT, C_POINTER, C_POINTER, C_POINTER);

    private static final class hf_launch_benchmark {
        static final MethodHandle HANDLE = link(hf_launch_benchmark$DESC, "hf_launch_benchmark");
    }

    /** {@code hf_status hf_launch_benchmark(int32_t count, void *stream, double *queued_seconds_per_launch, double *synced_seconds_per_launch)} */
    public static int hf_launch_benchmark(int count, MemorySegment stream, MemorySegment queuedSecondsPerLaunch, MemorySegment syncedSecondsPerLaunch) {
        try {
            return (int) hf_launch_benchmark.HANDLE.invokeExact(count, stream, queuedSecondsPerLaunch, syncedSecondsPerLaunch);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    // ------------------------------------------------------------------ overhead probes

    static final FunctionDescriptor hf_probe_halo_exchange$DESC = FunctionDescriptor.of(C_INT, C_INT, C_INT, C_INT, C_INT,
            C_POINTER, C_POINTER);

    private static final class hf_probe_halo_exchange {
        static final MethodHandle HANDLE = link(hf_probe_halo_exchange$DESC, "hf_probe_halo_exchange");
    }

    /** {@code hf_status hf_probe_halo_exchange(int32_t blocks, int32_t threads_per_block, int32_t lines, int32_t rounds, void *stream, double *seconds_per_round)} */
    public static int hf_probe_halo_exchange(int blocks, int threadsPerBlock, int lines, int rounds, MemorySegment stream,
            MemorySegment secondsPerRound) {
        try {
            return (int) hf_probe_halo_exchange.HANDLE.invokeExact(blocks, threadsPerBlock, lines, rounds, stream,
                    secondsPerRound);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_probe_halo_exchange_form$DESC = FunctionDescriptor.of(C_INT, C_INT, C_INT, C_INT,
            C_INT, C_INT, C_POINTER, C_POINTER);

    private static final class hf_probe_halo_exchange_form {
        static final MethodHandle HANDLE = link(hf_probe_halo_exchange_form$DESC, "hf_probe_halo_exchange_form");
    }

    /** {@code hf_status hf_probe_halo_exchange_form(int32_t form, int32_t blocks, int32_t threads_per_block, int32_t lines, int32_t rounds, void *stream, double *seconds_per_round)} */
    public static int hf_probe_halo_exchange_form(int form, int blocks, int threadsPerBlock, int lines, int rounds,
            MemorySegment stream, MemorySegment secondsPerRound) {
        try {
            return (int) hf_probe_halo_exchange_form.HANDLE.invokeExact(form, blocks, threadsPerBlock, lines, rounds,
                    stream, secondsPerRound);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_probe_cluster_barrier$DESC = FunctionDescriptor.of(C_INT, C_INT, C_INT, C_INT,
            C_POINTER, C_POINTER);

    private static final class hf_probe_cluster_barrier {
        static final MethodHandle HANDLE = link(hf_probe_cluster_barrier$DESC, "hf_probe_cluster_barrier");
    }

    /** {@code hf_status hf_probe_cluster_barrier(int32_t cluster_size, int32_t threads_per_block, int32_t rounds, void *stream, double *seconds_per_round)} */
    public static int hf_probe_cluster_barrier(int clusterSize, int threadsPerBlock, int rounds, MemorySegment stream,
            MemorySegment secondsPerRound) {
        try {
            return (int) hf_probe_cluster_barrier.HANDLE.invokeExact(clusterSize, threadsPerBlock, rounds, stream,
                    secondsPerRound);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_probe_dsmem_exchange$DESC = FunctionDescriptor.of(C_INT, C_INT, C_INT, C_INT, C_INT,
            C_POINTER, C_POINTER);

    private static final class hf_probe_dsmem_exchange {
        static final MethodHandle HANDLE = link(hf_probe_dsmem_exchange$DESC, "hf_probe_dsmem_exchange");
    }

    /** {@code hf_status hf_probe_dsmem_exchange(int32_t cluster_size, int32_t threads_per_block, int32_t doubles_per_edge, int32_t rounds, void *stream, double *seconds_per_round)} */
    public static int hf_probe_dsmem_exchange(int clusterSize, int threadsPerBlock, int doublesPerEdge, int rounds,
            MemorySegment stream, MemorySegment secondsPerRound) {
        try {
            return (int) hf_probe_dsmem_exchange.HANDLE.invokeExact(clusterSize, threadsPerBlock, doublesPerEdge, rounds,
                    stream, secondsPerRound);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    // ------------------------------------------------------------------ test and diagnostic helpers

    static final FunctionDescriptor hf_device_alloc$DESC = FunctionDescriptor.of(C_INT, C_LONG, C_POINTER);

    private static final class hf_device_alloc {
        static final MethodHandle HANDLE = link(hf_device_alloc$DESC, "hf_device_alloc");
    }

    /** {@code hf_status hf_device_alloc(int64_t bytes, void **pointer)} */
    public static int hf_device_alloc(long bytes, MemorySegment pointer) {
        try {
            return (int) hf_device_alloc.HANDLE.invokeExact(bytes, pointer);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_device_free$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class hf_device_free {
        static final MethodHandle HANDLE = link(hf_device_free$DESC, "hf_device_free");
    }

    /** {@code hf_status hf_device_free(void *pointer)} */
    public static int hf_device_free(MemorySegment pointer) {
        try {
            return (int) hf_device_free.HANDLE.invokeExact(pointer);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_copy_to_device$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_LONG);

    private static final class hf_copy_to_device {
        static final MethodHandle HANDLE = link(hf_copy_to_device$DESC, "hf_copy_to_device");
    }

    /** {@code hf_status hf_copy_to_device(void *device_destination, const void *host_source, int64_t bytes)} */
    public static int hf_copy_to_device(MemorySegment deviceDestination, MemorySegment hostSource, long bytes) {
        try {
            return (int) hf_copy_to_device.HANDLE.invokeExact(deviceDestination, hostSource, bytes);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_copy_to_host$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_LONG);

    private static final class hf_copy_to_host {
        static final MethodHandle HANDLE = link(hf_copy_to_host$DESC, "hf_copy_to_host");
    }

    /** {@code hf_status hf_copy_to_host(void *host_destination, const void *device_source, int64_t bytes)} */
    public static int hf_copy_to_host(MemorySegment hostDestination, MemorySegment deviceSource, long bytes) {
        try {
            return (int) hf_copy_to_host.HANDLE.invokeExact(hostDestination, deviceSource, bytes);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor hf_abi_describe$DESC = FunctionDescriptor.of(C_POINTER);

    private static final class hf_abi_describe {
        static final MethodHandle HANDLE = link(hf_abi_describe$DESC, "hf_abi_describe");
    }

    /** {@code const char *hf_abi_describe(void)} */
    public static MemorySegment hf_abi_describe() {
        try {
            return (MemorySegment) hf_abi_describe.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }
}
