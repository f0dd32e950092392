/*
 * onchip_bench: the on-chip persistent kernels of issue 10 (one warp, one block, one cluster),
 * each checked bit for bit against a CPU reference and timed on the H200, plus what their
 * synchronisation costs alone. A prototype driver: the kernels are the project's headers; the
 * planning here is the tool's own until the native planner takes it over.
 *
 *   onchip_bench [--budget SECONDS]   the sweep; prints every configuration, then the tables
 *   onchip_bench --sanitize           small cases only, verification only (for compute-sanitizer)
 *
 * Every timed configuration is first verified: seeded random interior, an iteration count short
 * of convergence (the sensitivity max |ref(I) - ref(I-1)| is printed per size), the full array
 * compared with memcmp. Times: CUDA events around one launch, the iteration count chosen so that
 * a launch takes about half a millisecond, one warm-up, median of 5 (and the spread).
 * Exit status 1 when any verification fails.
 */
#include "hf_gpu.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "kernels/cluster_probes.h"
#include "kernels/cluster_resident.h"
#include "kernels/on_chip_registers.h"
#include "kernels/persistent_on_chip.h"

using namespace holdfast;

namespace {

/* ------------------------------------------------------------------ checked calls */

std::string current_label = "setup";

void check(cudaError_t error, const char* call, int line)
{
    if (error != cudaSuccess) {
        std::printf("FATAL %s at line %d: %s (%s) while running [%s]\n", call, line, cudaGetErrorString(error),
                    cudaGetErrorName(error), current_label.c_str());
        std::fflush(stdout);
        std::exit(2);
    }
}
#define CHECK(call) check((call), #call, __LINE__)

std::string format(const char* pattern, ...)
{
    char buffer[512];
    va_list arguments;
    va_start(arguments, pattern);
    std::vsnprintf(buffer, sizeof buffer, pattern, arguments);
    va_end(arguments);
    return buffer;
}

using Clock = std::chrono::steady_clock;

/* ------------------------------------------------------------------ the problem and its reference */

struct HostProblem {
    int n = 0;
    double h2 = 0;
    std::vector<double> u0;
    std::vector<double> f;
    int verify_iterations = 0;
    std::vector<double> expected; /* reference after verify_iterations */
    double sensitivity = 0;       /* max |ref(I) - ref(I - 1)| */
};

void reference_iterations(std::vector<double>& u, const std::vector<double>& f, int n, double h2, int iterations)
{
    double* e = u.data();
    for (int iteration = 0; iteration < iterations; ++iteration) {
        for (int colour = 0; colour < 2; ++colour) {
            for (int i = 1; i < n - 1; ++i) {
                for (int j = 1; j < n - 1; ++j) {
                    if (((i + j) & 1) == colour) {
                        const int c = i * n + j;
                        e[c] = (e[c + n] + e[c - n] + e[c + 1] + e[c - 1] - h2 * f[c]) * 0.25;
                    }
                }
            }
        }
    }
}

HostProblem make_problem(int n)
{
    HostProblem problem;
    problem.n = n;
    const double d = 1.0 / (n - 1);
    problem.h2 = d * d;
    problem.u0.resize(size_t(n) * n);
    problem.f.resize(size_t(n) * n);
    std::mt19937_64 random(20261201u + static_cast<unsigned>(n));
    std::uniform_real_distribution<double> interior(-1.0, 1.0);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double exact = std::sin(2 * M_PI * j * d) * std::cos(2 * M_PI * i * d);
            const bool boundary = i == 0 || j == 0 || i == n - 1 || j == n - 1;
            problem.u0[size_t(i) * n + j] = boundary ? exact : interior(random);
            problem.f[size_t(i) * n + j] = -8 * M_PI * M_PI * exact;
        }
    }
    /* N = 3 has one interior point, exact after its first update: only one iteration can tell. */
    problem.verify_iterations = n == 3 ? 1 : 7;
    std::vector<double> before = problem.u0;
    reference_iterations(before, problem.f, n, problem.h2, problem.verify_iterations - 1);
    problem.expected = before;
    reference_iterations(problem.expected, problem.f, n, problem.h2, 1);
    for (size_t c = 0; c < before.size(); ++c) {
        problem.sensitivity = std::max(problem.sensitivity, std::fabs(problem.expected[c] - before[c]));
    }
    return problem;
}

/* ------------------------------------------------------------------ variants and their plans */

enum class Family { Today, Warp, Block, Cluster };

struct Variant {
    Family family;
    HaloMethod method = HaloMethod::AsyncStore;
    int threads = 0; /* 0: the smallest block that holds the points in the fewest slots */
    int blocks = 1;
    int k = 1;
    int overlap = 0;

    std::string family_name() const
    {
        switch (family) {
        case Family::Today: return "today";
        case Family::Warp: return "warp";
        case Family::Block: return "block";
        case Family::Cluster: return std::string("cl-") + halo_method_name(method);
        }
        return "?";
    }
    std::string knobs() const
    {
        if (family == Family::Cluster) {
            return format("C%d T%d k%d o%d", blocks, threads, k, overlap);
        }
        return format("T%d", threads);
    }
};

