/*
 * persistent_grid.h: persistent-grid, every iteration in one cooperative launch.
 *
 * The threads of the whole grid share each half-sweep exactly as a standard launch with the same
 * grid would; a grid barrier separates consecutive half-sweeps. The two kernels differ only in
 * the barrier. A grid of one block needs no grid barrier: a block barrier already makes every
 * write of the block visible to all of its threads, at a fraction of the cost. Each is written once,
 * for any problem (its grid-stride half-sweep, device/problems.h), and built for the square and,
 * as the _3d kernels, for the cube.
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_GRID_H
#define HOLDFAST_KERNELS_PERSISTENT_GRID_H

#include "../device/grid_barrier.h"
#include "../device/problems.h"
#include "../device/work_count.h"

namespace holdfast {

/* Barrier: cooperative groups' grid.sync(). It has no timeout, so no wait fault is injected here
 * (only HF_FAULT_SKIP_HALF_SWEEP). Every block counts the half-sweeps it ran (work_count.h). */
template <int Kind>
__device__ __forceinline__ void grid_cooperative_groups(const PersistentArgs& args)
{
    cg::grid_group grid = cg::this_grid();
    const int block = static_cast<int>(blockIdx.x);
    int done = 0;
    for (int step = 0; step < args.steps; ++step) {
        if (!skips_half_sweep(args, block, step)) {
            half_sweep_grid_stride_of<Kind>(args.problem, step & 1);
            ++done;
        }
        if (step + 1 < args.steps) {
            if (gridDim.x == 1) {
                __syncthreads();
            } else {
                grid.sync();
            }
        }
    }
    if (threadIdx.x == 0) {
        report_work(args, block, done);
        if (args.fault == HF_FAULT_OUTLAST_DEADLINE && block == args.fault_block) {
            /* Tests: a kernel that ends by itself only long after the host stopped waiting for it. */
            const long long start = hf_wall_clock();
            while (hf_wall_clock() - start < args.outlast_ticks) {
            }
        }
    }
}

/* Barrier: grid_barrier_two_slot, bounded by the watchdog. */
template <int Kind>
__device__ __forceinline__ void grid_two_slot(const PersistentArgs& args)
{
    const int block = static_cast<int>(blockIdx.x);
    const bool skips_barrier = args.fault == HF_FAULT_SKIP_GRID_BARRIER && block == args.fault_block;
    int done = 0;
    for (int step = 0; step < args.steps; ++step) {
        if (!skips_half_sweep(args, block, step)) {
            half_sweep_grid_stride_of<Kind>(args.problem, step & 1);
            ++done;
        }
        if (step + 1 < args.steps) {
            if (skips_barrier) {
                return;
            }
            if (gridDim.x == 1) {
                __syncthreads();
            } else if (!grid_barrier_two_slot(args, step)) {
                return;
            }
        }
    }
    if (threadIdx.x == 0) {
        report_work(args, block, done);
    }
}

__global__ void persistent_grid_cooperative_groups(PersistentArgs args) { grid_cooperative_groups<HF_PROBLEM_POISSON_2D>(args); }
__global__ void persistent_grid_cooperative_groups_3d(PersistentArgs args) { grid_cooperative_groups<HF_PROBLEM_POISSON_3D>(args); }
__global__ void persistent_grid_two_slot(PersistentArgs args) { grid_two_slot<HF_PROBLEM_POISSON_2D>(args); }
__global__ void persistent_grid_two_slot_3d(PersistentArgs args) { grid_two_slot<HF_PROBLEM_POISSON_3D>(args); }

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_GRID_H */
