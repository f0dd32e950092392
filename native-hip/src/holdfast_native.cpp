/*
 * holdfast_native.cpp: the one HIP-style source of libholdfast_native.
 *
 * It holds the kernels (through the headers under kernels/ and device/) and the C ABI of
 * holdfast_native.h: device queries, the persistent runs, the standard kernels and the test
 * helpers. Built as CUDA (hip_compat_cuda.h maps the HIP names) or as HIP, chosen by CMake's
 * GPU_RUNTIME. Every runtime call goes through HF_CHECK, which turns a failure into a status code
 * and a message; nothing here exits the process.
 */
#include "hf_gpu.h"

#include <chrono>
#include <cstring>
#include <vector>

#include "hf_errors.h"
#include "holdfast_native.h"
#include "host_scheduler.h"
#include "kernels/persistent_dataflow.h"
#include "kernels/persistent_grid.h"
#include "kernels/persistent_host.h"
#include "kernels/persistent_on_chip.h"
#include "kernels/standard_kernels.h"
#include "persistent_args.h"

#if defined(HF_RUNTIME_CUDA)
#include <cuda.h> /* driver types only: driver functions come through the runtime's entry points */
#endif

#ifndef HF_VERSION
#define HF_VERSION "0.0.0"
#endif

namespace holdfast {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kDefaultThreads = 256;
constexpr double kDefaultWatchdogSeconds = 10.0;
constexpr double kMaxWatchdogSeconds = 1e6; /* keeps the deadline in ticks well inside 64 bits */
constexpr int kMaxN = 46340; /* n * n must fit in an int, as in the Java kernels */

/* ------------------------------------------------------------------ checked runtime calls */

const char* base_name(const char* path)
{
    const char* slash = std::strrchr(path, '/');
    return slash != nullptr ? slash + 1 : path;
}

hf_status status_of(hipError_t error)
{
    switch (error) {
    case hipErrorNoDevice:
    case hipErrorInsufficientDriver:
#if defined(HF_RUNTIME_CUDA)
    case cudaErrorStubLibrary:
    case cudaErrorSystemDriverMismatch:
#endif
        return HF_ERR_NO_DEVICE;
    case hipErrorOutOfMemory: return HF_ERR_OUT_OF_MEMORY;
    case hipErrorCooperativeLaunchTooLarge: return HF_ERR_NOT_CORESIDENT;
    default: return HF_ERR_RUNTIME;
    }
}

hf_status runtime_failure(hipError_t error, const char* call, const char* file, int line)
{
    /* The runtime also keeps this error as its "last error"; take it off, or the next launch
     * check would report it again. Its return value is this same error. */
    (void)hipGetLastError();
    const hf_status status = status_of(error);
    fail(status, "%s failed at %s:%d: %s (%s)", call, base_name(file), line, hipGetErrorString(error),
         hipGetErrorName(error));
    if (status == HF_ERR_NO_DEVICE) {
        append_error(" [no usable GPU: no device, or no " HF_RUNTIME_NAME " driver, on this machine]");
    }
    return status;
}

/* For clean-up after an earlier failure: checks the call but keeps the first failure's message. */
hf_status check_after(hf_status earlier, hipError_t error, const char* call, const char* file, int line)
{
    if (error == hipSuccess || earlier != HF_OK) {
        return earlier;
    }
    return runtime_failure(error, call, file, line);
}

#define HF_CHECK(call)                                                          \
    do {                                                                        \
        const hipError_t hf_error_ = (call);                                    \
        if (hf_error_ != hipSuccess) {                                          \
            return runtime_failure(hf_error_, #call, __FILE__, __LINE__);       \
        }                                                                       \
    } while (0)

#define HF_CHECK_AFTER(status, call) status = check_after((status), (call), #call, __FILE__, __LINE__)

#define HF_RETURN_IF_FAILED(expression)             \
    do {                                            \
        const hf_status hf_status_ = (expression);  \
        if (hf_status_ != HF_OK) {                  \
            return hf_status_;                      \
        }                                           \
    } while (0)

double milliseconds_since(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/* ------------------------------------------------------------------ device */

hf_status current_device(int* device)
{
    int count = 0;
    HF_CHECK(hipGetDeviceCount(&count));
    if (count == 0) {
        return fail(HF_ERR_NO_DEVICE, "no GPU: the %s runtime reports 0 devices", HF_RUNTIME_NAME);
    }
    HF_CHECK(hipGetDevice(device));
    return HF_OK;
}

hf_status wall_clock_rate_khz(int device, int* rate)
{
#if HF_HAS_WALL_CLOCK_RATE_ATTRIBUTE
    HF_CHECK(hipDeviceGetAttribute(rate, hipDeviceAttributeWallClockRate, device));
#else
    (void)device;
    *rate = 100000; /* gfx9 (MI100, MI200) counts wall_clock64() at 100 MHz */
#endif
    return HF_OK;
}

bool is_host_mode(int mode) { return mode == HF_MODE_HOST_LOCKSTEP || mode == HF_MODE_HOST_NEIGHBOUR; }

const void* kernel_of(int mode)
{
    switch (mode) {
    case HF_MODE_GRID_COOPERATIVE_GROUPS: return reinterpret_cast<const void*>(&persistent_grid_cooperative_groups);
    case HF_MODE_GRID_TWO_SLOT: return reinterpret_cast<const void*>(&persistent_grid_two_slot);
    case HF_MODE_HOST_LOCKSTEP:
    case HF_MODE_HOST_NEIGHBOUR: return reinterpret_cast<const void*>(&persistent_host);
    case HF_MODE_DATAFLOW: return reinterpret_cast<const void*>(&persistent_dataflow);
    default: return nullptr;
    }
}

hf_status query_capacity(int mode, int threads, size_t dynamic_shared_bytes, hf_capacity* capacity)
{
    const void* kernel = kernel_of(mode);
    if (kernel == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "unknown mode %d", mode);
    }
    if (threads < 1 || threads > 1024) {
        return fail(HF_ERR_INVALID_ARGUMENT, "threads_per_block = %d is outside 1 .. 1024", threads);
    }
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    int cooperative = 0;
    int sm_count = 0;
    int blocks_per_sm = 0;
    HF_CHECK(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, device));
    HF_CHECK(hipDeviceGetAttribute(&sm_count, hipDeviceAttributeMultiprocessorCount, device));
    HF_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, kernel, threads, dynamic_shared_bytes));
    *capacity = hf_capacity{blocks_per_sm, sm_count, cooperative != 0 ? 1 : 0, device};
    return HF_OK;
}

