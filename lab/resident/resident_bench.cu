/*
 * resident_bench: issue 10, items 3 and 8, phase 2: where the grid-resident kernel's time goes,
 * in one device run.
 *
 * The kernel is the library's (kernels/persistent_resident.h: one colour per halo, chunked column
 * walks), instantiated here with the knobs the library fixes (overlap, LL line access) and with
 * the two halves of its work alone (ResidentWork: compute only, exchange only), so that
 *   - the breakdown at N = 1001: the whole kernel, the half-sweeps without the exchanges, the
 *     exchanges without the half-sweeps, by k and threads;
 *   - time per half-sweep against rows per block (44 to 264 blocks at N = 1001);
 *   - the self-flagged halo exchange alone (1 to 2008 lines per neighbour), and its halves: the
 *     stores alone, the loads of lines that are already there;
 *   - every N of the auto rule's range (101 to the largest that fits) by k, against graph,
 *     persistent-grid and persistent-dataflow (counters) in the same run;
 *   - the relay of persistent-host against persistent-grid plus the host floor;
 *   - the watchdog faults (a block that never sends; a block that never counts in; a host that
 *     stops), which must name the block and the step.
 * Every configuration that is timed is first checked bit for bit over the full array against the
 * CPU reference from a seeded random interior after an iteration count short of convergence (the
 * sensitivity is printed), and every timed repeat is compared with the standard kernels' array.
 * The probes (compute only, exchange only) are timed without a check: their arrays are wrong by
 * design. Tables last.
 *
 *   resident_bench              the full run (under a minute on an H200)
 */
#include "hf_gpu.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bench_measure.h"
#include "bench_probes.h"

using namespace bench;

