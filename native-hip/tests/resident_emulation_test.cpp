/*
 * resident_emulation_test: the grid-resident kernel (persistent-dataflow resident) and the relay
 * of persistent-host, their own code on CPU threads (cpu_emulation.h), against the sequential
 * reference, bit for bit, from a random interior; and the watchdog faults. Runs in CI without a
 * GPU, in a few seconds.
 *
 * Blocks are one thread each here, so this checks what goes on between blocks (bands, ghost
 * rows, the one-colour LL halos, the mailboxes and their flags, the combined count); the
 * colour-split half-sweep is also run with many threads per block, one after the other, which is
 * exact because the threads of a half-sweep never touch each other's points. The cube's form
 * (slabs of planes, Kind = HF_PROBLEM_POISSON_3D) runs the same cases against the 3D reference.
 *
 * The many-cluster kernel (persistent-grid cluster-bands, kernels/cluster_bands.h) runs here too,
 * on several emulated clusters (cluster_emulation.h) of blocks of one and of several threads: its
 * bands exchange through the inbox and the cluster barrier inside a cluster and through the
 * resident kernel's LL lines between clusters.
 */
#include "cluster_emulation.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "emulated_cube.h"
#include "emulated_grid.h"
#include "emulated_work.h"
#include "host_scheduler.h"
#include "kernels/cluster_bands.h"
#include "kernels/persistent_host_relay.h"
#include "kernels/persistent_resident.h"

using namespace holdfast;

namespace {

constexpr int kIterations = 7;

/* The watchdog of the fault cases. Each case expects the healthy blocks (CPU threads here) to have
 * done their first half-sweep before a wait expires: at 0.2 s a machine under load (8 on 2 cores,
 * a parallel build) sometimes had not even started all seven threads, and the host relay case
 * ended "stuck at 0" instead of 1. Two seconds costs about five seconds in all. */
constexpr double kFaultTimeout = 2.0;

/* A seeded random interior: a skipped or repeated half-sweep changes the array. */
struct Grid : EmulatedGrid {
    Grid(int size, int iterations) : EmulatedGrid(size, iterations, true) {}
};

constexpr int kMaxBlocks = 64;

/* The control block with a step counter per block, and the host's two words. */
struct Control {
    ControlBlock* block;
    HostFlag* words;

    Control()
    {
        block = static_cast<ControlBlock*>(std::aligned_alloc(kLineBytes, control_bytes()));
        std::memset(static_cast<void*>(block), 0, control_bytes());
        words = static_cast<HostFlag*>(std::aligned_alloc(kFlagLineBytes, sizeof(HostFlag) * kStepWordCount));
        std::memset(static_cast<void*>(words), 0, sizeof(HostFlag) * kStepWordCount);
    }
    ~Control()
    {
        std::free(block);
        std::free(words);
    }
    Control(const Control&) = delete;
    Control& operator=(const Control&) = delete;

    static size_t control_bytes() { return sizeof(ControlBlock) + sizeof(StepCounter) * kMaxBlocks; }
    StepCounter* counters() const { return reinterpret_cast<StepCounter*>(block + 1); }

