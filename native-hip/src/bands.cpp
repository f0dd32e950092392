/*
 * bands.cpp: the band sessions and launches of the band kernels (holdfast_bands.h,
 * kernels/persistent_bands.h): the checks, the block count, the bands' arrays and receive buffers,
 * the views in device memory, one cooperative launch between two events, a bounded wait, the
 * watchdog's report naming the bands, and the work count. A session allocates everything at open,
 * so its runs allocate nothing; hf_bands_run_one_device and hf_band_run open one for their one
 * call. A kernel that never ends keeps the session's memory (freeing under it would block), and
 * the session says so.
 */
#include "hf_gpu.h"

#include <chrono>
#include <vector>

#include "holdfast_bands.h"

#include "band_plan.h"
#include "device.h"
#include "device/ll_line.h"
#include "kernels/persistent_bands.h"
#include "kernels/persistent_bands_temporal.h"
#include "planner.h"
#include "runtime_check.h"
#include "watchdog_report.h"
#include "work_check.h"

namespace holdfast {
namespace {

constexpr int kBandDefaultThreads = 256;

/* Half-sweeps of the square the slowest GPU still manages per second, for the host's deadline. */
constexpr double kSlowestBandPointsPerSecond = 1e8;

/* One launch, checked and resolved. */
struct BandRun {
    int n;
    double h2;
    int bands;
    int ghost_rows;
    int first_band;
    int band_count;
    int blocks_per_band;
    int threads;
    double watchdog_seconds;
    int fault;
    int fault_band;
    int pass;
    const void* kernel;
    int items_per_band; /* temporal: the widest band's items; 0 otherwise */
};

/* The temporal pass's kernel for k, or null where it is not built (HF_BAND_TEMPORAL_DEPTHS). */
const void* band_temporal_kernel(int k)
{
    switch (k) {
    case 1: return reinterpret_cast<const void*>(&persistent_bands_temporal<1>);
    case 2: return reinterpret_cast<const void*>(&persistent_bands_temporal<2>);
    case 3: return reinterpret_cast<const void*>(&persistent_bands_temporal<3>);
    case 4: return reinterpret_cast<const void*>(&persistent_bands_temporal<4>);
    case 6: return reinterpret_cast<const void*>(&persistent_bands_temporal<6>);
    case 8: return reinterpret_cast<const void*>(&persistent_bands_temporal<8>);
    case 12: return reinterpret_cast<const void*>(&persistent_bands_temporal<12>);
    case 16: return reinterpret_cast<const void*>(&persistent_bands_temporal<16>);
    default: return nullptr;
    }
}

/* The temporal pass's refusals: the pass is CUDA only, built for some k, and streams with 256 threads. */
hf_status check_temporal_pass(const hf_bands_config& config)
{
    if (!HF_HAS_STREAM_SHUFFLE) {
        return fail(HF_ERR_UNSUPPORTED, "bands: the temporal pass needs 32-lane warp shuffles: CUDA only");
    }
    if (band_temporal_kernel(config.ghost_rows) == nullptr) {
        return fail(HF_ERR_UNSUPPORTED, "bands: the temporal pass is built for k = %s, not k = %d", HF_BAND_TEMPORAL_DEPTHS,
                    config.ghost_rows);
    }
    if (config.threads_per_block != 0 && config.threads_per_block != kStreamThreads) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: the temporal pass runs %d threads per block, not %d", kStreamThreads,
                    config.threads_per_block);
    }
    return HF_OK;
}

hf_status check_request(const hf_problem* problem, const hf_bands_config* config, int iterations)
{
    if (problem == nullptr || config == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: problem and config must not be null");
    }
    if (problem->kind != HF_PROBLEM_POISSON_2D) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: the band kernels solve the square (HF_PROBLEM_POISSON_2D) only");
    }
    HF_RETURN_IF_FAILED(check_band_split(problem->n, config->bands, config->ghost_rows));
    if (iterations < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: iterations must not be negative, got %d", iterations);
    }
    if (config->threads_per_block < 0 || config->threads_per_block > kBandMaxThreads) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: threads per block must be 0 (256) or 1 .. %d, got %d",
                    kBandMaxThreads, config->threads_per_block);
    }
    if (config->blocks_per_band < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: blocks per band must be 0 (shared out) or more, got %d",
                    config->blocks_per_band);
    }
    if (config->fault != HF_FAULT_NONE && config->fault != HF_FAULT_NEVER_PUBLISH &&
        config->fault != HF_FAULT_SKIP_HALF_SWEEP) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: fault %d is not one the band kernels take", config->fault);
    }
    if (config->pass == HF_BAND_PASS_TEMPORAL) {
        return check_temporal_pass(*config);
    }
    if (config->pass != HF_BAND_PASS_HALF_SWEEPS) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: pass must be HF_BAND_PASS_HALF_SWEEPS (0) or HF_BAND_PASS_TEMPORAL (1), got %d",
                    config->pass);
    }
    return HF_OK;
}

