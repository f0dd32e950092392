/*
 * host_scheduler_test: the persistent-host scheduler against CPU threads that play the blocks.
 *
 * Each "block" thread does what the kernel's thread 0 does with its flags: wait for a new task
 * value, acquire, work, release the done flag. While it works it checks the schedule's promise:
 * lockstep, every block has finished step s - 1; neighbour-aware, both neighbours have. No GPU
 * needed; runs in CI (ctest, build.sh).
 */
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>
#include <vector>

#include "host_scheduler.h"

using holdfast::HostFlag;
using holdfast::HostSchedule;
using holdfast::HostScheduleOutcome;

namespace {

struct Simulation {
    int blocks;
    int steps;
    bool neighbour_aware;
    std::unique_ptr<HostFlag[]> flags;
    std::vector<std::atomic<int>> completed; /* what each block has finished, seen by the others */
    std::atomic<int> violations{0};

    Simulation(int block_count, int step_count, bool neighbour)
        : blocks(block_count), steps(step_count), neighbour_aware(neighbour),
          flags(new HostFlag[static_cast<size_t>(holdfast::host_flag_count(block_count))]()),
          completed(static_cast<size_t>(block_count))
    {
    }

    bool may_run(int block, int step) const
    {
        for (int other = 0; other < blocks; ++other) {
            const bool relevant = neighbour_aware ? (other == block - 1 || other == block + 1) : other != block;
            if (relevant && completed[static_cast<size_t>(other)].load(std::memory_order_acquire) < step) {
                return false;
            }
        }
        return true;
    }

    /* One block: leaves after the last step, on abort, or when nothing comes for a while. */
    void play_block(int block)
    {
        HostFlag& task = flags[holdfast::task_flag_index(block)];
        HostFlag& done = flags[holdfast::done_flag_index(block)];
        int last = 0;
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (last < steps && std::chrono::steady_clock::now() < give_up) {
            const int value = __atomic_load_n(&task.value, __ATOMIC_ACQUIRE);
            if (value == last) {
                std::this_thread::yield();
                continue;
            }
            if (value < 0) {
                return;
            }
            if (value != last + 1 || !may_run(block, value - 1)) {
                violations.fetch_add(1);
            }
            std::this_thread::sleep_for(std::chrono::microseconds((block * 7 + value) % 5 * 20));
            completed[static_cast<size_t>(block)].store(value, std::memory_order_release);
            __atomic_store_n(&done.value, value, __ATOMIC_RELEASE);
            last = value;
        }
    }
};

int failures = 0;

void expect(bool condition, const char* what)
{
    std::printf("%s %s\n", condition ? "PASS" : "FAIL", what);
    failures += condition ? 0 : 1;
}

HostScheduleOutcome simulate(Simulation& simulation, bool sleep, double timeout, int never_signal)
{
    std::vector<std::thread> threads;
    for (int block = 0; block < simulation.blocks; ++block) {
        threads.emplace_back([&simulation, block] { simulation.play_block(block); });
    }
    const HostSchedule schedule{simulation.flags.get(), simulation.blocks, simulation.steps,
                                simulation.neighbour_aware, sleep, timeout, never_signal};
    const HostScheduleOutcome outcome = holdfast::run_host_schedule(schedule);
    if (!outcome.completed) {
        holdfast::abort_blocks(simulation.flags.get(), simulation.blocks);
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    return outcome;
}

void schedule_completes(bool neighbour, bool sleep)
{
    Simulation simulation(6, 12, neighbour);
    const HostScheduleOutcome outcome = simulate(simulation, sleep, 5.0, -1);
    char what[160];
    std::snprintf(what, sizeof what, "%s %s: completes, %lld handshakes, %d dependency violations",
                  neighbour ? "neighbour-aware" : "lockstep", sleep ? "sleeping" : "busy",
                  static_cast<long long>(outcome.handshakes), simulation.violations.load());
    expect(outcome.completed && outcome.handshakes == 6 * 12 && simulation.violations.load() == 0, what);
}

void never_signalled_block_is_named(bool neighbour)
{
    Simulation simulation(5, 8, neighbour);
    const auto start = std::chrono::steady_clock::now();
    const HostScheduleOutcome outcome = simulate(simulation, false, 0.2, 2);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char what[160];
    std::snprintf(what, sizeof what, "%s, block 2 never signalled: stuck block %d step %d after %.2f s",
                  neighbour ? "neighbour-aware" : "lockstep", outcome.stuck_block, outcome.stuck_step, seconds);
    expect(!outcome.completed && outcome.stuck_block == 2 && outcome.stuck_step == 0 &&
               !outcome.stuck_block_signalled && seconds < 2.0,
           what);
}

void no_steps_is_immediate()
{
    Simulation simulation(3, 0, true);
    const HostScheduleOutcome outcome = simulate(simulation, false, 5.0, -1);
    expect(outcome.completed && outcome.handshakes == 0, "zero steps: completes at once");
}

}  // namespace

int main()
{
    for (bool neighbour : {false, true}) {
        for (bool sleep : {false, true}) {
            schedule_completes(neighbour, sleep);
        }
        never_signalled_block_is_named(neighbour);
    }
    no_steps_is_immediate();
    std::printf("%s\n", failures == 0 ? "ALL PASSED" : "FAILURES");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
