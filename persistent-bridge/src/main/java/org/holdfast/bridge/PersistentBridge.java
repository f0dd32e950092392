package org.holdfast.bridge;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.holdfast.bridge.raw.hf_band_layout;
import org.holdfast.bridge.raw.hf_bands_config;
import org.holdfast.bridge.raw.hf_plan;
import org.holdfast.bridge.raw.hf_problem;
import org.holdfast.bridge.raw.hf_run_config;
import org.holdfast.bridge.raw.hf_variant_info;
import org.holdfast.bridge.raw.holdfast_bands_h;
import org.holdfast.bridge.raw.holdfast_native_h;
import org.holdfast.ffi.NativeLibrary;

/**
 * The persistent kernels of libholdfast_native, from Java: a thin layer over
 * {@link holdfast_native_h} that turns status codes into {@link NativeException}s.
 *
 * <pre>{@code
 * List<PersistentVariant> variants = bridge.variants();           // the native variant table
 * PersistentProblem problem = PersistentProblem.poisson2d(n, h2);
 * try (PersistentSession session = bridge.open(problem, PersistentRequest.of("persistent-grid"), stream)) {
 *     PersistentPlan plan = session.plan();                        // what runs, for reports
 *     PersistentReport report = session.run(u, f, iterations);    // allocates nothing; the result in u
 * }
 * }</pre>
 *
 * <p>The library owns the session from open to close: it plans the run (variant, blocks, k, on
 * chip or not), allocates what the variant needs and fixes the problem; Java shows the plan and
 * never hands it back. Device pointers and streams are plain {@code long}s: the
 * caller allocates them through the driver API (the runtime inside the library shares the primary
 * context). A bridge owns an {@link Arena} for the structs it passes, reused call after call; any
 * thread may use it, one call at a time (the calls are synchronized, which also keeps each call
 * with its thread-local native error message). Close it when done; the library itself stays
 * loaded for the process.
 */
public final class PersistentBridge implements AutoCloseable {

    private static final long MESSAGE_CAPACITY = 4096;

