/*
 * resident_bench: issue 10, items 3 and 8, in one device run.
 *
 * - grid-resident persistent kernel (kernels/persistent_resident.h): every block holds its band
 *   in shared memory, k ghost rows per side, self-flagged LL halos between blocks;
 * - persistent-host with device-combined completion (kernels/persistent_host_combined.h), beside
 *   the per-block host flags of today (kernels/persistent_host.h);
 * - in the same run: graph, persistent-grid and persistent-dataflow as they are today, the host
 *   ping-pong floor, the self-flagged halo exchange and the grid barrier on their own.
 *
 * Every configuration is first checked bit for bit over the full array against the CPU reference
 * from a seeded random interior after an iteration count short of convergence (the sensitivity,
 * max |ref(it) - ref(it - 1)|, is printed), at N = 3 ... 1002 and the largest N the resident
 * kernel accepts, with block counts beyond the number of rows. Timed configurations are timed with
 * events (median of 5 after a warm-up; the host modes also by the host clock), and every timed
 * repeat's array is compared with the standard kernels' after as many iterations. The table at
 * the end has the best time per N, variant and k.
 *
 *   resident_bench              the full run (about a minute on an H200)
 *   resident_bench --sanitize   small cases only, no timing: what compute-sanitizer runs
 */
#include "hf_gpu.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bench_problem.h"
#include "bench_probes.h"
#include "bench_runs.h"

using namespace bench;

namespace {

constexpr int kRepeats = 5;
constexpr double kTimeBudgetSeconds = 55.0; /* timing stops here; the table is always printed */

const auto g_started = Clock::now();
double elapsed_seconds() { return std::chrono::duration<double>(Clock::now() - g_started).count(); }

/* ------------------------------------------------------------------ one size */

struct Size {
    HostProblem problem;
    int check_iterations = 0;
    std::vector<double> expected; /* reference after check_iterations */
    double sensitivity = 0;       /* max |ref(it) - ref(it - 1)| */
    DeviceGrid grid;
    double* initial = nullptr; /* pinned */
    double* result = nullptr;  /* pinned */
    std::map<int, std::vector<double>> timed_reference;

