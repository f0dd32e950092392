// java-persistent GPU check: the CUDA C that the Holdfast kernel compiler generates from Java kernels,
// launched the way the CUDA backend launches them: cooperatively on an occupancy-sized grid, with a
// zeroed control block and the watchdog after the Java parameters; cluster kernels through
// cudaLaunchKernelEx; dynamic shared memory with MaxDynamicSharedMemorySize raised first. Kernels:
// the Java persistent red-black kernels of the bench (PersistentRedBlackKernels: grid barrier,
// dataflow, one block on chip), a broken one (BrokenPersistentKernels.neverPublishes), and the
// compiler's samples (PersistentKernels, StuckKernels, AtomicKernels, ClusterKernels).
//
// Every timed variant is first checked bit for bit against a CPU reference over the full array,
// from a seeded random interior, at an iteration count short of convergence (the sensitivity
// max |ref(k) - ref(k-1)| is printed). Usage: java_persistent_check [--small] (small: the cases the
// sanitizers run).
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

struct hf_control_block;
extern "C" __global__ void redBlack(double* __restrict__ u, const double* __restrict__ f, int n, double h2, int iterations,
                                    hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns);
extern "C" __global__ void stagedSums(long long* __restrict__ slots, long long* __restrict__ sums, int rounds,
                                      hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns);
extern "C" __global__ void chain(int* __restrict__ published, long long* __restrict__ values, int steps,
                                 hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns);
extern "C" __global__ void skipsBarrier(int* __restrict__ out, int skipping, hf_control_block* __restrict__ hf_control,
                                        long long hf_watchdog_ns);
extern "C" __global__ void neverPublished(const int* __restrict__ flags, int step, hf_control_block* __restrict__ hf_control,
                                          long long hf_watchdog_ns);
extern "C" __global__ void histogram(const int* __restrict__ keys, const long long* __restrict__ weights, int* __restrict__ counts,
                                     long long* __restrict__ totals, int n, int buckets);
extern "C" __global__ void maximum(const int* __restrict__ values, int* __restrict__ hf_max, int n);
extern "C" __global__ void rotate(const double* __restrict__ in, double* __restrict__ out, int* __restrict__ ranks);
extern "C" __global__ void pushHalo(long long* __restrict__ out, int steps, hf_control_block* __restrict__ hf_control,
                                    long long hf_watchdog_ns);
extern "C" __global__ void gridBarrierSweeps(double* __restrict__ u, const double* __restrict__ f, int n, double h2, int iterations,
                                             long long* __restrict__ work, hf_control_block* __restrict__ hf_control,
                                             long long hf_watchdog_ns);
extern "C" __global__ void dataflowSweeps(double* __restrict__ u, const double* __restrict__ f, int n, double h2, int iterations,
                                          long long* __restrict__ work, int* __restrict__ counters,
                                          hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns);
extern "C" __global__ void onChipSweeps(double* __restrict__ u, const double* __restrict__ f, int n, double h2, int iterations,
                                        long long* __restrict__ work, bool fOnChip, hf_control_block* __restrict__ hf_control,
                                        long long hf_watchdog_ns);
extern "C" __global__ void neverPublishes(int* __restrict__ counters, int steps, int silent, hf_control_block* __restrict__ hf_control,
                                          long long hf_watchdog_ns);

namespace {

constexpr int kControlBytes = 3 * 128;  // hf_control_block: error line, arrivals line, generation line
constexpr long long kWatchdogNs = 10LL * 1000 * 1000 * 1000;
constexpr long long kShortWatchdogNs = 200LL * 1000 * 1000;

int failures = 0;
std::vector<std::string> table;

#define CHECK(call)                                                                                        \
    do {                                                                                                   \
        cudaError_t status_ = (call);                                                                      \
        if (status_ != cudaSuccess) {                                                                      \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(status_)); \
            std::exit(2);                                                                                  \
        }                                                                                                  \
    } while (0)

void row(const char* check, const std::string& config, bool ok, const std::string& detail)
{
    char line[512];
    std::snprintf(line, sizeof line, "%-22s %-34s %-4s %s", check, config.c_str(), ok ? "ok" : "FAIL", detail.c_str());
    table.push_back(line);
    std::printf("%s\n", line);
    if (!ok) {
        ++failures;
    }
}