struct Plan {
    bool ok = false;
    std::string why;
    const void* kernel = nullptr;
    int slots = 0;
    int threads = 0;
    int blocks = 1;
    long long shared_bytes = 0;
    int registers = 0;
    int f_on_chip = 0; /* today's kernel */
};

/* Kernel tables: [slot-count index], and [method][slot-count index]. */
template <bool kOneWarp, int... I>
std::vector<const void*> on_chip_table(std::integer_sequence<int, I...>)
{
    return {reinterpret_cast<const void*>(&on_chip_registers<kSlotCounts[I], kOneWarp>)...};
}
template <HaloMethod M, bool kOverlap, int... I>
std::vector<const void*> cluster_table(std::integer_sequence<int, I...>)
{
    return {reinterpret_cast<const void*>(&cluster_resident<kSlotCounts[I], M, kOverlap>)...};
}
using SlotIndices = std::make_integer_sequence<int, kSlotCountChoices>;

const std::vector<const void*>& on_chip_kernels(bool one_warp)
{
    static const std::vector<const void*> warp = on_chip_table<true>(SlotIndices{});
    static const std::vector<const void*> block = on_chip_table<false>(SlotIndices{});
    return one_warp ? warp : block;
}

template <bool kOverlap>
const std::vector<const void*>& cluster_kernels(HaloMethod method)
{
    static const std::vector<const void*> tables[kHaloMethodCount] = {
        cluster_table<HaloMethod::AsyncStore, kOverlap>(SlotIndices{}),
        cluster_table<HaloMethod::BulkCopy, kOverlap>(SlotIndices{}),
        cluster_table<HaloMethod::RemoteArrive, kOverlap>(SlotIndices{}),
        cluster_table<HaloMethod::Pull, kOverlap>(SlotIndices{}),
        cluster_table<HaloMethod::ClusterBarrier, kOverlap>(SlotIndices{})};
    return tables[static_cast<int>(method)];
}

const std::vector<const void*>& cluster_kernels(HaloMethod method, int overlap)
{
    return overlap != 0 ? cluster_kernels<true>(method) : cluster_kernels<false>(method);
}

struct Device {
    int shared_optin = 0;
    int sm_count = 0;
    int major = 0;
};
Device device;

/* Slot count for `points` per colour over `threads` threads: the smallest built one whose block
 * size bound allows `threads`; threads == 0 picks the block too (the fewest slots that fit). */
bool choose_slots(int points, int& threads, int& slot_index)
{
    for (int index = 0; index < kSlotCountChoices; ++index) {
        const int slots = kSlotCounts[index];
        const int limit = max_threads_for_slots(slots);
        int t = threads;
        if (t == 0) {
            const int needed = (points + slots - 1) / slots;
            t = std::min(limit, std::max(32, (needed + 31) / 32 * 32));
        }
        if (t <= limit && static_cast<long long>(slots) * t >= points) {
            threads = t;
            slot_index = index;
            return true;
        }
    }
    return false;
}

/* Attributes once per kernel: the dynamic shared memory it may take, non-portable clusters. */
void prepare_kernel(const void* kernel, bool cluster)
{
    static std::map<const void*, bool> prepared;
    if (prepared[kernel]) {
        return;
    }
    cudaFuncAttributes attributes{};
    CHECK(cudaFuncGetAttributes(&attributes, kernel));
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               device.shared_optin - static_cast<int>(attributes.sharedSizeBytes)));
    if (cluster) {
        CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    }
    prepared[kernel] = true;
}

cudaLaunchConfig_t cluster_config(const Plan& plan, cudaLaunchAttribute* attribute, cudaStream_t stream)
{
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(static_cast<unsigned>(plan.blocks));
    config.blockDim = dim3(static_cast<unsigned>(plan.threads));
    config.dynamicSmemBytes = static_cast<size_t>(plan.shared_bytes);
    config.stream = stream;
    attribute->id = cudaLaunchAttributeClusterDimension;
    attribute->val.clusterDim.x = static_cast<unsigned>(plan.blocks);
    attribute->val.clusterDim.y = 1;
    attribute->val.clusterDim.z = 1;
    config.attrs = attribute;
    config.numAttrs = 1;
    return config;
}

/* Shared bytes of today's one-block kernel (persistent_on_chip.h): u, or u and then f. */
long long on_chip_bytes(int n, bool with_f)
{
    return static_cast<long long>(n) * n * static_cast<long long>(sizeof(double)) * (with_f ? 2 : 1);
}

