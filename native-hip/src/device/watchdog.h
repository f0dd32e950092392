/*
 * watchdog.h: every device-side wait is bounded.
 *
 * A wait polls its condition and, every few polls, the clock and the launch's error word. When
 * the timeout passes it records (wait, block, step, peer) in the error word, first writer wins,
 * and gives up; a wait that sees another block's error gives up too. The kernel then leaves and
 * the host reports HF_ERR_WATCHDOG.
 */
#ifndef HOLDFAST_DEVICE_WATCHDOG_H
#define HOLDFAST_DEVICE_WATCHDOG_H

#include "../persistent_args.h"

namespace holdfast {

/* Polls between two looks at the clock and the error word: keeps the cost of the checks small
 * against a poll, and the reaction well under a millisecond. */
constexpr unsigned int kPollsPerCheck = 32;

__device__ __forceinline__ bool error_raised(const ControlBlock* control)
{
    return __hip_atomic_load(&control->error.code, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) != 0;
}

__device__ inline void raise_error(ControlBlock* control, int wait_code, int step, int peer)
{
    int expected = 0;
    if (__hip_atomic_compare_exchange_strong(&control->error.code, &expected, wait_code, __ATOMIC_RELAXED,
                                             __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT)) {
        /* Read by the host only after the kernel has ended. */
        control->error.block = static_cast<int>(blockIdx.x);
        control->error.step = step;
        control->error.peer = peer;
    }
}

/* Polls ready() until it returns true (then true), the watchdog expires or another block has
 * raised an error (then false). One thread of the block calls it. */
template <typename Ready>
__device__ bool wait_until(Ready ready, const PersistentArgs& args, int wait_code, int step, int peer)
{
    const long long start = hf_wall_clock();
    for (unsigned int polls = 1;; ++polls) {
        if (ready()) {
            return true;
        }
        if (polls % kPollsPerCheck == 0) {
            if (error_raised(args.control)) {
                return false;
            }
            if (hf_wall_clock() - start > args.timeout_ticks) {
                raise_error(args.control, wait_code, step, peer);
                return false;
            }
        }
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_WATCHDOG_H */