struct Control {
    void* device = nullptr;
    Control() { CHECK(cudaMalloc(&device, kControlBytes)); }
    ~Control() { cudaFree(device); }
    hf_control_block* zeroed()
    {
        CHECK(cudaMemset(device, 0, kControlBytes));
        return static_cast<hf_control_block*>(device);
    }
    // code, block, step, index, arrivals
    std::vector<int> read() const
    {
        std::vector<int> words(kControlBytes / 4);
        CHECK(cudaMemcpy(words.data(), device, kControlBytes, cudaMemcpyDeviceToHost));
        return {words[0], words[1], words[2], words[3], words[32]};
    }
};

int coResident(const void* kernel, int threads)
{
    int device = 0, sms = 0, perSm = 0;
    CHECK(cudaGetDevice(&device));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, threads, 0));
    return perSm * sms;
}

void cooperative(const void* kernel, int blocks, int threads, void** args)
{
    CHECK(cudaLaunchCooperativeKernel(kernel, dim3(blocks), dim3(threads), args, 0, 0));
}

// ---------------------------------------------------------------- red-black in one launch

void referenceIteration(std::vector<double>& u, const std::vector<double>& f, int n, double h2)
{
    for (int colour = 0; colour < 2; ++colour) {
        for (int i = 1; i < n - 1; ++i) {
            for (int j = 1 + ((i + 1 + colour) & 1); j < n - 1; j += 2) {
                const int c = i * n + j;
                u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
            }
        }
    }
}

double maxDiff(const std::vector<double>& a, const std::vector<double>& b)
{
    double m = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        m = std::max(m, std::fabs(a[i] - b[i]));
    }
    return m;
}

