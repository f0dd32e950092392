/*
 * persistent_dataflow.h: persistent-dataflow, no grid barrier.
 *
 * Block b owns a band of rows and a step counter. Before half-sweep s it waits until both
 * neighbours have published s (acquire, device scope): their halo rows hold step s-1's values
 * and they have finished reading b's rows for s-1. After the half-sweep and a block barrier,
 * thread 0 publishes s + 1 (release). Neighbours therefore never drift more than one step apart,
 * and the array after every iteration is exactly the lockstep one. Written once for any problem:
 * the cube's kernel (_3d) gives each block a band of planes instead of rows (row_bands.h), with the
 * same dependency between neighbouring bands.
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_DATAFLOW_H
#define HOLDFAST_KERNELS_PERSISTENT_DATAFLOW_H

#include "../device/row_bands.h"
#include "../device/watchdog.h"
#include "../device/work_count.h"

namespace holdfast {

__device__ inline bool wait_for_counter(const PersistentArgs& args, int peer, int step)
{
    const StepCounter* counter = &args.counters[peer];
    return wait_until(
        [&] {
            return __hip_atomic_load(&counter->completed, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) >= step;
        },
        args, HF_WAIT_NEIGHBOUR, step, peer);
}

/* Whether both neighbours have finished step - 1; false when the block must leave. Neighbours
 * outside [0, active) own no rows and count as always ready. Two warps watch one neighbour each,
 * so the two waits overlap instead of adding up; the block barrier then passes what each
 * watcher acquired on to every thread. */
__device__ inline bool wait_for_neighbours(const PersistentArgs& args, int block, int active, int step)
{
    __shared__ int ready[2];
    const int thread = static_cast<int>(threadIdx.x);
    const int right_watcher = static_cast<int>(blockDim.x) > warpSize ? warpSize : 0;
    if (thread == 0) {
        ready[0] = block == 0 || wait_for_counter(args, block - 1, step);
    }
    if (thread == right_watcher) {
        ready[1] = block + 1 == active || wait_for_counter(args, block + 1, step);
    }
    __syncthreads();
    return ready[0] != 0 && ready[1] != 0;
}

template <int Kind>
__device__ __forceinline__ void dataflow_counters(const PersistentArgs& args)
{
    const int block = static_cast<int>(blockIdx.x);
    const int active = active_band_count(static_cast<int>(gridDim.x), args.problem.n);
    StepCounter* own = &args.counters[block];
    if (block >= active) {
        if (threadIdx.x == 0) { /* an empty band is finished at once */
            __hip_atomic_store(&own->completed, args.steps, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
        }
        return;
    }
    const RowBand band = row_band(block, static_cast<int>(gridDim.x), args.problem.n);
    const bool publishes = !(args.fault == HF_FAULT_NEVER_PUBLISH && block == args.fault_block);
    /* A lone band has nobody to wait for: the block barrier after each half-sweep is enough. */
    const bool alone = active == 1;
    int done = 0;
    for (int step = 0; step < args.steps; ++step) {
        if (step > 0 && !alone && !wait_for_neighbours(args, block, active, step)) {
            return;
        }
        if (!skips_half_sweep(args, block, step)) {
            half_sweep_band<Kind>(args.problem, band, step & 1);
            ++done;
        }
        __syncthreads();
        if (threadIdx.x == 0 && publishes && !alone) {
            __hip_atomic_store(&own->completed, step + 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
        }
    }
    if (threadIdx.x == 0) {
        report_work(args, block, done);
    }
}

__global__ void persistent_dataflow(PersistentArgs args) { dataflow_counters<HF_PROBLEM_POISSON_2D>(args); }
__global__ void persistent_dataflow_3d(PersistentArgs args) { dataflow_counters<HF_PROBLEM_POISSON_3D>(args); }

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_DATAFLOW_H */