/* The items of band `band`'s temporal pass for about `target` blocks. */
StreamGeometry band_pass_items(int n, const hf_bands_config& config, int band, int target)
{
    return plan_stream_geometry_of_rows(n, band_rows(n, config.bands, config.ghost_rows, band).rows(), config.ghost_rows,
                                        target);
}

/* The launch's shape on the current device: blocks per band asked, or the co-resident blocks
 * shared out among the bands (no more than the widest band needs: its points of one colour, or
 * its temporal pass's items); refused before the launch when they cannot all be resident at once. */
hf_status plan_band_run(const hf_problem& problem, const hf_bands_config& config, int first_band, int band_count,
                        BandRun* run)
{
    const bool temporal = config.pass == HF_BAND_PASS_TEMPORAL;
    const int threads = temporal ? kStreamThreads
                                 : config.threads_per_block > 0 ? config.threads_per_block : kBandDefaultThreads;
    const void* kernel = temporal ? band_temporal_kernel(config.ghost_rows) : reinterpret_cast<const void*>(&persistent_bands);
    DeviceFacts facts{};
    HF_RETURN_IF_FAILED(query_device_facts(kernel, threads, &facts));
    if (!facts.cooperative) {
        return fail(HF_ERR_UNSUPPORTED, "bands: device %d does not support cooperative launch", facts.device);
    }
    const int resident = facts.blocks_per_sm * facts.sm_count;
    int widest = 0;
    int widest_band = first_band;
    for (int band = first_band; band < first_band + band_count; ++band) {
        const int rows = band_rows(problem.n, config.bands, config.ghost_rows, band).rows();
        widest_band = rows > widest ? band : widest_band;
        widest = rows > widest ? rows : widest;
    }
    const int share = resident / band_count > 0 ? resident / band_count : 1;
    const StreamGeometry items = band_pass_items(problem.n, config, widest_band,
                                                 config.blocks_per_band > 0 ? config.blocks_per_band : share);
    const int needed = temporal ? items.strips * items.segments
                                : ((widest - 2) * points_per_row(problem.n) + threads - 1) / threads;
    int blocks = config.blocks_per_band;
    if (blocks == 0) {
        blocks = share < needed ? share : needed;
    }
    if (static_cast<int64_t>(blocks) * band_count > resident) {
        return fail(HF_ERR_NOT_CORESIDENT,
                    "bands: %d bands x %d blocks of %d threads asked, at most %d blocks are resident at once on device %d",
                    band_count, blocks, threads, resident, facts.device);
    }
    const double watchdog = config.watchdog_seconds > 0 ? config.watchdog_seconds : kDefaultWatchdogSeconds;
    *run = BandRun{problem.n,  problem.h2, config.bands,      config.ghost_rows, first_band,
                   band_count, blocks,     threads,           watchdog,          config.fault,
                   config.fault_band, config.pass, kernel, 0};
    if (temporal) {
        const StreamGeometry planned = band_pass_items(problem.n, config, widest_band, blocks);
        run->items_per_band = planned.strips * planned.segments;
    }
    return HF_OK;
}

/* The views, the control block, the bands' barriers and the two events of a session's launches. */
struct LaunchMemory {
    BandView* views = nullptr;
    ControlBlock* control = nullptr; /* followed by two LineCounters per band of the launch */
    hipEvent_t start = nullptr;
    hipEvent_t stop = nullptr;
    size_t control_bytes = 0;