    PersistentArgs args(EmulatedArrays& grid, int steps, double timeout_seconds, int fault, int fault_block, int sweeps = 1,
                        LLLine* mailbox = nullptr, unsigned int flag_base = 0) const
    {
        return PersistentArgs{Problem{grid.u.data(), grid.f.data(), grid.n, grid.h2},
                              steps,
                              block,
                              counters(),
                              words,
                              static_cast<long long>(timeout_seconds * 1e9),
                              fault,
                              fault_block,
                              sweeps,
                              mailbox,
                              flag_base,
                              nullptr,
                              StreamGeometry{}, 0};
    }
};

int failures = 0;

void report(bool passed, const std::string& what)
{
    if (!passed) {
        std::printf("FAIL %s\n", what.c_str());
    }
    failures += passed ? 0 : 1;
}

/* A clean run: the reference's array, no wait expired, and every band ran every half-sweep. */
bool ran_cleanly(bool matches, const Control& control, int bands, int steps)
{
    return matches && control.block->error.code == 0 && EmulatedWork(control.block->work).complete(bands, steps);
}

struct ResidentCase {
    int blocks;
    int k;
    bool f_on_chip;
    bool overlap;
};

/* late_block: that block starts late_ms after the others (a block the GPU schedules last); -1: none. */
template <bool Overlap, int Kind>
void launch_resident(int blocks, size_t shared_bytes, const PersistentArgs& args, int f_on_chip, int late_block,
                     int late_ms)
{
    emulate_launch(blocks, shared_bytes, [&args, f_on_chip, late_block, late_ms] {
        if (static_cast<int>(blockIdx.x) == late_block) {
            std::this_thread::sleep_for(std::chrono::milliseconds(late_ms));
        }
        run_resident<Overlap, LLAccess::kWords8, ResidentWork::kAll, Kind>(args, f_on_chip);
    });
}

/* One launch of the resident kernel (the square's, or the cube's: Kind); the mailbox is shared by
 * the launches of one test so that stale lines from earlier launches are there, as in a session. */
template <int Kind = HF_PROBLEM_POISSON_2D>
void run_resident(EmulatedArrays& grid, const ResidentCase& c, std::vector<LLLine>& mailbox, uint32_t& flag_base,
                  int steps, Control& control, int fault = 0, int fault_block = 0, double timeout = 10.0,
                  int late_block = -1, int late_ms = 0)
{
    const int bands = active_band_count(c.blocks, grid.n);
    const size_t lines = resident_mailbox_lines(bands, grid.n, c.k, Kind);
    if (mailbox.size() < lines) {
        mailbox.resize(lines);
    }
    const PersistentArgs args = control.args(grid, steps, timeout, fault, fault_block, c.k, mailbox.data(), flag_base);
    flag_base += static_cast<uint32_t>(steps) + 1u;
    const size_t bytes = resident_shared_bytes(bands, grid.n, c.k, c.f_on_chip, Kind);
    if (c.overlap) {
        launch_resident<true, Kind>(c.blocks, bytes, args, c.f_on_chip ? 1 : 0, late_block, late_ms);
    } else {
        launch_resident<false, Kind>(c.blocks, bytes, args, c.f_on_chip ? 1 : 0, late_block, late_ms);
    }
}

void test_resident()
{
    std::vector<LLLine> mailbox;
    uint32_t flag_base = 0;
    int cases = 0;
    for (int n : {3, 4, 5, 11, 12, 33, 34}) {
        for (int blocks : {1, 2, 3, 7, 40}) { /* 40: more blocks than rows at every n here */
            for (int k : {1, 2, 3, 4}) {
                const int bands = active_band_count(blocks, n);
                if (bands > 1 && k > smallest_band_rows(n, bands)) {
                    continue;
                }
                for (const bool chip : {true, false}) {
                    for (const bool overlap : {false, true}) {
                        const ResidentCase c{blocks, k, chip, overlap};
                        /* An iteration count that is no multiple of k: a short last round. */
                        Grid grid(n, kIterations);
                        Control control;
                        run_resident(grid, c, mailbox, flag_base, 2 * kIterations, control);
                        ++cases;
                        report(ran_cleanly(grid.matches(), control, bands, 2 * kIterations),
                               "resident n=" + std::to_string(n) + " blocks=" + std::to_string(blocks) +
                                   " k=" + std::to_string(k) + " f " + (chip ? "on chip" : "global") +
                                   (overlap ? " overlap" : ""));
                    }
                }
            }
        }
    }
    std::printf("resident: %d cases\n", cases);
}

/* The cube's slabs: the same cases on the cube (every n here has bands thinner than 3 planes at
 * 7 and 40 blocks, which the k loop leaves out as the planner refuses them), and runs without an
 * exchange with a block started late. */
void test_resident_cube()
{
    std::vector<LLLine> mailbox;
    uint32_t flag_base = 0;
    int cases = 0;
    for (int n : {3, 4, 5, 8, 9, 12}) {
        for (int blocks : {1, 2, 3, 7, 40}) {
            for (int k : {1, 2, 3}) {
                const int bands = active_band_count(blocks, n);
                if (bands > 1 && k > smallest_band_rows(n, bands)) {
                    continue;
                }
                for (const bool chip : {true, false}) {
                    for (const bool overlap : {false, true}) {
                        for (int iterations : {1, kIterations}) { /* 1: no exchange at k >= 2 */
                            EmulatedCube cube(n, iterations);
                            Control control;
                            run_resident<HF_PROBLEM_POISSON_3D>(cube, ResidentCase{blocks, k, chip, overlap}, mailbox,
                                                                flag_base, 2 * iterations, control, 0, 0, 10.0,
                                                                iterations == 1 ? 1 : -1, 20);
                            ++cases;
                            report(ran_cleanly(cube.matches(), control, bands, 2 * iterations),
                                   "cube resident n=" + std::to_string(n) + " blocks=" + std::to_string(blocks) +
                                       " k=" + std::to_string(k) + " iterations=" + std::to_string(iterations) +
                                       " f " + (chip ? "on chip" : "global") + (overlap ? " overlap" : ""));
                        }
                    }
                }
            }
        }
    }
    std::printf("cube resident: %d cases\n", cases);
}

/* Runs without an exchange (2 * iterations <= k) and one block started late: its first loads of
 * ghost rows (its neighbours' edge rows) must still see the neighbours' rows before their final
 * stores. Before the "loaded" handshake (persistent_resident.h) the fast neighbours stored their
 * bands first and the late block started from their results: wrong arrays. */
void test_resident_late_block()
{
    std::vector<LLLine> mailbox;
    uint32_t flag_base = 0;
    int cases = 0;
    int wrong = 0;
    for (int n : {11, 12, 33, 34}) {
        for (int blocks : {2, 3, 7}) {
            for (int k : {2, 3, 4}) {
                const int bands = active_band_count(blocks, n);
                if (k > smallest_band_rows(n, bands)) {
                    continue;
                }
                for (int iterations = 1; 2 * iterations <= k; ++iterations) {
                    const ResidentCase c{blocks, k, true, true};
                    Grid grid(n, iterations);
                    Control control;
                    run_resident(grid, c, mailbox, flag_base, 2 * iterations, control, 0, 0, 10.0, 1, 50);
                    ++cases;
                    const bool passed = grid.matches() && control.block->error.code == 0;
                    wrong += passed ? 0 : 1;
                    report(passed, "resident, no exchange, block 1 late: n=" + std::to_string(n) +
                                       " blocks=" + std::to_string(blocks) + " k=" + std::to_string(k) +
                                       " iterations=" + std::to_string(iterations));
                }
            }
        }
    }
    std::printf("resident, block 1 late, no exchange: %d cases, %d wrong\n", cases, wrong);
}

/* A launch of the many-cluster kernel: `clusters` clusters of `size` blocks of `threads` threads. */
struct ClusterBandsCase {
    int clusters;
    int size;
    int threads;
    int k;
    bool f_on_chip;
    bool overlap;

