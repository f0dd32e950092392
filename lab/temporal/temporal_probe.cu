/*
 * temporal_probe: the temporally blocked kernels of issue 11, checked bit for bit against the
 * sequential reference and timed on one GPU, beside the one-sweep kernel (graph's equivalent).
 *
 * Designs:
 *   one-sweep        hf_red / hf_black, one launch per half-sweep, in place (the baseline)
 *   twin             the library's kernels (src/device/stream_pass.h): the Java kernel's design by
 *                    hand, K half-sweeps per pass streamed down the rows, plain loads held one step,
 *                    warp shuffles; standard hf_stream_pass_k<K>, persistent temporal_stream_persistent<K>
 *   stream-shared    phase-1 prototypes (prototype/): the stream with cp.async rows, neighbours through
 *   stream-shuffle   shared memory or by warp shuffle (T256, prefetch D)
 *   tile             phase-1 prototype: overlapped 2D tiles with a K-wide ghost border, 64 x 64 or 128 x 64
 * each as a standard launch per pass (timed as a CUDA graph of the passes) and as a persistent
 * kernel (one cooperative launch, a grid barrier between passes).
 *
 * Phases: (1) the correctness matrix: every kernel at N = 3 ... 4098 from a seeded random
 * interior, 7 iterations (so K = 3, 6, 8, ... end on a shorter pass), the full array compared
 * with the CPU reference on the device, bit for bit; (2) timing at N = 1001, 4097, 10001: each
 * configuration checked first, then timed with events (median of repeats), every repeat compared
 * with the CPU reference; (3) a summary table, printed last. --sanitize runs a small matrix for
 * compute-sanitizer.
 *
 *   temporal_probe [--sanitize] [--check-sizes LIST] [--sizes LIST] [--repeats R] [--budget SECONDS]
 *
 * Exit status: 0 when every check passed, 1 when one failed, 2 on a usage or device error.
 */
#include "kernel_tables.h"
/* after kernel_tables.h (hf_gpu.h) */
#include "kernels/standard_kernels.h"
#include "plan.h"
#include "problem.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

using namespace holdfast;
using namespace temporal_tools;
namespace proto = holdfast::prototype;
using proto::StreamExchange;
using proto::TemporalPass;
using proto::TemporalPersistentArgs;
using proto::TileGeometry;

namespace {

/* ------------------------------------------------------------------ checked calls */

bool g_device_lost = false; /* a sticky error: nothing more can run in this process */

bool succeeded(cudaError_t error, const char* call, int line)
{
    if (error == cudaSuccess) {
        return true;
    }
    std::printf("CUDA error at temporal_probe.cu:%d: %s: %s (%s)\n", line, call, cudaGetErrorString(error),
                cudaGetErrorName(error));
    (void)cudaGetLastError();
    if (cudaDeviceSynchronize() != cudaSuccess) {
        g_device_lost = true;
    }
    return false;
}
#define CUDA_OK(call) succeeded((call), #call, __LINE__)

/* ------------------------------------------------------------------ the device */

struct Device {
    int sm_count = 0;
    int shared_optin = 0;
    char name[256] = {};
};
Device g_device;

/* ------------------------------------------------------------------ configurations */

enum class Design { kOneSweep, kTwin, kStreamShared, kStreamShuffle, kTile };
enum class Paradigm { kStandard, kPersistent };

struct Config {
    Design design;
    Paradigm paradigm;
    int k = 1;
    int threads = 256;     /* stream: 128 or 256 (tile: the shape's) */
    int tile_x = 64;       /* tile: 64 x 64 or 128 x 64 */
    int blocks_per_sm = 0; /* stream: resident blocks per SM to size the segments for; 0: as many as fit */
    int prefetch = 4;      /* stream: rows loaded ahead */
    int grid_limit = 0;    /* persistent: at most this many blocks (0: every co-resident one) */
};

std::string label(const Config& c)
{
    char text[96];
    switch (c.design) {
    case Design::kOneSweep: return "one-sweep";
    case Design::kTwin:
        std::snprintf(text, sizeof text, "twin%s", c.grid_limit > 0 ? (" g" + std::to_string(c.grid_limit)).c_str() : "");
        return text;
    case Design::kStreamShared:
    case Design::kStreamShuffle:
        std::snprintf(text, sizeof text, "%s T%d D%d%s",
                      c.design == Design::kStreamShared ? "stream-shared" : "stream-shuffle", c.threads, c.prefetch,
                      c.blocks_per_sm > 0 ? (" b" + std::to_string(c.blocks_per_sm)).c_str() : "");
        return text;
    case Design::kTile: std::snprintf(text, sizeof text, "tile %dx64", c.tile_x); return text;
    }
    return "?";
}

const char* paradigm_name(Paradigm p) { return p == Paradigm::kStandard ? "standard" : "persistent"; }

/* What a configuration runs at one size. */
struct Plan {
    std::string skip; /* why it cannot run here, or empty */
    const void* full = nullptr;       /* standard: passes of k half-sweeps (one-sweep: hf_red) */
    const void* variable = nullptr;   /* standard: the shorter last pass (one-sweep: hf_black) */
    const void* persistent = nullptr;
    proto::StreamGeometry stream{};
    TileGeometry tile{};
    holdfast::StreamGeometry twin{}; /* the library's items */
    int threads = 0, grid = 0, items = 0, resident_per_sm = 0, registers = 0;
    size_t shared_bytes = 0, local_bytes = 0;
};

const StreamKernels* stream_entry(const Config& c)
{
    const StreamKernels* table = nullptr;
    if (c.threads == 256) {
        table = c.design == Design::kStreamShared ? kStreamShared256 : kStreamShuffle256;
    }
    for (int i = 0; table != nullptr && i < kStreamKernelsPerTable; ++i) {
        if (table[i].k == c.k) {
            return &table[i];
        }
    }
    return nullptr;
}

const TileKernels* tile_entry(const Config& c)
{
    for (int i = 0; i < kTileKernelCount; ++i) {
        if (kTileKernels[i].k == c.k && kTileKernels[i].tile_x == c.tile_x) {
            return &kTileKernels[i];
        }
    }
    return nullptr;
}

const TwinKernels* twin_entry(const Config& c)
{
    for (int i = 0; i < kTwinKernelCount; ++i) {
        if (kTwinKernels[i].k == c.k) {
            return &kTwinKernels[i];
        }
    }
    return nullptr;
}

/* Reads the kernel's resources and raises its dynamic shared memory limit (once) to what the device
 * allows beside the kernel's static shared memory: the opt-in maximum less the static bytes. (Phase
 * 1 asked for the whole opt-in maximum, which the runtime refuses for a kernel with any static
 * shared memory, such as the grid barrier's: every persistent kernel stayed at 48 KB.) */
bool prepare_kernel(const void* kernel, Plan* plan)
{
    cudaFuncAttributes attributes{};
    if (!CUDA_OK(cudaFuncGetAttributes(&attributes, kernel))) {
        return false;
    }
    static std::set<const void*> raised;
    const int dynamic_limit = g_device.shared_optin - int(attributes.sharedSizeBytes);
    if (raised.insert(kernel).second &&
        !CUDA_OK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, dynamic_limit))) {
        return false;
    }
    if (plan->shared_bytes + attributes.sharedSizeBytes > size_t(g_device.shared_optin)) {
        plan->skip = "needs " + std::to_string((plan->shared_bytes + attributes.sharedSizeBytes) / 1024) +
                     " KB of shared memory";
    }
    plan->registers = attributes.numRegs;
    plan->local_bytes = attributes.localSizeBytes;
    if (plan->threads > attributes.maxThreadsPerBlock) {
        plan->skip = "needs more registers than " + std::to_string(plan->threads) + " threads have";
    }
    return true;
}

