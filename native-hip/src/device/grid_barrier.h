/*
 * grid_barrier.h: our own grid barrier, two slots in the launch's zeroed control block.
 *
 * The release generation counts the barriers the grid has passed, so a block at barrier `index`
 * knows the generation without reading it: it is `index`. Thread 0 of each block counts itself in
 * with an acq_rel add (releasing its block's writes). The last block to arrive resets the count and
 * publishes generation index + 1 with a release store (after acquiring everyone's writes through
 * the add); the others wait with acquire loads until the generation moves. Knowing the generation
 * saves a round trip to L2 per barrier against reading it first. A block barrier on each side makes
 * the whole block wait and see what thread 0 acquired. Requirements: a one-dimensional,
 * co-resident grid in which every block reaches every barrier, and a control block zeroed before
 * the launch.
 */
#ifndef HOLDFAST_DEVICE_GRID_BARRIER_H
#define HOLDFAST_DEVICE_GRID_BARRIER_H

#include "watchdog.h"

namespace holdfast {

/* Barrier number `index` (0 for the first) of the launch. Returns false when the wait expired or
 * another block raised an error: the block must leave. */
__device__ inline bool grid_barrier_two_slot(const PersistentArgs& args, int index)
{
    __shared__ int passed;
    __syncthreads();
    if (threadIdx.x == 0) {
        ControlBlock* control = args.control;
        const unsigned int generation = static_cast<unsigned int>(index);
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
                args, HF_WAIT_GRID_BARRIER, index, -1);
        }
    }
    __syncthreads();
    return passed != 0;
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_GRID_BARRIER_H */
