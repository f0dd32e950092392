package org.holdfast.bridge;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

import org.holdfast.bridge.raw.hf_capacity;
import org.holdfast.bridge.raw.hf_run_config;
import org.holdfast.bridge.raw.hf_run_report;
import org.holdfast.bridge.raw.hf_standard_kernels;
import org.holdfast.bridge.raw.holdfast_native_h;

/**
 * The persistent kernels of libholdfast_native, from Java: a thin layer over
 * {@link holdfast_native_h} that turns status codes into {@link NativeException}s.
 *
 * <p>Device pointers and streams are plain {@code long}s: the caller allocates them through the
 * driver API (the runtime inside the library shares the primary context). A bridge owns an
 * {@link Arena} for the structs it passes, reused call after call; any thread may use it, one
 * call at a time (the calls are synchronized, which also keeps each call with its thread-local
 * native error message). Close it when done; the library itself stays loaded for the process.
 */
public final class PersistentBridge implements AutoCloseable {

    private static final long MESSAGE_CAPACITY = 4096;

    private final Path library;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment config = arena.allocate(hf_run_config.LAYOUT);
    private final MemorySegment report = arena.allocate(hf_run_report.LAYOUT);
    private final MemorySegment capacity = arena.allocate(hf_capacity.LAYOUT);
    private final MemorySegment kernels = arena.allocate(hf_standard_kernels.LAYOUT);
    private final MemorySegment message = arena.allocate(MESSAGE_CAPACITY);
    private final MemorySegment firstInt = arena.allocate(JAVA_INT);
    private final MemorySegment secondInt = arena.allocate(JAVA_INT);
    private final MemorySegment firstDouble = arena.allocate(JAVA_DOUBLE);
    private final MemorySegment secondDouble = arena.allocate(JAVA_DOUBLE);
    private final MemorySegment pointer = arena.allocate(ADDRESS);

    private PersistentBridge(Path library) {
        this.library = library;
    }

    /**
     * Opens the bridge on the library found by the usual search: {@code -Dholdfast.native.library},
     * beside the bridge's jar and in {@code ../lib}, {@code java.library.path}, {@code LD_LIBRARY_PATH},
     * then the dynamic loader.
     *
     * @throws NativeLibraryMissingException with one line naming every place looked in
     */
    public static PersistentBridge open() throws NativeLibraryMissingException {
        return new PersistentBridge(NativeLibraryLocator.load());
    }

    /** Opens the bridge on this library file. */
    public static PersistentBridge open(Path library) throws NativeLibraryMissingException {
        return new PersistentBridge(NativeLibraryLocator.load(library));
    }

    /** Where the library was loaded from (just its file name when the dynamic loader found it). */
    public Path library() {
        return library;
    }

    @Override
    public synchronized void close() {
        arena.close();
    }

    // ------------------------------------------------------------------ library and device

    public String version() {
        return holdfast_native_h.string(holdfast_native_h.hf_version());
    }

    public int abiVersion() {
        return holdfast_native_h.hf_abi_version();
    }

    public synchronized RuntimeVersions runtimeVersions() {
        check(holdfast_native_h.hf_runtime_version(firstInt, secondInt), "hf_runtime_version");
        return new RuntimeVersions(holdfast_native_h.string(holdfast_native_h.hf_runtime_name()),
                firstInt.get(JAVA_INT, 0), secondInt.get(JAVA_INT, 0));
    }

    /** The library's name for a status code ("HF_ERR_WATCHDOG"; "HF_STATUS_UNKNOWN" for others). */
    public String nativeStatusName(int code) {
        return holdfast_native_h.string(holdfast_native_h.hf_status_name(code));
    }

    /** The library's name for a mode code ("persistent-grid (two-slot barrier)"). */
    public String nativeModeName(int code) {
        return holdfast_native_h.string(holdfast_native_h.hf_mode_name(code));
    }

    /** hf_abi_describe(): the struct layouts and enum sizes the library was compiled with. */
    public String abiDescription() {
        return holdfast_native_h.string(holdfast_native_h.hf_abi_describe());
    }

    /** The calling thread's last native error message; empty after a successful call. */
    public synchronized String lastError() {
        holdfast_native_h.hf_last_error(message, MESSAGE_CAPACITY);
        return message.getString(0);
    }

    /** Number of GPUs. @throws NativeException {@link NativeStatus#NO_DEVICE} when there is none or no driver */
    public synchronized int deviceCount() {
        check(holdfast_native_h.hf_device_count(firstInt), "hf_device_count");
        return firstInt.get(JAVA_INT, 0);
    }

    /** The device count, or 0 with the reason, without throwing. */
    public synchronized DeviceProbe probeDevices() {
        final int status = holdfast_native_h.hf_device_count(firstInt);
        return status == holdfast_native_h.HF_OK
                ? new DeviceProbe(firstInt.get(JAVA_INT, 0), NativeStatus.OK, "")
                : new DeviceProbe(0, NativeStatus.fromCode(status), lastError());
    }

    public synchronized boolean cooperativeLaunchSupported() {
        check(holdfast_native_h.hf_cooperative_launch_supported(firstInt), "hf_cooperative_launch_supported");
        return firstInt.get(JAVA_INT, 0) != 0;
    }

    /**
     * Occupancy of the mode's kernel; 0 threads means 256. Only the one-block on-chip kernel uses
     * dynamic shared memory, and one block is always co-resident.
     */
    public synchronized Capacity capacity(PersistentMode mode, int threadsPerBlock, long dynamicSharedBytes) {
        check(holdfast_native_h.hf_query_capacity(mode.code(), threadsPerBlock, dynamicSharedBytes, capacity),
                "hf_query_capacity");
        return new Capacity(hf_capacity.blocks_per_sm(capacity), hf_capacity.sm_count(capacity),
                hf_capacity.cooperative_launch(capacity) != 0, hf_capacity.device(capacity));
    }