    /* Allocates, and copies the views (fixed for the session) into device memory once. */
    hf_status acquire(const std::vector<BandView>& host_views, hipStream_t stream)
    {
        const size_t count = host_views.size();
        control_bytes = sizeof(ControlBlock) + 2 * sizeof(LineCounter) * count;
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&views), sizeof(BandView) * count));
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&control), control_bytes));
        HF_ALLOCATE(hipEventCreate(&start));
        HF_ALLOCATE(hipEventCreate(&stop));
        HF_CHECK(hipMemcpyAsync(views, host_views.data(), sizeof(BandView) * count, hipMemcpyHostToDevice, stream));
        HF_CHECK(hipStreamSynchronize(stream));
        return HF_OK;
    }

    LineCounter* barriers() const { return reinterpret_cast<LineCounter*>(control + 1); }

    hf_status release(hf_status status)
    {
        for (hipEvent_t event : {stop, start}) {
            if (event != nullptr) {
                HF_CHECK_AFTER(status, hipEventDestroy(event));
            }
        }
        for (void* pointer : {static_cast<void*>(control), static_cast<void*>(views)}) {
            if (pointer != nullptr) {
                HF_CHECK_AFTER(status, hipFree(pointer));
            }
        }
        return status;
    }
};

/* HF_ERR_WATCHDOG naming the waiting band and the band it waited for. */
hf_status report_band_watchdog(const BandRun& run, const DeviceError& error, hf_run_report* report)
{
    report->error_code = error.code;
    report->error_block = error.block;
    report->error_step = error.step;
    report->error_peer = error.peer;
    const int band = run.first_band + error.block / run.blocks_per_band;
    if (error.code == HF_WAIT_NEIGHBOUR) {
        return fail(HF_ERR_WATCHDOG,
                    "bands: band %d (block %d) waited after half-sweep %d for the halo rows of band %d, which did not "
                    "come within %.3g s (N = %d, %d bands, k = %d)",
                    band, error.block, error.step, error.peer, run.watchdog_seconds, run.n, run.bands, run.ghost_rows);
    }
    return fail(HF_ERR_WATCHDOG,
                "bands: band %d (block %d) waited at its band's barrier %d for the band's other blocks for %.3g s "
                "(N = %d, %d bands, k = %d)",
                band, error.block, error.step, run.watchdog_seconds, run.n, run.bands, run.ghost_rows);
}

/* The bands' arrays of a session (owned, or the caller's for hf_band_run) and the receive buffers
 * it addresses: for every band of the split, its buffer as this GPU sees it (the session's own
 * allocation on one GPU; the peers' windows otherwise). */
struct BandArrays {
    double* u = nullptr;
    double* f = nullptr;
    double* scratch = nullptr;           /* the temporal pass's second arrays (owned), or null */
    LLLine* receive = nullptr;           /* owned receive buffers (one GPU), or null */
    bool owns_arrays = true;
    std::vector<size_t> array_offset;    /* doubles, per band of the session */
    std::vector<LLLine*> buffers;        /* per band of the split */

    /* The temporal pass's second arrays, laid out as u's. */
    hf_status acquire_scratch(size_t doubles)
    {
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&scratch), sizeof(double) * doubles));
        return HF_OK;
    }

    /* One GPU: every band's arrays and receive buffer (zeroed), in three allocations (four with the
     * temporal pass's second arrays). */
    hf_status acquire_all(int n, int bands, int ghost_rows, bool temporal, hipStream_t stream)
    {
        size_t doubles = 0;
        size_t lines = 0;
        std::vector<size_t> receive_offset;
        for (int band = 0; band < bands; ++band) {
            array_offset.push_back(doubles);
            receive_offset.push_back(lines);
            doubles += static_cast<size_t>(band_rows(n, bands, ghost_rows, band).rows()) * n;
            lines += 2 * static_cast<size_t>(band_slot_lines(n, bands, ghost_rows, band));
        }
        lines = lines > 0 ? lines : 1;
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&u), sizeof(double) * doubles));
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&f), sizeof(double) * doubles));
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&receive), sizeof(LLLine) * lines));
        HF_CHECK(hipMemsetAsync(receive, 0, sizeof(LLLine) * lines, stream));
        for (size_t offset : receive_offset) {
            buffers.push_back(receive + offset);
        }
        return temporal ? acquire_scratch(doubles) : HF_OK;
    }

    /* One band: its arrays (allocated unless band_u is given; the temporal pass's second array always),
     * the split's buffers as given. */
    hf_status acquire_one(int n, int bands, int ghost_rows, int band, bool temporal, void* const* peers,
                          double* band_u, const double* band_f)
    {
        for (int b = 0; b < bands; ++b) {
            buffers.push_back(static_cast<LLLine*>(peers[b]));
        }
        array_offset.push_back(0);
        const size_t doubles = static_cast<size_t>(band_rows(n, bands, ghost_rows, band).rows()) * n;
        if (temporal) {
            HF_RETURN_IF_FAILED(acquire_scratch(doubles));
        }
        if (band_u != nullptr) {
            owns_arrays = false;
            u = band_u;
            f = const_cast<double*>(band_f); /* only read: the kernel's view keeps f const */
            return HF_OK;
        }
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&u), sizeof(double) * doubles));
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&f), sizeof(double) * doubles));
        return HF_OK;
    }

    hf_status release(hf_status status)
    {
        std::vector<void*> owned{receive, scratch};
        if (owns_arrays) {
            owned.push_back(f);
            owned.push_back(u);
        }
        for (void* pointer : owned) {
            if (pointer != nullptr) {
                HF_CHECK_AFTER(status, hipFree(pointer));
            }
        }
        return status;
    }
};

}  // namespace
}  // namespace holdfast

