/*
 * bench_runs.h: one run of each variant resident_bench measures, on a device grid, timed with
 * events around the kernel (and the host clock for the relay). Each run returns an error text
 * instead of exiting, so that one refused or failed case does not end the sweep.
 */
#ifndef HOLDFAST_TOOLS_RESIDENT_BENCH_RUNS_H
#define HOLDFAST_TOOLS_RESIDENT_BENCH_RUNS_H

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "host_scheduler.h"
#include "kernels/persistent_dataflow.h"
#include "kernels/persistent_grid.h"
#include "kernels/persistent_host_relay.h"
#include "kernels/persistent_resident.h"
#include "kernels/standard_kernels.h"

namespace bench {

using holdfast::LLAccess;
using holdfast::ResidentWork;
using Clock = std::chrono::steady_clock;

constexpr int kMaxBlocks = 4096;

inline std::string cuda_text(cudaError_t error, const char* call)
{
    return std::string(call) + ": " + cudaGetErrorName(error) + " (" + cudaGetErrorString(error) + ")";
}

#define BENCH_TRY(call)                                            \
    do {                                                           \
        const cudaError_t bench_error_ = (call);                   \
        if (bench_error_ != cudaSuccess) {                         \
            (void)cudaGetLastError();                              \
            return cuda_text(bench_error_, #call);                 \
        }                                                          \
    } while (0)

struct Timing {
    double device_ms = 0;
    double host_ms = 0;
};

/* What every run shares: stream, events, the zeroed control block, mapped host flags, the LL
 * mailbox (grown on demand, never reset: each launch has its own flag range). */
struct DeviceContext {
    int sm_count = 0;
    int shared_optin = 0;
    long long timeout_ticks = 10'000'000'000LL; /* %globaltimer counts nanoseconds */
    double watchdog_seconds = 10.0;
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    holdfast::ControlBlock* control = nullptr; /* with kMaxBlocks dataflow counters behind it */
    holdfast::HostFlag* host_flags = nullptr;  /* 2 * kMaxBlocks, mapped */
    holdfast::HostFlag* device_flags = nullptr;
    holdfast::LLLine* mailbox = nullptr;
    size_t mailbox_lines = 0;
    uint32_t flag_base = 0;

    std::string open()
    {
        BENCH_TRY(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, 0));
        BENCH_TRY(cudaDeviceGetAttribute(&shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
        BENCH_TRY(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
        BENCH_TRY(cudaEventCreate(&start));
        BENCH_TRY(cudaEventCreate(&stop));
        BENCH_TRY(cudaMalloc(&control, control_bytes()));
        BENCH_TRY(cudaHostAlloc(&host_flags, flag_bytes(), cudaHostAllocMapped));
        BENCH_TRY(cudaHostGetDevicePointer(&device_flags, host_flags, 0));
        return "";
    }

    static size_t control_bytes()
    {
        return sizeof(holdfast::ControlBlock) + sizeof(holdfast::StepCounter) * kMaxBlocks;
    }
    static size_t flag_bytes() { return sizeof(holdfast::HostFlag) * 2 * kMaxBlocks; }

    void set_watchdog(double seconds)
    {
        watchdog_seconds = seconds;
        timeout_ticks = static_cast<long long>(seconds * 1e9);
    }

    std::string ensure_mailbox(size_t lines)
    {
        if (lines <= mailbox_lines) {
            return "";
        }
        if (mailbox != nullptr) {
            BENCH_TRY(cudaFree(mailbox));
        }
        mailbox = nullptr;
        mailbox_lines = 0;
        BENCH_TRY(cudaMalloc(&mailbox, lines * sizeof(holdfast::LLLine)));
        BENCH_TRY(cudaMemset(mailbox, 0, lines * sizeof(holdfast::LLLine)));
        mailbox_lines = lines;
        return "";
    }

    /* The launch's flags: exchange e carries base + e; the next launch starts above them. */
    uint32_t take_flags(int steps)
    {
        const uint32_t base = flag_base;
        flag_base += static_cast<uint32_t>(steps) + 1u;
        return base;
    }

    std::string reset_control()
    {
        BENCH_TRY(cudaMemsetAsync(control, 0, control_bytes(), stream));
        std::memset(static_cast<void*>(host_flags), 0, flag_bytes());
        return "";
    }

    holdfast::PersistentArgs args(double* u, const double* f, int n, double h2, int iterations, int fault = 0,
                                  int fault_block = 0, int sweeps = 1, uint32_t flags = 0) const
    {
        return holdfast::PersistentArgs{holdfast::Problem{u, f, n, (h2)},
                                        2 * iterations,
                                        control,
                                        reinterpret_cast<holdfast::StepCounter*>(control + 1),
                                        device_flags,
                                        timeout_ticks,
                                        fault,
                                        fault_block,
                                        sweeps,
                                        mailbox,
                                        flags,
                                        nullptr,
                                        holdfast::StreamGeometry{}};
    }

    /* After the kernel: the device's watchdog report, if any. */
    std::string device_error()
    {
        holdfast::DeviceError error{};
        BENCH_TRY(cudaMemcpy(&error, &control->error, sizeof(error), cudaMemcpyDeviceToHost));
        if (error.code == 0) {
            return "";
        }
        char text[160];
        std::snprintf(text, sizeof(text), "device watchdog: wait %d in block %d at half-sweep %d (peer %d)", error.code,
                      error.block, error.step, error.peer);
        return text;
    }
};

struct DeviceGrid {
    double* u = nullptr;
    const double* f = nullptr;
    int n = 0;
    double h2 = 0;
};

/* Launches cooperatively between the two events. */
inline std::string launch_timed(DeviceContext& context, const void* kernel, int blocks, int threads, void** arguments,
                                size_t shared_bytes)
{
    BENCH_TRY(cudaEventRecord(context.start, context.stream));
    BENCH_TRY(cudaLaunchCooperativeKernel(kernel, dim3(blocks), dim3(threads), arguments, shared_bytes,
                                          context.stream));
    BENCH_TRY(cudaEventRecord(context.stop, context.stream));
    return "";
}

/* Waits for the stop event and reads the times. Only a persistent kernel's run reads the error
 * word, which its own launch zeroed (reset_control): the first run's report said "graph failed:
 * device watchdog ..." because the graph read the word a fault test had left behind. */
inline std::string finish_timed(DeviceContext& context, Timing* timing, Clock::time_point host_start,
                                bool reads_error_word = true)
{
    BENCH_TRY(cudaEventSynchronize(context.stop));
    timing->host_ms = std::chrono::duration<double, std::milli>(Clock::now() - host_start).count();
    float device_ms = 0;
    BENCH_TRY(cudaEventElapsedTime(&device_ms, context.start, context.stop));
    timing->device_ms = device_ms;
    return reads_error_word ? context.device_error() : "";
}

/* Blocks per SM the occupancy API allows for this kernel; "" or why not co-resident. */
inline std::string coresident(const DeviceContext& context, const void* kernel, int blocks, int threads,
                              size_t shared_bytes)
{
    int per_sm = 0;
    BENCH_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared_bytes));
    if (static_cast<long long>(per_sm) * context.sm_count < blocks) {
        return "not co-resident: " + std::to_string(per_sm) + " blocks per SM of " + std::to_string(threads) +
               " threads with " + std::to_string(shared_bytes / 1024) + " KiB";
    }
    return "";
}

/* ------------------------------------------------------------------ grid-resident (item 3) */

struct ResidentConfig {
    int blocks;
    int threads;
    int k;
    bool f_on_chip;
    bool overlap;
    LLAccess access;
    ResidentWork work = ResidentWork::kAll;
};

/* The library's body (kernels/persistent_resident.h) with the knobs the library fixes, bounded
 * for 512 threads as the library's kernel is, or for 1024 (then ptxas spills). */
template <bool Overlap, LLAccess Access, ResidentWork Work, int MaxThreads>
__global__ void __launch_bounds__(MaxThreads) resident_knobs_kernel(holdfast::PersistentArgs args, int f_on_chip)
{
    holdfast::run_resident<Overlap, Access, Work>(args, f_on_chip);
}

template <bool Overlap, LLAccess Access, ResidentWork Work, int MaxThreads = holdfast::kResidentMaxThreads>
const void* resident_kernel_of()
{
    return reinterpret_cast<const void*>(&resident_knobs_kernel<Overlap, Access, Work, MaxThreads>);
}

inline const void* resident_kernel(const ResidentConfig& c)
{
    using W = ResidentWork;
    if (c.threads > holdfast::kResidentMaxThreads) { /* the spilling build, overlap on, 16-byte lines */
        return c.work == W::kComputeOnly    ? resident_kernel_of<false, LLAccess::kVector16, W::kComputeOnly, 1024>()
               : c.work == W::kExchangeOnly ? resident_kernel_of<false, LLAccess::kVector16, W::kExchangeOnly, 1024>()
                                            : resident_kernel_of<true, LLAccess::kVector16, W::kAll, 1024>();
    }
    if (c.work == W::kComputeOnly) {
        return c.overlap ? resident_kernel_of<true, LLAccess::kVector16, W::kComputeOnly>()
                         : resident_kernel_of<false, LLAccess::kVector16, W::kComputeOnly>();
    }
    if (c.work == W::kExchangeOnly) {
        return resident_kernel_of<false, LLAccess::kVector16, W::kExchangeOnly>();
    }
    if (c.access == LLAccess::kVector16) {
        return c.overlap ? resident_kernel_of<true, LLAccess::kVector16, W::kAll>()
                         : resident_kernel_of<false, LLAccess::kVector16, W::kAll>();
    }
    return c.overlap ? resident_kernel_of<true, LLAccess::kWords8, W::kAll>()
                     : resident_kernel_of<false, LLAccess::kWords8, W::kAll>();
}

/* "" when the library's planner would accept the configuration at n, else why not. */
inline std::string resident_refusal(const DeviceContext& context, const ResidentConfig& config, int n)
{
    const int bands = holdfast::active_band_count(config.blocks, n);
    if (bands > 1 && config.k > holdfast::smallest_band_rows(n, bands)) {
        return "k > rows of the smallest band (" + std::to_string(holdfast::smallest_band_rows(n, bands)) + ")";
    }
    const size_t bytes = holdfast::resident_shared_bytes(bands, n, config.k, config.f_on_chip);
    if (bytes > static_cast<size_t>(context.shared_optin)) {
        return "needs " + std::to_string(bytes / 1024) + " KiB of shared memory per block";
    }
    const void* kernel = resident_kernel(config);
    BENCH_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
    return coresident(context, kernel, config.blocks, config.threads, bytes);
}

inline std::string run_resident(DeviceContext& context, const ResidentConfig& config, const DeviceGrid& grid,
                                int iterations, Timing* timing, int fault = 0, int fault_block = 0)
{
    const int bands = holdfast::active_band_count(config.blocks, grid.n);
    const std::string mailbox = context.ensure_mailbox(holdfast::resident_mailbox_lines(bands, grid.n, config.k));
    if (!mailbox.empty()) {
        return mailbox;
    }
    const std::string reset = context.reset_control();
    if (!reset.empty()) {
        return reset;
    }
    holdfast::PersistentArgs args = context.args(grid.u, grid.f, grid.n, grid.h2, iterations, fault, fault_block,
                                                 config.k, context.take_flags(2 * iterations));
    int f_on_chip = config.f_on_chip ? 1 : 0;
    void* arguments[] = {&args, &f_on_chip};
    const size_t bytes = holdfast::resident_shared_bytes(bands, grid.n, config.k, config.f_on_chip);
    BENCH_TRY(cudaFuncSetAttribute(resident_kernel(config), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(bytes)));
    const auto host_start = Clock::now();
    const std::string launched =
        launch_timed(context, resident_kernel(config), config.blocks, config.threads, arguments, bytes);
    return launched.empty() ? finish_timed(context, timing, host_start) : launched;
}

/* ------------------------------------------------------------------ host relay (item 8) */

inline const void* relay_kernel() { return reinterpret_cast<const void*>(&holdfast::persistent_host_relay); }

/* One relay run; fault HF_FAULT_NEVER_SIGNAL: the host stops after the first half-sweep. */
inline std::string run_relay(DeviceContext& context, int blocks, int threads, const DeviceGrid& grid, int iterations,
                             Timing* timing, int fault = 0, int fault_block = 0)
{
    const std::string reset = context.reset_control();
    if (!reset.empty()) {
        return reset;
    }
    holdfast::PersistentArgs args = context.args(grid.u, grid.f, grid.n, grid.h2, iterations, fault, fault_block);
    void* arguments[] = {&args};
    const auto host_start = Clock::now();
    const std::string launched = launch_timed(context, relay_kernel(), blocks, threads, arguments, 0);
    if (!launched.empty()) {
        return launched;
    }
    const holdfast::HostScheduleOutcome outcome = holdfast::run_host_steps(holdfast::HostStepSchedule{
        context.host_flags, args.steps, false, context.watchdog_seconds, fault == HF_FAULT_NEVER_SIGNAL ? 1 : -1});
    if (!outcome.completed) {
        holdfast::abort_steps(context.host_flags);
    }
    const std::string finished = finish_timed(context, timing, host_start);
    if (!outcome.completed) {
        char text[160];
        std::snprintf(text, sizeof(text), "host watchdog: half-sweep %d not done (%s)%s%s", outcome.stuck_step,
                      outcome.stuck_block_signalled ? "signalled" : "never signalled", finished.empty() ? "" : "; ",
                      finished.c_str());
        return text;
    }
    return finished;
}

/* ------------------------------------------------------------------ baselines */

inline std::string run_persistent(DeviceContext& context, const void* kernel, int blocks, int threads,
                                  const DeviceGrid& grid, int iterations, Timing* timing)
{
    const std::string reset = context.reset_control();
    if (!reset.empty()) {
        return reset;
    }
    holdfast::PersistentArgs args = context.args(grid.u, grid.f, grid.n, grid.h2, iterations);
    void* arguments[] = {&args};
    const auto host_start = Clock::now();
    const std::string launched = launch_timed(context, kernel, blocks, threads, arguments, 0);
    return launched.empty() ? finish_timed(context, timing, host_start) : launched;
}

/* The standard kernels, one thread per point of a colour, 256 per block, as the Java rule. */
inline int standard_blocks(int n) { return (holdfast::points_per_colour(n) + 255) / 256; }

inline std::string queue_standard(cudaStream_t stream, const DeviceGrid& grid, int iterations)
{
    for (int iteration = 0; iteration < iterations; ++iteration) {
        hf_red<<<standard_blocks(grid.n), 256, 0, stream>>>(grid.u, grid.f, grid.n, grid.h2);
        hf_black<<<standard_blocks(grid.n), 256, 0, stream>>>(grid.u, grid.f, grid.n, grid.h2);
    }
    BENCH_TRY(cudaGetLastError());
    return "";
}

/* A CUDA graph of the standard launches, captured once per (grid, iterations). */
struct StandardGraph {
    cudaGraphExec_t exec = nullptr;
    int n = 0;
    int iterations = 0;
    double* u = nullptr;

    std::string prepare(DeviceContext& context, const DeviceGrid& grid, int count)
    {
        if (exec != nullptr && n == grid.n && iterations == count && u == grid.u) {
            return "";
        }
        if (exec != nullptr) {
            BENCH_TRY(cudaGraphExecDestroy(exec));
            exec = nullptr;
        }
        cudaGraph_t graph = nullptr;
        BENCH_TRY(cudaStreamBeginCapture(context.stream, cudaStreamCaptureModeGlobal));
        const std::string queued = queue_standard(context.stream, grid, count);
        BENCH_TRY(cudaStreamEndCapture(context.stream, &graph));
        if (!queued.empty()) {
            return queued;
        }
        BENCH_TRY(cudaGraphInstantiate(&exec, graph, 0));
        BENCH_TRY(cudaGraphDestroy(graph));
        n = grid.n;
        iterations = count;
        u = grid.u;
        return "";
    }

    std::string run(DeviceContext& context, const DeviceGrid& grid, int count, Timing* timing)
    {
        const std::string prepared = prepare(context, grid, count);
        if (!prepared.empty()) {
            return prepared;
        }
        const auto host_start = Clock::now();
        BENCH_TRY(cudaEventRecord(context.start, context.stream));
        BENCH_TRY(cudaGraphLaunch(exec, context.stream));
        BENCH_TRY(cudaEventRecord(context.stop, context.stream));
        return finish_timed(context, timing, host_start, false);
    }
};

}  // namespace bench

#endif /* HOLDFAST_TOOLS_RESIDENT_BENCH_RUNS_H */