/* Resident blocks per SM of `kernel` with the plan's threads and shared memory. */
int resident_blocks(const void* kernel, const Plan& plan)
{
    int blocks = 0;
    if (!CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, plan.threads, plan.shared_bytes))) {
        return 0;
    }
    return blocks;
}

Plan make_plan(const Config& c, int n)
{
    Plan plan;
    if (c.design == Design::kOneSweep) {
        plan.threads = 256;
        plan.full = reinterpret_cast<const void*>(&hf_red);
        plan.variable = reinterpret_cast<const void*>(&hf_black);
        const long long points = static_cast<long long>(n - 2) * ((n - 1) / 2);
        plan.grid = plan.items = static_cast<int>((points + plan.threads - 1) / plan.threads);
        prepare_kernel(plan.full, &plan);
        return plan;
    }
    const bool persistent = c.paradigm == Paradigm::kPersistent;
    int items = 0;
    if (c.design == Design::kTwin) {
        const TwinKernels* entry = twin_entry(c);
        if (entry == nullptr) {
            plan.skip = "no twin kernel for this k";
            return plan;
        }
        plan.threads = kStreamThreads;
        plan.full = plan.variable = reinterpret_cast<const void*>(entry->standard);
        plan.persistent = reinterpret_cast<const void*>(entry->persistent);
        const void* timed = persistent ? plan.persistent : plan.full;
        if (!prepare_kernel(timed, &plan) || !plan.skip.empty()) {
            if (plan.skip.empty()) {
                plan.skip = "kernel attributes unavailable";
            }
            return plan;
        }
        plan.resident_per_sm = resident_blocks(timed, plan);
        if (plan.resident_per_sm == 0) {
            plan.skip = "no block fits on a multiprocessor";
            return plan;
        }
        /* The Java runner's and the native planner's cut: one wave of resident blocks. */
        plan.twin = plan_stream_geometry(n, c.k, plan.resident_per_sm * g_device.sm_count);
        plan.items = plan.twin.strips * plan.twin.segments;
        plan.grid = plan.items;
        if (persistent) {
            plan.grid = std::min(plan.items, plan.resident_per_sm * g_device.sm_count);
            if (c.grid_limit > 0) {
                plan.grid = std::min(plan.grid, c.grid_limit);
            }
        }
        return plan;
    }
    if (c.design == Design::kTile) {
        const TileKernels* entry = tile_entry(c);
        if (entry == nullptr) {
            plan.skip = "no tile kernel for this k and shape";
            return plan;
        }
        plan.threads = entry->threads;
        plan.full = plan.variable = reinterpret_cast<const void*>(entry->standard);
        plan.persistent = reinterpret_cast<const void*>(entry->persistent);
        plan.shared_bytes = size_t(entry->shared_doubles) * sizeof(double);
        plan.tile = plan_tile(n, entry->tile_x, entry->tile_y);
        items = plan.tile.tiles_x * plan.tile.tiles_y;
    } else {
        const StreamKernels* entry = stream_entry(c);
        if (entry == nullptr) {
            plan.skip = "no stream kernel for this k and thread count";
            return plan;
        }
        plan.threads = entry->threads;
        plan.full = reinterpret_cast<const void*>(entry->full);
        plan.variable = reinterpret_cast<const void*>(entry->variable);
        plan.persistent = reinterpret_cast<const void*>(entry->persistent);
        const StreamExchange exchange = entry->exchange;
        const proto::StreamGeometry one = plan_stream(n, c.k, c.threads, 1, c.prefetch);
        plan.shared_bytes =
            size_t(proto::stream_shared_doubles(c.k, c.threads, exchange, one.u_ring, one.f_ring)) * sizeof(double);
    }
    if (plan.shared_bytes > size_t(g_device.shared_optin)) {
        plan.skip = "needs " + std::to_string(plan.shared_bytes / 1024) + " KB of shared memory";
        return plan;
    }
    const void* timed = persistent ? plan.persistent : plan.full;
    if (!prepare_kernel(plan.variable, &plan) || !prepare_kernel(timed, &plan) || !plan.skip.empty()) {
        if (plan.skip.empty()) {
            plan.skip = "kernel attributes unavailable";
        }
        return plan;
    }
    plan.resident_per_sm = resident_blocks(timed, plan);
    if (plan.resident_per_sm == 0) {
        plan.skip = "no block fits on a multiprocessor";
        return plan;
    }
    if (c.design != Design::kTile) {
        const int wanted = c.blocks_per_sm > 0 ? std::min(c.blocks_per_sm, plan.resident_per_sm) : plan.resident_per_sm;
        const proto::StreamGeometry one = plan_stream(n, c.k, c.threads, 1, c.prefetch);
        /* as many segments as fill the resident slots once, never a second, almost empty wave */
        const int segments = std::max(1, wanted * g_device.sm_count / one.strips);
        plan.stream = plan_stream(n, c.k, c.threads, segments, c.prefetch);
        items = plan.stream.strips * plan.stream.segments;
    }
    plan.items = items;
    plan.grid = items;
    if (persistent) {
        plan.grid = std::min(items, plan.resident_per_sm * g_device.sm_count);
        if (c.grid_limit > 0) {
            plan.grid = std::min(plan.grid, c.grid_limit);
        }
    }
    return plan;
}