Plan plan_variant(const Variant& variant, int n)
{
    Plan plan;
    plan.threads = variant.threads;
    plan.blocks = variant.blocks;
    int slot_index = 0;
    switch (variant.family) {
    case Family::Today:
        plan.threads = 256;
        plan.shared_bytes = static_cast<long long>(on_chip_bytes(n, false));
        if (plan.shared_bytes > device.shared_optin) {
            plan.why = "grid does not fit in shared memory";
            return plan;
        }
        plan.f_on_chip = static_cast<long long>(on_chip_bytes(n, true)) <= device.shared_optin ? 1 : 0;
        plan.shared_bytes = static_cast<long long>(on_chip_bytes(n, plan.f_on_chip != 0));
        plan.kernel = reinterpret_cast<const void*>(&persistent_on_chip);
        break;
    case Family::Warp:
    case Family::Block: {
        const bool one_warp = variant.family == Family::Warp;
        if (one_warp) {
            plan.threads = 32;
        }
        if (!choose_slots(points_per_colour(n), plan.threads, slot_index)) {
            plan.why = format("%d points per colour need more than %d threads x slots", points_per_colour(n),
                              plan.threads);
            return plan;
        }
        plan.shared_bytes = static_cast<long long>(on_chip_planes_bytes(n));
        if (plan.shared_bytes > device.shared_optin) {
            plan.why = "grid does not fit in shared memory";
            return plan;
        }
        plan.kernel = on_chip_kernels(one_warp)[slot_index];
        break;
    }
    case Family::Cluster: {
        if (device.major < 9) {
            plan.why = "clusters need sm_90";
            return plan;
        }
        if (variant.blocks < 1 || variant.blocks > kMaxClusterBlocks || variant.k < 1 ||
            variant.k > kMaxSweepsPerExchange) {
            plan.why = "cluster size or k out of range";
            return plan;
        }
        const int active = active_band_count(variant.blocks, n);
        if (active > 1 && variant.k > smallest_band_rows(n, variant.blocks)) {
            plan.why = format("k = %d exceeds the smallest band (%d rows)", variant.k,
                              smallest_band_rows(n, variant.blocks));
            return plan;
        }
        const int points = cluster_points_per_colour(n, variant.blocks, variant.k);
        if (!choose_slots(points, plan.threads, slot_index)) {
            plan.why = format("%d points per colour per block need more than %d threads x slots", points,
                              variant.threads);
            return plan;
        }
        plan.shared_bytes = cluster_layout(n, variant.blocks, variant.k, variant.method).bytes;
        if (plan.shared_bytes > device.shared_optin) {
            plan.why = format("%lld shared bytes per block", plan.shared_bytes);
            return plan;
        }
        plan.kernel = cluster_kernels(variant.method, variant.overlap)[slot_index];
        break;
    }
    }
    plan.slots = variant.family == Family::Today ? 0 : kSlotCounts[slot_index];
    const bool cluster = variant.family == Family::Cluster;
    prepare_kernel(plan.kernel, cluster);
    cudaFuncAttributes attributes{};
    CHECK(cudaFuncGetAttributes(&attributes, plan.kernel));
    plan.registers = attributes.numRegs;
    if (plan.shared_bytes + static_cast<long long>(attributes.sharedSizeBytes) > device.shared_optin) {
        plan.why = format("%lld + %zu static shared bytes per block", plan.shared_bytes, attributes.sharedSizeBytes);
        return plan;
    }
    if (plan.threads > attributes.maxThreadsPerBlock) {
        plan.why = format("%d threads, the kernel allows %d (%d registers)", plan.threads,
                          attributes.maxThreadsPerBlock, attributes.numRegs);
        return plan;
    }
    if (cluster) {
        cudaLaunchAttribute attribute{};
        cudaLaunchConfig_t config = cluster_config(plan, &attribute, nullptr);
        int clusters = 0;
        CHECK(cudaOccupancyMaxActiveClusters(&clusters, plan.kernel, &config));
        if (clusters < 1) {
            plan.why = "the cluster cannot be scheduled (occupancy 0)";
            return plan;
        }
    }
    plan.ok = true;
    return plan;
}

/* ------------------------------------------------------------------ runs */

struct DeviceState {
    double* u = nullptr;
    double* f = nullptr;
    ControlBlock* control = nullptr;
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    int n = 0;
    int capacity = 0; /* largest n the buffers hold */
    double h2 = 0;
};
DeviceState state;

/* Watchdog, in %globaltimer ticks (ns): 2 s, or 60 s under compute-sanitizer, which slows
 * blocks unevenly. */
long long timeout_nanoseconds = 2000000000LL;

void launch(const Variant& variant, const Plan& plan, int iterations)
{
    CHECK(cudaMemsetAsync(state.control, 0, sizeof(ControlBlock), state.stream));
    PersistentArgs args{Problem{state.u, state.f, state.n, state.h2}, 2 * iterations, state.control, nullptr, nullptr,
                        timeout_nanoseconds, HF_FAULT_NONE, 0, variant.k};
    int f_on_chip = plan.f_on_chip;
    if (variant.family == Family::Cluster) {
        void* arguments[] = {&args};
        cudaLaunchAttribute attribute{};
        const cudaLaunchConfig_t config = cluster_config(plan, &attribute, state.stream);
        CHECK(cudaLaunchKernelExC(&config, plan.kernel, arguments));
    } else if (variant.family == Family::Today) {
        void* arguments[] = {&args, &f_on_chip};
        CHECK(cudaLaunchKernel(plan.kernel, dim3(1), dim3(plan.threads), arguments,
                               static_cast<size_t>(plan.shared_bytes), state.stream));
    } else {
        void* arguments[] = {&args};
        CHECK(cudaLaunchKernel(plan.kernel, dim3(1), dim3(plan.threads), arguments,
                               static_cast<size_t>(plan.shared_bytes), state.stream));
    }
}

int device_error_code()
{
    DeviceError error{};
    CHECK(cudaMemcpyAsync(&error, &state.control->error, sizeof error, cudaMemcpyDeviceToHost, state.stream));
    CHECK(cudaStreamSynchronize(state.stream));
    return error.code;
}

