/*
 * resident_emulation_test: the grid-resident kernel and persistent-host's combined completion,
 * their own code on CPU threads (cpu_emulation.h), against the sequential reference, bit for
 * bit, from a random interior; and the watchdog faults. Runs in CI without a GPU.
 *
 * Blocks are one thread each here, so this checks what goes on between blocks (bands, ghost
 * rows, the LL mailboxes and their flags, the combined count); the colour-split half-sweep is
 * also run with many threads per block, one after the other, which is exact because the threads
 * of a half-sweep never touch each other's points.
 */
#include "cpu_emulation.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "emulated_grid.h"
#include "host_scheduler.h"
#include "kernels/persistent_host_combined.h"
#include "kernels/persistent_resident.h"

using namespace holdfast;

namespace {

constexpr int kIterations = 7;

/* A seeded random interior: a skipped or repeated half-sweep changes the array. */
struct Grid : EmulatedGrid {
    Grid(int size, int iterations) : EmulatedGrid(size, iterations, true) {}
};

struct Control {
    ControlBlock* block;
    HostFlag* words;

    Control()
    {
        block = static_cast<ControlBlock*>(std::aligned_alloc(kLineBytes, sizeof(ControlBlock)));
        std::memset(static_cast<void*>(block), 0, sizeof(ControlBlock));
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

    PersistentArgs args(Grid& grid, int steps, double timeout_seconds, int fault, int fault_block) const
    {
        return PersistentArgs{Problem{grid.u.data(), grid.f.data(), grid.n, grid.h2},
                              steps,
                              block,
                              nullptr,
                              words,
                              static_cast<long long>(timeout_seconds * 1e9),
                              fault,
                              fault_block};
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

struct ResidentCase {
    int blocks;
    int k;
    bool f_on_chip;
    bool overlap;
};

template <bool FOnChip, bool Overlap>
void launch_resident(int blocks, size_t shared_bytes, const ResidentArgs& args)
{
    emulate_launch(blocks, shared_bytes, [&args] { persistent_resident<FOnChip, Overlap, LLAccess::kWords8>(args); });
}

/* One launch of the resident kernel; the mailbox is shared by the launches of one test so that
 * stale lines from earlier launches are there, as on the device. */
void run_resident(Grid& grid, const ResidentCase& c, std::vector<LLLine>& mailbox, uint32_t& flag_base, int steps,
                  Control& control, int fault = 0, int fault_block = 0, double timeout = 10.0)
{
    const int bands = active_band_count(c.blocks, grid.n);
    const size_t lines = resident_mailbox_lines(bands, grid.n, c.k);
    if (mailbox.size() < lines) {
        mailbox.resize(lines);
    }
    const ResidentArgs args{control.args(grid, steps, timeout, fault, fault_block), mailbox.data(), c.k, flag_base};
    flag_base += static_cast<uint32_t>(steps) + 1u;
    const size_t bytes = resident_shared_bytes(bands, grid.n, c.k, c.f_on_chip);
    if (c.f_on_chip) {
        c.overlap ? launch_resident<true, true>(c.blocks, bytes, args)
                  : launch_resident<true, false>(c.blocks, bytes, args);
    } else {
        c.overlap ? launch_resident<false, true>(c.blocks, bytes, args)
                  : launch_resident<false, false>(c.blocks, bytes, args);
    }
}

void test_resident()
{
    std::vector<LLLine> mailbox;
    uint32_t flag_base = 0;
    int cases = 0;
    for (int n : {3, 4, 5, 11, 12, 33, 34}) {
        for (int blocks : {1, 2, 3, 7, 40}) {
            for (int k : {1, 2, 3, 4}) {
                const int bands = active_band_count(blocks, n);
                if (bands > 1 && k > smallest_band_rows(bands, n)) {
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
                        report(grid.matches() && control.block->error.code == 0,
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
            const auto each_thread = [&](auto body) {
                blockDim.x = static_cast<unsigned int>(threads);
                for (int thread = 0; thread < threads; ++thread) {
                    threadIdx.x = static_cast<unsigned int>(thread);
                    body();
                }
                threadIdx.x = 0;
                blockDim.x = 1;
            };
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

template <StepDelivery Delivery>
HostScheduleOutcome run_combined(Grid& grid, int blocks, Control& control, int fault, int fault_block,
                                 double timeout, int never_signal)
{
    const PersistentArgs args = control.args(grid, 2 * kIterations, timeout, fault, fault_block);
    std::thread device([&] { emulate_launch(blocks, [&args] { persistent_host_combined<Delivery>(args); }); });
    const HostScheduleOutcome outcome =
        run_host_steps(HostStepSchedule{control.words, args.steps, false, timeout, never_signal});
    if (!outcome.completed) {
        abort_steps(control.words);
    }
    device.join();
    return outcome;
}

void test_host_combined()
{
    for (int n : {3, 4, 11, 12, 33}) {
        for (int blocks : {1, 2, 7, 13}) {
            Grid every(n, kIterations);
            Control every_control;
            const HostScheduleOutcome polled =
                run_combined<StepDelivery::kEveryBlockPolls>(every, blocks, every_control, 0, 0, 10.0, -1);
            report(polled.completed && polled.handshakes == 2 * kIterations && every.matches() &&
                       every_control.block->error.code == 0,
                   "host combined, every block polls, n=" + std::to_string(n) + " blocks=" + std::to_string(blocks));
            Grid relayed(n, kIterations);
            Control relay_control;
            const HostScheduleOutcome relay =
                run_combined<StepDelivery::kRelay>(relayed, blocks, relay_control, 0, 0, 10.0, -1);
            report(relay.completed && relayed.matches() && relay_control.block->error.code == 0,
                   "host combined, relay, n=" + std::to_string(n) + " blocks=" + std::to_string(blocks));
        }
    }
}

void test_faults()
{
    {
        /* Block 2 never sends its edges: the blocks around it stop. */
        Grid grid(33, kIterations);
        Control control;
        std::vector<LLLine> mailbox;
        uint32_t flag_base = 7;
        run_resident(grid, ResidentCase{5, 2, true, true}, mailbox, flag_base, 2 * kIterations, control,
                     HF_FAULT_NEVER_PUBLISH, 2, 0.2);
        const DeviceError& error = control.block->error;
        /* The first wait to expire is a neighbour's of block 2 or, down the chain, one further out. */
        report(error.code == HF_WAIT_NEIGHBOUR && std::abs(error.block - error.peer) == 1 && grid.u != grid.expected,
               "resident, block 2 never sends: wait " + std::to_string(error.code) + ", block " +
                   std::to_string(error.block) + ", peer " + std::to_string(error.peer) + ", step " +
                   std::to_string(error.step));
    }
    {
        /* Block 3 never counts in: the host's wait for half-sweep 0 expires and it aborts. */
        Grid grid(33, kIterations);
        Control control;
        const HostScheduleOutcome outcome =
            run_combined<StepDelivery::kRelay>(grid, 7, control, HF_FAULT_NEVER_PUBLISH, 3, 0.2, -1);
        report(!outcome.completed && outcome.stuck_step == 0 && outcome.stuck_block == -1,
               "host combined, block 3 never counts in: stuck at half-sweep " + std::to_string(outcome.stuck_step));
    }
    {
        /* The host stops before half-sweep 5: the blocks' wait for it expires too. */
        Grid grid(33, kIterations);
        Control control;
        const HostScheduleOutcome outcome =
            run_combined<StepDelivery::kEveryBlockPolls>(grid, 7, control, HF_FAULT_NEVER_SIGNAL, 0, 0.2, 5);
        report(!outcome.completed && outcome.stuck_step == 5 && !outcome.stuck_block_signalled,
               "host combined, host stops before half-sweep 5: stuck at " + std::to_string(outcome.stuck_step));
    }
}

}  // namespace

int main()
{
    test_colour_split_threads();
    test_resident();
    test_host_combined();
    test_faults();
    std::printf("%s (%d failures)\n", failures == 0 ? "ALL PASSED" : "FAILURES", failures);
    return failures == 0 ? 0 : 1;
}