/* ------------------------------------------------------------------ device problem */

struct Mismatch {
    unsigned long long count;
    unsigned long long max_abs_bits; /* bits of the largest |difference| (non-negative doubles order as integers) */
    unsigned long long first;
};

__global__ void compare_bits(const double* result, const double* expected, long long count, Mismatch* mismatch)
{
    const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
    for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        const double a = result[i];
        const double b = expected[i];
        if (__double_as_longlong(a) != __double_as_longlong(b)) {
            atomicAdd(&mismatch->count, 1ull);
            atomicMin(&mismatch->first, static_cast<unsigned long long>(i));
            atomicMax(&mismatch->max_abs_bits, static_cast<unsigned long long>(__double_as_longlong(fabs(a - b))));
        }
    }
}

/* The most passes of a run the twin's schedule holds: 2 x 480 iterations at k = 1. */
constexpr int kMaxPasses = 1024;

struct DeviceProblem {
    int n = 0;
    double h2 = 0;
    size_t count = 0;
    double* start = nullptr;    /* the seeded start state, never written */
    double* poisoned = nullptr; /* the boundary, NaN inside: what the second buffer starts as */
    double* a = nullptr;        /* work buffers */
    double* b = nullptr;
    double* f = nullptr;
    double* expected = nullptr; /* the CPU reference for the iteration count being checked */
    ControlBlock* control = nullptr;
    int* schedule = nullptr;    /* twin: (half-sweeps, first colour) per pass of a run */
    Mismatch* mismatch = nullptr;
    cudaStream_t stream = nullptr;
    cudaEvent_t begin = nullptr, end = nullptr;

    bool allocate(const HostProblem& problem)
    {
        n = problem.n;
        h2 = problem.h2;
        count = problem.u.size();
        const size_t bytes = count * sizeof(double);
        std::vector<double> poison = problem.u;
        for (int i = 1; i < n - 1; ++i) {
            std::fill(poison.begin() + size_t(i) * n + 1, poison.begin() + size_t(i) * n + n - 1, std::nan(""));
        }
        return CUDA_OK(cudaMalloc(&start, bytes)) && CUDA_OK(cudaMalloc(&poisoned, bytes)) &&
               CUDA_OK(cudaMalloc(&a, bytes)) && CUDA_OK(cudaMalloc(&b, bytes)) && CUDA_OK(cudaMalloc(&f, bytes)) &&
               CUDA_OK(cudaMalloc(&expected, bytes)) && CUDA_OK(cudaMalloc(&control, sizeof(ControlBlock))) &&
               CUDA_OK(cudaMalloc(&schedule, kMaxPasses * 2 * sizeof(int))) &&
               CUDA_OK(cudaMalloc(&mismatch, sizeof(Mismatch))) &&
               CUDA_OK(cudaMemcpy(start, problem.u.data(), bytes, cudaMemcpyHostToDevice)) &&
               CUDA_OK(cudaMemcpy(poisoned, poison.data(), bytes, cudaMemcpyHostToDevice)) &&
               CUDA_OK(cudaMemcpy(f, problem.f.data(), bytes, cudaMemcpyHostToDevice)) &&
               CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)) && CUDA_OK(cudaEventCreate(&begin)) &&
               CUDA_OK(cudaEventCreate(&end));
    }

    bool expect(const std::vector<double>& reference)
    {
        return CUDA_OK(cudaMemcpy(expected, reference.data(), count * sizeof(double), cudaMemcpyHostToDevice));
    }

    void release()
    {
        for (void* p : {static_cast<void*>(start), static_cast<void*>(poisoned), static_cast<void*>(a),
                        static_cast<void*>(b), static_cast<void*>(f), static_cast<void*>(expected),
                        static_cast<void*>(control), static_cast<void*>(schedule), static_cast<void*>(mismatch)}) {
            if (p != nullptr) {
                cudaFree(p);
            }
        }
        if (stream != nullptr) {
            cudaStreamDestroy(stream);
            cudaEventDestroy(begin);
            cudaEventDestroy(end);
        }
        *this = DeviceProblem{};
    }

    /* Back to the start state: a = start, b = boundary with NaN inside, control block zeroed. */
    bool reset()
    {
        return CUDA_OK(cudaMemcpyAsync(a, start, count * sizeof(double), cudaMemcpyDeviceToDevice, stream)) &&
               CUDA_OK(cudaMemcpyAsync(b, poisoned, count * sizeof(double), cudaMemcpyDeviceToDevice, stream)) &&
               CUDA_OK(cudaMemsetAsync(control, 0, sizeof(ControlBlock), stream));
    }

    bool compare(const double* result, Mismatch* out)
    {
        const Mismatch zero{0, 0, ~0ull};
        return CUDA_OK(cudaMemcpyAsync(mismatch, &zero, sizeof zero, cudaMemcpyHostToDevice, stream)) &&
               (compare_bits<<<1024, 256, 0, stream>>>(result, expected, static_cast<long long>(count), mismatch),
                CUDA_OK(cudaGetLastError())) &&
               CUDA_OK(cudaMemcpyAsync(out, mismatch, sizeof *out, cudaMemcpyDeviceToHost, stream)) &&
               CUDA_OK(cudaStreamSynchronize(stream));
    }
};