    size_t cells() const { return size_t(problem.n) * problem.n; }
    size_t bytes() const { return cells() * sizeof(double); }
};

std::string upload(DeviceContext& context, Size& size)
{
    BENCH_TRY(cudaMemcpyAsync(size.grid.u, size.initial, size.bytes(), cudaMemcpyHostToDevice, context.stream));
    BENCH_TRY(cudaStreamSynchronize(context.stream));
    return "";
}

std::string download(DeviceContext& context, Size& size)
{
    BENCH_TRY(cudaMemcpyAsync(size.result, size.grid.u, size.bytes(), cudaMemcpyDeviceToHost, context.stream));
    BENCH_TRY(cudaStreamSynchronize(context.stream));
    return "";
}

std::string open_size(DeviceContext& context, int n, int check_iterations, Size* size)
{
    size->problem = make_problem(n);
    size->check_iterations = check_iterations;
    std::vector<double> before = size->problem.initial;
    reference_iterations(before, size->problem, check_iterations - 1);
    size->expected = before;
    reference_iterations(size->expected, size->problem, 1);
    for (size_t k = 0; k < before.size(); ++k) {
        size->sensitivity = std::max(size->sensitivity, std::fabs(size->expected[k] - before[k]));
    }
    double* f = nullptr;
    BENCH_TRY(cudaMalloc(&size->grid.u, size->bytes()));
    BENCH_TRY(cudaMalloc(&f, size->bytes()));
    size->grid.f = f;
    size->grid.n = n;
    size->grid.h2 = size->problem.h2;
    BENCH_TRY(cudaMemcpy(f, size->problem.f.data(), size->bytes(), cudaMemcpyHostToDevice));
    BENCH_TRY(cudaMallocHost(&size->initial, size->bytes()));
    BENCH_TRY(cudaMallocHost(&size->result, size->bytes()));
    std::memcpy(size->initial, size->problem.initial.data(), size->bytes());
    (void)context;
    return "";
}

void close_size(Size& size)
{
    cudaFree(size.grid.u);
    cudaFree(const_cast<double*>(size.grid.f));
    cudaFreeHost(size.initial);
    cudaFreeHost(size.result);
}

/* What the timed repeats are compared with: the standard kernels after as many iterations
 * (themselves checked against the CPU reference at the check count). */
std::string timed_reference(DeviceContext& context, Size& size, int iterations, const std::vector<double>** out)
{
    auto found = size.timed_reference.find(iterations);
    if (found == size.timed_reference.end()) {
        std::string failure = upload(context, size);
        if (failure.empty()) {
            failure = queue_standard(context.stream, size.grid, iterations);
        }
        if (failure.empty()) {
            failure = download(context, size);
        }
        if (!failure.empty()) {
            return failure;
        }
        found = size.timed_reference.emplace(iterations, std::vector<double>(size.result, size.result + size.cells()))
                    .first;
    }
    *out = &found->second;
    return "";
}

/* ------------------------------------------------------------------ checking and timing */

using Runner = std::function<std::string(int iterations, Timing* timing)>;

struct Outcome {
    bool ran = false;
    bool equal = false;
    std::string failure;
    Difference difference{};
};

Outcome check(DeviceContext& context, Size& size, const Runner& run)
{
    Outcome outcome;
    Timing timing;
    outcome.failure = upload(context, size);
    if (outcome.failure.empty()) {
        outcome.failure = run(size.check_iterations, &timing);
    }
    if (outcome.failure.empty()) {
        outcome.failure = download(context, size);
    }
    if (!outcome.failure.empty()) {
        return outcome;
    }
    outcome.ran = true;
    outcome.difference = compare(size.result, size.expected.data(), size.cells());
    outcome.equal = outcome.difference.identical;
    return outcome;
}

struct Measured {
    bool ok = false;
    std::string failure;
    double device_us = 0; /* per iteration, median */
    double spread = 0;    /* (max - min) / median of the device times */
    double host_us = 0;   /* per iteration, median */
    bool repeats_equal = true;
};

Measured measure(DeviceContext& context, Size& size, int iterations, const Runner& run)
{
    Measured measured;
    const std::vector<double>* reference = nullptr;
    measured.failure = timed_reference(context, size, iterations, &reference);
    std::vector<double> device;
    std::vector<double> host;
    for (int repeat = 0; repeat <= kRepeats && measured.failure.empty(); ++repeat) {
        Timing timing;
        measured.failure = upload(context, size);
        if (measured.failure.empty()) {
            measured.failure = run(iterations, &timing);
        }
        if (measured.failure.empty()) {
            measured.failure = download(context, size);
        }
        if (measured.failure.empty() && repeat > 0) {
            device.push_back(timing.device_ms * 1000.0 / iterations);
            host.push_back(timing.host_ms * 1000.0 / iterations);
            measured.repeats_equal =
                measured.repeats_equal && std::memcmp(size.result, reference->data(), size.bytes()) == 0;
        }
    }
    if (!measured.failure.empty()) {
        return measured;
    }
    std::sort(device.begin(), device.end());
    std::sort(host.begin(), host.end());
    measured.ok = true;
    measured.device_us = device[device.size() / 2];
    measured.spread = (device.back() - device.front()) / measured.device_us;
    measured.host_us = host[host.size() / 2];
    return measured;
}

/* ------------------------------------------------------------------ bookkeeping */

struct Row {
    int n;
    std::string family; /* graph, grid, dataflow, resident, host-combined, host-relay, host-lockstep, ... */
    int k;              /* resident: sweeps per exchange; 0 otherwise */
    std::string knobs;
    Measured time;
};

std::vector<Row> g_rows;
int g_checked = 0;
int g_failed = 0;
std::map<std::string, int> g_refusals;

bool report_check(int n, const std::string& what, const Outcome& outcome)
{
    ++g_checked;
    if (outcome.ran && outcome.equal) {
        return true;
    }
    ++g_failed;
    if (!outcome.ran) {
        std::printf("FAIL n=%d %s: %s\n", n, what.c_str(), outcome.failure.c_str());
    } else {
        std::printf("FAIL n=%d %s: %lld points differ, max |diff| %.3g\n", n, what.c_str(),
                    outcome.difference.differing, outcome.difference.max_abs);
    }
    return false;
}

const char* access_name(LLAccess access) { return access == LLAccess::kVector16 ? "v4" : "b64"; }

std::string resident_knobs(const ResidentConfig& c)
{
    char text[96];
    std::snprintf(text, sizeof(text), "b%d t%d f:%s ov:%d ll:%s", c.blocks, c.threads, c.f_on_chip ? "chip" : "glob",
                  c.overlap ? 1 : 0, access_name(c.access));
    return text;
}

const char* host_kind_name(HostConfig::Kind kind)
{
    switch (kind) {
    case HostConfig::kCombinedEveryBlock: return "host-combined";
    case HostConfig::kCombinedRelay: return "host-relay";
    case HostConfig::kPerBlockLockstep: return "host-lockstep";
    default: return "host-neighbour";
    }
}

void print_measured(int n, const std::string& family, int k, const std::string& knobs, const Measured& m)
{
    if (m.ok) {
        std::printf("time n=%d %-15s k=%d %-32s %9.3f us/iter  spread %4.1f%%  host %9.3f  %s\n", n, family.c_str(), k,
                    knobs.c_str(), m.device_us, 100 * m.spread, m.host_us,
                    m.repeats_equal ? "repeats equal" : "REPEATS DIFFER");
    } else {
        std::printf("time n=%d %-15s k=%d %-32s failed: %s\n", n, family.c_str(), k, knobs.c_str(), m.failure.c_str());
    }
    if (m.ok && !m.repeats_equal) {
        ++g_failed;
    }
}

bool out_of_time() { return elapsed_seconds() > kTimeBudgetSeconds; }

/* ------------------------------------------------------------------ the sweeps */

std::vector<ResidentConfig> resident_check_configs(int sm_count)
{
    std::vector<ResidentConfig> configs;
    for (int blocks : {1, 2, 7, sm_count, 2 * sm_count}) {
        for (int k : {1, 2, 3, 4, 6, 8}) {
            for (bool chip : {true, false}) {
                for (bool overlap : {false, true}) {
                    configs.push_back({blocks, 512, k, chip, overlap, LLAccess::kVector16});
                }
            }
            configs.push_back({blocks, 512, k, false, true, LLAccess::kWords8});
        }
        for (int threads : {96, 1024}) {
            for (int k : {1, 2}) {
                configs.push_back({blocks, threads, k, k == 1, k == 2, LLAccess::kVector16});
            }
        }
    }
    return configs;
}

std::vector<ResidentConfig> resident_time_configs(int n, int sm_count)
{
    std::vector<ResidentConfig> configs;
    const std::vector<int> block_counts = n > 300 ? std::vector<int>{sm_count, 2 * sm_count}
                                                  : std::vector<int>{16, 32, 64, sm_count};
    for (int blocks : block_counts) {
        for (int threads : {256, 512, 1024}) {
            for (int k : {1, 2, 3, 4, 5, 6, 7, 8}) {
                for (bool chip : {true, false}) {
                    for (bool overlap : {false, true}) {
                        configs.push_back({blocks, threads, k, chip, overlap, LLAccess::kVector16});
                        if (n == 1001) {
                            configs.push_back({blocks, threads, k, chip, overlap, LLAccess::kWords8});
                        }
                    }
                }
            }
        }
    }
    return configs;
}

void check_resident(DeviceContext& context, Size& size)
{
    const int n = size.problem.n;
    int accepted = 0;
    for (const ResidentConfig& config : resident_check_configs(context.sm_count)) {
        const std::string refusal = resident_refusal(context, config, n);
        if (!refusal.empty()) {
            ++g_refusals[refusal.substr(0, refusal.find('('))];
            continue;
        }
        ++accepted;
        report_check(n, "resident k=" + std::to_string(config.k) + " " + resident_knobs(config),
                     check(context, size, [&](int iterations, Timing* timing) {
                         return run_resident(context, config, size.grid, iterations, timing);
                     }));
    }
    std::printf("check n=%d resident: %d configurations accepted and checked\n", n, accepted);
}

void time_resident(DeviceContext& context, Size& size, int iterations)
{
    const int n = size.problem.n;
    for (const ResidentConfig& config : resident_time_configs(n, context.sm_count)) {
        if (out_of_time()) {
            std::printf("time n=%d resident: stopped, time budget spent\n", n);
            return;
        }
        if (!resident_refusal(context, config, n).empty()) {
            continue;
        }
        const Runner run = [&](int count, Timing* timing) {
            return run_resident(context, config, size.grid, count, timing);
        };
        const std::string what = "resident k=" + std::to_string(config.k) + " " + resident_knobs(config);
        if (!report_check(n, what, check(context, size, run))) {
            continue;
        }
        Row row{n, "resident", config.k, resident_knobs(config), measure(context, size, iterations, run)};
        print_measured(n, row.family, row.k, row.knobs, row.time);
        g_rows.push_back(row);
    }
}

std::vector<HostConfig> host_check_configs(int sm_count)
{
    std::vector<HostConfig> configs;
    for (int blocks : {1, 7, sm_count, 8 * sm_count}) {
        configs.push_back({blocks, 256, HostConfig::kCombinedEveryBlock});
        configs.push_back({blocks, 256, HostConfig::kCombinedRelay});
    }
    configs.push_back({sm_count, 1024, HostConfig::kCombinedRelay, true}); /* sleeping host */
    return configs;
}

void check_host(DeviceContext& context, Size& size)
{
    const int n = size.problem.n;
    for (const HostConfig& config : host_check_configs(context.sm_count)) {
        if (!coresident(context, host_kernel(config), config.blocks, config.threads, 0).empty()) {
            continue;
        }
        char what[64];
        std::snprintf(what, sizeof(what), "%s b%d t%d%s", host_kind_name(config.kind), config.blocks, config.threads,
                      config.sleep ? " sleep" : "");
        long long handshakes = 0;
        report_check(n, what, check(context, size, [&](int iterations, Timing* timing) {
                         return run_host_mode(context, config, size.grid, iterations, timing, &handshakes);
                     }));
    }
}

/* persistent-grid (cooperative groups) at the given shape; 0 blocks = every co-resident one. */
int coresident_blocks(DeviceContext& context, const void* kernel, int threads)
{
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0);
    return per_sm * context.sm_count;
}