/* A session: the plan, the arrays, the launch memory, the flags used so far. */
struct hf_bands_session {
    holdfast::BandRun run{};
    hipStream_t stream = nullptr;
    int device = 0;
    holdfast::BandArrays arrays;
    holdfast::LaunchMemory memory;
    std::vector<holdfast::BandView> views;
    uint32_t flag_base = 0;
    int runs = 0;
    bool kernel_stuck = false; /* then nothing is freed: the kernel may still use it */
    bool scratch_loaded = false; /* the temporal pass's second arrays hold the band's rows (the boundary) */
};

namespace holdfast {
namespace {

/* The views of the session's bands over its arrays and the split's buffers; a copy a band takes part in
 * whose buffer is null is refused. */
hf_status plan_views(hf_bands_session& session)
{
    const BandRun& run = session.run;
    for (int local = 0; local < run.band_count; ++local) {
        const int band = run.first_band + local;
        double* band_u = session.arrays.u + session.arrays.array_offset[static_cast<size_t>(local)];
        const double* band_f = session.arrays.f + session.arrays.array_offset[static_cast<size_t>(local)];
        BandView view{};
        plan_band_view(run.n, run.bands, run.ghost_rows, band, band_u, band_f, session.arrays.buffers.data(), &view);
        if (run.pass == HF_BAND_PASS_TEMPORAL) {
            view.scratch = session.arrays.scratch + session.arrays.array_offset[static_cast<size_t>(local)];
            view.items = plan_stream_geometry_of_rows(run.n, view.rows, run.ghost_rows, run.blocks_per_band);
        }
        for (int c = 0; c < view.sends + view.receives; ++c) {
            const BandCopy& copy = c < view.sends ? view.send[c] : view.receive[c - view.sends];
            if (copy.lines == nullptr) {
                return fail(HF_ERR_INVALID_ARGUMENT, "bands: band %d exchanges with band %d, whose receive buffer is null",
                            band, c < view.sends ? copy.peer : band);
            }
        }
        session.views.push_back(view);
    }
    return HF_OK;
}

/* Opens a session of bands first_band .. + band_count - 1 on the current GPU: all of them with their own
 * receive buffers (peers null), or one band with the split's buffers as given, in its own arrays or
 * the caller's (band_u). On failure nothing stays allocated. */
hf_status open_session(const hf_problem& problem, const hf_bands_config& config, int first_band, int band_count,
                       void* const* peers, double* band_u, const double* band_f, hipStream_t stream,
                       hf_bands_session** opened)
{
    auto* session = new hf_bands_session();
    session->stream = stream;
    hf_status status = plan_band_run(problem, config, first_band, band_count, &session->run);
    if (status == HF_OK) {
        status = current_device(&session->device);
    }
    if (status == HF_OK) {
        const bool temporal = config.pass == HF_BAND_PASS_TEMPORAL;
        status = peers == nullptr
                     ? session->arrays.acquire_all(problem.n, config.bands, config.ghost_rows, temporal, stream)
                     : session->arrays.acquire_one(problem.n, config.bands, config.ghost_rows, first_band, temporal, peers,
                                                   band_u, band_f);
    }
    if (status == HF_OK) {
        status = plan_views(*session);
    }
    if (status == HF_OK) {
        status = session->memory.acquire(session->views, stream);
    }
    if (status != HF_OK) {
        session->memory.release(HF_OK);
        session->arrays.release(HF_OK);
        delete session;
        return status;
    }
    *opened = session;
    return HF_OK;
}

hf_status require_usable(const hf_bands_session* session, const char* call)
{
    if (session == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "%s: session must not be null", call);
    }
    if (session->kernel_stuck) {
        return fail(HF_ERR_INVALID_ARGUMENT, "%s: an earlier run's band kernel did not end; the session only closes", call);
    }
    return HF_OK;
}

/* Each band's held rows of the grid into its array (`to_bands`, u and f), or its owned rows back (u). */
hf_status copy_bands(hf_bands_session& session, double* u, const double* f, bool to_bands)
{
    const BandRun& run = session.run;
    const int n = run.n;
    for (int local = 0; local < run.band_count; ++local) {
        const BandRows rows = band_rows(n, run.bands, run.ghost_rows, run.first_band + local);
        const size_t offset = session.arrays.array_offset[static_cast<size_t>(local)];
        double* band_u = session.arrays.u + offset;
        if (to_bands) {
            const size_t bytes = sizeof(double) * static_cast<size_t>(rows.rows()) * n;
            const size_t from = static_cast<size_t>(rows.low_row) * n;
            HF_CHECK(hipMemcpyAsync(band_u, u + from, bytes, hipMemcpyDefault, session.stream));
            HF_CHECK(hipMemcpyAsync(session.arrays.f + offset, f + from, bytes, hipMemcpyDefault, session.stream));
            if (session.arrays.scratch != nullptr) { /* the boundary in both of the temporal pass's arrays */
                HF_CHECK(hipMemcpyAsync(session.arrays.scratch + offset, u + from, bytes, hipMemcpyDefault, session.stream));
            }
        } else {
            const size_t bytes = sizeof(double) * static_cast<size_t>(rows.end_row - rows.first_row) * n;
            HF_CHECK(hipMemcpyAsync(u + static_cast<size_t>(rows.first_row) * n,
                                    band_u + static_cast<size_t>(rows.first_row - rows.low_row) * n, bytes,
                                    hipMemcpyDefault, session.stream));
        }
    }
    HF_CHECK(hipStreamSynchronize(session.stream));
    session.scratch_loaded = session.scratch_loaded || to_bands;
    return HF_OK;
}

/* Before a temporal run, on the stream: u into the second arrays when the run's pass count is odd (so that
 * its last pass writes u, persistent_bands_temporal.h) or when they do not hold the band's rows yet
 * (hf_band_run's arrays, never loaded); otherwise they hold the boundary from the load, and the first
 * pass writes everything else. */
hf_status prepare_temporal_arrays(hf_bands_session& session, int steps)
{
    const BandRun& run = session.run;
    if (run.pass != HF_BAND_PASS_TEMPORAL || (session.scratch_loaded && (temporal_pass_count(steps, run.ghost_rows) & 1) == 0)) {
        return HF_OK;
    }
    for (int local = 0; local < run.band_count; ++local) {
        const size_t offset = session.arrays.array_offset[static_cast<size_t>(local)];
        const size_t bytes =
            sizeof(double) * static_cast<size_t>(band_rows(run.n, run.bands, run.ghost_rows, run.first_band + local).rows()) *
            run.n;
        HF_CHECK(hipMemcpyAsync(session.arrays.scratch + offset, session.arrays.u + offset, bytes, hipMemcpyDeviceToDevice,
                                session.stream));
    }
    session.scratch_loaded = true;
    return HF_OK;
}

/* One launch of the session's bands between its two events, a bounded wait, the watchdog's and the
 * work count's verdicts. Allocates nothing. */
hf_status launch_and_check(hf_bands_session& session, int iterations, hf_run_report* report)
{
    const BandRun& run = session.run;
    LaunchMemory& memory = session.memory;
    const int steps = 2 * iterations;
    const uint32_t flag_base = session.flag_base;
    /* Advanced whatever the outcome, identically in every band's session of the split. */
    session.flag_base += static_cast<uint32_t>(band_exchange_count(steps, run.ghost_rows));
    ++session.runs;
    HF_CHECK(hipMemsetAsync(memory.control, 0, memory.control_bytes, session.stream));
    HF_RETURN_IF_FAILED(prepare_temporal_arrays(session, steps));
    int rate_khz = 0;
    HF_RETURN_IF_FAILED(wall_clock_rate_khz(session.device, &rate_khz));
    PersistentArgs args{Problem{nullptr, nullptr, run.n, run.h2},
                        steps,
                        memory.control,
                        nullptr,
                        nullptr,
                        static_cast<long long>(run.watchdog_seconds * rate_khz * 1000.0),
                        run.fault,
                        run.fault_band,
                        run.ghost_rows,
                        nullptr,
                        flag_base,
                        nullptr,
                        StreamGeometry{},
                        0};
    BandLaunch launch{memory.views, memory.barriers(), run.first_band, run.band_count, run.blocks_per_band};
    void* arguments[] = {&args, &launch};
    HF_CHECK(hipEventRecord(memory.start, session.stream));
    const auto host_start = std::chrono::steady_clock::now();
    HF_CHECK(hipLaunchCooperativeKernel(run.kernel,
                                        dim3(static_cast<unsigned int>(run.band_count * run.blocks_per_band)),
                                        dim3(static_cast<unsigned int>(run.threads)), arguments, 0, session.stream));
    HF_CHECK(hipEventRecord(memory.stop, session.stream));
    /* Bounded: the watchdog ends every wait, so the kernel ends within a few watchdog periods past
     * its work; a kernel that does not is reported, and its memory left alone. */
    const double interior = static_cast<double>(run.n - 2) * static_cast<double>(run.n);
    const double deadline = 3.0 * run.watchdog_seconds + 2.0 + steps * interior / kSlowestBandPointsPerSecond;
    bool ended = false;
    HF_RETURN_IF_FAILED(wait_for_event(memory.stop, deadline, &ended));
    report->host_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - host_start).count();
    if (!ended) {
        session.kernel_stuck = true;
        report->error_code = HF_WAIT_KERNEL_EXIT;
        return fail(HF_ERR_WATCHDOG,
                    "bands: the band kernel of bands %d .. %d on device %d did not end within %.3g s; its memory is "
                    "left allocated",
                    run.first_band, run.first_band + run.band_count - 1, session.device, deadline);
    }
    float device_ms = 0.0f;
    HF_CHECK(hipEventElapsedTime(&device_ms, memory.start, memory.stop));
    report->device_ms = device_ms;
    ControlBlock control{};
    HF_CHECK(hipMemcpy(&control, memory.control, sizeof control, hipMemcpyDeviceToHost));
    if (control.error.code != 0) {
        return report_band_watchdog(run, control.error, report);
    }
    return judge_work(control.work, steps, run.band_count * run.blocks_per_band, "bands", run.n, report);
}