/* Enqueues one run of `iterations` iterations from the state in a; returns the buffer that will
 * hold the result, or nullptr when a launch failed. */
double* enqueue_run(const Config& c, const Plan& plan, DeviceProblem& d, int iterations)
{
    const int total = 2 * iterations;
    if (c.design == Design::kOneSweep) {
        for (int sweep = 0; sweep < total; ++sweep) {
            if ((sweep & 1) == 0) {
                hf_red<<<plan.grid, plan.threads, 0, d.stream>>>(d.a, d.f, d.n, d.h2);
            } else {
                hf_black<<<plan.grid, plan.threads, 0, d.stream>>>(d.a, d.f, d.n, d.h2);
            }
        }
        return CUDA_OK(cudaGetLastError()) ? d.a : nullptr;
    }
    const int passes = proto::pass_count(total, c.k);
    if (c.design == Design::kTwin) {
        if (c.paradigm == Paradigm::kPersistent) {
            PersistentArgs args{};
            args.problem = Problem{d.a, d.f, d.n, d.h2};
            args.steps = total;
            args.control = d.control;
            args.timeout_ticks = 10LL * 1000 * 1000 * 1000; /* 10 s of %globaltimer nanoseconds */
            args.sweeps_per_exchange = c.k;
            args.scratch = d.b;
            args.items = plan.twin;
            void* arguments[] = {&args};
            if (!CUDA_OK(cudaLaunchCooperativeKernel(plan.persistent, plan.grid, plan.threads, arguments, 0, d.stream))) {
                return nullptr;
            }
            return temporal_result_in_scratch(total, c.k) ? d.b : d.a;
        }
        /* As the Java runner launches the twin: pass i reads its half-sweeps and colour from schedule[2 i]. */
        for (int index = 0; index < passes; ++index) {
            const bool even = (index & 1) == 0;
            const double* in = even ? d.a : d.b;
            double* out = even ? d.b : d.a;
            int pass = index;
            int n = d.n;
            double h2 = d.h2;
            StreamGeometry g = plan.twin;
            void* arguments[] = {&in, &out, &d.f, &d.schedule, &pass, &n, &h2, &g.strip_width, &g.strips, &g.segment_rows};
            if (!CUDA_OK(cudaLaunchKernel(plan.full, plan.grid, plan.threads, arguments, 0, d.stream))) {
                return nullptr;
            }
        }
        return passes % 2 == 0 ? d.a : d.b;
    }
    if (c.paradigm == Paradigm::kPersistent) {
        TemporalPersistentArgs args{};
        args.run.problem = Problem{d.a, d.f, d.n, d.h2};
        args.run.steps = total;
        args.run.control = d.control;
        args.run.timeout_ticks = 10LL * 1000 * 1000 * 1000; /* 10 s of %globaltimer nanoseconds */
        args.scratch = d.b;
        void* arguments[] = {&args, c.design == Design::kTile ? static_cast<void*>(const_cast<TileGeometry*>(&plan.tile))
                                                              : static_cast<void*>(const_cast<proto::StreamGeometry*>(&plan.stream))};
        if (!CUDA_OK(cudaLaunchCooperativeKernel(plan.persistent, plan.grid, plan.threads, arguments, plan.shared_bytes,
                                                 d.stream))) {
            return nullptr;
        }
        return passes % 2 == 0 ? d.a : d.b;
    }
    for (int index = 0; index < passes; ++index) {
        TemporalPass pass = proto::temporal_pass_of(d.a, d.b, d.f, d.n, d.h2, total, c.k, index);
        void* arguments[] = {&pass, c.design == Design::kTile ? static_cast<void*>(const_cast<TileGeometry*>(&plan.tile))
                                                              : static_cast<void*>(const_cast<proto::StreamGeometry*>(&plan.stream))};
        const void* kernel = pass.sweeps == c.k ? plan.full : plan.variable;
        if (!CUDA_OK(cudaLaunchKernel(kernel, plan.grid, plan.threads, arguments, plan.shared_bytes, d.stream))) {
            return nullptr;
        }
    }
    return passes % 2 == 0 ? d.a : d.b;
}

/* The persistent kernels' watchdog: a nonzero error code means a wait expired. */
bool watchdog_clean(const Config& c, DeviceProblem& d, std::string* note)
{
    if (c.paradigm != Paradigm::kPersistent || c.design == Design::kOneSweep) {
        return true;
    }
    DeviceError error{};
    if (!CUDA_OK(cudaMemcpy(&error, &d.control->error, sizeof error, cudaMemcpyDeviceToHost))) {
        *note = "control block unreadable";
        return false;
    }
    if (error.code != 0) {
        *note = "watchdog: block " + std::to_string(error.block) + " stuck at barrier " + std::to_string(error.step);
        return false;
    }
    return true;
}

struct Outcome {
    bool equal = false;
    std::string note;              /* why not, when not */
    std::vector<double> micros;    /* per iteration, one per timed repeat */
    Mismatch mismatch{};
};

std::string describe(const Mismatch& m, int n)
{
    double max_abs;
    std::memcpy(&max_abs, &m.max_abs_bits, sizeof max_abs);
    char text[160];
    std::snprintf(text, sizeof text, "%llu points differ, first (%llu, %llu), max |diff| %.3g", m.count, m.first / n,
                  m.first % n, max_abs);
    return text;
}