    int bands() const { return clusters * size; }
    std::string describe(int n, int iterations) const
    {
        return "n=" + std::to_string(n) + " clusters=" + std::to_string(clusters) + "x" + std::to_string(size) +
               " threads=" + std::to_string(threads) + " k=" + std::to_string(k) +
               " iterations=" + std::to_string(iterations) + " f " + (f_on_chip ? "on chip" : "global") +
               (overlap ? " overlap" : "");
    }
};

/* late_block: that block starts late_ms after the others; -1: none. */
void run_cluster_bands_case(Grid& grid, const ClusterBandsCase& c, std::vector<LLLine>& mailbox, uint32_t& flag_base,
                            int steps, Control& control, int fault = 0, int fault_block = 0, double timeout = 10.0,
                            int late_block = -1, int late_ms = 0)
{
    const size_t lines = resident_mailbox_lines(c.bands(), grid.n, c.k);
    if (mailbox.size() < lines) {
        mailbox.resize(lines);
    }
    const PersistentArgs args = control.args(grid, steps, timeout, fault, fault_block, c.k, mailbox.data(), flag_base);
    flag_base += static_cast<uint32_t>(steps) + 1u;
    const size_t bytes = cluster_bands_shared_bytes(c.bands(), grid.n, c.k, c.f_on_chip);
    const int f_on_chip = c.f_on_chip ? 1 : 0;
    emulate_clusters_launch(c.clusters, c.size, c.threads, bytes, [&] {
        if (static_cast<int>(blockIdx.x) == late_block) {
            std::this_thread::sleep_for(std::chrono::milliseconds(late_ms));
        }
        if (c.overlap) {
            run_cluster_bands<true, LLAccess::kWords8>(args, f_on_chip);
        } else {
            run_cluster_bands<false, LLAccess::kWords8>(args, f_on_chip);
        }
    });
}

/* Every band of at least k rows, clusters of 1 to 4 blocks, a short last round (7 iterations) and
 * runs without an exchange (1 iteration at k >= 2). */
void test_cluster_bands()
{
    std::vector<LLLine> mailbox;
    uint32_t flag_base = 0;
    int cases = 0;
    const int shapes[][2] = {{1, 2}, {2, 1}, {2, 2}, {3, 2}, {2, 3}, {2, 4}, {4, 2}};
    for (int n : {11, 12, 33, 34}) {
        for (const auto& shape : shapes) {
            for (int threads : {1, 3}) {
                for (int k : {1, 2, 3, 4}) {
                    const int bands = shape[0] * shape[1];
                    if (bands > n - 2 || k > smallest_band_rows(n, bands)) {
                        continue;
                    }
                    for (const bool chip : {true, false}) {
                        for (int iterations : {1, kIterations}) {
                            const ClusterBandsCase c{shape[0], shape[1], threads, k, chip, (k + threads) % 2 == 0};
                            Grid grid(n, iterations);
                            Control control;
                            run_cluster_bands_case(grid, c, mailbox, flag_base, 2 * iterations, control);
                            ++cases;
                            report(ran_cleanly(grid.matches(), control, bands, 2 * iterations),
                                   "cluster bands " + c.describe(n, iterations));
                        }
                    }
                }
            }
        }
    }
    std::printf("cluster bands: %d cases\n", cases);
}

/* Runs without an exchange and the first block of the second cluster started late: its neighbour in
 * the first cluster must not store the rows it loads as ghosts before it has loaded them (the
 * resident kernel's "loaded" handshake, across clusters only). */
void test_cluster_bands_late_block()
{
    std::vector<LLLine> mailbox;
    uint32_t flag_base = 0;
    int wrong = 0;
    for (int k : {2, 3, 4}) {
        for (int iterations = 1; 2 * iterations <= k; ++iterations) {
            const ClusterBandsCase c{3, 2, 2, k, true, true};
            Grid grid(34, iterations);
            Control control;
            run_cluster_bands_case(grid, c, mailbox, flag_base, 2 * iterations, control, 0, 0, 10.0, 2, 50);
            const bool passed = ran_cleanly(grid.matches(), control, c.bands(), 2 * iterations);
            wrong += passed ? 0 : 1;
            report(passed, "cluster bands, no exchange, block 2 late: " + c.describe(34, iterations));
        }
    }
    std::printf("cluster bands, block 2 late, no exchange: %d wrong\n", wrong);
}

/* The last block of the first cluster never sends: the first block of the second cluster waits for
 * its LL lines in vain; every block still keeps its cluster's barrier, so the launch ends. And a
 * skipped half-sweep is counted. */
void test_cluster_bands_faults()
{
    std::vector<LLLine> mailbox;
    uint32_t flag_base = 5;
    {
        Grid grid(34, kIterations);
        Control control;
        const ClusterBandsCase c{2, 4, 2, 2, true, true};
        run_cluster_bands_case(grid, c, mailbox, flag_base, 2 * kIterations, control, HF_FAULT_NEVER_PUBLISH, 3,
                               kFaultTimeout);
        const DeviceError& error = control.block->error;
        report(error.code == HF_WAIT_NEIGHBOUR && std::abs(error.block - error.peer) == 1 &&
                   control.counters()[3].completed == 0 && grid.u != grid.expected,
               "cluster bands, block 3 never sends: wait " + std::to_string(error.code) + ", block " +
                   std::to_string(error.block) + ", peer " + std::to_string(error.peer));
    }
    {
        Grid grid(34, kIterations);
        Control control;
        run_cluster_bands_case(grid, ClusterBandsCase{2, 3, 1, 3, false, false}, mailbox, flag_base, 2 * kIterations,
                               control, HF_FAULT_SKIP_HALF_SWEEP, 4);
        const EmulatedWork work(control.block->work);
        report(control.block->error.code == 0 && work.blocks == 6 && work.fewest == 2 * kIterations - 1 &&
                   work.fewest_block == 4 && work.most == 2 * kIterations,
               "cluster bands, block 4 skips a half-sweep: " + work.describe());
    }
}

/* Runs body as each of `threads` threads of one block, one after another. */
template <typename Body>
void one_thread_after_another(int threads, Body body)
{
    blockDim.x = static_cast<unsigned int>(threads);
    for (int thread = 0; thread < threads; ++thread) {
        threadIdx.x = static_cast<unsigned int>(thread);
        body();
    }
    threadIdx.x = 0;
    blockDim.x = 1;
}

/* The colour-split half-sweep with many threads per block, run one thread after another. */
void test_colour_split_threads()
{
    int cases = 0;
    for (int n : {3, 4, 11, 12, 33, 34}) {
        for (int threads : {1, 3, 7, 16, 17, 100}) {
            Grid grid(n, 0);
            std::vector<double> rows(colour_split_bytes(n, n) / sizeof(double));
            std::vector<double> scaled(rows.size());
            const ColourSplitRows u{rows.data(), 0, colour_row_width(n)};
            const ScaledFOnChip h2f{ColourSplitRows{scaled.data(), 0, u.width}};
            const auto each_thread = [&](auto body) { one_thread_after_another(threads, body); };
            each_thread([&] {
                load_colour_split(u, grid.u.data(), n, 0, n);
                load_scaled_colour_split(h2f.rows, grid.f.data(), grid.h2, n, 0, n);
            });
            for (int step = 0; step < 5; ++step) {
                each_thread([&] { half_sweep_colour_split(u, h2f, n, step & 1, 1, n - 1); });
                grid.reference_half_sweep(grid.expected, step & 1);
            }
            each_thread([&] { store_colour_split(grid.u.data(), u, n, 1, n - 1); });
            ++cases;
            report(grid.matches(), "colour-split half-sweep n=" + std::to_string(n) + " threads=" +
                                       std::to_string(threads));
        }
    }
    std::printf("colour-split threads: %d cases\n", cases);
}

/* The lean walk of a thread's column share (column_share.h), with h2 * f on chip and in global
 * memory, from as few threads as leave it to the general walk to several threads per column slot;
 * each half-sweep in one call over every interior row, or in two calls cut at a row of either
 * parity (as the resident kernel's overlap, the template's option, cuts it). */
void test_column_share_threads()
{
    int cases = 0;
    for (int n : {3, 4, 5, 11, 12, 33, 34, 101}) {
        const int columns = colour_columns(n);
        for (int threads : {1, 3, columns - 1, columns, columns + 1, 2 * columns, 3 * columns + 2, 512}) {
            if (threads < 1) {
                continue; /* columns - 1 at N = 3 */
            }
            for (bool on_chip : {true, false}) {
                for (int cut : {0, 1, 2}) {
                    Grid grid(n, 0);
                    std::vector<double> rows(colour_split_bytes(n, n) / sizeof(double));
                    std::vector<double> scaled(rows.size());
                    const ColourSplitRows u{rows.data(), 0, colour_row_width(n)};
                    const ScaledFOnChip chip{ColourSplitRows{scaled.data(), 0, u.width}};
                    const ScaledFGlobal global{grid.f.data(), grid.h2};
                    const auto each_thread = [&](auto body) { one_thread_after_another(threads, body); };
                    each_thread([&] {
                        load_colour_split(u, grid.u.data(), n, 0, n);
                        load_scaled_colour_split(chip.rows, grid.f.data(), grid.h2, n, 0, n);
                    });
                    const int middle = 1 + (n - 2) * cut / 3; /* cut 0: one call */
                    for (int step = 0; step < 5; ++step) {
                        const auto sweep = [&](int begin, int end) {
                            each_thread([&] {
                                const ColumnShare share = column_share(n);
                                if (on_chip) {
                                    half_sweep_column_share(u, chip, n, step & 1, begin, end, share);
                                } else {
                                    half_sweep_column_share(u, global, n, step & 1, begin, end, share);
                                }
                            });
                        };
                        sweep(1, middle);
                        sweep(middle, n - 1);
                        grid.reference_half_sweep(grid.expected, step & 1);
                    }
                    each_thread([&] { store_colour_split(grid.u.data(), u, n, 1, n - 1); });
                    ++cases;
                    report(grid.matches(), "column share n=" + std::to_string(n) + " threads=" + std::to_string(threads) +
                                               (on_chip ? " f on chip" : " f global") + " cut=" + std::to_string(cut));
                }
            }
        }
    }
    std::printf("column share: %d cases\n", cases);
}

/* The cube's colour-split half-sweep with many threads per block, run one thread after another. */
void test_colour_split_3d_threads()
{
    int cases = 0;
    for (int n : {3, 4, 5, 8, 9}) {
        for (int threads : {1, 3, 7, 16, 17, 100}) {
            EmulatedCube cube(n, 0);
            const int width = colour_plane_doubles(n);
            std::vector<double> planes(static_cast<size_t>(2) * width * n);
            std::vector<double> scaled(planes.size());
            const ColourSplitRows u{planes.data(), 0, width};
            const ScaledFOnChip h2f{ColourSplitRows{scaled.data(), 0, width}};
            const auto each_thread = [&](auto body) { one_thread_after_another(threads, body); };
            each_thread([&] {
                load_colour_split_3d(u, cube.u.data(), n, 0, n);
                load_scaled_colour_split_3d(h2f.rows, cube.f.data(), cube.h2, n, 0, n);
            });
            for (int step = 0; step < 5; ++step) {
                each_thread([&] { half_sweep_colour_split_3d(u, h2f, n, step & 1, 1, n - 1); });
                cube.reference_half_sweep(step & 1);
            }
            each_thread([&] { store_colour_split_3d(cube.u.data(), u, n, 1, n - 1); });
            ++cases;
            report(cube.matches(), "cube colour-split half-sweep n=" + std::to_string(n) + " threads=" +
                                       std::to_string(threads));
        }
    }
    std::printf("cube colour-split threads: %d cases\n", cases);
}

HostScheduleOutcome run_relay(Grid& grid, int blocks, Control& control, int fault, int fault_block, double timeout,
                              int never_signal)
{
    const PersistentArgs args = control.args(grid, 2 * kIterations, timeout, fault, fault_block);
    std::thread device([&] { emulate_launch(blocks, [&args] { persistent_host_relay(args); }); });
    const HostScheduleOutcome outcome =
        run_host_steps(HostStepSchedule{control.words, args.steps, false, timeout, never_signal});
    if (!outcome.completed) {
        abort_steps(control.words);
    }
    device.join();
    return outcome;
}

void test_host_relay()
{
    for (int n : {3, 4, 11, 12, 33}) {
        for (int blocks : {1, 2, 7, 13}) {
            Grid grid(n, kIterations);
            Control control;
            const HostScheduleOutcome relay = run_relay(grid, blocks, control, 0, 0, 10.0, -1);
            report(relay.completed && relay.handshakes == 2 * kIterations && grid.matches() &&
                       control.block->error.code == 0 &&
                       EmulatedWork(control.block->work).complete(blocks, 2 * kIterations),
                   "host relay, n=" + std::to_string(n) + " blocks=" + std::to_string(blocks));
        }
    }
}

void test_faults()
{
    for (int k : {1, 3}) {
        /* Block 4 skips the last half-sweep (after the last exchange) and counts honestly. */
        Grid grid(33, kIterations);
        Control control;
        std::vector<LLLine> mailbox;
        uint32_t flag_base = 3;
        run_resident(grid, ResidentCase{5, k, true, true}, mailbox, flag_base, 2 * kIterations, control,
                     HF_FAULT_SKIP_HALF_SWEEP, 4);
        const EmulatedWork work(control.block->work);
        report(control.block->error.code == 0 && work.blocks == 5 && work.fewest == 2 * kIterations - 1 &&
                   work.fewest_block == 4 && work.most == 2 * kIterations,
               "resident k=" + std::to_string(k) + ", block 4 skips a half-sweep: " + work.describe());
    }
    {
        Grid grid(33, kIterations);
        Control control;
        const HostScheduleOutcome outcome = run_relay(grid, 7, control, HF_FAULT_SKIP_HALF_SWEEP, 5, 10.0, -1);
        const EmulatedWork work(control.block->work);
        report(outcome.completed && work.blocks == 7 && work.fewest == 2 * kIterations - 1 && work.fewest_block == 5 &&
                   work.most == 2 * kIterations,
               "host relay, block 5 skips a half-sweep: " + work.describe());
    }
    {
        /* Block 2 never sends its edges: a wait on a neighbour expires (block 1 or 3 waiting for
         * block 2, or, when the CPU threads run late, one further down the chain), and block 2's
         * counter (edges sent up to) stays 0 while the others moved on: the report names it. */
        Grid grid(33, kIterations);
        Control control;
        std::vector<LLLine> mailbox;
        uint32_t flag_base = 7;
        run_resident(grid, ResidentCase{5, 2, true, true}, mailbox, flag_base, 2 * kIterations, control,
                     HF_FAULT_NEVER_PUBLISH, 2, kFaultTimeout);
        const DeviceError& error = control.block->error;
        const StepCounter* counters = control.counters();
        report(error.code == HF_WAIT_NEIGHBOUR && std::abs(error.block - error.peer) == 1 && error.step >= 2 &&
                   counters[2].completed == 0 && counters[1].completed >= 2 && counters[3].completed >= 2 &&
                   grid.u != grid.expected,
               "resident, block 2 never sends: wait " + std::to_string(error.code) + ", block " +
                   std::to_string(error.block) + ", peer " + std::to_string(error.peer) + ", step " +
                   std::to_string(error.step));
    }
    {
        /* Block 3 never counts in: the host's wait for half-sweep 0 expires; the counters name it. */
        Grid grid(33, kIterations);
        Control control;
        const HostScheduleOutcome outcome = run_relay(grid, 7, control, HF_FAULT_NEVER_PUBLISH, 3, kFaultTimeout, -1);
        const StepCounter* counters = control.counters();
        report(!outcome.completed && outcome.stuck_step == 0 && outcome.stuck_block_signalled &&
                   counters[3].completed == 0 && counters[0].completed == 1 && counters[6].completed == 1,
               "host relay, block 3 never counts in: stuck at half-sweep " + std::to_string(outcome.stuck_step));
    }
    {
        /* The host stops after the first half-sweep (the library's HF_FAULT_NEVER_SIGNAL): block
         * 0's wait for it expires (or the host's own comes first and aborts), and block 0 sends
         * the others away at once; their waits on block 0 are twice as long. */
        Grid grid(33, kIterations);
        Control control;
        const HostScheduleOutcome outcome = run_relay(grid, 7, control, HF_FAULT_NEVER_SIGNAL, 0, kFaultTimeout, 1);
        const DeviceError& error = control.block->error;
        report(!outcome.completed && outcome.stuck_step == 1 && !outcome.stuck_block_signalled &&
                   (error.code == 0 || (error.code == HF_WAIT_HOST_TASK && error.block == 0 && error.step == 1)),
               "host relay, the host stops before half-sweep 1: stuck at " + std::to_string(outcome.stuck_step) +
                   ", device wait " + std::to_string(error.code) + " in block " + std::to_string(error.block));
    }
}

}  // namespace

int main()
{
    test_colour_split_threads();
    test_column_share_threads();
    test_resident();
    test_resident_late_block();
    test_colour_split_3d_threads();
    test_resident_cube();
    test_host_relay();
    test_faults();
    test_cluster_bands();
    test_cluster_bands_late_block();
    test_cluster_bands_faults();
    std::printf("%s (%d failures)\n", failures == 0 ? "ALL PASSED" : "FAILURES", failures);
    return failures == 0 ? 0 : 1;
}