hf_status close_session(hf_bands_session* session)
{
    hf_status status = HF_OK;
    if (!session->kernel_stuck) {
        status = session->memory.release(status);
        status = session->arrays.release(status);
    }
    delete session;
    return status;
}

/* One run on a session opened for it, closed after: the test paths. */
hf_status run_once(hf_bands_session* session, double* u, const double* f, int iterations, hf_run_report* report)
{
    hf_status status = u != nullptr ? copy_bands(*session, u, f, true) : HF_OK;
    if (status == HF_OK) {
        status = launch_and_check(*session, iterations, report);
        /* The owned rows back into u whenever the kernel ended: a failed run's array is a clue. */
        if (u != nullptr && !session->kernel_stuck) {
            status = first_failure(status, copy_bands(*session, u, f, false));
        }
    }
    return first_failure(status, close_session(session));
}

}  // namespace
}  // namespace holdfast

using namespace holdfast;

extern "C" {

hf_status hf_band_layout_of(int32_t n, int32_t bands, int32_t ghost_rows, int32_t band, hf_band_layout* layout)
{
    clear_error();
    if (layout == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_band_layout_of: layout must not be null");
    }
    HF_RETURN_IF_FAILED(check_band_split(n, bands, ghost_rows));
    if (band < 0 || band >= bands) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_band_layout_of: band %d of %d", band, bands);
    }
    const BandRows rows = band_rows(n, bands, ghost_rows, band);
    *layout = hf_band_layout{rows.first_row, rows.end_row, rows.low_row, rows.high_row,
                             2 * static_cast<int64_t>(sizeof(LLLine)) * band_slot_lines(n, bands, ghost_rows, band)};
    return HF_OK;
}

