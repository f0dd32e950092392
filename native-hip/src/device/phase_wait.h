/*
 * phase_wait.h: a bounded wait for an mbarrier phase (CUDA, sm_90).
 *
 * The watchdog's rule (watchdog.h) for a wait that every thread of a block makes: poll, and every
 * kPollsPerCheck polls look at the clock and the launch's error word. Written out inline rather
 * than through wait_until: a call in the kernel's loop makes the compiler keep the registers that
 * live across it (the thread's points) in local memory.
 */
#ifndef HOLDFAST_DEVICE_PHASE_WAIT_H
#define HOLDFAST_DEVICE_PHASE_WAIT_H

#include "cluster_ptx.h"
#include "watchdog.h"

namespace holdfast {

/* Waits until the phase of `barrier` with this parity has completed: true, or false when the
 * watchdog expired (the error is recorded) or another block raised an error. */
__device__ __forceinline__ bool wait_for_phase(uint32_t barrier, uint32_t parity, const PersistentArgs& args,
                                               int step, int peer)
{
    if (mbarrier_try_wait_parity(barrier, parity)) {
        return true;
    }
    const long long start = hf_wall_clock();
    for (unsigned int polls = 1;; ++polls) {
        if (mbarrier_try_wait_parity(barrier, parity)) {
            return true;
        }
        if (polls % kPollsPerCheck == 0) {
            if (error_raised(args.control)) {
                return false;
            }
            if (hf_wall_clock() - start > args.timeout_ticks) {
                raise_error(args.control, HF_WAIT_NEIGHBOUR, step, peer);
                return false;
            }
        }
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_PHASE_WAIT_H */