/* ------------------------------------------------------------------ run planning */

struct RunPlan {
    int mode;
    const void* kernel;
    size_t shared_bytes; /* dynamic shared memory: the grid itself, on chip */
    int f_on_chip;       /* on chip: whether f is copied beside u */
    int blocks;
    int active_blocks;
    int threads;
    int steps;
    double watchdog_seconds;
    long long timeout_ticks;
    int fault;
    int fault_block;
    int host_polling;
};

hf_status validate_problem(const double* u, const double* f, int n, int iterations)
{
    if (u == nullptr || f == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "u and f must be device pointers, got u = %p, f = %p",
                    static_cast<const void*>(u), static_cast<const void*>(f));
    }
    if (n < 3 || n > kMaxN) {
        return fail(HF_ERR_INVALID_ARGUMENT, "n = %d is outside 3 .. %d", n, kMaxN);
    }
    if (iterations < 0 || iterations > (1 << 29)) {
        return fail(HF_ERR_INVALID_ARGUMENT, "iterations = %d is outside 0 .. 2^29", iterations);
    }
    return HF_OK;
}

/* The fault must fit the mode, hit a block that exists, and have a wait to break. */
hf_status validate_fault(const RunPlan& plan)
{
    if (plan.fault == HF_FAULT_NONE) {
        return HF_OK;
    }
    const char* mode = hf_mode_name(plan.mode);
    const bool fits = (plan.fault == HF_FAULT_SKIP_GRID_BARRIER && plan.mode == HF_MODE_GRID_TWO_SLOT) ||
                      (plan.fault == HF_FAULT_NEVER_PUBLISH && plan.mode == HF_MODE_DATAFLOW) ||
                      (plan.fault == HF_FAULT_NEVER_SIGNAL && is_host_mode(plan.mode));
    if (!fits) {
        return fail(HF_ERR_INVALID_ARGUMENT, "fault %d does not apply to %s", plan.fault, mode);
    }
    if (plan.fault_block < 0 || plan.fault_block >= plan.active_blocks) {
        return fail(HF_ERR_INVALID_ARGUMENT, "fault_block = %d: %s has blocks 0 .. %d with work", plan.fault_block,
                    mode, plan.active_blocks - 1);
    }
    if (plan.steps < 2 || (plan.fault != HF_FAULT_NEVER_SIGNAL && plan.active_blocks < 2)) {
        return fail(HF_ERR_INVALID_ARGUMENT,
                    "fault %d needs at least 1 iteration%s: nothing would wait for block %d", plan.fault,
                    plan.fault != HF_FAULT_NEVER_SIGNAL ? " and 2 blocks with work" : "", plan.fault_block);
    }
    return HF_OK;
}

