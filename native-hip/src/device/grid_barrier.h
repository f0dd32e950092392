/*
 * grid_barrier.h: our own grid barrier, two slots in the launch's zeroed control block.
 *
 * Thread 0 of each block reads the release generation, then counts itself in with an acq_rel
 * add (releasing its block's writes). The last block to arrive resets the count and publishes
 * the next generation with a release store (after acquiring everyone's writes through the add);
 * the others wait with acquire loads until the generation changes. A block barrier on each side
 * makes the whole block wait and see what thread 0 acquired. Requirements: a one-dimensional,
 * co-resident grid in which every block reaches every barrier.
 */
#ifndef HOLDFAST_DEVICE_GRID_BARRIER_H
#define HOLDFAST_DEVICE_GRID_BARRIER_H

#include "watchdog.h"

namespace holdfast {

/* Returns false when the wait expired or another block raised an error: the block must leave. */
__device__ inline bool grid_barrier_two_slot(const PersistentArgs& args, int step)
{
    __shared__ int passed;
    __syncthreads();
    if (threadIdx.x == 0) {
        ControlBlock* control = args.control;
        /* Cannot change before this block arrives, so this is the current generation. */
        const unsigned int generation =
            __hip_atomic_load(&control->generation.value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        const unsigned int arrived =
            __hip_atomic_fetch_add(&control->arrivals.value, 1u, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT) + 1u;
        if (arrived == gridDim.x) {
            __hip_atomic_store(&control->arrivals.value, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
            __hip_atomic_store(&control->generation.value, generation + 1u, __ATOMIC_RELEASE,
                               __HIP_MEMORY_SCOPE_AGENT);
            passed = 1;
        } else {
            passed = wait_until(
                [&] {
                    return __hip_atomic_load(&control->generation.value, __ATOMIC_ACQUIRE,
                                             __HIP_MEMORY_SCOPE_AGENT) != generation;
                },
                args, HF_WAIT_GRID_BARRIER, step, -1);
        }
    }
    __syncthreads();
    return passed != 0;
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_GRID_BARRIER_H */
