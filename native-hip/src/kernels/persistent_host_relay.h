/*
 * persistent_host_relay.h: persistent-host whose host does the same work per half-sweep whatever
 * the block count (variant `relay`): it writes one step word and polls one done word
 * (host_flags.h).
 *
 * The step word reaches the blocks through block 0: only its thread 0 polls the bus (relaxed,
 * system scope, then an acquire fence at system scope); it republishes the word in the control
 * block with a release at device scope, and the other blocks poll that line in L2 with acquire
 * loads. One poller on the bus instead of hundreds (every block polling the host word was about
 * fifty times slower at N = 1001 on the H200: docs/persistent-variants.md), one more hop on the chip. A real
 * block barrier (not a fence) hands the step to the block's other threads.
 *
 * The blocks combine their completion on the device. After its share of half-sweep s (grid
 * stride, as persistent-grid) and a block barrier, thread 0 of each block counts itself in with
 * an acq_rel add at device scope (releasing its block's writes, acquiring the earlier blocks').
 * The last to arrive resets the count and then writes s + 1 to the done word with a release at
 * system scope: every block's writes of half-sweep s happen before it, and the count is zero again
 * before the host can ask for s + 1. Never an acknowledgement before the work is done. Each block
 * also notes s + 1 in its step counter (relaxed; read by the watchdog report only, to name the
 * block that did not count in). Written once for any problem (its grid-stride half-sweep,
 * device/problems.h); the cube's kernel is the _3d one.
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_HOST_RELAY_H
#define HOLDFAST_KERNELS_PERSISTENT_HOST_RELAY_H

#include "../device/problems.h"
#include "../device/watchdog.h"
#include "../device/work_count.h"

namespace holdfast {

/* The control block's lines as this kernel uses them: arrivals counts the blocks done with the
 * current half-sweep; generation is the relayed step word. */
__device__ __forceinline__ bool step_is_ready(int word, int step) { return word == step + 1 || word < 0; }

/* Thread 0: the step word once it asks for `step` (step + 1), or <= 0 when the block must leave
 * (the host aborted, the wait expired, another block failed). */
__device__ inline int wait_for_step(const PersistentArgs& args, int step)
{
    int word = 0;
    if (blockIdx.x == 0) {
        const HostFlag* step_word = &args.flags[kStepWord];
        const bool seen = wait_until(
            [&] {
                word = __hip_atomic_load(&step_word->value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
                return step_is_ready(word, step);
            },
            args, HF_WAIT_HOST_TASK, step, -1);
        if (!seen) {
            word = kTaskAbort; /* the others leave too, without waiting for their own watchdog */
        } else {
            /* The host wrote the step after it saw the done word: what the blocks wrote before
             * that is visible from here on. */
            __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "");
        }
        __hip_atomic_store(&args.control->generation.value, static_cast<unsigned int>(word), __ATOMIC_RELEASE,
                           __HIP_MEMORY_SCOPE_AGENT);
        return seen ? word : 0;
    }
    /* Block 0 has its own watchdog on the host and relays its verdict: the others wait twice as
     * long, so that a host that stops is reported by block 0, the block that waited for it. */
    PersistentArgs patient = args;
    patient.timeout_ticks = 2 * args.timeout_ticks;
    const bool relayed = wait_until(
        [&] {
            word = static_cast<int>(
                __hip_atomic_load(&args.control->generation.value, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT));
            return step_is_ready(word, step);
        },
        patient, HF_WAIT_HOST_TASK, step, 0);
    return relayed ? word : 0;
}

/* Thread 0, after the block's share of `step` and a block barrier. */
__device__ inline void count_step_done(const PersistentArgs& args, int step)
{
    ControlBlock* control = args.control;
    __hip_atomic_store(&args.counters[blockIdx.x].completed, step + 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    const unsigned int arrived =
        __hip_atomic_fetch_add(&control->arrivals.value, 1u, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT) + 1u;
    if (arrived == gridDim.x) {
        __hip_atomic_store(&control->arrivals.value, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        __hip_atomic_store(&args.flags[kDoneWord].value, step + 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
    }
}

template <int Kind>
__device__ __forceinline__ void host_relay(const PersistentArgs& args)
{
    const bool counts_in = !(args.fault == HF_FAULT_NEVER_PUBLISH && static_cast<int>(blockIdx.x) == args.fault_block);
    __shared__ int signalled;
    const int block = static_cast<int>(blockIdx.x);
    int done = 0;
    for (int step = 0; step < args.steps; ++step) {
        if (threadIdx.x == 0) {
            signalled = wait_for_step(args, step);
        }
        __syncthreads();
        if (signalled <= 0) {
            return;
        }
        if (!skips_half_sweep(args, block, step)) {
            half_sweep_grid_stride_of<Kind>(args.problem, step & 1);
            ++done;
        }
        __syncthreads(); /* the whole block's share is written; also, nobody still reads `signalled` */
        if (threadIdx.x == 0 && counts_in) {
            count_step_done(args, step);
        }
    }
    if (threadIdx.x == 0) {
        report_work(args, block, done);
    }
}

__global__ void persistent_host_relay(PersistentArgs args) { host_relay<HF_PROBLEM_POISSON_2D>(args); }
__global__ void persistent_host_relay_3d(PersistentArgs args) { host_relay<HF_PROBLEM_POISSON_3D>(args); }

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_HOST_RELAY_H */