namespace {

constexpr double kTimeBudgetSeconds = 40.0; /* timing stops here (run.sh allows 58 s); the tables are always printed */

const auto g_started = Clock::now();
double elapsed_seconds() { return std::chrono::duration<double>(Clock::now() - g_started).count(); }
bool out_of_time() { return elapsed_seconds() > kTimeBudgetSeconds; }

int check_iterations_for(int n) { return n == 3 ? 1 : 13; } /* N = 3 has converged after one */
int timing_iterations_for(int n) { return n <= 257 ? 1000 : 300; }

/* ------------------------------------------------------------------ bookkeeping */

struct Row {
    int n;
    std::string family; /* graph, grid, dataflow, resident, compute-only, exchange-only, relay */
    int k;              /* resident: sweeps per exchange; 0 otherwise */
    int blocks;
    int threads;
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

const char* work_name(ResidentWork work)
{
    return work == ResidentWork::kAll ? "resident" : work == ResidentWork::kComputeOnly ? "compute-only"
                                                                                          : "exchange-only";
}

std::string resident_knobs(const ResidentConfig& c)
{
    char text[96];
    std::snprintf(text, sizeof(text), "b%d t%d f:%s ov:%d ll:%s", c.blocks, c.threads, c.f_on_chip ? "chip" : "glob",
                  c.overlap ? 1 : 0, c.access == LLAccess::kVector16 ? "v4" : "b64");
    return text;
}

void print_measured(const Row& row)
{
    const Measured& m = row.time;
    if (m.ok) {
        std::printf("time n=%d %-13s k=%d %-30s %9.3f us/iter  spread %4.1f%%  %s\n", row.n, row.family.c_str(), row.k,
                    row.knobs.c_str(), m.device_us, 100 * m.spread,
                    row.family == "compute-only" || row.family == "exchange-only" ? "(probe, not checked)"
                    : m.repeats_equal                                             ? "repeats equal"
                                                                                  : "REPEATS DIFFER");
    } else {
        std::printf("time n=%d %-13s k=%d %-30s failed: %s\n", row.n, row.family.c_str(), row.k, row.knobs.c_str(),
                    m.failure.c_str());
    }
    const bool checked = row.family != "compute-only" && row.family != "exchange-only";
    if (m.ok && checked && !m.repeats_equal) {
        ++g_failed;
    }
}

/* ------------------------------------------------------------------ one configuration */

/* Checks (unless it is a probe) and times one resident configuration; nothing when refused. */
const Row* time_resident(DeviceContext& context, Size& size, const ResidentConfig& config, int iterations)
{
    const int n = size.problem.n;
    const std::string refusal = resident_refusal(context, config, n);
    if (!refusal.empty()) {
        ++g_refusals[refusal.substr(0, refusal.find('('))];
        return nullptr;
    }
    const Runner run = [&](int count, Timing* timing) { return run_resident(context, config, size.grid, count, timing); };
    const std::string what = std::string(work_name(config.work)) + " k=" + std::to_string(config.k) + " " +
                             resident_knobs(config);
    if (config.work == ResidentWork::kAll && !report_check(n, what, check(context, size, run))) {
        return nullptr;
    }
    Measured measured;
    if (config.work == ResidentWork::kAll) {
        measured = measure(context, size, iterations, run);
    } else {
        /* A probe's array is wrong by design: time it without the comparison. */
        std::vector<double> device;
        for (int repeat = 0; repeat <= kRepeats && measured.failure.empty(); ++repeat) {
            Timing timing;
            measured.failure = run(iterations, &timing);
            if (repeat > 0) {
                device.push_back(timing.device_ms * 1000.0 / iterations);
            }
        }
        if (measured.failure.empty()) {
            std::sort(device.begin(), device.end());
            measured.ok = true;
            measured.device_us = device[device.size() / 2];
            measured.spread = (device.back() - device.front()) / measured.device_us;
        }
    }
    g_rows.push_back(Row{n, work_name(config.work), config.k, config.blocks, config.threads, resident_knobs(config),
                         measured});
    print_measured(g_rows.back());
    return &g_rows.back();
}

Measured time_checked(DeviceContext& context, Size& size, const std::string& family, int blocks, int threads,
                      int iterations, const Runner& run)
{
    const std::string knobs = "b" + std::to_string(blocks) + " t" + std::to_string(threads);
    Measured measured;
    if (report_check(size.problem.n, family + " " + knobs, check(context, size, run))) {
        measured = measure(context, size, iterations, run);
    } else {
        measured.failure = "check failed";
    }
    g_rows.push_back(Row{size.problem.n, family, 0, blocks, threads, knobs, measured});
    print_measured(g_rows.back());
    return measured;
}

int coresident_blocks(DeviceContext& context, const void* kernel, int threads)
{
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0);
    return per_sm * context.sm_count;
}

const void* grid_kernel() { return reinterpret_cast<const void*>(&holdfast::persistent_grid_cooperative_groups); }
const void* dataflow_kernel() { return reinterpret_cast<const void*>(&holdfast::persistent_dataflow); }

Measured time_grid(DeviceContext& context, Size& size, int blocks, int threads, int iterations)
{
    return time_checked(context, size, "grid", blocks, threads, iterations, [&](int count, Timing* timing) {
        return run_persistent(context, grid_kernel(), blocks, threads, size.grid, count, timing);
    });
}

/* graph, persistent-grid (cg, every co-resident block of 256 threads) and persistent-dataflow
 * (counters, one block per row) as the harness runs them by default. */
void time_baselines(DeviceContext& context, Size& size, int iterations)
{
    StandardGraph graph;
    time_checked(context, size, "graph", standard_blocks(size.problem.n), 256, iterations,
                 [&](int count, Timing* timing) { return graph.run(context, size.grid, count, timing); });
    if (graph.exec != nullptr) {
        cudaGraphExecDestroy(graph.exec);
    }
    time_grid(context, size, coresident_blocks(context, grid_kernel(), 256), 256, iterations);
    const int rows = std::min(coresident_blocks(context, dataflow_kernel(), 256), size.problem.n - 2);
    time_checked(context, size, "dataflow", rows, 256, iterations, [&](int count, Timing* timing) {
        return run_persistent(context, dataflow_kernel(), rows, 256, size.grid, count, timing);
    });
}

/* ------------------------------------------------------------------ the sweeps */

/* Every k, block size, f placement and overlap at one band per SM: the auto rule's data. */
void sweep_resident(DeviceContext& context, Size& size, int iterations)
{
    for (int k : {1, 2, 3, 4}) {
        for (int threads : {256, 512, 1024}) {
            for (bool chip : {true, false}) {
                for (bool overlap : {true, false}) {
                    if (out_of_time()) {
                        return;
                    }
                    if (threads <= holdfast::kResidentMaxThreads || overlap) { /* 1024: one build, overlap on */
                        time_resident(context, size,
                                      {context.sm_count, threads, k, chip, overlap, LLAccess::kVector16}, iterations);
                    }
                }
            }
        }
    }
}

/* N = 1001: the kernel against its halves, and the 8-byte atomic line. */
void breakdown_1001(DeviceContext& context, Size& size, int iterations)
{
    for (int k : {1, 2, 3, 4}) {
        for (int threads : {256, 512, 1024}) {
            const ResidentConfig base{context.sm_count, threads, k, true, true, LLAccess::kVector16};
            ResidentConfig compute = base;
            compute.work = ResidentWork::kComputeOnly;
            compute.overlap = false;
            ResidentConfig exchange = base;
            exchange.work = ResidentWork::kExchangeOnly;
            exchange.overlap = false;
            ResidentConfig words = base;
            words.access = LLAccess::kWords8;
            const bool bounded = threads <= holdfast::kResidentMaxThreads; /* 1024: no 8-byte build */
            for (const ResidentConfig& config : {compute, exchange, bounded ? words : compute}) {
                if (!out_of_time()) {
                    time_resident(context, size, config, iterations);
                }
            }
        }
    }
}

/* N = 1001: rows per block from 4 (264 blocks) to 23 (44 blocks; fewer do not fit). */
void rows_per_block_1001(DeviceContext& context, Size& size, int iterations)
{
    for (int blocks : {44, 56, 66, 99, 2 * context.sm_count}) {
        for (int k : {1, 2}) {
            for (ResidentWork work : {ResidentWork::kAll, ResidentWork::kComputeOnly}) {
                for (bool chip : {true, false}) {
                    if (out_of_time()) {
                        return;
                    }
                    ResidentConfig config{blocks, 512, k, chip, work == ResidentWork::kAll, LLAccess::kVector16};
                    config.work = work;
                    time_resident(context, size, config, iterations);
                }
            }
        }
    }
}

/* Bit-for-bit checks of the configurations the planner accepts: block counts beyond the rows,
 * every k up to 5, both f placements and overlaps, both line forms, small and odd block sizes. */
void check_resident(DeviceContext& context, Size& size)
{
    const int n = size.problem.n;
    int accepted = 0;
    for (int blocks : {1, 2, 7, context.sm_count, 2 * context.sm_count}) {
        for (int k : {1, 2, 3, 5}) {
            for (bool chip : {true, false}) {
                for (bool overlap : {true, false}) {
                    for (int threads : {96, 512}) {
                        const LLAccess access = threads == 96 ? LLAccess::kWords8 : LLAccess::kVector16;
                        const ResidentConfig config{blocks, threads, k, chip, overlap, access};
                        const std::string refusal = resident_refusal(context, config, n);
                        if (!refusal.empty()) {
                            ++g_refusals[refusal.substr(0, refusal.find('('))];
                            continue;
                        }
                        ++accepted;
                        report_check(n, "resident k=" + std::to_string(k) + " " + resident_knobs(config),
                                     check(context, size, [&](int iterations, Timing* timing) {
                                         return run_resident(context, config, size.grid, iterations, timing);
                                     }));
                    }
                }
            }
        }
    }
    std::printf("check n=%d resident: %d configurations accepted and checked\n", n, accepted);
}

/* The relay at the library's shape (1024 threads, one thread per point, co-resident) and at one
 * block of 256 per SM, against persistent-grid at its default shape; the goal line per shape. */
void time_relay(DeviceContext& context, Size& size, int iterations, double floor_us)
{
    const int n = size.problem.n;
    const Measured grid = time_grid(context, size, coresident_blocks(context, grid_kernel(), 256), 256, iterations);
    const int points = holdfast::points_per_colour(n);
    for (int threads : {1024, 256}) {
        const int useful = std::max(1, (points + threads - 1) / threads);
        const int blocks = std::min(useful, coresident_blocks(context, relay_kernel(), threads));
        const Measured relay =
            time_checked(context, size, "relay", blocks, threads, iterations, [&](int count, Timing* timing) {
                return run_relay(context, blocks, threads, size.grid, count, timing);
            });
        if (relay.ok && grid.ok) {
            const double goal = 1.3 * (grid.device_us + 2 * floor_us);
            std::printf("goal n=%d relay b%d t%d: %.2f us/iter against 1.3 x (grid %.2f + 2 x %.2f) = %.2f: %s\n", n,
                        blocks, threads, relay.device_us, grid.device_us, floor_us, goal,
                        relay.device_us <= goal ? "met" : "MISSED");
        }
    }
}

/* ------------------------------------------------------------------ faults */

void expect_fault(const char* what, const std::string& error, const char* must_say)
{
    const bool named = !error.empty() && error.find(must_say) != std::string::npos;
    std::printf("fault %s: %s%s\n", what, error.empty() ? "NO ERROR" : error.c_str(), named ? "" : " (FAIL)");
    g_failed += named ? 0 : 1;
}

/* The watchdogs must fire, name the block and the step, and leave the device usable. */
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
    /* The first wait to expire is on a neighbour (block 2 or 4 waiting for 3, or one further down
     * the chain); the counters (half-sweep up to which each block sent its edges) name block 3,
     * as the library's report does. */
    std::vector<holdfast::StepCounter> counters(7);
    cudaMemcpy(counters.data(), context.control + 1, sizeof(holdfast::StepCounter) * 7, cudaMemcpyDeviceToHost);
    std::string sent = "; sent up to:";
    bool only_3_silent = counters[3].completed == 0;
    for (int block = 0; block < 7; ++block) {
        sent += " " + std::to_string(counters[block].completed);
        only_3_silent = only_3_silent && (block == 3 || counters[block].completed > 0);
    }
    expect_fault("resident, block 3 never sends", silent + sent + (only_3_silent ? "; block 3 named" : ""),
                 "block 3 named");
    expect_fault("relay, block 5 never counts in",
                 run_relay(context, context.sm_count, 256, size.grid, 5, &timing, HF_FAULT_NEVER_PUBLISH, 5),
                 "half-sweep 0 not done (signalled)");
    expect_fault("relay, the host stops after half-sweep 0",
                 run_relay(context, context.sm_count, 256, size.grid, 5, &timing, HF_FAULT_NEVER_SIGNAL, 0),
                 "half-sweep 1"); /* block 0's wait for the host, or the host's for the blocks */
    close_size(size);
    context.set_watchdog(10.0);
    (void)cudaGetLastError();
}