/* The twin's schedule for a run of `iterations`: pass i has min(k, left) half-sweeps, first colour (i k) & 1. */
bool write_schedule(const Config& c, DeviceProblem& d, int iterations)
{
    if (c.design != Design::kTwin || c.paradigm != Paradigm::kStandard) {
        return true;
    }
    const int total = 2 * iterations;
    const int passes = proto::pass_count(total, c.k);
    if (passes > kMaxPasses) {
        return false;
    }
    std::vector<int> schedule(size_t(2 * passes));
    for (int index = 0; index < passes; ++index) {
        schedule[size_t(2 * index)] = std::min(c.k, total - index * c.k);
        schedule[size_t(2 * index + 1)] = (index * c.k) & 1;
    }
    return CUDA_OK(cudaMemcpy(d.schedule, schedule.data(), schedule.size() * sizeof(int), cudaMemcpyHostToDevice));
}

/* One run from the start state, compared in full with the expected array. */
Outcome check(const Config& c, const Plan& plan, DeviceProblem& d, int iterations)
{
    Outcome outcome;
    if (!write_schedule(c, d, iterations) || !d.reset()) {
        outcome.note = "reset failed";
        return outcome;
    }
    double* result = enqueue_run(c, plan, d, iterations);
    if (result == nullptr || !CUDA_OK(cudaStreamSynchronize(d.stream)) || !watchdog_clean(c, d, &outcome.note) ||
        !d.compare(result, &outcome.mismatch)) {
        if (outcome.note.empty()) {
            outcome.note = "launch failed";
        }
        return outcome;
    }
    outcome.equal = outcome.mismatch.count == 0;
    if (!outcome.equal) {
        outcome.note = describe(outcome.mismatch, d.n);
    }
    return outcome;
}

/* Checked first, then `repeats` timed runs, each compared in full. Standard runs replay a CUDA
 * graph of their launches; persistent runs are one cooperative launch. */
Outcome time_config(const Config& c, const Plan& plan, DeviceProblem& d, int iterations, int repeats)
{
    Outcome outcome = check(c, plan, d, iterations); /* also the warm-up: modules loaded */
    if (!outcome.equal) {
        return outcome;
    }
    const bool graph = c.paradigm == Paradigm::kStandard;
    cudaGraph_t captured = nullptr;
    cudaGraphExec_t replay = nullptr;
    double* result = nullptr;
    if (graph) {
        if (!CUDA_OK(cudaStreamBeginCapture(d.stream, cudaStreamCaptureModeThreadLocal))) {
            outcome.equal = false;
            outcome.note = "capture failed";
            return outcome;
        }
        result = enqueue_run(c, plan, d, iterations);
        const bool captured_ok = CUDA_OK(cudaStreamEndCapture(d.stream, &captured)) && result != nullptr &&
                                 CUDA_OK(cudaGraphInstantiate(&replay, captured, 0)) &&
                                 CUDA_OK(cudaGraphUpload(replay, d.stream)); /* not in the first timed repeat */
        if (!captured_ok) {
            outcome.equal = false;
            outcome.note = "graph failed";
            return outcome;
        }
    }
    for (int repeat = 0; repeat < repeats && outcome.equal; ++repeat) {
        float milliseconds = 0;
        const bool ran = d.reset() && CUDA_OK(cudaEventRecord(d.begin, d.stream)) &&
                         (graph ? CUDA_OK(cudaGraphLaunch(replay, d.stream))
                                : (result = enqueue_run(c, plan, d, iterations)) != nullptr) &&
                         CUDA_OK(cudaEventRecord(d.end, d.stream)) && CUDA_OK(cudaEventSynchronize(d.end)) &&
                         CUDA_OK(cudaEventElapsedTime(&milliseconds, d.begin, d.end)) &&
                         watchdog_clean(c, d, &outcome.note) && d.compare(result, &outcome.mismatch);
        outcome.equal = ran && outcome.mismatch.count == 0;
        if (!outcome.equal && outcome.note.empty()) {
            outcome.note = ran ? describe(outcome.mismatch, d.n) : "run failed";
        }
        outcome.micros.push_back(1000.0 * milliseconds / iterations);
    }
    if (graph) {
        cudaGraphExecDestroy(replay);
        cudaGraphDestroy(captured);
    }
    if (!outcome.equal) {
        outcome.micros.clear(); /* a failed row carries no time */
    }
    return outcome;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t m = values.size() / 2;
    return values.size() % 2 == 1 ? values[m] : 0.5 * (values[m - 1] + values[m]);
}

/* ------------------------------------------------------------------ the configurations run */

const int kStreamKs[] = {1, 2, 3, 4, 6, 8};
const int kTileKs[] = {1, 2, 3, 4, 8};

Config stream_config(Design design, Paradigm paradigm, int k, int threads, int prefetch, int blocks_per_sm = 0,
                     int grid_limit = 0)
{
    Config c{design, paradigm};
    c.k = k;
    c.threads = threads;
    c.prefetch = prefetch;
    c.blocks_per_sm = blocks_per_sm;
    c.grid_limit = grid_limit;
    return c;
}

Config tile_config(Paradigm paradigm, int k, int tile_x, int grid_limit = 0)
{
    Config c{Design::kTile, paradigm};
    c.k = k;
    c.tile_x = tile_x;
    c.grid_limit = grid_limit;
    return c;
}

Config twin_config(Paradigm paradigm, int k, int grid_limit = 0)
{
    Config c{Design::kTwin, paradigm};
    c.k = k;
    c.grid_limit = grid_limit;
    return c;
}

/* The library's twins at every k in both paradigms (persistent also with 3 blocks walking every
 * item), and the phase-1 prototypes whose persistent forms the attribute bug hid. */
