/*
 * grid_barrier.h: our own grid barrier, two slots in the launch's zeroed control block (or, for
 * the band kernels, a pair of slots per band, BarrierSlots).
 *
 * The release generation counts the barriers the grid has passed, so a block at barrier `index`
 * knows the generation without reading it: it is `index`. Thread 0 of each block counts itself in
 * with an acq_rel add (releasing its block's writes). The last block to arrive resets the count and
 * publishes generation index + 1 with a release store (after acquiring everyone's writes through
 * the add); the others wait with acquire loads until the generation moves. Knowing the generation
 * saves a round trip to L2 per barrier against reading it first. A block barrier on each side makes
 * the whole block wait and see what thread 0 acquired. Requirements: a one-dimensional,
 * co-resident grid in which every block (of the band) reaches every barrier, and slots zeroed
 * before the launch.
 */
#ifndef HOLDFAST_DEVICE_GRID_BARRIER_H
#define HOLDFAST_DEVICE_GRID_BARRIER_H

#include "watchdog.h"

namespace holdfast {

/* The two slots of one barrier and the blocks that meet at it: the whole grid (the control
 * block's slots), or the blocks of one band (kernels/persistent_bands.h: a barrier per band). */
struct BarrierSlots {
    LineCounter* arrivals;
    LineCounter* generation;
    unsigned int blocks;
    int peer; /* for the watchdog's report: -1, or the band that waits */
};

/* Barrier number `index` (0 for the first) of `slots`. Returns false when the wait expired or
 * another block raised an error: the block must leave. */
__device__ inline bool barrier_two_slot(const PersistentArgs& args, const BarrierSlots& slots, int index)
{
    bool passed = true;
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned int generation = static_cast<unsigned int>(index);
        const unsigned int arrived =
            __hip_atomic_fetch_add(&slots.arrivals->value, 1u, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT) + 1u;
        if (arrived == slots.blocks) {
            __hip_atomic_store(&slots.arrivals->value, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
            __hip_atomic_store(&slots.generation->value, generation + 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
        } else {
            passed = wait_until(
                [&] {
                    return __hip_atomic_load(&slots.generation->value, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) !=
                           generation;
                },
                args, HF_WAIT_GRID_BARRIER, index, slots.peer);
        }
    }
    /* The block barrier that lets every thread see what thread 0 acquired, and its verdict. */
    return __syncthreads_or(passed ? 0 : 1) == 0;
}

/* Barrier number `index` of the whole grid, in the launch's control block. */
__device__ inline bool grid_barrier_two_slot(const PersistentArgs& args, int index)
{
    ControlBlock* control = args.control;
    return barrier_two_slot(args, BarrierSlots{&control->arrivals, &control->generation, gridDim.x, -1}, index);
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_GRID_BARRIER_H */