const void* grid_kernel() { return reinterpret_cast<const void*>(&holdfast::persistent_grid_cooperative_groups); }
const void* dataflow_kernel() { return reinterpret_cast<const void*>(&holdfast::persistent_dataflow); }

Measured time_persistent(DeviceContext& context, Size& size, const char* family, const void* kernel, int blocks,
                         int threads, int iterations)
{
    const Runner run = [&](int count, Timing* timing) {
        return run_persistent(context, kernel, blocks, threads, size.grid, count, timing);
    };
    const std::string knobs = "b" + std::to_string(blocks) + " t" + std::to_string(threads);
    Measured measured;
    if (report_check(size.problem.n, std::string(family) + " " + knobs, check(context, size, run))) {
        measured = measure(context, size, iterations, run);
    } else {
        measured.failure = "check failed";
    }
    print_measured(size.problem.n, family, 0, knobs, measured);
    g_rows.push_back(Row{size.problem.n, family, 0, knobs, measured});
    return measured;
}

void time_baselines(DeviceContext& context, Size& size, int iterations)
{
    StandardGraph graph;
    const Runner run = [&](int count, Timing* timing) { return graph.run(context, size.grid, count, timing); };
    if (report_check(size.problem.n, "graph", check(context, size, run))) {
        Row row{size.problem.n, "graph", 0, "b" + std::to_string(standard_blocks(size.problem.n)) + " t256",
                measure(context, size, iterations, run)};
        print_measured(row.n, row.family, 0, row.knobs, row.time);
        g_rows.push_back(row);
    }
    if (graph.exec != nullptr) {
        cudaGraphExecDestroy(graph.exec);
    }
    time_persistent(context, size, "grid", grid_kernel(), coresident_blocks(context, grid_kernel(), 256), 256,
                    iterations);
    time_persistent(context, size, "dataflow", dataflow_kernel(),
                    std::min(coresident_blocks(context, dataflow_kernel(), 256), size.problem.n - 2), 256, iterations);
}