std::vector<Config> matrix_configs()
{
    std::vector<Config> configs{Config{Design::kOneSweep, Paradigm::kStandard}};
    for (int k : kStreamKs) {
        configs.push_back(twin_config(Paradigm::kStandard, k));
        configs.push_back(twin_config(Paradigm::kPersistent, k));
        configs.push_back(twin_config(Paradigm::kPersistent, k, 3));
    }
    for (Design design : {Design::kStreamShared, Design::kStreamShuffle}) {
        for (int k : kStreamKs) {
            configs.push_back(stream_config(design, Paradigm::kStandard, k, 256, 2));
            configs.push_back(stream_config(design, Paradigm::kPersistent, k, 256, 2));
        }
    }
    for (int tile_x : {64, 128}) {
        for (int k : kTileKs) {
            configs.push_back(tile_config(Paradigm::kStandard, k, tile_x));
            configs.push_back(tile_config(Paradigm::kPersistent, k, tile_x, 2));
        }
    }
    return configs;
}

/* Small and few, the library's kernels: a shorter last pass (k = 3 and 8 on 3 iterations), the
 * persistent kernel walking several items on 2 blocks and on every block. */
std::vector<Config> sanitize_configs()
{
    return {Config{Design::kOneSweep, Paradigm::kStandard}, twin_config(Paradigm::kStandard, 1),
            twin_config(Paradigm::kStandard, 3),            twin_config(Paradigm::kStandard, 8),
            twin_config(Paradigm::kPersistent, 3, 2),       twin_config(Paradigm::kPersistent, 8)};
}

/* Timing: first what the summary needs (the twins in both paradigms at every k, the prototypes'
 * best, the persistent prototypes that did not fit before), then a wider sweep while the budget lasts. */
std::vector<Config> timing_configs(size_t* second_tier_index)
{
    std::vector<Config> configs{Config{Design::kOneSweep, Paradigm::kStandard}};
    for (int k : kStreamKs) {
        configs.push_back(twin_config(Paradigm::kStandard, k));
        configs.push_back(twin_config(Paradigm::kPersistent, k));
    }
    for (int k : {2, 4, 8}) {
        for (Paradigm paradigm : {Paradigm::kStandard, Paradigm::kPersistent}) {
            configs.push_back(stream_config(Design::kStreamShuffle, paradigm, k, 256, 2));
        }
        configs.push_back(stream_config(Design::kStreamShared, Paradigm::kPersistent, k, 256, 2));
    }
    *second_tier_index = configs.size();
    for (int k : {3, 6}) {
        for (Paradigm paradigm : {Paradigm::kStandard, Paradigm::kPersistent}) {
            configs.push_back(stream_config(Design::kStreamShuffle, paradigm, k, 256, 2));
        }
    }
    for (int k : {4, 8}) {
        configs.push_back(stream_config(Design::kStreamShuffle, Paradigm::kStandard, k, 256, 4));
        configs.push_back(stream_config(Design::kStreamShared, Paradigm::kStandard, k, 256, 2));
    }
    for (int tile_x : {64, 128}) {
        for (int k : {4, 8}) {
            configs.push_back(tile_config(Paradigm::kPersistent, k, tile_x));
        }
    }
    return configs;
}

/* ------------------------------------------------------------------ phases */

struct Timed {
    int n;
    Config config;
    Plan plan;
    double micros;     /* median per iteration */
    double low, high;  /* spread over the repeats */
};

int g_failures = 0;
std::vector<Timed> g_timed;

/* The problem of size n on the device, expecting the CPU reference after `iterations`; the
 * sensitivity is max|ref(iterations) - ref(iterations - 1)|. False (and counted) on a device error. */
bool open_size(int n, int iterations, DeviceProblem* d, double* sensitivity)
{
    const HostProblem problem = make_problem(n, 0x5eed + uint64_t(n));
    const int threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<double> reference = problem.u;
    reference_half_sweeps(reference, problem.f, n, problem.h2, 0, 2 * iterations - 2, threads);
    const std::vector<double> one_short = reference;
    reference_half_sweeps(reference, problem.f, n, problem.h2, 2 * iterations - 2, 2, threads);
    *sensitivity = max_abs_diff(reference, one_short);
    if (!d->allocate(problem) || !d->expect(reference)) {
        ++g_failures;
        d->release();
        return false;
    }
    return true;
}

void run_matrix(const std::vector<int>& sizes, const std::vector<Config>& configs, int iterations)
{
    for (int n : sizes) {
        DeviceProblem d;
        double sensitivity = 0;
        if (!open_size(n, iterations, &d, &sensitivity)) {
            return;
        }
        int passed = 0, failed = 0, skipped = 0;
        for (const Config& c : configs) {
            if (c.grid_limit > 0 && n > 1002) {
                continue; /* a few blocks walking every item: slow at large N, and 1002 exercises it already */
            }
            const Plan plan = make_plan(c, n);
            if (!plan.skip.empty()) {
                ++skipped;
                continue;
            }
            const Outcome outcome = check(c, plan, d, iterations);
            if (outcome.equal) {
                ++passed;
            } else {
                ++failed;
                std::printf("FAIL check N = %d %s %s k = %d (grid %d, items %d): %s\n", n, paradigm_name(c.paradigm),
                            label(c).c_str(), c.k, plan.grid, plan.items, outcome.note.c_str());
            }
            if (g_device_lost) {
                break;
            }
        }
        g_failures += failed;
        std::printf("check N = %5d, %d iterations (sensitivity max|ref(%d) - ref(%d)| = %.3g): %d equal, %d FAILED, %d not runnable here\n",
                    n, iterations, iterations, iterations - 1, sensitivity, passed, failed, skipped);
        std::fflush(stdout);
        d.release();
        if (g_device_lost) {
            return;
        }
    }
}