    // ------------------------------------------------------------------ persistent runs

    /**
     * Runs {@code iterations} red-black iterations on device array {@code u} (n x n doubles, f
     * alike) in one persistent launch on {@code stream} (0 = default stream), and returns once the
     * kernel has ended.
     *
     * @throws NativeException e.g. {@link NativeStatus#NOT_CORESIDENT} before launch, or
     *         {@link NativeStatus#WATCHDOG} with a report naming the block and the step
     */
    public synchronized PersistentReport run(PersistentConfig settings, long u, long f, int n, int iterations, double h2,
            long stream) {
        config.fill((byte) 0);
        hf_run_config.mode(config, settings.mode().code());
        hf_run_config.blocks(config, settings.blocks());
        hf_run_config.threads_per_block(config, settings.threadsPerBlock());
        hf_run_config.host_polling(config, settings.hostPolling().code());
        hf_run_config.watchdog_seconds(config, settings.watchdogSeconds());
        hf_run_config.fault(config, settings.fault().code());
        hf_run_config.fault_block(config, settings.faultBlock());
        report.fill((byte) 0);
        final int status = holdfast_native_h.hf_run(config, MemorySegment.ofAddress(u), MemorySegment.ofAddress(f), n,
                iterations, h2, MemorySegment.ofAddress(stream), report);
        final PersistentReport result = readReport();
        check(status, "hf_run", result);
        return result;
    }

    private PersistentReport readReport() {
        return new PersistentReport(hf_run_report.device_ms(report), hf_run_report.host_ms(report),
                hf_run_report.handshakes(report), hf_run_report.blocks(report), hf_run_report.active_blocks(report),
                hf_run_report.threads_per_block(report), hf_run_report.blocks_per_sm(report),
                hf_run_report.sm_count(report), WatchdogWait.fromCode(hf_run_report.error_code(report)),
                hf_run_report.error_block(report), hf_run_report.error_step(report), hf_run_report.error_peer(report),
                hf_run_report.on_chip(report) != 0);
    }

    // ------------------------------------------------------------------ standard kernels

    /** CUfunction handles of hf_red, hf_black and hf_empty in the current primary context (CUDA only). */
    public synchronized StandardKernels standardKernels() {
        check(holdfast_native_h.hf_get_standard_kernels(kernels), "hf_get_standard_kernels");
        return new StandardKernels(hf_standard_kernels.red(kernels).address(),
                hf_standard_kernels.black(kernels).address(), hf_standard_kernels.empty(kernels).address());
    }

    /** Queues {@code iterations} red/black launch pairs through the runtime and waits (a reference, not a benchmark). */
    public synchronized void launchStandard(long u, long f, int n, int iterations, double h2, int blocks,
            int threadsPerBlock, long stream) {
        check(holdfast_native_h.hf_launch_standard(MemorySegment.ofAddress(u), MemorySegment.ofAddress(f), n, iterations,
                h2, blocks, threadsPerBlock, MemorySegment.ofAddress(stream)), "hf_launch_standard");
    }

    /** Host seconds per empty-kernel launch through cuLaunchKernel from C, queued and synced (CUDA only). */
    public synchronized LaunchOverhead launchOverhead(int count, long stream) {
        check(holdfast_native_h.hf_launch_benchmark(count, MemorySegment.ofAddress(stream), firstDouble, secondDouble),
                "hf_launch_benchmark");
        return new LaunchOverhead(firstDouble.get(JAVA_DOUBLE, 0), secondDouble.get(JAVA_DOUBLE, 0));
    }

    // ------------------------------------------------------------------ test and diagnostic helpers

    /** Plain device memory, for self-contained tests (the harness allocates through the driver API). */
    public synchronized long deviceAlloc(long bytes) {
        check(holdfast_native_h.hf_device_alloc(bytes, pointer), "hf_device_alloc");
        return pointer.get(ADDRESS, 0).address();
    }

    public synchronized void deviceFree(long devicePointer) {
        check(holdfast_native_h.hf_device_free(MemorySegment.ofAddress(devicePointer)), "hf_device_free");
    }

    public synchronized void copyToDevice(long devicePointer, double[] source) {
        try (Arena call = Arena.ofConfined()) {
            final MemorySegment staged = call.allocateFrom(JAVA_DOUBLE, source);
            check(holdfast_native_h.hf_copy_to_device(MemorySegment.ofAddress(devicePointer), staged, staged.byteSize()),
                    "hf_copy_to_device");
        }
    }

    public synchronized void copyToHost(double[] destination, long devicePointer) {
        try (Arena call = Arena.ofConfined()) {
            final MemorySegment staged = call.allocate(JAVA_DOUBLE, destination.length);
            check(holdfast_native_h.hf_copy_to_host(staged, MemorySegment.ofAddress(devicePointer), staged.byteSize()),
                    "hf_copy_to_host");
            MemorySegment.copy(staged, JAVA_DOUBLE, 0, destination, 0, destination.length);
        }
    }

    // ------------------------------------------------------------------ status codes

    private void check(int status, String function) {
        check(status, function, null);
    }

    private void check(int status, String function, PersistentReport partial) {
        if (status != holdfast_native_h.HF_OK) {
            throw new NativeException(NativeStatus.fromCode(status), function, lastError(), partial);
        }
    }
}