void use_problem(const HostProblem& problem)
{
    if (problem.n > state.capacity) {
        if (state.u != nullptr) {
            CHECK(cudaFree(state.u));
            CHECK(cudaFree(state.f));
        }
        CHECK(cudaMalloc(&state.u, problem.u0.size() * sizeof(double)));
        CHECK(cudaMalloc(&state.f, problem.f.size() * sizeof(double)));
        state.capacity = problem.n;
    }
    state.n = problem.n;
    state.h2 = problem.h2;
    CHECK(cudaMemcpyAsync(state.f, problem.f.data(), problem.f.size() * sizeof(double), cudaMemcpyHostToDevice,
                          state.stream));
    CHECK(cudaStreamSynchronize(state.stream));
}

/* "" when the full array equals the reference, else what differs. */
std::string verify(const Variant& variant, const Plan& plan, const HostProblem& problem)
{
    const size_t bytes = problem.u0.size() * sizeof(double);
    std::vector<double> result(problem.u0.size());
    CHECK(cudaMemcpyAsync(state.u, problem.u0.data(), bytes, cudaMemcpyHostToDevice, state.stream));
    launch(variant, plan, problem.verify_iterations);
    CHECK(cudaMemcpyAsync(result.data(), state.u, bytes, cudaMemcpyDeviceToHost, state.stream));
    CHECK(cudaStreamSynchronize(state.stream));
    const int error = device_error_code();
    if (error != 0) {
        return format("watchdog: wait %d expired", error);
    }
    if (std::memcmp(result.data(), problem.expected.data(), bytes) == 0) {
        return "";
    }
    int differing = 0;
    int first = -1;
    double largest = 0;
    for (size_t c = 0; c < result.size(); ++c) {
        if (std::memcmp(&result[c], &problem.expected[c], sizeof(double)) != 0) {
            first = first < 0 ? static_cast<int>(c) : first;
            ++differing;
            largest = std::max(largest, std::fabs(result[c] - problem.expected[c]));
        }
    }
    return format("MISMATCH %d points differ, first (%d,%d), max |diff| %.3g", differing, first / problem.n,
                  first % problem.n, largest);
}

struct Timing {
    double median = 0, low = 0, high = 0; /* microseconds per iteration */
    int iterations = 0;
};

double time_launch_ms(const Variant& variant, const Plan& plan, int iterations)
{
    CHECK(cudaEventRecord(state.start, state.stream));
    launch(variant, plan, iterations);
    CHECK(cudaEventRecord(state.stop, state.stream));
    CHECK(cudaEventSynchronize(state.stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, state.start, state.stop));
    return ms;
}

constexpr int kRepeats = 5;
constexpr double kTargetLaunchMs = 0.5;

Timing time_variant(const Variant& variant, const Plan& plan)
{
    const int calibration = 64;
    const double estimate_us = std::max(1e-3, time_launch_ms(variant, plan, calibration) * 1000.0 / calibration);
    Timing timing;
    timing.iterations =
        static_cast<int>(std::min(1 << 20, std::max(64, static_cast<int>(kTargetLaunchMs * 1000.0 / estimate_us))));
    time_launch_ms(variant, plan, timing.iterations); /* warm-up */
    std::vector<double> per_iteration;
    for (int repeat = 0; repeat < kRepeats; ++repeat) {
        per_iteration.push_back(time_launch_ms(variant, plan, timing.iterations) * 1000.0 / timing.iterations);
    }
    std::sort(per_iteration.begin(), per_iteration.end());
    timing.median = per_iteration[kRepeats / 2];
    timing.low = per_iteration.front();
    timing.high = per_iteration.back();
    return timing;
}

/* ------------------------------------------------------------------ the sweep */

struct Result {
    int n;
    Variant variant;
    Plan plan;
    bool verified;
    bool timed;
    Timing timing;
};
std::vector<Result> results;
int failures = 0;
Clock::time_point started;
double budget_seconds = 75;

const HostProblem& problem_for(int n)
{
    static std::map<int, HostProblem> problems;
    auto found = problems.find(n);
    if (found == problems.end()) {
        found = problems.emplace(n, make_problem(n)).first;
        std::printf("problem N=%d: verify after %d iterations, sensitivity max|ref(I)-ref(I-1)| = %.3g\n", n,
                    found->second.verify_iterations, found->second.sensitivity);
    }
    return found->second;
}

/* Plans, verifies and (when asked and time is left) times one configuration; logs one line. */
void run_case(int n, const Variant& variant, bool timed)
{
    const HostProblem& problem = problem_for(n);
    const Plan plan = plan_variant(variant, n);
    const std::string label = format("N=%d %s %s", n, variant.family_name().c_str(), variant.knobs().c_str());
    if (!plan.ok) {
        std::printf("%-40s n/a: %s\n", label.c_str(), plan.why.c_str());
        return;
    }
    current_label = label;
    use_problem(problem);
    Variant ran = variant;
    ran.threads = plan.threads;
    const std::string outcome = verify(ran, plan, problem);
    Result result{n, ran, plan, outcome.empty(), false, {}};
    std::string line = format("%-40s P=%-2d regs=%-3d smem=%-6lld ", format("N=%d %s %s", n,
                              ran.family_name().c_str(), ran.knobs().c_str()).c_str(), plan.slots, plan.registers,
                              plan.shared_bytes);
    if (!outcome.empty()) {
        ++failures;
        std::printf("%s FAIL %s\n", line.c_str(), outcome.c_str());
        results.push_back(result);
        return;
    }
    const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
    if (timed && elapsed < budget_seconds) {
        result.timing = time_variant(ran, plan);
        result.timed = true;
        std::printf("%s ok  %8.4f us/iter (%.4f .. %.4f, %d iterations)\n", line.c_str(), result.timing.median,
                    result.timing.low, result.timing.high, result.timing.iterations);
    } else {
        std::printf("%s ok  %s\n", line.c_str(), timed ? "(not timed: time budget spent)" : "(verified only)");
    }
    results.push_back(result);
}