/* Checks, then times one host-mode configuration; the row is kept either way. */
Row time_host_config(DeviceContext& context, Size& size, const HostConfig& config, int iterations)
{
    long long handshakes = 0;
    const Runner run = [&](int count, Timing* timing) {
        return run_host_mode(context, config, size.grid, count, timing, &handshakes);
    };
    Row row{size.problem.n, std::string(host_kind_name(config.kind)) + (config.sleep ? "-sleep" : ""), 0,
            "b" + std::to_string(config.blocks) + " t" + std::to_string(config.threads), Measured{}};
    if (report_check(row.n, row.family + " " + row.knobs, check(context, size, run))) {
        row.time = measure(context, size, iterations, run);
    }
    print_measured(row.n, row.family, 0, row.knobs, row.time);
    g_rows.push_back(row);
    return row;
}

void time_host(DeviceContext& context, Size& size, int iterations, double floor_us)
{
    const int n = size.problem.n;
    for (int per_sm : {1, 2, 4, 8}) {
        for (int threads : {256, 512, 1024}) {
            if (per_sm * threads > 2048) {
                continue;
            }
            if (out_of_time()) {
                std::printf("time n=%d host: stopped, time budget spent\n", n);
                return;
            }
            const int blocks = per_sm * context.sm_count;
            const Measured grid = time_persistent(context, size, "grid", grid_kernel(), blocks, threads, iterations);
            for (HostConfig::Kind kind : {HostConfig::kCombinedEveryBlock, HostConfig::kCombinedRelay}) {
                const HostConfig config{blocks, threads, kind};
                if (!coresident(context, host_kernel(config), blocks, threads, 0).empty()) {
                    continue;
                }
                const Row row = time_host_config(context, size, config, iterations);
                if (row.time.ok && grid.ok) {
                    const double goal = 1.3 * (grid.device_us + 2 * floor_us);
                    std::printf("goal n=%d %s %s: %.2f us/iter (host clock %.2f) against 1.3 x (grid %.2f + 2 x "
                                "%.2f) = %.2f: %s\n",
                                n, row.family.c_str(), row.knobs.c_str(), row.time.device_us, row.time.host_us,
                                grid.device_us, floor_us, goal, row.time.device_us <= goal ? "met" : "MISSED");
                }
            }
        }
    }
    /* The relay with a sleeping host (1 us between polls, timer slack 1 us). */
    time_host_config(context, size, HostConfig{context.sm_count, 512, HostConfig::kCombinedRelay, true}, iterations);
    /* Today's per-block flags, at one block per SM and at every co-resident block. */
    for (HostConfig::Kind kind : {HostConfig::kPerBlockLockstep, HostConfig::kPerBlockNeighbour}) {
        for (int blocks : {context.sm_count, coresident_blocks(context, host_kernel({1, 256, kind}), 256)}) {
            time_host_config(context, size, HostConfig{blocks, 256, kind}, iterations);
        }
    }
}

