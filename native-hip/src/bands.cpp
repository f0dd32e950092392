/*
 * bands.cpp: the launches of the band kernels (holdfast_bands.h, kernels/persistent_bands.h):
 * the checks, the block count, the views in device memory, one cooperative launch, a bounded
 * wait, the watchdog's report naming the bands, and the work count. A launch allocates and frees
 * its own small resources (views, control block, barriers); a kernel that never ends keeps them
 * (freeing under it would block), and says so.
 */
#include "hf_gpu.h"

#include <vector>

#include "holdfast_bands.h"

#include "band_plan.h"
#include "device.h"
#include "device/ll_line.h"
#include "kernels/persistent_bands.h"
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
    unsigned int flag_base;
    int steps;
};

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
    return HF_OK;
}

/* The launch's shape on the current device: blocks per band asked, or the co-resident blocks
 * shared out among the bands (no more than the widest band's points of one colour need);
 * refused before the launch when they cannot all be resident at once. */
hf_status plan_band_run(const hf_problem& problem, const hf_bands_config& config, int first_band, int band_count,
                        int iterations, BandRun* run)
{
    const int threads = config.threads_per_block > 0 ? config.threads_per_block : kBandDefaultThreads;
    DeviceFacts facts{};
    HF_RETURN_IF_FAILED(query_device_facts(reinterpret_cast<const void*>(&persistent_bands), threads, &facts));
    if (!facts.cooperative) {
        return fail(HF_ERR_UNSUPPORTED, "bands: device %d does not support cooperative launch", facts.device);
    }
    const int resident = facts.blocks_per_sm * facts.sm_count;
    int widest = 0;
    for (int band = first_band; band < first_band + band_count; ++band) {
        const int rows = band_rows(problem.n, config.bands, config.ghost_rows, band).rows();
        widest = rows > widest ? rows : widest;
    }
    const int needed = ((widest - 2) * points_per_row(problem.n) + threads - 1) / threads;
    int blocks = config.blocks_per_band;
    if (blocks == 0) {
        blocks = resident / band_count < needed ? resident / band_count : needed;
        blocks = blocks > 0 ? blocks : 1;
    }
    if (static_cast<int64_t>(blocks) * band_count > resident) {
        return fail(HF_ERR_NOT_CORESIDENT,
                    "bands: %d bands x %d blocks of %d threads asked, at most %d blocks are resident at once on device %d",
                    band_count, blocks, threads, resident, facts.device);
    }
    const double watchdog = config.watchdog_seconds > 0 ? config.watchdog_seconds : kDefaultWatchdogSeconds;
    *run = BandRun{problem.n, problem.h2, config.bands, config.ghost_rows, first_band, band_count, blocks, threads,
                   watchdog, config.fault, config.fault_band, 0u, 2 * iterations};
    return HF_OK;
}

/* The views, the control block and the bands' barriers of one launch. */
struct LaunchMemory {
    BandView* views = nullptr;
    ControlBlock* control = nullptr; /* followed by two LineCounters per band of the launch */
    hipEvent_t stop = nullptr;
    size_t control_bytes = 0;
    bool kernel_stuck = false; /* then nothing is freed: the kernel may still use it */