/* One block with nobody to synchronise with: keep the grid in shared memory when it fits (u and
 * f, or u alone), which is what a persistent kernel can do and a standard launch cannot. */
hf_status plan_on_chip(int device, int n, RunPlan* plan)
{
    int limit = 0;
    HF_CHECK(hipDeviceGetAttribute(&limit, hipDeviceAttributeSharedMemPerBlockOptin, device));
    const size_t available = static_cast<size_t>(limit);
    if (on_chip_bytes(n, false) > available) {
        return HF_OK;
    }
    plan->f_on_chip = on_chip_bytes(n, true) <= available ? 1 : 0;
    plan->shared_bytes = on_chip_bytes(n, plan->f_on_chip != 0);
    plan->kernel = reinterpret_cast<const void*>(&persistent_on_chip);
    HF_CHECK(hipFuncSetAttribute(plan->kernel, hipFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(plan->shared_bytes)));
    return HF_OK;
}

/* Validates the run, sizes the grid and refuses one that cannot be co-resident. */
hf_status plan_run(const hf_run_config& config, int n, int iterations, RunPlan* plan, hf_run_report* report)
{
    if (config.host_polling != HF_POLL_BUSY && config.host_polling != HF_POLL_SLEEP) {
        return fail(HF_ERR_INVALID_ARGUMENT, "host_polling = %d is neither HF_POLL_BUSY nor HF_POLL_SLEEP",
                    config.host_polling);
    }
    if (config.watchdog_seconds > kMaxWatchdogSeconds) {
        return fail(HF_ERR_INVALID_ARGUMENT, "watchdog_seconds = %g is above %g", config.watchdog_seconds,
                    kMaxWatchdogSeconds);
    }
    if (config.blocks < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "blocks = %d is negative (0 means all co-resident blocks)",
                    config.blocks);
    }
    const int threads = config.threads_per_block == 0 ? kDefaultThreads : config.threads_per_block;
    hf_capacity capacity{};
    HF_RETURN_IF_FAILED(query_capacity(config.mode, threads, 0, &capacity));
    const char* mode = hf_mode_name(config.mode);
    if (!capacity.cooperative_launch) {
        return fail(HF_ERR_UNSUPPORTED, "%s: device %d does not support cooperative launch", mode, capacity.device);
    }
    const long long coresident = static_cast<long long>(capacity.blocks_per_sm) * capacity.sm_count;
    const int blocks = config.blocks == 0 ? static_cast<int>(coresident) : config.blocks;
    report->blocks = blocks;
    report->threads_per_block = threads;
    report->blocks_per_sm = capacity.blocks_per_sm;
    report->sm_count = capacity.sm_count;
    if (blocks == 0 || blocks > coresident) {
        return fail(HF_ERR_NOT_CORESIDENT,
                    "%s: %d blocks requested but at most %lld can be co-resident (%d blocks per SM x %d SMs "
                    "at %d threads per block, 0 dynamic shared bytes)",
                    mode, blocks, coresident, capacity.blocks_per_sm, capacity.sm_count, threads);
    }
    int rate_khz = 0;
    HF_RETURN_IF_FAILED(wall_clock_rate_khz(capacity.device, &rate_khz));
    const double watchdog = config.watchdog_seconds > 0 ? config.watchdog_seconds : kDefaultWatchdogSeconds;

    plan->mode = config.mode;
    plan->kernel = kernel_of(config.mode);
    if (blocks == 1 && !is_host_mode(config.mode)) {
        HF_RETURN_IF_FAILED(plan_on_chip(capacity.device, n, plan));
    }
    plan->blocks = blocks;
    plan->active_blocks = config.mode == HF_MODE_GRID_COOPERATIVE_GROUPS || config.mode == HF_MODE_GRID_TWO_SLOT
                              ? blocks
                              : active_band_count(blocks, n);
    plan->threads = threads;
    plan->steps = 2 * iterations;
    plan->watchdog_seconds = watchdog;
    plan->timeout_ticks = static_cast<long long>(watchdog * rate_khz * 1000.0);
    plan->fault = config.fault;
    plan->fault_block = config.fault_block;
    plan->host_polling = config.host_polling;
    report->active_blocks = plan->active_blocks;
    report->on_chip = plan->shared_bytes > 0 ? 1 : 0;
    return validate_fault(*plan);
}

