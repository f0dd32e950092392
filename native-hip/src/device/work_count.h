/*
 * work_count.h: every persistent kernel counts the half-sweeps it ran and combines the counts on
 * the device, so that the host can tell a run that did all its work from one that stopped early,
 * even where the grid has converged and the array alone cannot tell.
 *
 * Each block (each band with work, for the row-band variants) counts the half-sweeps its loop
 * actually ran, in a register, and at the end of the run one thread adds the count to the
 * control block's tally (ControlBlock::work): the smallest and the largest count with their
 * blocks, and the number of blocks that reported. Three relaxed atomics per block and run, none
 * per half-sweep: the host reads the tally only after the kernel has ended, so no order is
 * needed. A block that stops early shows in the smallest count; one that ran extra in the
 * largest; one that never reported in the number of blocks.
 *
 * HF_FAULT_SKIP_HALF_SWEEP (tests): the fault block skips the run's last half-sweep and counts
 * honestly, so the tally, and nothing else at a converged grid, shows it.
 */
#ifndef HOLDFAST_DEVICE_WORK_COUNT_H
#define HOLDFAST_DEVICE_WORK_COUNT_H

#include "../persistent_args.h"

namespace holdfast {

/* Whether this block skips half-sweep `step` (HF_FAULT_SKIP_HALF_SWEEP: the last one). */
__device__ __forceinline__ bool skips_half_sweep(const PersistentArgs& args, int block, int step)
{
    return args.fault == HF_FAULT_SKIP_HALF_SWEEP && block == args.fault_block && step == args.steps - 1;
}

__device__ __forceinline__ void tally_max(unsigned long long* address, unsigned long long value)
{
#if defined(__CUDA_ARCH__)
    asm volatile("red.relaxed.gpu.global.max.u64 [%0], %1;" ::"l"(address), "l"(value) : "memory");
#elif defined(HF_RUNTIME_CUDA)
    (void)address, (void)value; /* the host pass of a CUDA build: never runs */
#elif defined(HF_RUNTIME_CPU_EMULATION)
    unsigned long long seen = __atomic_load_n(address, __ATOMIC_RELAXED);
    while (seen < value && !__atomic_compare_exchange_n(address, &seen, value, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
#else
    __hip_atomic_fetch_max(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#endif
}

/* One thread of the block, once, at the end of the run: `half_sweeps` this block ran. */
__device__ inline void report_work(const PersistentArgs& args, int block, int half_sweeps)
{
    WorkTally* tally = &args.control->work;
    const unsigned long long count = static_cast<unsigned int>(half_sweeps);
    const unsigned long long id = static_cast<unsigned int>(block);
    tally_max(&tally->lowest, ((~count & 0xffffffffull) << 32) | id);
    tally_max(&tally->highest, (count << 32) | id);
    __hip_atomic_fetch_add(&tally->blocks, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_WORK_COUNT_H */