/* ------------------------------------------------------------------ the largest N */

int largest_resident_n(DeviceContext& context, bool f_on_chip)
{
    const ResidentConfig config{context.sm_count, 512, 1, f_on_chip, false, LLAccess::kVector16};
    int accepted = 3;
    int refused = 46341;
    while (refused - accepted > 1) {
        const int middle = (accepted + refused) / 2;
        (resident_refusal(context, config, middle).empty() ? accepted : refused) = middle;
    }
    (void)cudaGetLastError();
    return accepted;
}

/* ------------------------------------------------------------------ the table */

const Row* best(int n, const std::string& family, int k = -1)
{
    const Row* found = nullptr;
    for (const Row& row : g_rows) {
        if (row.n == n && row.family == family && (k < 0 || row.k == k) && row.time.ok && row.time.repeats_equal &&
            (found == nullptr || row.time.device_us < found->time.device_us)) {
            found = &row;
        }
    }
    return found;
}

std::string format(double value)
{
    char text[32];
    std::snprintf(text, sizeof(text), "%.2f", value);
    return text;
}

std::string cell(const Row* row) { return row == nullptr ? "-" : format(row->time.device_us); }

void print_tables(const std::vector<int>& sizes, double floor_us, const std::vector<std::string>& probes)
{
    std::printf("\n== µs per iteration, best over the other knobs (median of %d, events; every row bit-equal)\n",
                kRepeats);
    std::printf("| N | graph | grid | dataflow | res k=1 | k=2 | k=3 | k=4 | k=5 | k=6 | k=7 | k=8 | best resident | x "
                "graph | host combined | host relay | host per-block |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int n : sizes) {
        const Row* graph = best(n, "graph");
        if (graph == nullptr && best(n, "resident") == nullptr) {
            continue;
        }
        std::printf("| %d | %s | %s | %s", n, cell(graph).c_str(), cell(best(n, "grid")).c_str(),
                    cell(best(n, "dataflow")).c_str());
        for (int k = 1; k <= 8; ++k) {
            std::printf(" | %s", cell(best(n, "resident", k)).c_str());
        }
        const Row* resident = best(n, "resident");
        const Row* lockstep = best(n, "host-lockstep");
        const Row* neighbour = best(n, "host-neighbour");
        const Row* per_block =
            lockstep == nullptr || (neighbour != nullptr && neighbour->time.device_us < lockstep->time.device_us)
                ? neighbour
                : lockstep;
        const std::string per_block_cell =
            per_block == nullptr ? "-" : cell(per_block) + " " + per_block->family + " " + per_block->knobs;
        std::printf(" | %s | %s | %s | %s | %s |\n",
                    resident == nullptr ? "-" : (cell(resident) + " (k=" + std::to_string(resident->k) + " " +
                                                 resident->knobs + ")")
                                                    .c_str(),
                    resident != nullptr && graph != nullptr
                        ? format(graph->time.device_us / resident->time.device_us).c_str()
                        : "-",
                    best(n, "host-combined") == nullptr
                        ? "-"
                        : (cell(best(n, "host-combined")) + " " + best(n, "host-combined")->knobs).c_str(),
                    best(n, "host-relay") == nullptr
                        ? "-"
                        : (cell(best(n, "host-relay")) + " " + best(n, "host-relay")->knobs).c_str(),
                    per_block_cell.c_str());
    }
    std::printf("\n== costs on their own (132 blocks unless said)\n");
    std::printf("host ping-pong floor: %.2f us per round trip\n", floor_us);
    for (const std::string& probe : probes) {
        std::printf("%s\n", probe.c_str());
    }
    std::printf("\nchecks: %d configurations checked bit for bit, %d failed\n", g_checked, g_failed);
    for (const auto& [reason, count] : g_refusals) {
        std::printf("refused %d times: %s\n", count, reason.c_str());
    }
}