/* ------------------------------------------------------------------ run resources */

/* What one launch owns: its zeroed control block (with the dataflow counters behind it), the
 * host flags for the host modes, and the two timing events. */
class RunResources {
public:
    hf_status acquire(const RunPlan& plan, hipStream_t stream)
    {
        const size_t control_bytes = sizeof(ControlBlock) + sizeof(StepCounter) * static_cast<size_t>(plan.blocks);
        HF_CHECK(hipMalloc(&control_memory_, control_bytes));
        HF_CHECK(hipMemsetAsync(control_memory_, 0, control_bytes, stream));
        if (is_host_mode(plan.mode)) {
            const size_t flag_bytes = sizeof(HostFlag) * static_cast<size_t>(host_flag_count(plan.blocks));
            HF_CHECK(hipHostMalloc(&host_flag_memory_, flag_bytes, hipHostMallocMapped | hipHostMallocCoherent));
            std::memset(host_flag_memory_, 0, flag_bytes);
            HF_CHECK(hipHostGetDevicePointer(&device_flag_memory_, host_flag_memory_, 0));
        }
        HF_CHECK(hipEventCreate(&start));
        HF_CHECK(hipEventCreate(&stop));
        return HF_OK;
    }

    /* Frees everything acquired, checking each call; keeps the earlier failure if there is one. */
    hf_status release(hf_status status)
    {
        if (leaked_) {
            return status;
        }
        if (stop != nullptr) {
            HF_CHECK_AFTER(status, hipEventDestroy(stop));
        }
        if (start != nullptr) {
            HF_CHECK_AFTER(status, hipEventDestroy(start));
        }
        if (host_flag_memory_ != nullptr) {
            HF_CHECK_AFTER(status, hipHostFree(host_flag_memory_));
        }
        if (control_memory_ != nullptr) {
            HF_CHECK_AFTER(status, hipFree(control_memory_));
        }
        return status;
    }

    /* The kernel did not end: its memory must outlive this call. */
    void leak() { leaked_ = true; }

    ControlBlock* control() const { return static_cast<ControlBlock*>(control_memory_); }
    StepCounter* counters() const { return reinterpret_cast<StepCounter*>(control() + 1); }
    HostFlag* host_flags() const { return static_cast<HostFlag*>(host_flag_memory_); }
    HostFlag* device_flags() const { return static_cast<HostFlag*>(device_flag_memory_); }

    hipEvent_t start = nullptr;
    hipEvent_t stop = nullptr;

private:
    void* control_memory_ = nullptr;
    void* host_flag_memory_ = nullptr;
    void* device_flag_memory_ = nullptr;
    bool leaked_ = false;
};

/* ------------------------------------------------------------------ run execution */

/* Waits for the event at most `seconds`; *ended tells whether it completed. */
hf_status wait_for_event(hipEvent_t event, double seconds, bool* ended)
{
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
        const hipError_t state = hipEventQuery(event);
        if (state == hipSuccess) {
            *ended = true;
            return HF_OK;
        }
        if (state != hipErrorNotReady) {
            return runtime_failure(state, "hipEventQuery(stop)", __FILE__, __LINE__);
        }
        if (Clock::now() > deadline) {
            *ended = false;
            return HF_OK;
        }
    }
}

void describe_device_wait(const DeviceError& error)
{
    switch (error.code) {
    case HF_WAIT_GRID_BARRIER:
        append_error("block %d waited at the grid barrier after half-sweep %d", error.block, error.step);
        break;
    case HF_WAIT_NEIGHBOUR:
        append_error("block %d waited before half-sweep %d for neighbour block %d", error.block, error.step,
                     error.peer);
        break;
    case HF_WAIT_HOST_TASK:
        append_error("block %d waited for the host's signal for half-sweep %d", error.block, error.step);
        break;
    default: append_error("wait %d expired in block %d at half-sweep %d", error.code, error.block, error.step);
    }
}

hf_status read_device_error(const RunResources& resources, hipStream_t stream, DeviceError* error)
{
    HF_CHECK(hipMemcpyAsync(error, &resources.control()->error, sizeof(DeviceError), hipMemcpyDeviceToHost, stream));
    HF_CHECK(hipStreamSynchronize(stream));
    return HF_OK;
}