const HaloMethod kMethods[] = {HaloMethod::AsyncStore, HaloMethod::BulkCopy, HaloMethod::RemoteArrive,
                               HaloMethod::Pull, HaloMethod::ClusterBarrier};

Variant cluster_variant(HaloMethod method, int blocks, int threads, int k, int overlap)
{
    Variant variant{Family::Cluster};
    variant.method = method;
    variant.blocks = blocks;
    variant.threads = threads;
    variant.k = k;
    variant.overlap = overlap;
    return variant;
}

void sweep_single_block(int n, bool timed, const std::vector<int>& block_threads)
{
    run_case(n, Variant{Family::Today}, timed);
    run_case(n, Variant{Family::Warp}, timed);
    for (int threads : block_threads) {
        Variant block{Family::Block};
        block.threads = threads;
        run_case(n, block, timed);
    }
}

void sweep_clusters(int n, bool timed, const std::vector<HaloMethod>& methods, const std::vector<int>& sizes,
                    const std::vector<int>& ks, const std::vector<int>& threads,
                    const std::vector<int>& overlaps = {0, 1})
{
    for (HaloMethod method : methods) {
        for (int blocks : sizes) {
            for (int k : ks) {
                for (int t : threads) {
                    for (int overlap : overlaps) {
                        run_case(n, cluster_variant(method, blocks, t, k, overlap), timed);
                    }
                }
            }
        }
    }
}

/* The largest N a configuration accepts. Not a bisection: a cluster with k ghost rows refuses
 * small grids whose bands are thinner than k, and accepts again above. Shared memory and
 * registers end every family well below 2048. */
int largest_n(const Variant& variant)
{
    int largest = 0;
    for (int n = 3; n <= 2048; ++n) {
        if (plan_variant(variant, n).ok) {
            largest = n;
        }
    }
    return largest;
}

/* ------------------------------------------------------------------ probes */

double probe_slope_us(const std::function<void(int)>& launch_rounds, int rounds)
{
    auto run = [&](int r) {
        CHECK(cudaEventRecord(state.start, state.stream));
        launch_rounds(r);
        CHECK(cudaEventRecord(state.stop, state.stream));
        CHECK(cudaEventSynchronize(state.stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, state.start, state.stop));
        return static_cast<double>(ms);
    };
    run(rounds); /* warm-up */
    std::vector<double> slopes;
    for (int repeat = 0; repeat < kRepeats; ++repeat) {
        const double short_run = run(rounds);
        const double long_run = run(3 * rounds);
        slopes.push_back((long_run - short_run) * 1000.0 / (2.0 * rounds));
    }
    std::sort(slopes.begin(), slopes.end());
    return slopes[kRepeats / 2];
}

struct ProbeRow {
    std::string what;
    double us;
};
std::vector<ProbeRow> probes;

void launch_cluster_probe(const void* kernel, int blocks, int threads, long long bytes, void** arguments)
{
    Plan plan;
    plan.blocks = blocks;
    plan.threads = threads;
    plan.shared_bytes = bytes;
    cudaLaunchAttribute attribute{};
    const cudaLaunchConfig_t config = cluster_config(plan, &attribute, state.stream);
    CHECK(cudaLaunchKernelExC(&config, kernel, arguments));
}

template <HaloMethod M>
void probe_halo(int blocks, int threads, int width, int rounds)
{
    const void* kernel = reinterpret_cast<const void*>(&probe_halo_exchange<M>);
    prepare_kernel(kernel, true);
    current_label = format("probe halo %s C%d T%d width %d", halo_method_name(M), blocks, threads, width);
    const double us = probe_slope_us(
        [&](int r) {
            CHECK(cudaMemsetAsync(state.control, 0, sizeof(ControlBlock), state.stream));
            PersistentArgs args{Problem{nullptr, nullptr, 0, 0}, 0, state.control, nullptr, nullptr,
                                timeout_nanoseconds, HF_FAULT_NONE, 0};
            int width_argument = width;
            void* arguments[] = {&args, &r, &width_argument};
            launch_cluster_probe(kernel, blocks, threads, halo_probe_bytes(width), arguments);
        },
        rounds);
    if (device_error_code() != 0) {
        ++failures;
        std::printf("FAIL %s: watchdog\n", current_label.c_str());
    }
    probes.push_back({format("halo exchange %-7s C=%-2d T=%-4d %3d doubles", halo_method_name(M), blocks, threads, width),
                      us});
}