/* ------------------------------------------------------------------ the largest N */

int largest_resident_n(DeviceContext& context, bool f_on_chip)
{
    const ResidentConfig config{context.sm_count, 512, 1, f_on_chip, true, LLAccess::kVector16};
    int accepted = 3;
    int refused = 46341;
    while (refused - accepted > 1) {
        const int middle = (accepted + refused) / 2;
        (resident_refusal(context, config, middle).empty() ? accepted : refused) = middle;
    }
    (void)cudaGetLastError();
    return accepted;
}

/* ------------------------------------------------------------------ the tables */

const Row* best(int n, const std::string& family, int k = -1, int blocks = -1, int threads = -1)
{
    const Row* found = nullptr;
    for (const Row& row : g_rows) {
        if (row.n == n && row.family == family && (k < 0 || row.k == k) && (blocks < 0 || row.blocks == blocks) &&
            (threads < 0 || row.threads == threads) && row.time.ok &&
            (row.time.repeats_equal || family == "compute-only" || family == "exchange-only") &&
            (found == nullptr || row.time.device_us < found->time.device_us)) {
            found = &row;
        }
    }
    return found;
}

std::string cell(const Row* row)
{
    if (row == nullptr) {
        return "-";
    }
    char text[32];
    std::snprintf(text, sizeof(text), "%.2f", row->time.device_us);
    return text;
}

