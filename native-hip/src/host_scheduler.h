/*
 * host_scheduler.h: the host side of persistent-host.
 *
 * The host hands out half-sweeps to blocks through their task flags and watches their done
 * flags. Lockstep: every block gets step s once all blocks have finished s - 1. Neighbour-aware:
 * block b gets step s once b - 1 and b + 1 have both finished s - 1 (edge blocks have no
 * neighbour on one side), the same dependency the dataflow kernel resolves on the GPU.
 */
#ifndef HOLDFAST_HOST_SCHEDULER_H
#define HOLDFAST_HOST_SCHEDULER_H

#include <cstdint>

#include "host_flags.h"

namespace holdfast {

struct HostSchedule {
    HostFlag* flags;        /* host view of the mapped flags, zeroed */
    int blocks;             /* blocks that own rows: 0 .. blocks-1 are scheduled */
    int steps;              /* half-sweeps */
    bool neighbour_aware;   /* false: lockstep */
    bool sleep_between_polls;
    double timeout_seconds; /* longest time without any progress */
    int never_signal_block; /* fault injection: the host never signals this block; -1 for none */
};

struct HostScheduleOutcome {
    bool completed;          /* every block finished every step */
    int64_t handshakes;      /* done flags seen */
    int stuck_block;         /* when not completed: the block the host waited for */
    int stuck_step;          /* and the half-sweep it did not finish */
    bool stuck_block_signalled; /* whether the host had signalled that step */
};

/* Runs the schedule to the end or until nothing moves for timeout_seconds. */
HostScheduleOutcome run_host_schedule(const HostSchedule& schedule);

/* Tells every block to leave (after a failed schedule). */
void abort_blocks(HostFlag* flags, int blocks);

/* persistent-host relay (device-combined completion): the host writes one step word and polls one
 * done word per half-sweep, whatever the block count (kernels/persistent_host_relay.h). */
struct HostStepSchedule {
    HostFlag* words;        /* host view of the kStepWordCount mapped words, zeroed */
    int steps;              /* half-sweeps */
    bool sleep_between_polls;
    double timeout_seconds; /* longest wait for one half-sweep */
    int never_signal_step;  /* fault injection: the host stops before asking for this half-sweep; -1 for none */
};

/* Runs every half-sweep in turn, or stops at the first whose done word does not come within
 * timeout_seconds. stuck_block is always -1: the device combined the blocks. */
HostScheduleOutcome run_host_steps(const HostStepSchedule& schedule);

/* Tells the blocks of a relay run to leave. */
void abort_steps(HostFlag* words);

}  // namespace holdfast

#endif /* HOLDFAST_HOST_SCHEDULER_H */