/* Which block held the others up. The first wait to expire is often a neighbour of the block
 * that stopped, or a block further down a chain of waits: say how many blocks reached the stuck
 * barrier, or which block published the fewest half-sweeps. */
hf_status describe_progress(const RunPlan& plan, const RunResources& resources, hipStream_t stream,
                            const DeviceError& error)
{
    if (error.code == HF_WAIT_GRID_BARRIER) {
        LineCounter arrivals{};
        HF_CHECK(hipMemcpyAsync(&arrivals, &resources.control()->arrivals, sizeof(LineCounter), hipMemcpyDeviceToHost,
                                stream));
        HF_CHECK(hipStreamSynchronize(stream));
        append_error("; %u of %d blocks had arrived there", arrivals.value, plan.blocks);
    } else if (error.code == HF_WAIT_NEIGHBOUR) {
        std::vector<StepCounter> counters(static_cast<size_t>(plan.active_blocks));
        HF_CHECK(hipMemcpyAsync(counters.data(), resources.counters(), sizeof(StepCounter) * counters.size(),
                                hipMemcpyDeviceToHost, stream));
        HF_CHECK(hipStreamSynchronize(stream));
        size_t behind = 0;
        for (size_t block = 1; block < counters.size(); ++block) {
            behind = counters[block].completed < counters[behind].completed ? block : behind;
        }
        append_error("; block %zu is furthest behind, having published %d of %d half-sweeps", behind,
                     counters[behind].completed, plan.steps);
    }
    return HF_OK;
}

hf_status report_device_watchdog(const RunPlan& plan, const RunResources& resources, hipStream_t stream,
                                 const DeviceError& error, hf_run_report* report)
{
    report->error_code = error.code;
    report->error_block = error.block;
    report->error_step = error.step;
    report->error_peer = error.peer;
    fail(HF_ERR_WATCHDOG, "%s: watchdog expired after %g s: ", hf_mode_name(plan.mode), plan.watchdog_seconds);
    describe_device_wait(error);
    HF_RETURN_IF_FAILED(describe_progress(plan, resources, stream, error));
    return HF_ERR_WATCHDOG;
}

/* The host modes' failure path: tell every block to leave, wait (bounded) for the kernel, and
 * report which block the host waited for. */
hf_status fail_host_schedule(const RunPlan& plan, const HostScheduleOutcome& outcome, RunResources& resources,
                             hipStream_t stream, hf_run_report* report)
{
    abort_blocks(resources.host_flags(), plan.active_blocks);
    report->error_code = HF_WAIT_DEVICE_DONE;
    report->error_block = outcome.stuck_block;
    report->error_step = outcome.stuck_step;
    bool ended = false;
    HF_RETURN_IF_FAILED(wait_for_event(resources.stop, plan.watchdog_seconds + 1.0, &ended));
    const char* why = plan.fault == HF_FAULT_NEVER_SIGNAL && outcome.stuck_block == plan.fault_block
                          ? "the host never signalled it (fault injection)"
                          : outcome.stuck_block_signalled ? "signalled, its done flag never came"
                                                          : "its neighbours never finished";
    if (!ended) {
        resources.leak();
        report->error_code = HF_WAIT_KERNEL_EXIT;
        return fail(HF_ERR_WATCHDOG,
                    "%s: watchdog expired after %g s: block %d did not finish half-sweep %d (%s); the kernel "
                    "did not end after the abort, its buffers are left allocated",
                    hf_mode_name(plan.mode), plan.watchdog_seconds, outcome.stuck_block, outcome.stuck_step, why);
    }
    DeviceError device_error{};
    HF_RETURN_IF_FAILED(read_device_error(resources, stream, &device_error));
    fail(HF_ERR_WATCHDOG, "%s: watchdog expired after %g s: block %d did not finish half-sweep %d (%s)",
         hf_mode_name(plan.mode), plan.watchdog_seconds, outcome.stuck_block, outcome.stuck_step, why);
    if (device_error.code != 0) {
        append_error("; on the device, ");
        describe_device_wait(device_error);
    }
    return HF_ERR_WATCHDOG;
}