void run_probes(int rounds)
{
    const void* block_barrier = reinterpret_cast<const void*>(&probe_block_barrier);
    const void* cluster_barrier = reinterpret_cast<const void*>(&probe_cluster_barrier);
    prepare_kernel(cluster_barrier, true);
    for (int threads : {32, 128, 1024}) {
        current_label = format("probe block barrier T%d", threads);
        const double us = probe_slope_us(
            [&](int r) {
                void* arguments[] = {&r};
                CHECK(cudaLaunchKernel(block_barrier, dim3(1), dim3(threads), arguments, 0, state.stream));
            },
            rounds);
        probes.push_back({format("block barrier __syncthreads T=%d", threads), us});
    }
    for (int blocks : {2, 16}) {
        for (int threads : {128, 1024}) {
            current_label = format("probe cluster barrier C%d T%d", blocks, threads);
            const double us = probe_slope_us(
                [&](int r) {
                    void* arguments[] = {&r};
                    launch_cluster_probe(cluster_barrier, blocks, threads, 0, arguments);
                },
                rounds);
            probes.push_back({format("cluster barrier arrive+wait C=%d T=%d", blocks, threads), us});
        }
    }
    for (int threads : {128, 1024}) {
        for (int width : {52, 130, 520, 1040}) { /* 1 row at N = 101 and 257, 4 and 8 rows at 257 */
            probe_halo<HaloMethod::AsyncStore>(16, threads, width, rounds);
            probe_halo<HaloMethod::BulkCopy>(16, threads, width, rounds);
            probe_halo<HaloMethod::RemoteArrive>(16, threads, width, rounds);
            probe_halo<HaloMethod::ClusterBarrier>(16, threads, width, rounds);
        }
    }
    probe_halo<HaloMethod::AsyncStore>(2, 128, 52, rounds);
}

/* ------------------------------------------------------------------ tables */

const Result* best_of(int n, const std::string& family)
{
    const Result* best = nullptr;
    for (const Result& result : results) {
        if (result.n == n && result.timed && result.verified && result.variant.family_name() == family &&
            (best == nullptr || result.timing.median < best->timing.median)) {
            best = &result;
        }
    }
    return best;
}

void print_tables(const std::vector<int>& sizes)
{
    const std::vector<std::string> families = {"today",     "warp",    "block",     "cl-async",
                                               "cl-bulk",   "cl-arrive", "cl-pull", "cl-barrier"};
    std::printf("\n== summary: us per red-black iteration, fp64, median of %d (best knobs per family); every "
                "timed row was bit-equal to the CPU reference\n",
                kRepeats);
    std::printf("%-5s", "N");
    for (const std::string& family : families) {
        std::printf(" %10s", family.c_str());
    }
    std::printf("   best\n");
    for (int n : sizes) {
        std::printf("%-5d", n);
        const Result* overall = nullptr;
        for (const std::string& family : families) {
            const Result* best = best_of(n, family);
            if (best == nullptr) {
                std::printf(" %10s", "-");
                continue;
            }
            std::printf(" %10.3f", best->timing.median);
            if (overall == nullptr || best->timing.median < overall->timing.median) {
                overall = best;
            }
        }
        if (overall != nullptr) {
            std::printf("   %s %s\n", overall->variant.family_name().c_str(), overall->variant.knobs().c_str());
        } else {
            std::printf("\n");
        }
    }
    std::printf("\n== knobs of each family's best (C cluster size, T threads, k half-sweeps per exchange, o "
                "overlap)\n");
    for (int n : sizes) {
        std::printf("%-5d", n);
        for (const std::string& family : families) {
            const Result* best = best_of(n, family);
            if (best != nullptr && family != "today") {
                std::printf(" %s[%s]", family.c_str(), best->variant.knobs().c_str());
            }
        }
        std::printf("\n");
    }
    for (int n : {101, 257}) {
        for (HaloMethod method : {HaloMethod::AsyncStore, HaloMethod::ClusterBarrier}) {
            std::printf("\n== N=%d cl-%s: best over T and overlap, rows k, columns cluster size\n", n,
                        halo_method_name(method));
            std::printf("%-4s", "k");
            for (int blocks : {2, 4, 8, 16}) {
                std::printf(" %8s", format("C=%d", blocks).c_str());
            }
            std::printf("\n");
            for (int k : {1, 2, 3, 4, 6, 8}) {
                std::printf("%-4d", k);
                for (int blocks : {2, 4, 8, 16}) {
                    double best = 0;
                    for (const Result& result : results) {
                        const Variant& v = result.variant;
                        if (result.n == n && result.timed && v.family == Family::Cluster && v.method == method &&
                            v.blocks == blocks && v.k == k && (best == 0 || result.timing.median < best)) {
                            best = result.timing.median;
                        }
                    }
                    if (best > 0) {
                        std::printf(" %8.3f", best);
                    } else {
                        std::printf(" %8s", "-");
                    }
                }
                std::printf("\n");
            }
        }
    }
    std::printf("\n== overhead breakdown (us per operation, slope of a long run over a short one, median of %d)\n",
                kRepeats);
    for (const ProbeRow& probe : probes) {
        std::printf("%-58s %8.3f\n", probe.what.c_str(), probe.us);
    }
}

/* ------------------------------------------------------------------ main */