// Checks k iterations bit for bit, then times `timed` iterations (median of 5 after a warm-up).
void redBlackCase(int n, int blocks, int threads, int k, int timed)
{
    std::mt19937_64 random(1234 + n);
    std::uniform_real_distribution<double> value(-1.0, 1.0);
    std::vector<double> u(size_t(n) * n), f(size_t(n) * n);
    for (auto& x : u) x = value(random);
    for (auto& x : f) x = value(random);
    const double h2 = 1.0 / double(n - 1) / double(n - 1);
    std::vector<double> reference = u, previous;
    for (int it = 0; it < k; ++it) {
        previous = reference;
        referenceIteration(reference, f, n, h2);
    }
    double *dU = nullptr, *dF = nullptr;
    const size_t bytes = sizeof(double) * u.size();
    CHECK(cudaMalloc(&dU, bytes));
    CHECK(cudaMalloc(&dF, bytes));
    CHECK(cudaMemcpy(dU, u.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dF, f.data(), bytes, cudaMemcpyHostToDevice));
    Control control;
    hf_control_block* c = control.zeroed();
    long long watchdog = kWatchdogNs;
    int iterations = k;
    void* args[] = {&dU, &dF, &n, (void*)&h2, &iterations, &c, &watchdog};
    cooperative((const void*)redBlack, blocks, threads, args);
    CHECK(cudaDeviceSynchronize());
    std::vector<double> onGpu(u.size());
    CHECK(cudaMemcpy(onGpu.data(), dU, bytes, cudaMemcpyDeviceToHost));
    const bool equal = std::memcmp(onGpu.data(), reference.data(), bytes) == 0 && control.read()[0] == 0;
    char config[128], detail[256];
    std::snprintf(config, sizeof config, "N=%d blocks=%d k=%d", n, blocks, k);
    std::string timing = "";
    if (equal && timed > 0) {
        cudaEvent_t start, stop;
        CHECK(cudaEventCreate(&start));
        CHECK(cudaEventCreate(&stop));
        iterations = timed;
        std::vector<float> us;
        for (int repeat = 0; repeat < 6; ++repeat) {
            c = control.zeroed();
            CHECK(cudaEventRecord(start));
            cooperative((const void*)redBlack, blocks, threads, args);
            CHECK(cudaEventRecord(stop));
            CHECK(cudaEventSynchronize(stop));
            float ms = 0;
            CHECK(cudaEventElapsedTime(&ms, start, stop));
            if (repeat > 0) {
                us.push_back(ms * 1000.0f / float(timed));
            }
        }
        std::sort(us.begin(), us.end());
        char t[96];
        std::snprintf(t, sizeof t, " %.3f us/iter (spread %.3f-%.3f)", us[us.size() / 2], us.front(), us.back());
        timing = t;
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
    std::snprintf(detail, sizeof detail, "max|diff|=%.3g sensitivity=%.3g%s", maxDiff(onGpu, reference), maxDiff(reference, previous),
                  timing.c_str());
    row("redBlack (grid bar.)", config, equal, detail);
    cudaFree(dU);
    cudaFree(dF);
}

// ---------------------------------------------------------------- barrier stages and dataflow

void stagedSumsCase(int groups, int rounds)
{
    long long *slots = nullptr, *sums = nullptr;
    CHECK(cudaMalloc(&slots, sizeof(long long) * groups));
    CHECK(cudaMalloc(&sums, sizeof(long long) * groups * rounds));
    CHECK(cudaMemset(slots, 0, sizeof(long long) * groups));
    Control control;
    hf_control_block* c = control.zeroed();
    long long watchdog = kWatchdogNs;
    void* args[] = {&slots, &sums, &rounds, &c, &watchdog};
    cooperative((const void*)stagedSums, groups, 64, args);
    CHECK(cudaDeviceSynchronize());
    std::vector<long long> got(size_t(groups) * rounds);
    CHECK(cudaMemcpy(got.data(), sums, sizeof(long long) * got.size(), cudaMemcpyDeviceToHost));
    std::vector<long long> slot(groups, 0);
    bool ok = control.read()[0] == 0;
    for (int r = 0; r < rounds; ++r) {
        long long total = 0;
        for (int g = 0; g < groups; ++g) total += (slot[g] += g + r);
        for (int g = 0; g < groups; ++g) ok = ok && got[size_t(r) * groups + g] == total;
    }
    row("stagedSums", "groups=" + std::to_string(groups) + " rounds=" + std::to_string(rounds), ok, "every sum sees every write of its round");
    cudaFree(slots);
    cudaFree(sums);
}

void chainCase(int groups, int steps)
{
    int* published = nullptr;
    long long* values = nullptr;
    const size_t count = size_t(steps + 1) * groups;
    CHECK(cudaMalloc(&published, sizeof(int) * groups));
    CHECK(cudaMalloc(&values, sizeof(long long) * count));
    CHECK(cudaMemset(published, 0, sizeof(int) * groups));
    CHECK(cudaMemset(values, 0, sizeof(long long) * count));
    Control control;
    hf_control_block* c = control.zeroed();
    long long watchdog = kWatchdogNs;
    void* args[] = {&published, &values, &steps, &c, &watchdog};
    cooperative((const void*)chain, groups, 32, args);
    CHECK(cudaDeviceSynchronize());
    std::vector<long long> got(count), expected(count, 0);
    CHECK(cudaMemcpy(got.data(), values, sizeof(long long) * count, cudaMemcpyDeviceToHost));
    for (int s = 1; s <= steps; ++s)
        for (int g = 0; g < groups; ++g)
            expected[size_t(s) * groups + g] = expected[size_t(s - 1) * groups + g] + (g > 0 ? expected[size_t(s) * groups + g - 1] : 0) + 1;
    row("chain (waits)", "groups=" + std::to_string(groups) + " steps=" + std::to_string(steps), got == expected && control.read()[0] == 0,
        "acquire/release dataflow through every group");
    cudaFree(published);
    cudaFree(values);
}

// ---------------------------------------------------------------- watchdog

void watchdogCases()
{
    const int groups = 8;
    int* out = nullptr;
    CHECK(cudaMalloc(&out, sizeof(int) * groups * 32));
    Control control;
    hf_control_block* c = control.zeroed();
    long long watchdog = kShortWatchdogNs;
    int skipping = 3;
    void* skipArgs[] = {&out, &skipping, &c, &watchdog};
    cooperative((const void*)skipsBarrier, groups, 32, skipArgs);
    CHECK(cudaDeviceSynchronize());
    std::vector<int> e = control.read();
    char detail[160];
    std::snprintf(detail, sizeof detail, "wait=%d block=%d step=%d arrived=%d of %d", e[0], e[1], e[2], e[4], groups);
    row("watchdog grid barrier", "group 3 skips it, 0.2 s", e[0] == 1 && e[1] != skipping && e[2] == 0 && e[4] == groups - 1, detail);

    int* flags = nullptr;
    CHECK(cudaMalloc(&flags, sizeof(int) * groups));
    CHECK(cudaMemset(flags, 0, sizeof(int) * groups));
    c = control.zeroed();
    int step = 7;
    void* waitArgs[] = {&flags, &step, &c, &watchdog};
    cooperative((const void*)neverPublished, groups, 32, waitArgs);
    CHECK(cudaDeviceSynchronize());
    e = control.read();
    std::snprintf(detail, sizeof detail, "wait=%d block=%d step=%d index=%d", e[0], e[1], e[2], e[3]);
    row("watchdog wait-until", "flag never published, 0.2 s", e[0] == 2 && e[2] == 7 && e[3] == e[1], detail);
    cudaFree(out);
    cudaFree(flags);
}

// ---------------------------------------------------------------- the bench's Java persistent kernels

enum class Design { kGridBarrier, kDataflow, kOnChip };

const char* designName(Design design)
{
    switch (design) {
        case Design::kGridBarrier: return "gridBarrierSweeps";
        case Design::kDataflow: return "dataflowSweeps";
        default: return "onChipSweeps";
    }
}

// One launch of `design` for `iterations` iterations on the device arrays, as the backend launches it
// (the dataflow kernel's counters and the work tally zeroed by the caller, outside any timed region).
void launchDesign(Design design, double* dU, double* dF, int n, double h2, int iterations, int blocks, int threads,
                  long long* work, int* counters, bool fOnChip, hf_control_block* control)
{
    long long watchdog = kWatchdogNs;
    if (design == Design::kGridBarrier) {
        void* args[] = {&dU, &dF, &n, &h2, &iterations, &work, &control, &watchdog};
        cooperative((const void*)gridBarrierSweeps, blocks, threads, args);
    } else if (design == Design::kDataflow) {
        void* args[] = {&dU, &dF, &n, &h2, &iterations, &work, &counters, &control, &watchdog};
        cooperative((const void*)dataflowSweeps, blocks, threads, args);
    } else {
        const int bytes = int(sizeof(double)) * n * n * (fOnChip ? 2 : 1);  // allowed by the caller beyond 48 KiB
        void* args[] = {&dU, &dF, &n, &h2, &iterations, &work, &fOnChip, &control, &watchdog};
        CHECK(cudaLaunchCooperativeKernel((const void*)onChipSweeps, dim3(1), dim3(threads), args, bytes, 0));
    }
}

constexpr int kWorkLongs = 3;  // PersistentRedBlackKernels.WORK_LENGTH: lowest, highest, blocks (WorkTally)

// Whether the tally of one run shows `steps` half-sweeps in each of `reporting` blocks (WorkTally.shortfall):
// lowest holds (INT_MAX - count) << 32 | block, highest count << 32 | block, then the blocks that reported.
bool workDone(const long long* dWork, int reporting, int steps, char* why, size_t whySize)
{
    long long tally[kWorkLongs];
    CHECK(cudaMemcpy(tally, dWork, sizeof tally, cudaMemcpyDeviceToHost));
    const int fewest = INT_MAX - int((unsigned long long)tally[0] >> 32);
    const int most = int((unsigned long long)tally[1] >> 32);
    std::snprintf(why, whySize, " work: %lld of %d blocks, %d to %d of %d half-sweeps", tally[2], reporting, fewest, most, steps);
    return tally[2] == reporting && fewest == steps && most == steps;
}

// Checks k iterations of `design` bit for bit against the CPU, then times `timed` iterations (median of 5).
void designCase(Design design, int n, int blocks, int threads, int k, int timed, bool fOnChip = false)
{
    std::mt19937_64 random(4321 + n);
    std::uniform_real_distribution<double> value(-1.0, 1.0);
    std::vector<double> u(size_t(n) * n), f(size_t(n) * n);
    for (auto& x : u) x = value(random);
    for (auto& x : f) x = value(random);
    const double h2 = 1.0 / double(n - 1) / double(n - 1);
    std::vector<double> reference = u, previous;
    for (int it = 0; it < k; ++it) {
        previous = reference;
        referenceIteration(reference, f, n, h2);
    }
    double *dU = nullptr, *dF = nullptr;
    int* counters = nullptr;
    long long* work = nullptr;
    const size_t bytes = sizeof(double) * u.size();
    const int reporting = design == Design::kOnChip ? 1 : design == Design::kDataflow ? std::min(blocks, n - 2) : blocks;
    CHECK(cudaMalloc(&work, sizeof(long long) * kWorkLongs));
    CHECK(cudaMemset(work, 0, sizeof(long long) * kWorkLongs));
    CHECK(cudaMalloc(&dU, bytes));
    CHECK(cudaMalloc(&dF, bytes));
    CHECK(cudaMalloc(&counters, sizeof(int) * 32 * std::max(1, blocks)));
    CHECK(cudaMemcpy(dU, u.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dF, f.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(counters, 0, sizeof(int) * 32 * std::max(1, blocks)));
    if (design == Design::kOnChip) {
        const int shared = int(sizeof(double)) * n * n * (fOnChip ? 2 : 1);
        CHECK(cudaFuncSetAttribute((const void*)onChipSweeps, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
    }
    Control control;
    launchDesign(design, dU, dF, n, h2, k, blocks, threads, work, counters, fOnChip, control.zeroed());
    CHECK(cudaDeviceSynchronize());
    std::vector<double> onGpu(u.size());
    CHECK(cudaMemcpy(onGpu.data(), dU, bytes, cudaMemcpyDeviceToHost));
    char counted[128];
    bool equal = std::memcmp(onGpu.data(), reference.data(), bytes) == 0 && control.read()[0] == 0;
    equal = workDone(work, reporting, 2 * k, counted, sizeof counted) && equal;
    char config[128], detail[256];
    std::snprintf(config, sizeof config, "N=%d blocks=%d k=%d%s", n, blocks, k, fOnChip ? " f on chip" : "");
    std::string timing = "";
    if (equal && timed > 0) {
        cudaEvent_t start, stop;
        CHECK(cudaEventCreate(&start));
        CHECK(cudaEventCreate(&stop));
        std::vector<float> us;
        for (int repeat = 0; repeat < 6; ++repeat) {
            hf_control_block* c = control.zeroed();
            if (design == Design::kDataflow) {
                CHECK(cudaMemset(counters, 0, sizeof(int) * 32 * blocks));
            }
            CHECK(cudaMemset(work, 0, sizeof(long long) * kWorkLongs));
            CHECK(cudaEventRecord(start));
            launchDesign(design, dU, dF, n, h2, timed, blocks, threads, work, counters, fOnChip, c);
            CHECK(cudaEventRecord(stop));
            CHECK(cudaEventSynchronize(stop));
            char timedWork[128];
            if (!workDone(work, reporting, 2 * timed, timedWork, sizeof timedWork)) {
                std::snprintf(counted, sizeof counted, "%s (a timed run)", timedWork);
                equal = false;
            }
            float ms = 0;
            CHECK(cudaEventElapsedTime(&ms, start, stop));
            if (repeat > 0) {
                us.push_back(ms * 1000.0f / float(timed));
            }
        }
        std::sort(us.begin(), us.end());
        char t[96];
        std::snprintf(t, sizeof t, " %.3f us/iter (spread %.3f-%.3f)", us[us.size() / 2], us.front(), us.back());
        timing = t;
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
    std::snprintf(detail, sizeof detail, "max|diff|=%.3g sensitivity=%.3g%s%s", maxDiff(onGpu, reference),
                  maxDiff(reference, previous), counted, timing.c_str());
    row(designName(design), config, equal, detail);
    cudaFree(dU);
    cudaFree(dF);
    cudaFree(counters);
    cudaFree(work);
}

// BrokenPersistentKernels.neverPublishes: block 1 never publishes, so block 2 waits for it until the watchdog.
void neverPublishesCase()
{
    const int blocks = 3;
    int* counters = nullptr;
    CHECK(cudaMalloc(&counters, sizeof(int) * 32 * blocks));
    CHECK(cudaMemset(counters, 0, sizeof(int) * 32 * blocks));
    Control control;
    hf_control_block* c = control.zeroed();
    long long watchdog = kShortWatchdogNs;
    int steps = 5, silent = 1;
    void* args[] = {&counters, &steps, &silent, &c, &watchdog};
    cooperative((const void*)neverPublishes, blocks, 64, args);
    CHECK(cudaDeviceSynchronize());
    std::vector<int> e = control.read();
    char detail[160];
    std::snprintf(detail, sizeof detail, "wait=%d block=%d step=%d index=%d", e[0], e[1], e[2], e[3]);
    row("watchdog dataflow", "block 1 never publishes, 0.2 s", e[0] == 2 && e[1] == 2 && e[2] == 1 && e[3] == 32, detail);
    cudaFree(counters);
}

// ---------------------------------------------------------------- atomics

void atomicCases(int n)
{
    const int buckets = 7;
    std::mt19937 random(99);
    std::vector<int> keys(n);
    std::vector<long long> weights(n);
    for (int i = 0; i < n; ++i) {
        keys[i] = int(random());
        weights[i] = (long long)(random() % 2000001) - 1000000;
    }
    std::vector<int> counts(buckets, 0);
    std::vector<long long> totals(buckets + 1, 0);
    for (int i = 0; i < n; ++i) {
        int b = ((keys[i] % buckets) + buckets) % buckets;
        counts[b]++;
        totals[b] += weights[i];
        totals[buckets] += 1;
    }
    int *dKeys, *dCounts, *dMax;
    long long *dWeights, *dTotals;
    CHECK(cudaMalloc(&dKeys, sizeof(int) * n));
    CHECK(cudaMalloc(&dWeights, sizeof(long long) * n));
    CHECK(cudaMalloc(&dCounts, sizeof(int) * buckets));
    CHECK(cudaMalloc(&dTotals, sizeof(long long) * (buckets + 1)));
    CHECK(cudaMalloc(&dMax, sizeof(int) * 2));
    CHECK(cudaMemcpy(dKeys, keys.data(), sizeof(int) * n, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dWeights, weights.data(), sizeof(long long) * n, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dCounts, 0, sizeof(int) * buckets));
    CHECK(cudaMemset(dTotals, 0, sizeof(long long) * (buckets + 1)));
    int bucketCount = buckets;
    void* args[] = {&dKeys, &dWeights, &dCounts, &dTotals, &n, &bucketCount};
    CHECK(cudaLaunchKernel((const void*)histogram, dim3((n + 255) / 256), dim3(256), args, 0, 0));
    int startMax[2] = {INT_MIN, 0};
    CHECK(cudaMemcpy(dMax, startMax, sizeof startMax, cudaMemcpyHostToDevice));
    void* maxArgs[] = {&dKeys, &dMax, &n};
    CHECK(cudaLaunchKernel((const void*)maximum, dim3((n + 255) / 256), dim3(256), maxArgs, 0, 0));
    CHECK(cudaDeviceSynchronize());
    std::vector<int> gotCounts(buckets);
    std::vector<long long> gotTotals(buckets + 1);
    int gotMax[2];
    CHECK(cudaMemcpy(gotCounts.data(), dCounts, sizeof(int) * buckets, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(gotTotals.data(), dTotals, sizeof(long long) * (buckets + 1), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(gotMax, dMax, sizeof gotMax, cudaMemcpyDeviceToHost));
    row("atomicAdd int/long", "n=" + std::to_string(n), gotCounts == counts && gotTotals == totals, "histogram equals the CPU's");
    row("CAS loop (max)", "n=" + std::to_string(n), gotMax[0] == *std::max_element(keys.begin(), keys.end()) && gotMax[1] == n,
        "maximum and participant count");
    cudaFree(dKeys);
    cudaFree(dWeights);
    cudaFree(dCounts);
    cudaFree(dTotals);
    cudaFree(dMax);
}

// ---------------------------------------------------------------- clusters

void clusterCases()
{
    int device = 0, clusterLaunch = 0;
    CHECK(cudaGetDevice(&device));
    CHECK(cudaDeviceGetAttribute(&clusterLaunch, cudaDevAttrClusterLaunch, device));
    if (!clusterLaunch) {
        row("clusters", "-", false, "this GPU has no cluster launch");
        return;
    }
    // rotate: clusters of 4, 64 threads, reads the next block's shared tile.
    const int blocks = 32, threads = 64;
    std::vector<double> in(blocks * threads);
    for (size_t i = 0; i < in.size(); ++i) in[i] = double(i) * 0.5;
    double *dIn, *dOut;
    int* dRanks;
    CHECK(cudaMalloc(&dIn, sizeof(double) * in.size()));
    CHECK(cudaMalloc(&dOut, sizeof(double) * in.size()));
    CHECK(cudaMalloc(&dRanks, sizeof(int) * blocks));
    CHECK(cudaMemcpy(dIn, in.data(), sizeof(double) * in.size(), cudaMemcpyHostToDevice));
    cudaLaunchConfig_t config = {};
    cudaLaunchAttribute attributes[2];
    attributes[0].id = cudaLaunchAttributeClusterDimension;
    attributes[0].val.clusterDim.x = 4;
    attributes[0].val.clusterDim.y = 1;
    attributes[0].val.clusterDim.z = 1;
    config.gridDim = dim3(blocks);
    config.blockDim = dim3(threads);
    config.attrs = attributes;
    config.numAttrs = 1;
    void* rotateArgs[] = {&dIn, &dOut, &dRanks};
    CHECK(cudaLaunchKernelExC(&config, (const void*)rotate, rotateArgs));
    CHECK(cudaDeviceSynchronize());
    std::vector<double> out(in.size());
    std::vector<int> ranks(blocks);
    CHECK(cudaMemcpy(out.data(), dOut, sizeof(double) * out.size(), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ranks.data(), dRanks, sizeof(int) * blocks, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int b = 0; b < blocks; ++b) {
        const int next = b / 4 * 4 + (b % 4 + 1) % 4;
        ok = ok && ranks[b] == b / 4 * 100 + b % 4;
        for (int t = 0; t < threads; ++t) ok = ok && out[size_t(b) * threads + t] == in[size_t(next) * threads + t];
    }
    row("cluster DSMEM read", "clusters of 4, 32 blocks", ok, "next block's shared tile, ranks, cluster index");

    // pushHalo: persistent (cooperative) clusters of 16, writes into the next block's shared memory.
    CHECK(cudaFuncSetAttribute((const void*)pushHalo, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    attributes[0].val.clusterDim.x = 16;
    attributes[1].id = cudaLaunchAttributeCooperative;
    attributes[1].val.cooperative = 1;
    config.blockDim = dim3(128);
    config.gridDim = dim3(16);
    config.numAttrs = 1;
    int clusters = 0;
    CHECK(cudaOccupancyMaxActiveClusters(&clusters, (const void*)pushHalo, &config));
    config.numAttrs = 2;
    const int pushBlocks = std::max(1, clusters) * 16;
    config.gridDim = dim3(pushBlocks);
    int steps = 20;
    long long* dPushed;
    CHECK(cudaMalloc(&dPushed, sizeof(long long) * pushBlocks * steps));
    Control control;
    hf_control_block* c = control.zeroed();
    long long watchdog = kWatchdogNs;
    void* pushArgs[] = {&dPushed, &steps, &c, &watchdog};
    cudaError_t launched = cudaLaunchKernelExC(&config, (const void*)pushHalo, pushArgs);
    if (launched != cudaSuccess) {
        row("cluster DSMEM write", "16 x " + std::to_string(clusters) + ", cooperative", false, cudaGetErrorString(launched));
        cudaGetLastError();
    } else {
        CHECK(cudaDeviceSynchronize());
        std::vector<long long> pushed(size_t(pushBlocks) * steps);
        CHECK(cudaMemcpy(pushed.data(), dPushed, sizeof(long long) * pushed.size(), cudaMemcpyDeviceToHost));
        ok = true;
        for (int b = 0; b < pushBlocks; ++b)
            for (int s = 0; s < steps; ++s) ok = ok && pushed[size_t(b) * steps + s] == (b % 16 + 15) % 16 + s;
        row("cluster DSMEM write", "16 x " + std::to_string(clusters) + " clusters, cooperative", ok,
            "halo pushed into the next block, 20 steps");
    }
    cudaFree(dIn);
    cudaFree(dOut);
    cudaFree(dRanks);
    cudaFree(dPushed);
}

}  // namespace

int main(int argc, char** argv)
{
    const bool small = argc > 1 && std::strcmp(argv[1], "--small") == 0;
    cudaDeviceProp properties;
    CHECK(cudaGetDeviceProperties(&properties, 0));
    const int threads = 256;
    const int resident = coResident((const void*)redBlack, threads);
    std::printf("%s, %d SMs; redBlack: %d co-resident blocks of %d threads\n", properties.name, properties.multiProcessorCount,
                resident, threads);
    if (small) {
        for (int n : {11, 12, 33}) {
            redBlackCase(n, 1, threads, 2, 0);
            redBlackCase(n, 4, 64, 2, 0);
            designCase(Design::kGridBarrier, n, 1, threads, 2, 0);
            designCase(Design::kGridBarrier, n, 4, 64, 2, 0);
            designCase(Design::kDataflow, n, 1, threads, 2, 0);
            designCase(Design::kDataflow, n, 4, 64, 2, 0);
            designCase(Design::kOnChip, n, 1, threads, 2, 0, false);
            designCase(Design::kOnChip, n, 1, threads, 2, 0, true);
        }
        designCase(Design::kDataflow, 5, 7, 64, 2, 0);  // more blocks than rows
        chainCase(8, 3);
        stagedSumsCase(4, 3);
        neverPublishesCase();
    } else {
        const int sms = properties.multiProcessorCount;
        redBlackCase(11, 1, threads, 7, 2000);
        redBlackCase(11, sms, threads, 7, 2000);
        redBlackCase(12, sms, threads, 7, 2000);
        redBlackCase(101, sms, threads, 7, 2000);
        redBlackCase(101, resident, threads, 7, 2000);
        redBlackCase(1001, sms, threads, 7, 500);
        redBlackCase(1001, resident, threads, 7, 500);
        redBlackCase(4097, resident, threads, 7, 50);
        redBlackCase(4096, resident, threads, 7, 0);
        const int dataflowResident = coResident((const void*)dataflowSweeps, threads);
        designCase(Design::kOnChip, 11, 1, threads, 7, 2000, true);
        designCase(Design::kOnChip, 120, 1, threads, 7, 200, true);  // 230 400 bytes of dynamic shared memory
        designCase(Design::kOnChip, 170, 1, threads, 7, 100, false);
        designCase(Design::kGridBarrier, 101, 20, threads, 7, 2000);
        designCase(Design::kGridBarrier, 1001, resident, threads, 7, 500);
        designCase(Design::kGridBarrier, 4097, resident, threads, 7, 50);
        designCase(Design::kDataflow, 101, 99, threads, 7, 2000);
        designCase(Design::kDataflow, 1001, std::min(999, dataflowResident), threads, 7, 500);
        designCase(Design::kDataflow, 4097, dataflowResident, threads, 7, 50);
        designCase(Design::kDataflow, 4096, dataflowResident, threads, 7, 0);
        neverPublishesCase();
        stagedSumsCase(resident, 10);
        chainCase(resident, 5);
        watchdogCases();
        atomicCases(1 << 20);
        clusterCases();
    }
    std::printf("\n%-22s %-34s %-4s %s\n", "check", "config", "", "detail");
    for (const std::string& line : table) {
        std::printf("%s\n", line.c_str());
    }
    std::printf("%s: %d failed\n", failures == 0 ? "PASS" : "FAIL", failures);
    return failures == 0 ? 0 : 1;
}