hf_status execute_run(const RunPlan& plan, const Problem& problem, RunResources& resources, hipStream_t stream,
                      hf_run_report* report)
{
    PersistentArgs args{problem,
                        plan.steps,
                        resources.control(),
                        resources.counters(),
                        resources.device_flags(),
                        plan.timeout_ticks,
                        plan.fault,
                        plan.fault_block};
    int f_on_chip = plan.f_on_chip;
    void* kernel_arguments[] = {&args, &f_on_chip};

    HF_CHECK(hipEventRecord(resources.start, stream));
    const auto host_start = Clock::now();
    HF_CHECK(hipLaunchCooperativeKernel(plan.kernel, dim3(static_cast<unsigned int>(plan.blocks)),
                                        dim3(static_cast<unsigned int>(plan.threads)), kernel_arguments,
                                        static_cast<unsigned int>(plan.shared_bytes), stream));
    HF_CHECK(hipEventRecord(resources.stop, stream));

    if (is_host_mode(plan.mode)) {
        const HostSchedule schedule{resources.host_flags(),
                                    plan.active_blocks,
                                    plan.steps,
                                    plan.mode == HF_MODE_HOST_NEIGHBOUR,
                                    plan.host_polling == HF_POLL_SLEEP,
                                    plan.watchdog_seconds,
                                    plan.fault == HF_FAULT_NEVER_SIGNAL ? plan.fault_block : -1};
        const HostScheduleOutcome outcome = run_host_schedule(schedule);
        report->handshakes = outcome.handshakes;
        if (!outcome.completed) {
            const hf_status status = fail_host_schedule(plan, outcome, resources, stream, report);
            report->host_ms = milliseconds_since(host_start);
            return status;
        }
    }
    HF_CHECK(hipEventSynchronize(resources.stop));
    report->host_ms = milliseconds_since(host_start);
    float device_ms = 0.0f;
    HF_CHECK(hipEventElapsedTime(&device_ms, resources.start, resources.stop));
    report->device_ms = device_ms;

    DeviceError device_error{};
    HF_RETURN_IF_FAILED(read_device_error(resources, stream, &device_error));
    if (device_error.code != 0) {
        return report_device_watchdog(plan, resources, stream, device_error, report);
    }
    return HF_OK;
}

hf_run_report empty_report()
{
    hf_run_report report{};
    report.error_block = -1;
    report.error_step = -1;
    report.error_peer = -1;
    return report;
}

/* ------------------------------------------------------------------ driver API (CUDA only) */

#if defined(HF_RUNTIME_CUDA)

/* The driver functions the launch benchmark needs, from the runtime's entry points: the library
 * never links libcuda, so it loads (and says "no GPU") where no driver is installed. */
struct DriverApi {
    CUresult (*launch_kernel)(CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int,
                              unsigned int, unsigned int, CUstream, void**, void**);
    CUresult (*stream_synchronize)(CUstream);
    CUresult (*get_error_string)(CUresult, const char**);
};

hf_status driver_entry_point(const char* symbol, void** function)
{
    cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
    HF_CHECK(cudaGetDriverEntryPointByVersion(symbol, function, 12000, cudaEnableDefault, &found));
    if (found != cudaDriverEntryPointSuccess) {
        return fail(HF_ERR_UNSUPPORTED, "the CUDA driver has no entry point %s (query result %d)", symbol,
                    static_cast<int>(found));
    }
    return HF_OK;
}

hf_status load_driver_api(DriverApi* api)
{
    HF_RETURN_IF_FAILED(driver_entry_point("cuLaunchKernel", reinterpret_cast<void**>(&api->launch_kernel)));
    HF_RETURN_IF_FAILED(driver_entry_point("cuStreamSynchronize", reinterpret_cast<void**>(&api->stream_synchronize)));
    HF_RETURN_IF_FAILED(driver_entry_point("cuGetErrorString", reinterpret_cast<void**>(&api->get_error_string)));
    return HF_OK;
}

hf_status driver_failure(const DriverApi& api, CUresult result, const char* call, const char* file, int line)
{
    const char* text = nullptr;
    if (api.get_error_string(result, &text) != CUDA_SUCCESS || text == nullptr) {
        text = "unknown driver error";
    }
    return fail(HF_ERR_RUNTIME, "%s failed at %s:%d: %s (CUresult %d)", call, base_name(file), line, text,
                static_cast<int>(result));
}