/* ------------------------------------------------------------------ modes of the program */

int check_iterations_for(int n) { return n == 3 ? 1 : 13; } /* N = 3 has converged after one */

int timing_iterations_for(int n) { return n <= 101 ? 2000 : n <= 257 ? 1000 : 500; }

int run_sanitize(DeviceContext& context)
{
    context.set_watchdog(60.0);
    for (int n : {11, 12, 33}) {
        Size size;
        const std::string opened = open_size(context, n, 3, &size);
        if (!opened.empty()) {
            std::printf("FAIL n=%d: %s\n", n, opened.c_str());
            return 1;
        }
        const ResidentConfig configs[] = {{3, 64, 2, true, true, LLAccess::kVector16},
                                          {40, 64, 1, false, false, LLAccess::kWords8},
                                          {1, 64, 1, true, false, LLAccess::kVector16}};
        for (const ResidentConfig& config : configs) {
            const std::string refusal = resident_refusal(context, config, n);
            if (refusal.empty()) {
                report_check(n, "resident k=" + std::to_string(config.k) + " " + resident_knobs(config),
                             check(context, size, [&](int iterations, Timing* timing) {
                                 return run_resident(context, config, size.grid, iterations, timing);
                             }));
            }
        }
        for (const HostConfig& config : {HostConfig{5, 64, HostConfig::kCombinedEveryBlock},
                                         HostConfig{40, 64, HostConfig::kCombinedRelay}}) {
            long long handshakes = 0;
            report_check(n, host_kind_name(config.kind), check(context, size, [&](int iterations, Timing* timing) {
                             return run_host_mode(context, config, size.grid, iterations, timing, &handshakes);
                         }));
        }
        close_size(size);
    }
    std::printf("%s: %d checked, %d failed\n", g_failed == 0 ? "ALL PASSED" : "FAILURES", g_checked, g_failed);
    return g_failed == 0 ? 0 : 1;
}