void print_breakdown(int sm_count)
{
    std::printf("\n== N = 1001, %d blocks, f on chip: us per iteration (median of %d)\n", sm_count, kRepeats);
    std::printf("| k | threads | whole (best) | compute only | exchange only | compute + exchange | whole - compute |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    for (int k : {1, 2, 3, 4}) {
        for (int threads : {256, 512, 1024}) {
            const Row* whole = best(1001, "resident", k, sm_count, threads);
            const Row* compute = best(1001, "compute-only", k, sm_count, threads);
            const Row* exchange = best(1001, "exchange-only", k, sm_count, threads);
            char sum[32] = "-";
            char rest[32] = "-";
            if (compute != nullptr && exchange != nullptr) {
                std::snprintf(sum, sizeof(sum), "%.2f", compute->time.device_us + exchange->time.device_us);
            }
            if (compute != nullptr && whole != nullptr) {
                std::snprintf(rest, sizeof(rest), "%.2f", whole->time.device_us - compute->time.device_us);
            }
            std::printf("| %d | %d | %s %s | %s | %s | %s | %s |\n", k, threads, cell(whole).c_str(),
                        whole == nullptr ? "" : ("(" + whole->knobs + ")").c_str(), cell(compute).c_str(),
                        cell(exchange).c_str(), sum, rest);
        }
    }
}