#define HF_CHECK_DRIVER(api, call)                                                \
    do {                                                                          \
        const CUresult hf_result_ = (call);                                       \
        if (hf_result_ != CUDA_SUCCESS) {                                         \
            return driver_failure((api), hf_result_, #call, __FILE__, __LINE__);  \
        }                                                                         \
    } while (0)

hf_status function_of(const void* kernel, void** function)
{
    cudaFunction_t handle = nullptr;
    HF_CHECK(cudaGetFuncBySymbol(&handle, kernel));
    *function = reinterpret_cast<void*>(handle);
    return HF_OK;
}

hf_status time_empty_launches(const DriverApi& api, CUfunction empty, CUstream stream, int count, bool sync_each,
                              double* seconds_per_launch)
{
    const auto start = Clock::now();
    for (int launch = 0; launch < count; ++launch) {
        HF_CHECK_DRIVER(api, api.launch_kernel(empty, 1, 1, 1, 1, 1, 1, 0, stream, nullptr, nullptr));
        if (sync_each) {
            HF_CHECK_DRIVER(api, api.stream_synchronize(stream));
        }
    }
    HF_CHECK_DRIVER(api, api.stream_synchronize(stream));
    *seconds_per_launch = std::chrono::duration<double>(Clock::now() - start).count() / count;
    return HF_OK;
}

#endif /* HF_RUNTIME_CUDA */

hf_status validate_copy(const void* destination, const void* source, int64_t bytes)
{
    if (destination == nullptr || source == nullptr || bytes < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "copy of %lld bytes from %p to %p", static_cast<long long>(bytes),
                    source, destination);
    }
    return HF_OK;
}

}  // namespace
}  // namespace holdfast

/* ==================================================================== the C ABI */

using namespace holdfast;

extern "C" {

const char* hf_version(void) { return HF_VERSION; }

int32_t hf_abi_version(void) { return HF_ABI_VERSION; }

const char* hf_runtime_name(void) { return HF_RUNTIME_NAME; }

hf_status hf_runtime_version(int32_t* runtime_version, int32_t* driver_version)
{
    clear_error();
    if (runtime_version == nullptr || driver_version == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_runtime_version: null output pointer");
    }
    int runtime = 0;
    int driver = 0;
    HF_CHECK(hipRuntimeGetVersion(&runtime));
    HF_CHECK(hipDriverGetVersion(&driver));
    *runtime_version = runtime;
    *driver_version = driver;
    return HF_OK;
}

hf_status hf_device_count(int32_t* count)
{
    clear_error();
    if (count == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_device_count: null output pointer");
    }
    *count = 0;
    int devices = 0;
    HF_CHECK(hipGetDeviceCount(&devices));
    if (devices == 0) {
        return fail(HF_ERR_NO_DEVICE, "no GPU: the %s runtime reports 0 devices", HF_RUNTIME_NAME);
    }
    *count = devices;
    return HF_OK;
}

hf_status hf_cooperative_launch_supported(int32_t* supported)
{
    clear_error();
    if (supported == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_cooperative_launch_supported: null output pointer");
    }
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    int cooperative = 0;
    HF_CHECK(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, device));
    *supported = cooperative != 0 ? 1 : 0;
    return HF_OK;
}

hf_status hf_query_capacity(int32_t mode, int32_t threads_per_block, int64_t dynamic_shared_bytes,
                            hf_capacity* capacity)
{
    clear_error();
    if (capacity == nullptr || dynamic_shared_bytes < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_query_capacity: null output or negative shared bytes");
    }
    const int threads = threads_per_block == 0 ? kDefaultThreads : threads_per_block;
    return query_capacity(mode, threads, static_cast<size_t>(dynamic_shared_bytes), capacity);
}

hf_status hf_run(const hf_run_config* config, double* u, const double* f, int32_t n, int32_t iterations, double h2,
                 void* stream, hf_run_report* report)
{
    clear_error();
    if (config == nullptr || report == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_run: null config or report");
    }
    *report = empty_report();
    HF_RETURN_IF_FAILED(validate_problem(u, f, n, iterations));
    RunPlan plan{};
    HF_RETURN_IF_FAILED(plan_run(*config, n, iterations, &plan, report));

    const hipStream_t run_stream = static_cast<hipStream_t>(stream);
    RunResources resources;
    hf_status status = resources.acquire(plan, run_stream);
    if (status == HF_OK) {
        status = execute_run(plan, Problem{u, f, n, h2}, resources, run_stream, report);
    }
    return resources.release(status);
}