int timing_iterations(int n) { return n <= 2000 ? 480 : n <= 5000 ? 48 : 24; } /* 2 x iterations divisible by every k */

void run_timing(const std::vector<int>& sizes, int repeats, double budget_seconds, double copy_gbs)
{
    const auto start = std::chrono::steady_clock::now();
    size_t second_tier = 0;
    const std::vector<Config> configs = timing_configs(&second_tier);
    for (int n : sizes) {
        const int iterations = timing_iterations(n);
        DeviceProblem d;
        double sensitivity = 0;
        if (!open_size(n, iterations, &d, &sensitivity)) {
            return;
        }
        std::printf("\n== timing N = %d: %d iterations, median of %d, every repeat compared with the CPU reference "
                    "(sensitivity max|ref(%d) - ref(%d)| = %.3g)\n",
                    n, iterations, repeats, iterations, iterations - 1, sensitivity);
        const double interior = double(n - 2) * double(n - 2);
        const double one_sweep_bytes = 2.0 * 3.0 * 8.0 * double(n) * double(n); /* per iteration: u, f read, u written, twice */
        double graph_micros = 0;
        for (size_t index = 0; index < configs.size(); ++index) {
            const Config& c = configs[index];
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (index >= second_tier && elapsed > budget_seconds) {
                std::printf("(budget of %.0f s spent: the sweep beyond the summary's configurations stops here)\n",
                            budget_seconds);
                break;
            }
            const Plan plan = make_plan(c, n);
            if (!plan.skip.empty()) {
                std::printf("%-10s %-24s k = %2d: not runnable: %s\n", paradigm_name(c.paradigm), label(c).c_str(), c.k,
                            plan.skip.c_str());
                continue;
            }
            const Outcome outcome = time_config(c, plan, d, iterations, repeats);
            if (!outcome.equal) {
                ++g_failures;
                std::printf("FAIL %-10s %-24s k = %2d: %s\n", paradigm_name(c.paradigm), label(c).c_str(), c.k,
                            outcome.note.c_str());
                if (g_device_lost) {
                    break;
                }
                continue;
            }
            const double micros = median(outcome.micros);
            const auto [low, high] = std::minmax_element(outcome.micros.begin(), outcome.micros.end());
            if (c.design == Design::kOneSweep) {
                graph_micros = micros;
            }
            g_timed.push_back(Timed{n, c, plan, micros, *low, *high});
            const double effective = one_sweep_bytes / (micros * 1e-6) / 1e9;
            std::printf("%-10s %-24s k = %2d: %9.2f us/iter [%.2f, %.2f] %7.1f Gpt/s %8.0f GB/s eff (%4.0f%% of copy) "
                        "x%5.2f | grid %5d items %5d res/SM %d smem %3zu KB regs %3d local %zu B\n",
                        paradigm_name(c.paradigm), label(c).c_str(), c.k, micros, *low, *high,
                        interior / (micros * 1e-6) / 1e9, effective, 100.0 * effective / copy_gbs,
                        graph_micros > 0 ? graph_micros / micros : 0.0, plan.grid, plan.items, plan.resident_per_sm,
                        plan.shared_bytes / 1024, plan.registers, plan.local_bytes);
            std::fflush(stdout);
        }
        d.release();
        if (g_device_lost) {
            return;
        }
    }
}

/* Device-to-device copy rate (read + write), the ceiling the effective bandwidth is shown against. */
double measure_copy_gbs(size_t bytes)
{
    void* from = nullptr;
    void* to = nullptr;
    cudaEvent_t begin, end;
    std::vector<double> rates;
    if (CUDA_OK(cudaMalloc(&from, bytes)) && CUDA_OK(cudaMalloc(&to, bytes)) && CUDA_OK(cudaEventCreate(&begin)) &&
        CUDA_OK(cudaEventCreate(&end))) {
        for (int repeat = 0; repeat < 6; ++repeat) {
            float milliseconds = 0;
            if (CUDA_OK(cudaEventRecord(begin)) && CUDA_OK(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToDevice)) &&
                CUDA_OK(cudaEventRecord(end)) && CUDA_OK(cudaEventSynchronize(end)) &&
                CUDA_OK(cudaEventElapsedTime(&milliseconds, begin, end)) && repeat > 0) {
                rates.push_back(2.0 * double(bytes) / (milliseconds * 1e-3) / 1e9);
            }
        }
        cudaEventDestroy(begin);
        cudaEventDestroy(end);
    }
    cudaFree(from);
    cudaFree(to);
    return rates.empty() ? 0.0 : median(rates);
}

