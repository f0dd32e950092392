/*
 * host_scheduler.cpp: the host side of persistent-host: lockstep and neighbour-aware scheduling
 * of blocks (per-block flags), and the relay's one step word and one done word (run_host_steps).
 *
 * Per block: one pass looks at every block: a running block whose done flag shows its step is
 * finished; an idle block whose dependencies are met gets its next step. Passes repeat until
 * every block has done every step. Flags are read with acquire and written with release (the GPU's writes to u
 * that a done flag acknowledges happen before the task flag that lets a neighbour read them).
 * The relay (device-combined completion) asks for each half-sweep with one store and waits for one done word.
 */
#include "host_scheduler.h"

#include <sys/prctl.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

namespace holdfast {
namespace {

using Clock = std::chrono::steady_clock;

/* Timer slack makes a 1 us sleep last ~50 us by default; set it to 1 us for the run. */
class TimerSlack {
public:
    explicit TimerSlack(bool active) : active_(active)
    {
        if (active_) {
            const int previous = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
            active_ = previous >= 0 && prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0) == 0;
            previous_ = previous;
        }
    }
    ~TimerSlack()
    {
        if (active_) {
            prctl(PR_SET_TIMERSLACK, static_cast<unsigned long>(previous_), 0, 0, 0);
        }
    }
    TimerSlack(const TimerSlack&) = delete;
    TimerSlack& operator=(const TimerSlack&) = delete;

private:
    bool active_;
    int previous_ = 0;
};

void sleep_one_microsecond()
{
    const timespec one_microsecond{0, 1000};
    nanosleep(&one_microsecond, nullptr);
}

int load_acquire(const HostFlag& flag) { return __atomic_load_n(&flag.value, __ATOMIC_ACQUIRE); }

void store_release(HostFlag& flag, int value) { __atomic_store_n(&flag.value, value, __ATOMIC_RELEASE); }

struct BlockState {
    int signalled = 0; /* steps handed out */
    int completed = 0; /* steps seen done */
};

class Scheduler {
public:
    explicit Scheduler(const HostSchedule& schedule)
        : schedule_(schedule), state_(static_cast<size_t>(schedule.blocks))
    {
    }

    HostScheduleOutcome run()
    {
        HostScheduleOutcome outcome{};
        int finished = schedule_.steps == 0 ? schedule_.blocks : 0;
        auto last_progress = Clock::now();
        const auto timeout = std::chrono::duration<double>(schedule_.timeout_seconds);
        while (finished < schedule_.blocks) {
            bool progress = false;
            finished += collect_done(outcome.handshakes, progress);
            signal_ready(progress);
            if (progress) {
                last_progress = Clock::now();
            } else if (Clock::now() - last_progress > timeout) {
                blame(outcome);
                return outcome;
            } else if (schedule_.sleep_between_polls) {
                sleep_one_microsecond();
            }
        }
        outcome.completed = true;
        outcome.stuck_block = -1;
        outcome.stuck_step = -1;
        return outcome;
    }

private:
    HostFlag& task(int block) { return schedule_.flags[task_flag_index(block)]; }
    const HostFlag& done(int block) const { return schedule_.flags[done_flag_index(block)]; }

    /* Marks finished steps; returns how many blocks finished their last step in this pass. */
    int collect_done(int64_t& handshakes, bool& progress)
    {
        int finished = 0;
        for (int block = 0; block < schedule_.blocks; ++block) {
            BlockState& s = state_[static_cast<size_t>(block)];
            if (s.signalled > s.completed && load_acquire(done(block)) == s.signalled) {
                s.completed = s.signalled;
                ++handshakes;
                progress = true;
                finished += s.completed == schedule_.steps ? 1 : 0;
            }
        }
        return finished;
    }

    /* Hands the next step to every idle block whose dependencies are met. */
    void signal_ready(bool& progress)
    {
        const int lockstep_floor = schedule_.neighbour_aware ? 0 : slowest_completed();
        for (int block = 0; block < schedule_.blocks; ++block) {
            BlockState& s = state_[static_cast<size_t>(block)];
            const int step = s.signalled;
            if (step > s.completed || step == schedule_.steps || !may_start(block, step, lockstep_floor)) {
                continue;
            }
            s.signalled = step + 1;
            progress = true;
            if (block != schedule_.never_signal_block) {
                store_release(task(block), step + 1);
            }
        }
    }

    bool may_start(int block, int step, int lockstep_floor) const
    {
        if (!schedule_.neighbour_aware) {
            return lockstep_floor >= step;
        }
        const bool left_ready = block == 0 || state_[static_cast<size_t>(block - 1)].completed >= step;
        const bool right_ready =
            block + 1 == schedule_.blocks || state_[static_cast<size_t>(block + 1)].completed >= step;
        return left_ready && right_ready;
    }

    int slowest_completed() const
    {
        int slowest = schedule_.steps;
        for (const BlockState& s : state_) {
            slowest = std::min(slowest, s.completed);
        }
        return slowest;
    }

    /* Names the unfinished block furthest behind: the one everything else waits for. */
    void blame(HostScheduleOutcome& outcome) const
    {
        int behind = -1;
        for (int block = 0; block < schedule_.blocks; ++block) {
            const BlockState& s = state_[static_cast<size_t>(block)];
            if (s.completed < schedule_.steps &&
                (behind < 0 || s.completed < state_[static_cast<size_t>(behind)].completed)) {
                behind = block;
            }
        }
        const BlockState& s = state_[static_cast<size_t>(behind)];
        outcome.completed = false;
        outcome.stuck_block = behind;
        outcome.stuck_step = s.completed;
        outcome.stuck_block_signalled = s.signalled > s.completed && behind != schedule_.never_signal_block;
    }

    const HostSchedule& schedule_;
    std::vector<BlockState> state_;
};

}  // namespace

HostScheduleOutcome run_host_schedule(const HostSchedule& schedule)
{
    const TimerSlack slack(schedule.sleep_between_polls);
    return Scheduler(schedule).run();
}

HostScheduleOutcome run_host_steps(const HostStepSchedule& schedule)
{
    const TimerSlack slack(schedule.sleep_between_polls);
    const auto timeout = std::chrono::duration<double>(schedule.timeout_seconds);
    HostFlag& step_word = schedule.words[kStepWord];
    const HostFlag& done_word = schedule.words[kDoneWord];
    HostScheduleOutcome outcome{};
    outcome.stuck_block = -1;
    for (int step = 0; step < schedule.steps; ++step) {
        const bool signalled = step != schedule.never_signal_step;
        if (signalled) {
            store_release(step_word, step + 1);
        }
        const auto signalled_at = Clock::now();
        /* A clock read costs about as much as a poll: look at it every few polls only. */
        for (unsigned int polls = 1; load_acquire(done_word) != step + 1; ++polls) {
            if (polls % 64 != 0) {
                continue;
            }
            if (Clock::now() - signalled_at > timeout) {
                outcome.stuck_step = step;
                outcome.stuck_block_signalled = signalled;
                return outcome;
            }
            if (schedule.sleep_between_polls) {
                sleep_one_microsecond();
            }
        }
        ++outcome.handshakes;
    }
    outcome.completed = true;
    outcome.stuck_step = -1;
    return outcome;
}

void abort_steps(HostFlag* words) { store_release(words[kStepWord], kTaskAbort); }

void abort_blocks(HostFlag* flags, int blocks)
{
    for (int block = 0; block < blocks; ++block) {
        store_release(flags[task_flag_index(block)], kTaskAbort);
    }
}

}  // namespace holdfast