    hf_status acquire(int band_count)
    {
        control_bytes = sizeof(ControlBlock) + 2 * sizeof(LineCounter) * static_cast<size_t>(band_count);
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&views), sizeof(BandView) * static_cast<size_t>(band_count)));
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&control), control_bytes));
        HF_ALLOCATE(hipEventCreate(&stop));
        return HF_OK;
    }

    LineCounter* barriers() const { return reinterpret_cast<LineCounter*>(control + 1); }

    hf_status release(hf_status status)
    {
        if (kernel_stuck) {
            return status;
        }
        if (stop != nullptr) {
            HF_CHECK_AFTER(status, hipEventDestroy(stop));
        }
        if (control != nullptr) {
            HF_CHECK_AFTER(status, hipFree(control));
        }
        if (views != nullptr) {
            HF_CHECK_AFTER(status, hipFree(views));
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

hf_status launch_and_check(const BandRun& run, LaunchMemory& memory, const std::vector<BandView>& views,
                           hipStream_t stream, hf_run_report* report)
{
    HF_CHECK(hipMemcpyAsync(memory.views, views.data(), sizeof(BandView) * views.size(), hipMemcpyHostToDevice, stream));
    HF_CHECK(hipMemsetAsync(memory.control, 0, memory.control_bytes, stream));
    int device = 0;
    int rate_khz = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    HF_RETURN_IF_FAILED(wall_clock_rate_khz(device, &rate_khz));
    PersistentArgs args{Problem{nullptr, nullptr, run.n, run.h2},
                        run.steps,
                        memory.control,
                        nullptr,
                        nullptr,
                        static_cast<long long>(run.watchdog_seconds * rate_khz * 1000.0),
                        run.fault,
                        run.fault_band,
                        run.ghost_rows,
                        nullptr,
                        run.flag_base,
                        nullptr,
                        StreamGeometry{},
                        0};
    BandLaunch launch{memory.views, memory.barriers(), run.first_band, run.band_count, run.blocks_per_band};
    void* arguments[] = {&args, &launch};
    HF_CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void*>(&persistent_bands),
                                        dim3(static_cast<unsigned int>(run.band_count * run.blocks_per_band)),
                                        dim3(static_cast<unsigned int>(run.threads)), arguments, 0, stream));
    HF_CHECK(hipEventRecord(memory.stop, stream));
    /* Bounded: the watchdog ends every wait, so the kernel ends within a few watchdog periods past
     * its work; a kernel that does not is reported, and its memory left alone. */
    const double interior = static_cast<double>(run.n - 2) * static_cast<double>(run.n);
    const double deadline = 3.0 * run.watchdog_seconds + 2.0 + run.steps * interior / kSlowestBandPointsPerSecond;
    bool ended = false;
    HF_RETURN_IF_FAILED(wait_for_event(memory.stop, deadline, &ended));
    if (!ended) {
        memory.kernel_stuck = true;
        report->error_code = HF_WAIT_KERNEL_EXIT;
        return fail(HF_ERR_WATCHDOG, "bands: the band kernel did not end within %.3g s; its memory is left allocated",
                    deadline);
    }
    ControlBlock control{};
    HF_CHECK(hipMemcpy(&control, memory.control, sizeof control, hipMemcpyDeviceToHost));
    if (control.error.code != 0) {
        return report_band_watchdog(run, control.error, report);
    }
    return judge_work(control.work, run.steps, run.band_count * run.blocks_per_band, "bands", run.n, report);
}

/* One launch of the views' bands: resources, launch, check, release. *stuck: the kernel did not end. */
hf_status launch_bands(const BandRun& run, const std::vector<BandView>& views, hipStream_t stream,
                       hf_run_report* report, bool* stuck)
{
    LaunchMemory memory;
    hf_status status = memory.acquire(run.band_count);
    if (status == HF_OK) {
        status = launch_and_check(run, memory, views, stream, report);
    }
    *stuck = memory.kernel_stuck;
    return memory.release(status);
}

/* The bands' arrays and receive buffers of a one-device run. */
struct OneDeviceBands {
    double* u = nullptr;
    double* f = nullptr;
    LLLine* receive = nullptr;
    std::vector<size_t> array_offset;  /* doubles, per band */
    std::vector<size_t> receive_offset; /* lines, per band */
    bool kernel_stuck = false;

    hf_status acquire(int n, int bands, int ghost_rows, hipStream_t stream)
    {
        size_t doubles = 0;
        size_t lines = 0;
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
        return HF_OK;
    }

    hf_status release(hf_status status)
    {
        if (kernel_stuck) {
            return status;
        }
        for (void* pointer : {static_cast<void*>(receive), static_cast<void*>(f), static_cast<void*>(u)}) {
            if (pointer != nullptr) {
                HF_CHECK_AFTER(status, hipFree(pointer));
            }
        }
        return status;
    }
};