hf_status hf_get_standard_kernels(hf_standard_kernels* kernels)
{
    clear_error();
    if (kernels == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_get_standard_kernels: null output pointer");
    }
#if defined(HF_RUNTIME_CUDA)
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    hf_standard_kernels handles{};
    HF_RETURN_IF_FAILED(function_of(reinterpret_cast<const void*>(&hf_red), &handles.red));
    HF_RETURN_IF_FAILED(function_of(reinterpret_cast<const void*>(&hf_black), &handles.black));
    HF_RETURN_IF_FAILED(function_of(reinterpret_cast<const void*>(&hf_empty), &handles.empty));
    *kernels = handles;
    return HF_OK;
#else
    return fail(HF_ERR_UNSUPPORTED, "hf_get_standard_kernels: driver-API handles are CUDA only");
#endif
}

hf_status hf_launch_standard(double* u, const double* f, int32_t n, int32_t iterations, double h2, int32_t blocks,
                             int32_t threads_per_block, void* stream)
{
    clear_error();
    HF_RETURN_IF_FAILED(validate_problem(u, f, n, iterations));
    const int threads = threads_per_block == 0 ? kDefaultThreads : threads_per_block;
    if (blocks < 1 || threads < 1 || threads > 1024) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_launch_standard: %d blocks of %d threads", blocks, threads);
    }
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    const hipStream_t run_stream = static_cast<hipStream_t>(stream);
    for (int iteration = 0; iteration < iterations; ++iteration) {
        hipLaunchKernelGGL(hf_red, dim3(blocks), dim3(threads), 0, run_stream, u, f, n, h2);
        HF_CHECK(hipGetLastError());
        hipLaunchKernelGGL(hf_black, dim3(blocks), dim3(threads), 0, run_stream, u, f, n, h2);
        HF_CHECK(hipGetLastError());
    }
    HF_CHECK(hipStreamSynchronize(run_stream));
    return HF_OK;
}

hf_status hf_launch_benchmark(int32_t count, void* stream, double* queued_seconds_per_launch,
                              double* synced_seconds_per_launch)
{
    clear_error();
    if (count < 1 || queued_seconds_per_launch == nullptr || synced_seconds_per_launch == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_launch_benchmark: count = %d, outputs must not be null", count);
    }
#if defined(HF_RUNTIME_CUDA)
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    DriverApi api{};
    HF_RETURN_IF_FAILED(load_driver_api(&api));
    void* empty = nullptr;
    HF_RETURN_IF_FAILED(function_of(reinterpret_cast<const void*>(&hf_empty), &empty));
    const CUstream driver_stream = static_cast<CUstream>(stream);
    HF_RETURN_IF_FAILED(time_empty_launches(api, static_cast<CUfunction>(empty), driver_stream, count, false,
                                            queued_seconds_per_launch));
    HF_RETURN_IF_FAILED(time_empty_launches(api, static_cast<CUfunction>(empty), driver_stream, count, true,
                                            synced_seconds_per_launch));
    return HF_OK;
#else
    (void)stream;
    return fail(HF_ERR_UNSUPPORTED, "hf_launch_benchmark: the driver-API benchmark is CUDA only");
#endif
}

hf_status hf_device_alloc(int64_t bytes, void** pointer)
{
    clear_error();
    if (pointer == nullptr || bytes <= 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_device_alloc: %lld bytes, output %p", static_cast<long long>(bytes),
                    static_cast<void*>(pointer));
    }
    *pointer = nullptr;
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    HF_CHECK(hipMalloc(pointer, static_cast<size_t>(bytes)));
    return HF_OK;
}

hf_status hf_device_free(void* pointer)
{
    clear_error();
    HF_CHECK(hipFree(pointer));
    return HF_OK;
}

hf_status hf_copy_to_device(void* device_destination, const void* host_source, int64_t bytes)
{
    clear_error();
    HF_RETURN_IF_FAILED(validate_copy(device_destination, host_source, bytes));
    HF_CHECK(hipMemcpy(device_destination, host_source, static_cast<size_t>(bytes), hipMemcpyHostToDevice));
    return HF_OK;
}

hf_status hf_copy_to_host(void* host_destination, const void* device_source, int64_t bytes)
{
    clear_error();
    HF_RETURN_IF_FAILED(validate_copy(host_destination, device_source, bytes));
    HF_CHECK(hipMemcpy(host_destination, device_source, static_cast<size_t>(bytes), hipMemcpyDeviceToHost));
    return HF_OK;
}

}  // extern "C"