void print_rows_per_block(int sm_count)
{
    std::printf("\n== N = 1001, 512 threads: us per half-sweep against rows per block (k = 1 and 2, best f placement)\n");
    std::printf("| blocks | rows per block | whole k=1 | compute k=1 | whole k=2 | compute k=2 |\n");
    std::printf("|---|---|---|---|---|---|\n");
    for (int blocks : {44, 56, 66, 99, sm_count, 2 * sm_count}) {
        const auto half = [&](const char* family, int k) {
            const Row* row = best(1001, family, k, blocks, 512);
            char text[32] = "-";
            if (row != nullptr) {
                std::snprintf(text, sizeof(text), "%.2f", row->time.device_us / 2);
            }
            return std::string(text);
        };
        std::printf("| %d | %.1f | %s | %s | %s | %s |\n", blocks, 999.0 / blocks, half("resident", 1).c_str(),
                    half("compute-only", 1).c_str(), half("resident", 2).c_str(), half("compute-only", 2).c_str());
    }
}

void print_sizes(const std::vector<int>& sizes)
{
    std::printf("\n== us per iteration by N, best over blocks/threads/f/overlap (one band per SM; every row bit-equal)\n");
    std::printf("| N | graph | grid | dataflow | res k=1 | k=2 | k=3 | k=4 | best resident | x graph |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
    for (int n : sizes) {
        const Row* resident = best(n, "resident");
        const Row* graph = best(n, "graph");
        if (resident == nullptr && graph == nullptr) {
            continue;
        }
        char ratio[32] = "-";
        if (resident != nullptr && graph != nullptr) {
            std::snprintf(ratio, sizeof(ratio), "%.2f", graph->time.device_us / resident->time.device_us);
        }
        std::printf("| %d | %s | %s | %s | %s | %s | %s | %s | %s %s | %s |\n", n, cell(graph).c_str(),
                    cell(best(n, "grid")).c_str(), cell(best(n, "dataflow")).c_str(),
                    cell(best(n, "resident", 1, -1)).c_str(), cell(best(n, "resident", 2)).c_str(),
                    cell(best(n, "resident", 3)).c_str(), cell(best(n, "resident", 4)).c_str(), cell(resident).c_str(),
                    resident == nullptr ? "" : ("(k=" + std::to_string(resident->k) + " " + resident->knobs + ")").c_str(),
                    ratio);
    }
}

/* Opens size n with its check iterations; a failure is counted and printed. */
bool open_or_count(DeviceContext& context, int n, Size* size)
{
    const std::string failure = open_size(context, n, check_iterations_for(n), size);
    if (!failure.empty()) {
        std::printf("FAIL n=%d: %s\n", n, failure.c_str());
        ++g_failed;
    }
    return failure.empty();
}

}  // namespace