/* Each band's held rows of the grid into its array (`to_bands`), or its owned rows back. */
hf_status copy_bands(const OneDeviceBands& arrays, int n, int bands, int ghost_rows, double* u, const double* f,
                     bool to_bands, hipStream_t stream)
{
    for (int band = 0; band < bands; ++band) {
        const BandRows rows = band_rows(n, bands, ghost_rows, band);
        double* band_u = arrays.u + arrays.array_offset[static_cast<size_t>(band)];
        if (to_bands) {
            const size_t bytes = sizeof(double) * static_cast<size_t>(rows.rows()) * n;
            const size_t from = static_cast<size_t>(rows.low_row) * n;
            HF_CHECK(hipMemcpyAsync(band_u, u + from, bytes, hipMemcpyDeviceToDevice, stream));
            HF_CHECK(hipMemcpyAsync(arrays.f + arrays.array_offset[static_cast<size_t>(band)], f + from, bytes,
                                    hipMemcpyDeviceToDevice, stream));
        } else {
            const size_t bytes = sizeof(double) * static_cast<size_t>(rows.end_row - rows.first_row) * n;
            HF_CHECK(hipMemcpyAsync(u + static_cast<size_t>(rows.first_row) * n,
                                    band_u + static_cast<size_t>(rows.first_row - rows.low_row) * n, bytes,
                                    hipMemcpyDeviceToDevice, stream));
        }
    }
    return HF_OK;
}

hf_status run_one_device(const hf_problem& problem, const hf_bands_config& config, double* u, const double* f,
                         int iterations, hipStream_t stream, hf_run_report* report)
{
    BandRun run{};
    HF_RETURN_IF_FAILED(plan_band_run(problem, config, 0, config.bands, iterations, &run));
    const int n = problem.n;
    OneDeviceBands arrays;
    hf_status status = arrays.acquire(n, config.bands, config.ghost_rows, stream);
    if (status == HF_OK) {
        status = copy_bands(arrays, n, config.bands, config.ghost_rows, u, f, true, stream);
    }
    if (status == HF_OK) {
        std::vector<LLLine*> receive;
        for (size_t offset : arrays.receive_offset) {
            receive.push_back(arrays.receive + offset);
        }
        std::vector<BandView> views(static_cast<size_t>(config.bands));
        for (int band = 0; band < config.bands; ++band) {
            const size_t offset = arrays.array_offset[static_cast<size_t>(band)];
            plan_band_view(n, config.bands, config.ghost_rows, band, arrays.u + offset, arrays.f + offset,
                           receive.data(), &views[static_cast<size_t>(band)]);
        }
        status = launch_bands(run, views, stream, report, &arrays.kernel_stuck);
        /* The owned rows back into u whenever the kernel ended: a failed run's array is a clue. */
        if (!arrays.kernel_stuck) {
            const hf_status copied = copy_bands(arrays, n, config.bands, config.ghost_rows, u, f, false, stream);
            status = first_failure(status, copied);
            if (copied == HF_OK) {
                HF_CHECK_AFTER(status, hipStreamSynchronize(stream));
            }
        }
    }
    return arrays.release(status);
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

hf_status hf_bands_run_one_device(const hf_problem* problem, const hf_bands_config* config, double* u, const double* f,
                                  int32_t iterations, void* stream, hf_run_report* report)
{
    clear_error();
    if (report == nullptr || u == nullptr || f == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_bands_run_one_device: u, f and report must not be null");
    }
    *report = empty_run_report();
    HF_RETURN_IF_FAILED(check_request(problem, config, iterations));
    return run_one_device(*problem, *config, u, f, iterations, static_cast<hipStream_t>(stream), report);
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
    std::vector<LLLine*> buffers;
    for (int b = 0; b < config->bands; ++b) {
        buffers.push_back(static_cast<LLLine*>(receive[b]));
    }
    BandView view{};
    plan_band_view(problem->n, config->bands, config->ghost_rows, band, band_u, band_f, buffers.data(), &view);
    for (int c = 0; c < view.sends + view.receives; ++c) {
        const BandCopy& copy = c < view.sends ? view.send[c] : view.receive[c - view.sends];
        if (copy.lines == nullptr) {
            return fail(HF_ERR_INVALID_ARGUMENT, "hf_band_run: band %d exchanges with band %d, whose receive buffer is null",
                        band, c < view.sends ? copy.peer : band);
        }
    }
    BandRun run{};
    HF_RETURN_IF_FAILED(plan_band_run(*problem, *config, band, 1, iterations, &run));
    run.flag_base = flag_base;
    bool stuck = false;
    return launch_bands(run, std::vector<BandView>{view}, static_cast<hipStream_t>(stream), report, &stuck);
}

}  // extern "C"