/* The watchdogs must fire, name the right wait, and leave the device usable. */
void check_faults(DeviceContext& context)
{
    context.set_watchdog(0.2);
    Size size;
    if (!open_size(context, 101, 3, &size).empty()) {
        return;
    }
    Timing timing;
    const ResidentConfig resident{7, 256, 2, true, true, LLAccess::kVector16};
    const std::string silent = run_resident(context, resident, size.grid, 5, &timing, HF_FAULT_NEVER_PUBLISH, 3);
    std::printf("fault resident, block 3 never sends: %s\n", silent.empty() ? "NO ERROR (FAIL)" : silent.c_str());
    g_failed += silent.find("wait 2") == std::string::npos ? 1 : 0;
    long long handshakes = 0;
    const HostConfig host{context.sm_count, 256, HostConfig::kCombinedRelay};
    const std::string missing =
        run_host_mode(context, host, size.grid, 5, &timing, &handshakes, HF_FAULT_NEVER_PUBLISH, 5);
    std::printf("fault host-relay, block 5 never counts in: %s\n",
                missing.empty() ? "NO ERROR (FAIL)" : missing.c_str());
    g_failed += missing.find("half-sweep 0") == std::string::npos ? 1 : 0;
    const std::string unsignalled =
        run_host_mode(context, host, size.grid, 5, &timing, &handshakes, HF_FAULT_NEVER_SIGNAL, 4);
    std::printf("fault host-relay, host stops before half-sweep 4: %s\n",
                unsignalled.empty() ? "NO ERROR (FAIL)" : unsignalled.c_str());
    g_failed += unsignalled.find("half-sweep 4") == std::string::npos ? 1 : 0;
    close_size(size);
    context.set_watchdog(10.0);
    (void)cudaGetLastError();
}

}  // namespace