int main()
{
    DeviceContext context;
    const std::string opened = context.open();
    if (!opened.empty()) {
        std::printf("no usable GPU: %s\n", opened.c_str());
        return 2;
    }
    cudaDeviceProp properties{};
    cudaGetDeviceProperties(&properties, 0);
    std::printf("device: %s, %d SMs, %d KiB shared memory per block (opt-in)\n", properties.name, context.sm_count,
                context.shared_optin / 1024);

    /* RESIDENT_BENCH_QUICK=1: only the resident kernel at N = 1001 and 513, whole (overlap on and off) and
     * compute only, k = 1 .. 4, 512 threads, f on chip: the rows a change to the half-sweep moves. */
    if (std::getenv("RESIDENT_BENCH_QUICK") != nullptr) {
        /* RESIDENT_BENCH_COMPUTE_ONLY=1 as well: the compute-only kernel at N = 1001, k = 1 alone (for ncu). */
        const bool compute_only = std::getenv("RESIDENT_BENCH_COMPUTE_ONLY") != nullptr;
        for (int n : {1001, 513}) {
            if (compute_only && n != 1001) {
                continue;
            }
            Size size;
            if (!open_or_count(context, n, &size)) {
                continue;
            }
            for (int k : {1, 2, 3, 4}) {
                for (int part = compute_only ? 2 : 0; part < 3 && !(compute_only && k > 1); ++part) {
                    ResidentConfig config{context.sm_count, 512, k, true, part == 0, LLAccess::kVector16};
                    config.work = part == 2 ? ResidentWork::kComputeOnly : ResidentWork::kAll;
                    time_resident(context, size, config, timing_iterations_for(n));
                }
            }
            close_size(size);
        }
        std::printf("\nchecks: %d configurations checked bit for bit, %d failed\n", g_checked, g_failed);
        return g_failed == 0 ? 0 : 1;
    }

    /* The costs on their own. */
    std::vector<double> floors;
    for (int repeat = 0; repeat < 5; ++repeat) {
        floors.push_back(ping_pong_micros(context, 20000));
    }
    std::sort(floors.begin(), floors.end());
    const double floor_us = floors[2];
    std::vector<std::string> probes;
    for (int threads : {256, 512, 1024}) {
        for (int lines : {1, 32, 128, 251, 502, 1004, 2008}) {
            char text[200];
            const double exchange = ll_probe_micros(context, HaloProbe::kExchange, context.sm_count, threads, lines, 2000);
            const double send = ll_probe_micros(context, HaloProbe::kSendOnly, context.sm_count, threads, lines, 2000);
            const double ready =
                ll_probe_micros(context, HaloProbe::kReceiveReady, context.sm_count, threads, lines, 2000);
            std::snprintf(text, sizeof(text), "| %d | %d | %.3f | %.3f | %.3f |", threads, lines, exchange, send, ready);
            probes.push_back(text);
        }
    }
    std::vector<std::string> barriers;
    for (int threads : {256, 512, 1024}) {
        barriers.push_back("grid barrier (grid.sync), " + std::to_string(context.sm_count) + " blocks of " +
                           std::to_string(threads) + " threads: " +
                           std::to_string(grid_sync_micros(context, context.sm_count, threads, 2000)) + " us");
    }
    std::printf("(probes: %.1f s)\n", elapsed_seconds());

    check_faults(context);

    const int largest_global = largest_resident_n(context, false);
    const int largest_chip = largest_resident_n(context, true);
    std::printf("largest N the resident kernel accepts on %d blocks (k = 1): %d with f in global memory, %d with f "
                "on chip\n",
                context.sm_count, largest_global, largest_chip);

    /* Most important first, so that a spent time budget cuts the least useful. */
    const std::vector<int> timed = {1001, 1002, 257, largest_global, 101, 161, 401, 513, 769, largest_chip, 1500};
    std::vector<int> order = timed;
    for (int n : {3, 4, 5, 11, 12, 33, 34, 102}) {
        order.push_back(n);
    }
    std::vector<int> sizes = order;
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    std::vector<int> done;
    for (int n : order) {
        if (std::find(done.begin(), done.end(), n) != done.end()) {
            continue;
        }
        done.push_back(n);
        Size size;
        if (!open_or_count(context, n, &size)) {
            continue;
        }
        std::printf("== n=%d: %d iterations checked, sensitivity max|ref(%d) - ref(%d)| = %.3g\n", n,
                    size.check_iterations, size.check_iterations, size.check_iterations - 1, size.sensitivity);
        const int iterations = timing_iterations_for(n);
        if (std::find(timed.begin(), timed.end(), n) != timed.end() && !out_of_time()) {
            time_baselines(context, size, iterations);
            sweep_resident(context, size, iterations);
            if (n == 1001) {
                breakdown_1001(context, size, iterations);
                rows_per_block_1001(context, size, iterations);
                time_relay(context, size, 200, floor_us);
            }
            if (n == 101) {
                time_relay(context, size, 200, floor_us);
            }
        }
        check_resident(context, size);
        close_size(size);
        std::printf("(%.1f s)\n", elapsed_seconds());
    }

    print_breakdown(context.sm_count);
    print_rows_per_block(context.sm_count);
    print_sizes(sizes);
    std::printf("\n== self-flagged halo exchange alone, %d blocks in a chain, 16-byte lines: us per round\n",
                context.sm_count);
    std::printf("| threads | lines per neighbour | exchange | send only | receive ready |\n|---|---|---|---|---|\n");
    for (const std::string& probe : probes) {
        std::printf("%s\n", probe.c_str());
    }
    std::printf("\nhost ping-pong floor: %.2f us per round trip\n", floor_us);
    for (const std::string& barrier : barriers) {
        std::printf("%s\n", barrier.c_str());
    }
    std::printf("\nchecks: %d configurations checked bit for bit, %d failed\n", g_checked, g_failed);
    for (const auto& [reason, count] : g_refusals) {
        std::printf("refused %d times: %s\n", count, reason.c_str());
    }
    return g_failed == 0 ? 0 : 1;
}