    private final Path library;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment config = arena.allocate(hf_run_config.LAYOUT);
    private final MemorySegment problemIn = arena.allocate(hf_problem.LAYOUT);
    private final MemorySegment planOut = arena.allocate(hf_plan.LAYOUT);
    private final MemorySegment rowOut = arena.allocate(hf_variant_info.LAYOUT);
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
        return NativeLibrary.string(holdfast_native_h.hf_version());
    }

    public int abiVersion() {
        return holdfast_native_h.hf_abi_version();
    }

    public synchronized RuntimeVersions runtimeVersions() {
        check(holdfast_native_h.hf_runtime_version(firstInt, secondInt), "hf_runtime_version");
        return new RuntimeVersions(NativeLibrary.string(holdfast_native_h.hf_runtime_name()),
                firstInt.get(JAVA_INT, 0), secondInt.get(JAVA_INT, 0));
    }

    /** The library's name for a status code ("HF_ERR_WATCHDOG"; "HF_STATUS_UNKNOWN" for others). */
    public String nativeStatusName(int code) {
        return NativeLibrary.string(holdfast_native_h.hf_status_name(code));
    }

    /** hf_abi_describe(): the struct layouts and enum sizes the library was compiled with. */
    public String abiDescription() {
        return NativeLibrary.string(holdfast_native_h.hf_abi_describe());
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

    /** Device and pinned allocations and event creations the library has made so far (for no-allocation tests). */
    public long allocationCount() {
        return holdfast_native_h.hf_allocation_count();
    }

    // ------------------------------------------------------------------ the variant table

    /** The library's variant table, in its order: every persistent mode and variant it has. */
    public synchronized List<PersistentVariant> variants() {
        final int count = holdfast_native_h.hf_variant_count();
        final List<PersistentVariant> variants = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            check(holdfast_native_h.hf_variant_at(index, rowOut), "hf_variant_at");
            variants.add(new PersistentVariant(hf_variant_info.mode(rowOut).getString(0),
                    hf_variant_info.name(rowOut).getString(0), hf_variant_info.kernel(rowOut).getString(0),
                    hf_variant_info.planner(rowOut).getString(0), hf_variant_info.description(rowOut).getString(0),
                    VariantTrait.fromBits(hf_variant_info.traits(rowOut)),
                    FaultInjection.fromBits(hf_variant_info.faults(rowOut)),
                    WorkSplit.fromCode(hf_variant_info.work_split(rowOut)), hf_variant_info.default_threads(rowOut),
                    hf_variant_info.is_default(rowOut) != 0, hf_variant_info.supported(rowOut) != 0,
                    PersistentProblem.Kind.fromCode(hf_variant_info.problem(rowOut))));
        }
        return List.copyOf(variants);
    }

    /** The 2D problem's row of (mode, variant); {@code auto} names the mode's default. */
    public Optional<PersistentVariant> variant(String mode, String name) {
        return variant(PersistentProblem.Kind.POISSON_2D, mode, name);
    }

    /** The row of (problem, mode, variant); {@code auto} names the mode's default for the problem. */
    public Optional<PersistentVariant> variant(PersistentProblem.Kind problem, String mode, String name) {
        final boolean automatic = name.equals(PersistentRequest.AUTO);
        return variants().stream()
                .filter(row -> row.problem() == problem && row.mode().equals(mode)
                        && (automatic ? row.isDefault() : row.name().equals(name)))
                .findFirst();
    }

    // ------------------------------------------------------------------ persistent runs

    /**
     * What a session of {@code request} on {@code problem} would run: the variant ({@code auto}
     * resolved), the blocks, k, on chip or not. Allocates nothing on the device.
     *
     * @throws NativeException {@link NativeStatus#INVALID_ARGUMENT} for a bad request (before any
     *         device is asked), {@link NativeStatus#NOT_CORESIDENT} for more blocks than fit,
     *         {@link NativeStatus#NO_DEVICE}, {@link NativeStatus#UNSUPPORTED}
     */
    public synchronized PersistentPlan plan(PersistentProblem problem, PersistentRequest request) {
        try (Arena names = Arena.ofConfined()) {
            fill(problem, request, names);
            planOut.fill((byte) 0);
            check(holdfast_native_h.hf_plan_run(problemIn, config, planOut), "hf_plan_run");
            return PersistentPlan.copyOf(planOut);
        }
    }

    /**
     * The rule of the named variant ({@code request.variant()}, not {@code auto}) for a kernel outside
     * the library that shares its design (a Java twin), whose own occupancy is {@code blocksPerSm}
     * co-resident blocks per multiprocessor at {@code request.threadsPerBlock()} threads: the
     * blocks, and whether one block holds u (and f) on chip. So a twin and the library's kernel get
     * their grids from one rule.
     */
    public synchronized PersistentPlan planTwin(PersistentProblem problem, PersistentRequest request, int blocksPerSm) {
        try (Arena names = Arena.ofConfined()) {
            fill(problem, request, names);
            planOut.fill((byte) 0);
            check(holdfast_native_h.hf_plan_twin(problemIn, config, blocksPerSm, planOut), "hf_plan_twin");
            return PersistentPlan.copyOf(planOut);
        }
    }

    /**
     * Opens a session that solves {@code problem} as {@code request} asks, on {@code stream} (0 =
     * the default stream): the library plans the run and allocates everything the chosen variant
     * needs, so that {@link PersistentSession#run} allocates nothing.
     *
     * @throws NativeException as {@link #plan}, and {@link NativeStatus#OUT_OF_MEMORY}
     */
    public PersistentSession open(PersistentProblem problem, PersistentRequest request, long stream) {
        final Arena sessionArena = Arena.ofShared();
        try {
            final MemorySegment opened = sessionArena.allocate(ADDRESS);
            final MemorySegment described = sessionArena.allocate(hf_plan.LAYOUT);
            synchronized (this) {
                try (Arena names = Arena.ofConfined()) {
                    fill(problem, request, names);
                    check(holdfast_native_h.hf_session_open(problemIn, config, MemorySegment.ofAddress(stream), opened),
                            "hf_session_open");
                }
                final MemorySegment session = opened.get(ADDRESS, 0);
                final int status = holdfast_native_h.hf_session_plan(session, described);
                if (status != holdfast_native_h.HF_OK) {
                    holdfast_native_h.hf_session_close(session);
                    check(status, "hf_session_plan");
                }
            }
            return new PersistentSession(this, PersistentPlan.copyOf(described), sessionArena, opened.get(ADDRESS, 0));
        } catch (RuntimeException failed) {
            sessionArena.close();
            throw failed;
        }
    }

    /** The problem and the request into the bridge's structs; the names live in {@code names}. */
    private void fill(PersistentProblem problem, PersistentRequest request, Arena names) {
        writeProblem(problemIn, problem);
        config.fill((byte) 0);
        hf_run_config.mode(config, names.allocateFrom(request.mode()));
        hf_run_config.variant(config, names.allocateFrom(request.variant()));
        hf_run_config.blocks(config, request.blocks());
        hf_run_config.threads_per_block(config, request.threadsPerBlock());
        hf_run_config.sweeps_per_exchange(config, request.sweepsPerExchange());
        hf_run_config.host_polling(config, request.hostPolling().code());
        hf_run_config.watchdog_seconds(config, request.watchdogSeconds());
        hf_run_config.fault(config, request.fault().code());
        hf_run_config.fault_block(config, request.faultBlock());
    }

    // ------------------------------------------------------------------ kernels by name

    /**
     * The driver-API handle ({@code CUfunction}) of a kernel of the library in the current primary
     * context (CUDA only): {@code hf_red} and {@code hf_black} take (double* u, const double* f,
     * int n, double h2), {@code hf_empty} takes nothing.
     */
    public synchronized long kernel(String name) {
        try (Arena call = Arena.ofConfined()) {
            check(holdfast_native_h.hf_get_kernel(call.allocateFrom(name), pointer), "hf_get_kernel");
            return pointer.get(ADDRESS, 0).address();
        }
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

    // ------------------------------------------------------------------ overhead probes

    /**
     * The self-flagged halo exchange between multiprocessors on its own: {@code blocks} blocks in a chain, each swapping
     * {@code lines} self-flagged lines (one double each) with each neighbour, {@code rounds} times, nothing else.
     * Allocates what it needs: not for a measured region.
     *
     * @return device seconds per round, after a warm-up launch
     */
    public synchronized double haloExchangeProbe(int blocks, int threadsPerBlock, int lines, int rounds, long stream) {
        check(holdfast_native_h.hf_probe_halo_exchange(blocks, threadsPerBlock, lines, rounds, MemorySegment.ofAddress(stream),
                firstDouble), "hf_probe_halo_exchange");
        return firstDouble.get(JAVA_DOUBLE, 0);
    }

    /**
     * {@link #haloExchangeProbe} with the lines in one form: the forms side by side in one process (the
     * library's own is {@link LLLineForm#V2_B64} on CUDA; on HIP every form is {@link LLLineForm#TWO_B64}).
     *
     * @return device seconds per round, after a warm-up launch
     */
    public synchronized double haloExchangeProbe(LLLineForm form, int blocks, int threadsPerBlock, int lines, int rounds,
            long stream) {
        check(holdfast_native_h.hf_probe_halo_exchange_form(form.code(), blocks, threadsPerBlock, lines, rounds,
                MemorySegment.ofAddress(stream), firstDouble), "hf_probe_halo_exchange_form");
        return firstDouble.get(JAVA_DOUBLE, 0);
    }

    /**
     * The hardware cluster barrier on its own: one thread-block cluster of {@code clusterSize} blocks (1 to 16; above 8
     * where the device allows the non-portable size), every thread passing {@code cluster.sync()} {@code rounds} times.
     * Allocates what it needs: not for a measured region.
     *
     * @return device seconds per barrier, after a warm-up launch
     * @throws NativeException {@link NativeStatus#UNSUPPORTED} where the device or the build (HIP) has no such cluster
     */
    public synchronized double clusterBarrierProbe(int clusterSize, int threadsPerBlock, int rounds, long stream) {
        check(holdfast_native_h.hf_probe_cluster_barrier(clusterSize, threadsPerBlock, rounds, MemorySegment.ofAddress(stream),
                firstDouble), "hf_probe_cluster_barrier");
        return firstDouble.get(JAVA_DOUBLE, 0);
    }

    /**
     * A halo exchange through distributed shared memory on its own: one cluster of {@code clusterSize} blocks (2 to 16)
     * in a chain, each storing an edge row of {@code doublesPerEdge} doubles into each neighbour's shared memory, then
     * the split cluster barrier that makes the rows visible; the receivers check what arrived. {@code rounds} times.
     *
     * @return device seconds per exchange, after a warm-up launch
     * @throws NativeException {@link NativeStatus#UNSUPPORTED} as {@link #clusterBarrierProbe}; {@link NativeStatus#RUNTIME}
     *     if a row did not arrive as sent
     */
    public synchronized double dsmemExchangeProbe(int clusterSize, int threadsPerBlock, int doublesPerEdge, int rounds,
            long stream) {
        check(holdfast_native_h.hf_probe_dsmem_exchange(clusterSize, threadsPerBlock, doublesPerEdge, rounds,
                MemorySegment.ofAddress(stream), firstDouble), "hf_probe_dsmem_exchange");
        return firstDouble.get(JAVA_DOUBLE, 0);
    }

    // ------------------------------------------------------------------ band sessions (holdfast_bands.h)

    /**
     * Band {@code band} of the split of the n x n square into {@code bands} bands with {@code ghostRows} ghost rows.
     * Needs no device.
     *
     * @throws NativeException {@link NativeStatus#INVALID_ARGUMENT} for a split the library refuses, with its reason
     */
    public synchronized BandLayout bandLayout(int n, int bands, int ghostRows, int band) {
        try (Arena call = Arena.ofConfined()) {
            final MemorySegment layout = call.allocate(hf_band_layout.LAYOUT);
            check(holdfast_bands_h.hf_band_layout_of(n, bands, ghostRows, band, layout), "hf_band_layout_of");
            return new BandLayout(hf_band_layout.first_row(layout), hf_band_layout.end_row(layout),
                    hf_band_layout.low_row(layout), hf_band_layout.high_row(layout), hf_band_layout.receive_bytes(layout));
        }
    }

    /** Exchanges in a run of {@code iterations} iterations with k = {@code ghostRows}: the flags a run uses. */
    public int bandExchangeCount(int iterations, int ghostRows) {
        return holdfast_bands_h.hf_band_exchange_count(iterations, ghostRows);
    }

    /**
     * All {@code request.bands()} bands of the square on the current GPU in one session on {@code stream}: their
     * arrays, receive buffers and launch memory allocated once.
     *
     * @throws NativeException {@link NativeStatus#INVALID_ARGUMENT} for a split refused, {@link NativeStatus#NOT_CORESIDENT}
     *     for more blocks than fit, {@link NativeStatus#OUT_OF_MEMORY}
     */
    public BandSession openBands(PersistentProblem problem, BandRequest request, long stream) {
        return BandSession.open(this, "hf_bands_session_open", opened -> {
            try (Arena call = Arena.ofConfined()) {
                return holdfast_bands_h.hf_bands_session_open(problemStruct(problem, call), configStruct(request, call),
                        MemorySegment.ofAddress(stream), opened);
            }
        });
    }

    /**
     * Band {@code band} on the current GPU in a session on {@code stream}, the split's other bands elsewhere:
     * {@code receive[b]} is band b's receive buffer as this GPU addresses it ({@link NcclBandWindow#peers}); its own
     * must be zero and serve this one session.
     */
    public BandSession openBand(PersistentProblem problem, BandRequest request, int band, long[] receive, long stream) {
        return BandSession.open(this, "hf_band_session_open", opened -> {
            try (Arena call = Arena.ofConfined()) {
                final MemorySegment buffers = call.allocate(ADDRESS, receive.length);
                for (int b = 0; b < receive.length; b++) {
                    buffers.setAtIndex(ADDRESS, b, MemorySegment.ofAddress(receive[b]));
                }
                return holdfast_bands_h.hf_band_session_open(problemStruct(problem, call), configStruct(request, call), band,
                        buffers, MemorySegment.ofAddress(stream), opened);
            }
        });
    }

    private static MemorySegment problemStruct(PersistentProblem problem, Arena call) {
        final MemorySegment struct = call.allocate(hf_problem.LAYOUT);
        writeProblem(struct, problem);
        return struct;
    }

    private static void writeProblem(MemorySegment struct, PersistentProblem problem) {
        struct.fill((byte) 0);
        hf_problem.kind(struct, problem.kind().code());
        hf_problem.n(struct, problem.n());
        hf_problem.h2(struct, problem.h2());
    }

    private static MemorySegment configStruct(BandRequest request, Arena call) {
        final MemorySegment struct = call.allocate(hf_bands_config.LAYOUT);
        request.fill(struct);
        return struct;
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

    /** Throws for a failed call, with the calling thread's native message. */
    void check(int status, String function, PersistentReport partial) {
        if (status == holdfast_native_h.HF_ERR_INCOMPLETE_WORK) {
            throw new IncompleteWorkException(function, lastError(), partial);
        }
        if (status != holdfast_native_h.HF_OK) {
            throw new NativeException(NativeStatus.fromCode(status), function, lastError(), partial);
        }
    }
}