int main(int argc, char** argv)
{
    DeviceContext context;
    const std::string opened = context.open();
    if (!opened.empty()) {
        std::printf("no usable GPU: %s\n", opened.c_str());
        return 2;
    }
    if (argc > 1 && std::strcmp(argv[1], "--sanitize") == 0) {
        return run_sanitize(context);
    }
    cudaDeviceProp properties{};
    cudaGetDeviceProperties(&properties, 0);
    std::printf("device: %s, %d SMs, %d KiB shared memory per block (opt-in)\n", properties.name, context.sm_count,
                context.shared_optin / 1024);

    /* The costs on their own. */
    std::vector<double> floors;
    for (int repeat = 0; repeat < 5; ++repeat) {
        floors.push_back(ping_pong_micros(context, 20000));
    }
    std::sort(floors.begin(), floors.end());
    const double floor_us = floors[2];
    std::vector<std::string> probes;
    const int width_1001 = holdfast::colour_row_width(1001);
    for (int lines : {1, 2 * width_1001, 8 * width_1001}) {
        for (int threads : {512, 1024}) {
            char text[160];
            const double vector16 =
                ll_exchange_micros<LLAccess::kVector16>(context, context.sm_count, threads, lines, 2000);
            const double words8 =
                ll_exchange_micros<LLAccess::kWords8>(context, context.sm_count, threads, lines, 2000);
            std::snprintf(text, sizeof(text),
                          "self-flagged halo exchange, %5d lines per neighbour, %4d threads: %.3f us (v4), %.3f us "
                          "(b64)",
                          lines, threads, vector16, words8);
            probes.push_back(text);
        }
    }
    for (int threads : {512, 1024}) {
        probes.push_back("grid barrier (grid.sync), " + std::to_string(threads) +
                         " threads: " + std::to_string(grid_sync_micros(context, context.sm_count, threads, 2000)) +
                         " us");
    }
    for (const std::string& probe : probes) {
        std::printf("%s\n", probe.c_str());
    }

    check_faults(context);

    const int largest_global = largest_resident_n(context, false);
    const int largest_chip = largest_resident_n(context, true);
    std::printf("largest N the resident kernel accepts on %d blocks (k = 1): %d with f in global memory, %d with f "
                "on chip\n",
                context.sm_count, largest_global, largest_chip);

    std::vector<int> sizes = {3, 4, 5, 11, 12, 33, 34, 101, 102, 257, 1001, 1002, largest_chip, largest_global};
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    const std::vector<int> timed = {11, 33, 101, 257, 1001, 1002, largest_global};
    const std::vector<int> host_timed = {11, 101, 257, 1001, 1002};
    /* Most important first, so that a spent time budget cuts the least useful. */
    std::vector<int> order = {1001, 1002, largest_global, 257, 101};
    for (int n : sizes) {
        if (std::find(order.begin(), order.end(), n) == order.end()) {
            order.push_back(n);
        }
    }
    for (int n : order) {
        Size size;
        const std::string failure = open_size(context, n, check_iterations_for(n), &size);
        if (!failure.empty()) {
            std::printf("FAIL n=%d: %s\n", n, failure.c_str());
            ++g_failed;
            continue;
        }
        std::printf("== n=%d: %d iterations checked, sensitivity max|ref(%d) - ref(%d)| = %.3g\n", n,
                    size.check_iterations, size.check_iterations, size.check_iterations - 1, size.sensitivity);
        report_check(n, "standard kernels", check(context, size, [&](int iterations, Timing*) {
                         const std::string queued = queue_standard(context.stream, size.grid, iterations);
                         return queued.empty() ? std::string(cudaStreamSynchronize(context.stream) == cudaSuccess
                                                                 ? ""
                                                                 : "standard kernels failed")
                                               : queued;
                     }));
        if (std::find(timed.begin(), timed.end(), n) != timed.end() && !out_of_time()) {
            time_baselines(context, size, timing_iterations_for(n));
            time_resident(context, size, timing_iterations_for(n));
        }
        check_resident(context, size);
        check_host(context, size);
        if (std::find(host_timed.begin(), host_timed.end(), n) != host_timed.end() && !out_of_time()) {
            time_host(context, size, 200, floor_us);
        }
        close_size(size);
        std::printf("(%.1f s)\n", elapsed_seconds());
    }
    print_tables(sizes, floor_us, probes);
    return g_failed == 0 ? 0 : 1;
}