int32_t hf_band_exchange_count(int32_t iterations, int32_t ghost_rows)
{
    return ghost_rows < 1 || iterations < 0 ? 0 : band_exchange_count(2 * iterations, ghost_rows);
}

hf_status hf_bands_session_open(const hf_problem* problem, const hf_bands_config* config, void* stream,
                                hf_bands_session** session)
{
    clear_error();
    if (session == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_bands_session_open: session must not be null");
    }
    HF_RETURN_IF_FAILED(check_request(problem, config, 0));
    return open_session(*problem, *config, 0, config->bands, nullptr, nullptr, nullptr,
                        static_cast<hipStream_t>(stream), session);
}

hf_status hf_band_session_open(const hf_problem* problem, const hf_bands_config* config, int32_t band,
                               void* const* receive, void* stream, hf_bands_session** session)
{
    clear_error();
    if (session == nullptr || receive == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_band_session_open: receive and session must not be null");
    }
    HF_RETURN_IF_FAILED(check_request(problem, config, 0));
    if (band < 0 || band >= config->bands) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_band_session_open: band %d of %d", band, config->bands);
    }
    return open_session(*problem, *config, band, 1, receive, nullptr, nullptr, static_cast<hipStream_t>(stream),
                        session);
}

hf_status hf_bands_session_info_of(const hf_bands_session* session, hf_bands_session_info* info)
{
    clear_error();
    if (session == nullptr || info == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_bands_session_info_of: session and info must not be null");
    }
    const BandRun& run = session->run;
    *info = hf_bands_session_info{run.n,          run.bands,   run.ghost_rows,         run.first_band,
                                  run.band_count, run.blocks_per_band, run.threads,     session->device,
                                  run.watchdog_seconds, session->flag_base, session->runs, run.pass,
                                  run.items_per_band};
    return HF_OK;
}