/* Per size: graph, then per k the best standard and the best persistent configuration. */
void print_summary(const std::vector<int>& sizes, double copy_gbs)
{
    std::printf("\n== summary (%s, %d SMs): us per iteration, median; x = speed-up over one-sweep graph in this run; "
                "floor = 2/k passes of 24 n^2 bytes at the measured copy rate %.0f GB/s\n",
                g_device.name, g_device.sm_count, copy_gbs);
    std::printf("%6s %3s | %9s %9s %6s | %9s %6s  %-22s | %9s %6s  %-22s | %8s\n", "N", "k", "twin std", "twin per",
                "per/std", "standard", "x", "best standard", "persist.", "x", "best persistent", "floor");
    for (int n : sizes) {
        const Timed* graph = nullptr;
        for (const Timed& t : g_timed) {
            if (t.n == n && t.config.design == Design::kOneSweep) {
                graph = &t;
            }
        }
        if (graph == nullptr) {
            continue;
        }
        const double interior = double(n - 2) * double(n - 2);
        const double pass_bytes = 24.0 * double(n) * double(n);
        std::printf("%6d %3s | %9s %9s %6s | %9.2f %6.2f  %-22s | %9s %6s  %-22s | %8.2f\n", n, "-", "", "", "",
                    graph->micros, 1.0, "one-sweep graph", "", "", "", 2.0 * pass_bytes / (copy_gbs * 1e9) * 1e6);
        (void)interior;
        for (int k : kStreamKs) {
            const Timed* best[2] = {nullptr, nullptr};
            const Timed* twin[2] = {nullptr, nullptr};
            for (const Timed& t : g_timed) {
                if (t.n == n && t.config.design == Design::kTwin && t.config.k == k && t.config.grid_limit == 0) {
                    twin[t.config.paradigm == Paradigm::kStandard ? 0 : 1] = &t;
                }
                if (t.n == n && t.config.design != Design::kOneSweep && t.config.k == k) {
                    const Timed*& slot = best[t.config.paradigm == Paradigm::kStandard ? 0 : 1];
                    if (slot == nullptr || t.micros < slot->micros) {
                        slot = &t;
                    }
                }
            }
            if (best[0] == nullptr && best[1] == nullptr) {
                continue;
            }
            char standard[64] = "", persistent[64] = "", twins[64] = "";
            std::snprintf(twins, sizeof twins, "%9s %9s %6s", twin[0] ? std::to_string(twin[0]->micros).substr(0, 8).c_str() : "-",
                          twin[1] ? std::to_string(twin[1]->micros).substr(0, 8).c_str() : "-",
                          twin[0] && twin[1] ? std::to_string(twin[1]->micros / twin[0]->micros).substr(0, 5).c_str() : "-");
            if (best[0] != nullptr) {
                std::snprintf(standard, sizeof standard, "%9.2f %6.2f", best[0]->micros, graph->micros / best[0]->micros);
            }
            if (best[1] != nullptr) {
                std::snprintf(persistent, sizeof persistent, "%9.2f %6.2f", best[1]->micros, graph->micros / best[1]->micros);
            }
            std::printf("%6d %3d | %s | %-16s  %-22s | %-16s  %-22s | %8.2f\n", n, k, twins, standard,
                        best[0] != nullptr ? label(best[0]->config).c_str() : "-", persistent,
                        best[1] != nullptr ? label(best[1]->config).c_str() : "-",
                        2.0 / k * pass_bytes / (copy_gbs * 1e9) * 1e6);
        }
    }
}

bool parse_sizes(const char* text, std::vector<int>* sizes)
{
    sizes->clear();
    for (const char* cursor = text; *cursor != '\0';) {
        char* end = nullptr;
        const long value = std::strtol(cursor, &end, 10);
        if (end == cursor || value < 3 || value > 46340) {
            return false;
        }
        sizes->push_back(int(value));
        cursor = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end != '\0') {
            return false;
        }
    }
    return !sizes->empty();
}

}  // namespace

int main(int argc, char** argv)
{
    std::vector<int> check_sizes{3, 4, 5, 11, 12, 257, 1001, 1002, 4097, 4098};
    std::vector<int> time_sizes{1001, 4097, 10001};
    int repeats = 5;
    double budget = 60;
    bool sanitize = false;
    for (int i = 1; i < argc; ++i) {
        const std::string option = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (option == "--sanitize") {
            sanitize = true;
        } else if (option == "--check-sizes" && value != nullptr && (std::strcmp(value, "none") == 0 || parse_sizes(value, &check_sizes))) {
            if (std::strcmp(value, "none") == 0) {
                check_sizes.clear();
            }
            ++i;
        } else if (option == "--sizes" && value != nullptr && (std::strcmp(value, "none") == 0 || parse_sizes(value, &time_sizes))) {
            if (std::strcmp(value, "none") == 0) {
                time_sizes.clear();
            }
            ++i;
        } else if (option == "--repeats" && value != nullptr && (repeats = std::atoi(value)) >= 1) {
            ++i;
        } else if (option == "--budget" && value != nullptr && (budget = std::atof(value)) > 0) {
            ++i;
        } else {
            std::fprintf(stderr,
                         "usage: temporal_probe [--sanitize] [--check-sizes LIST|none] [--sizes LIST|none] "
                         "[--repeats R] [--budget SECONDS]\n  bad option: %s\n",
                         option.c_str());
            return 2;
        }
    }
    cudaDeviceProp properties{};
    if (!CUDA_OK(cudaGetDeviceProperties(&properties, 0))) {
        return 2;
    }
    g_device.sm_count = properties.multiProcessorCount;
    g_device.shared_optin = int(properties.sharedMemPerBlockOptin);
    std::snprintf(g_device.name, sizeof g_device.name, "%s", properties.name);
    std::printf("temporal_probe on %s: %d SMs, %d KB shared memory per block, cooperative launch %s\n", g_device.name,
                g_device.sm_count, g_device.shared_optin / 1024, properties.cooperativeLaunch ? "yes" : "NO");

    if (sanitize) {
        run_matrix({11, 12, 33}, sanitize_configs(), 3);
        std::printf("sanitize matrix: %s\n", g_failures == 0 ? "every check equal" : "FAILED");
        return g_failures == 0 ? 0 : 1;
    }
    run_matrix(check_sizes, matrix_configs(), 7);
    double copy_gbs = 0;
    if (!time_sizes.empty() && !g_device_lost) {
        const int largest = *std::max_element(time_sizes.begin(), time_sizes.end());
        copy_gbs = measure_copy_gbs(size_t(largest) * largest * sizeof(double));
        std::printf("\ncopy ceiling: %.0f GB/s (device-to-device memcpy of %.0f MB, read + write, median of 5)\n",
                    copy_gbs, double(largest) * largest * 8 / 1e6);
        run_timing(time_sizes, repeats, budget, copy_gbs);
        print_summary(time_sizes, copy_gbs);
    }
    std::printf("\ntemporal_probe: %s\n", g_device_lost ? "DEVICE ERROR (context lost)"
                                          : g_failures == 0 ? "every check equal" : "CHECKS FAILED");
    return g_device_lost ? 2 : g_failures == 0 ? 0 : 1;
}