void open_device()
{
    int current = 0;
    CHECK(cudaGetDevice(&current));
    cudaDeviceProp properties{};
    CHECK(cudaGetDeviceProperties(&properties, current));
    CHECK(cudaDeviceGetAttribute(&device.shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, current));
    device.sm_count = properties.multiProcessorCount;
    device.major = properties.major;
    int clock_khz = 0;
    CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, current));
    std::printf("device: %s, sm_%d%d, %d SMs, %d shared bytes per block (opt-in), clock %d MHz\n", properties.name,
                properties.major, properties.minor, device.sm_count, device.shared_optin, clock_khz / 1000);
    CHECK(cudaStreamCreate(&state.stream));
    CHECK(cudaEventCreate(&state.start));
    CHECK(cudaEventCreate(&state.stop));
    CHECK(cudaMalloc(&state.control, sizeof(ControlBlock)));
}

/* One launch of each probe, its watchdog word checked (the sanitizers look at the rest). */
void check_probes()
{
    const int rounds = 4;
    void* barrier_arguments[] = {const_cast<int*>(&rounds)};
    current_label = "probe block barrier";
    CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(&probe_block_barrier), dim3(1), dim3(64), barrier_arguments, 0,
                           state.stream));
    current_label = "probe cluster barrier";
    const void* cluster_barrier = reinterpret_cast<const void*>(&probe_cluster_barrier);
    prepare_kernel(cluster_barrier, true);
    launch_cluster_probe(cluster_barrier, 4, 64, 0, barrier_arguments);
    auto halo = [&](const void* kernel, const char* name) {
        current_label = std::string("probe halo ") + name;
        prepare_kernel(kernel, true);
        CHECK(cudaMemsetAsync(state.control, 0, sizeof(ControlBlock), state.stream));
        PersistentArgs args{Problem{nullptr, nullptr, 0, 0}, 0, state.control, nullptr, nullptr, timeout_nanoseconds,
                            HF_FAULT_NONE, 0};
        int r = rounds;
        int width = 52;
        void* arguments[] = {&args, &r, &width};
        launch_cluster_probe(kernel, 4, 64, halo_probe_bytes(width), arguments);
        CHECK(cudaStreamSynchronize(state.stream));
        const bool ok = device_error_code() == 0;
        failures += ok ? 0 : 1;
        std::printf("%s %s\n", ok ? "ok  " : "FAIL", current_label.c_str());
    };
    halo(reinterpret_cast<const void*>(&probe_halo_exchange<HaloMethod::AsyncStore>), "async");
    halo(reinterpret_cast<const void*>(&probe_halo_exchange<HaloMethod::BulkCopy>), "bulk");
    halo(reinterpret_cast<const void*>(&probe_halo_exchange<HaloMethod::RemoteArrive>), "arrive");
    halo(reinterpret_cast<const void*>(&probe_halo_exchange<HaloMethod::ClusterBarrier>), "barrier");
}