hf_status hf_bands_session_load(hf_bands_session* session, const double* u, const double* f)
{
    clear_error();
    HF_RETURN_IF_FAILED(require_usable(session, "hf_bands_session_load"));
    if (u == nullptr || f == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_bands_session_load: u and f must not be null");
    }
    return copy_bands(*session, const_cast<double*>(u), f, true); /* u is only read here */
}

hf_status hf_bands_session_run(hf_bands_session* session, int32_t iterations, hf_run_report* report)
{
    clear_error();
    HF_RETURN_IF_FAILED(require_usable(session, "hf_bands_session_run"));
    if (report == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_bands_session_run: report must not be null");
    }
    *report = empty_run_report();
    if (iterations < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_bands_session_run: iterations must not be negative, got %d", iterations);
    }
    return launch_and_check(*session, iterations, report);
}

hf_status hf_bands_session_unload(hf_bands_session* session, double* u)
{
    clear_error();
    HF_RETURN_IF_FAILED(require_usable(session, "hf_bands_session_unload"));
    if (u == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_bands_session_unload: u must not be null");
    }
    return copy_bands(*session, u, nullptr, false);
}

hf_status hf_bands_session_close(hf_bands_session* session)
{
    clear_error();
    return session == nullptr ? HF_OK : close_session(session);
}

hf_status hf_bands_run_one_device(const hf_problem* problem, const hf_bands_config* config, double* u, const double* f,
                                  int32_t iterations, void* stream, hf_run_report* report)
{
    clear_error();
    if (report == nullptr || u == nullptr || f == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_bands_run_one_device: u, f and report must not be null");
    }
    *report = empty_run_report();
    HF_RETURN_IF_FAILED(check_request(problem, config, iterations));
    hf_bands_session* session = nullptr;
    HF_RETURN_IF_FAILED(open_session(*problem, *config, 0, config->bands, nullptr, nullptr, nullptr,
                                     static_cast<hipStream_t>(stream), &session));
    return run_once(session, u, f, iterations, report);
}

hf_status hf_band_run(const hf_problem* problem, const hf_bands_config* config, int32_t band, double* band_u,
                      const double* band_f, void* const* receive, uint32_t flag_base, int32_t iterations, void* stream,
                      hf_run_report* report)
{
    clear_error();
    if (report == nullptr || band_u == nullptr || band_f == nullptr || receive == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_band_run: band_u, band_f, receive and report must not be null");
    }
    *report = empty_run_report();
    HF_RETURN_IF_FAILED(check_request(problem, config, iterations));
    if (band < 0 || band >= config->bands) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_band_run: band %d of %d", band, config->bands);
    }
    hf_bands_session* session = nullptr;
    HF_RETURN_IF_FAILED(open_session(*problem, *config, band, 1, receive, band_u, band_f,
                                     static_cast<hipStream_t>(stream), &session));
    session->flag_base = flag_base;
    return run_once(session, nullptr, nullptr, iterations, report);
}

}  // extern "C"
