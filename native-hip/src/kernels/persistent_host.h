/*
 * persistent_host.h: persistent-host, a kernel driven by the host through per-block flags.
 *
 * Thread 0 of a block polls its task flag (relaxed loads over the bus) until the host writes the
 * next step, then an acquire fence at system scope: the neighbours' halo writes that the host saw
 * acknowledged before it signalled are now visible. A real block barrier (not a fence) hands the
 * task to the other threads through shared memory. The block updates its band, waits for all its
 * threads, and only then thread 0 releases at system scope and writes the done flag: never an
 * acknowledgement before the work is done. Written once for any problem: the cube's kernel (_3d)
 * gives each block a band of planes (row_bands.h).
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_HOST_H
#define HOLDFAST_KERNELS_PERSISTENT_HOST_H

#include "../device/row_bands.h"
#include "../device/watchdog.h"
#include "../device/work_count.h"

namespace holdfast {

/* The next task value after last_task: step + 1, or <= 0 when the block must leave (the host
 * aborted, or the wait expired). */
__device__ inline int wait_for_task(const PersistentArgs& args, const HostFlag* task_flag, int last_task)
{
    int task = last_task;
    const bool signalled = wait_until(
        [&] {
            task = __hip_atomic_load(&task_flag->value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
            return task != last_task;
        },
        args, HF_WAIT_HOST_TASK, last_task, -1);
    if (!signalled) {
        return 0;
    }
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "");
    return task;
}

template <int Kind>
__device__ __forceinline__ void host_driven_bands(const PersistentArgs& args)
{
    const int block = static_cast<int>(blockIdx.x);
    const RowBand band = row_band(block, static_cast<int>(gridDim.x), args.problem.n);
    if (band.empty()) {
        return; /* the host only schedules blocks that own rows */
    }
    const HostFlag* task_flag = &args.flags[task_flag_index(block)];
    HostFlag* done_flag = &args.flags[done_flag_index(block)];

    __shared__ int current_task;
    int last_task = 0;
    int done = 0;
    while (last_task < args.steps) {
        if (threadIdx.x == 0) {
            current_task = wait_for_task(args, task_flag, last_task);
        }
        __syncthreads();
        const int task = current_task;
        if (task <= 0) {
            return;
        }
        if (!skips_half_sweep(args, block, task - 1)) {
            half_sweep_band<Kind>(args.problem, band, (task - 1) & 1);
            ++done;
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            __hip_atomic_store(&done_flag->value, task, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
        }
        last_task = task;
    }
    if (threadIdx.x == 0) {
        report_work(args, block, done);
    }
}

__global__ void persistent_host(PersistentArgs args) { host_driven_bands<HF_PROBLEM_POISSON_2D>(args); }
__global__ void persistent_host_3d(PersistentArgs args) { host_driven_bands<HF_PROBLEM_POISSON_3D>(args); }

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_HOST_H */