/* The message-passing probe (cluster_probes.h): block 0 of a cluster of 2 sends, block 1 reads. */
void run_message_probe(bool wait)
{
    current_label = wait ? "probe message passing (waits)" : "probe message passing (no wait: racy on purpose)";
    const int threads = 64;
    const void* kernel = wait ? reinterpret_cast<const void*>(&probe_message_passing<true>)
                              : reinterpret_cast<const void*>(&probe_message_passing<false>);
    prepare_kernel(kernel, true);
    double* values = nullptr;
    CHECK(cudaMalloc(&values, threads * sizeof(double)));
    CHECK(cudaMemsetAsync(state.control, 0, sizeof(ControlBlock), state.stream));
    PersistentArgs args{Problem{nullptr, nullptr, 0, 0}, 0, state.control, nullptr, nullptr, timeout_nanoseconds,
                        HF_FAULT_NONE, 0, 1};
    void* arguments[] = {&args, &values};
    launch_cluster_probe(kernel, 2, threads, (threads + 1) * sizeof(double), arguments);
    std::vector<double> read(threads);
    CHECK(cudaMemcpy(read.data(), values, threads * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(values));
    int delivered = 0;
    for (int i = 0; i < threads; ++i) {
        delivered += read[i] == i + 1 ? 1 : 0;
    }
    const bool ok = !wait || (delivered == threads && device_error_code() == 0);
    failures += ok ? 0 : 1;
    std::printf("%s %s: %d of %d values delivered\n", ok ? "ok  " : "FAIL", current_label.c_str(), delivered, threads);
}

/* Small cases for compute-sanitizer, one family at a time (so that a report names its method):
 * on-chip (today, warp, block), cl-async, cl-bulk, cl-arrive, cl-pull, cl-barrier, probes,
 * message (the message-passing probe that waits), message-racy (the one that does not). */
bool run_sanitize_cases(const std::string& family)
{
    bool known = false;
    if (family == "on-chip") {
        known = true;
        run_case(11, Variant{Family::Today}, false);
        run_case(11, Variant{Family::Warp}, false);
        run_case(12, Variant{Family::Warp}, false);
        Variant block{Family::Block};
        block.threads = 64;
        run_case(11, block, false);
        block.threads = 128;
        run_case(33, block, false);
    }
    for (HaloMethod method : kMethods) {
        if (family != std::string("cl-") + halo_method_name(method)) {
            continue;
        }
        known = true;
        sweep_clusters(12, false, {method}, {4}, {1, 2}, {64});
        run_case(12, cluster_variant(method, 16, 64, 1, 0), false); /* more blocks than rows */
        run_case(33, cluster_variant(method, 4, 128, 2, 1), false);
        run_case(33, cluster_variant(method, 3, 96, 3, 0), false);
    }
    if (family == "probes") {
        known = true;
        check_probes();
    }
    if (family == "message" || family == "message-racy") {
        known = true;
        run_message_probe(family == "message");
    }
    return known;
}

/* What the stencil alone costs a cluster block: one block holding the whole grid of the smallest
 * N whose points per colour reach the block's (band plus ghost rows), with the same threads and
 * slots, has the same sweep and no exchange. Printed beside the cluster's time. */
void compute_proxy(int n, int blocks, int k, int threads)
{
    const int points = cluster_points_per_colour(n, blocks, k);
    int equal = 3;
    while (points_per_colour(equal) < points) {
        ++equal;
    }
    Variant block{Family::Block};
    block.threads = threads;
    std::printf("compute proxy for N=%d C%d k%d T%d (%d points per colour per block): block at N=%d\n", n, blocks, k,
                threads, points, equal);
    run_case(equal, block, true);
}

void run_sweep()
{
    const std::vector<HaloMethod> all(std::begin(kMethods), std::end(kMethods));
    const std::vector<HaloMethod> two = {HaloMethod::AsyncStore, HaloMethod::ClusterBarrier};
    /* Tiny grids: verification of every family, cluster sizes beyond the row count included. */
    for (int n : {3, 4, 5}) {
        sweep_single_block(n, false, {32, 128});
        sweep_clusters(n, false, all, {2, 3, 16}, {1, 2, 4, 8}, {128});
    }
    for (int n : {11, 12}) {
        sweep_single_block(n, true, {32, 64, 96, 128, 256});
        sweep_clusters(n, true, two, {2, 4}, {1, 2, 4}, {64, 128}, {0});
        sweep_clusters(n, false, {HaloMethod::AsyncStore}, {16}, {1}, {128});
    }
    for (int n : {33, 34}) {
        sweep_single_block(n, true, {64, 128, 256, 512, 1024});
        sweep_clusters(n, true, two, {2, 4, 8}, {1, 2, 4, 8}, {128, 256, 1024}, {0});
        sweep_clusters(n, true, all, {4}, {2}, {256}, {0});
    }
    for (int n : {65, 101, 102, 161, 257}) {
        sweep_single_block(n, true, {256, 512, 1024});
        sweep_clusters(n, true, two, {8, 16}, {1, 2, 3, 4, 6, 8}, {256, 512, 1024}, {0});
    }
    for (int n : {101, 257}) {
        sweep_clusters(n, true, all, {16}, {2, 4, 8}, {512, 1024}, {0});
        sweep_clusters(n, true, two, {16}, {2, 4, 8}, {512, 1024}, {1});
        for (int k : {2, 4, 8}) {
            compute_proxy(n, 16, k, 1024);
        }
    }
    /* The largest N each family accepts (threads chosen by the plan), verified and timed there. */
    std::vector<Variant> largest = {Variant{Family::Warp}, Variant{Family::Block}};
    for (HaloMethod method : all) {
        for (int k : {1, 4}) {
            largest.push_back(cluster_variant(method, 16, 0, k, 0));
        }
    }
    for (const Variant& variant : largest) {
        const int n = largest_n(variant);
        std::printf("largest N for %s %s: %d\n", variant.family_name().c_str(), variant.knobs().c_str(), n);
        if (n > 0) {
            run_case(n, variant, true);
        }
    }
    run_probes(2000);
}

}  // namespace

int main(int argc, char** argv)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0); /* a run killed by its timeout keeps every line so far */
    bool sanitize = false;
    std::string family;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--sanitize") == 0 && i + 1 < argc) {
            sanitize = true;
            family = argv[++i];
        } else if (std::strcmp(argv[i], "--budget") == 0 && i + 1 < argc) {
            budget_seconds = std::atof(argv[++i]);
        } else {
            std::printf("usage: onchip_bench [--sanitize FAMILY] [--budget SECONDS]\n"
                        "  FAMILY: on-chip, cl-async, cl-bulk, cl-arrive, cl-pull, cl-barrier, probes, message, "
                        "message-racy\n");
            return 2;
        }
    }
    started = Clock::now();
    open_device();
    if (sanitize) {
        timeout_nanoseconds = 60000000000LL;
        if (!run_sanitize_cases(family)) {
            std::printf("unknown family '%s'\n", family.c_str());
            return 2;
        }
        std::printf("sanitize cases %s: %s (%d failures)\n", family.c_str(), failures == 0 ? "ALL PASSED" : "FAILURES",
                    failures);
        return failures == 0 ? 0 : 1;
    }
    run_sweep();
    print_tables({3, 4, 5, 11, 12, 33, 34, 65, 101, 102, 161, 257});
    std::printf("\nverification: %s (%d failures), %.1f s\n", failures == 0 ? "every configuration bit-equal" : "FAILURES",
                failures, std::chrono::duration<double>(Clock::now() - started).count());
    return failures == 0 ? 0 : 1;
}
