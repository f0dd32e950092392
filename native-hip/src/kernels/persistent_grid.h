/*
 * persistent_grid.h: persistent-grid, every iteration in one cooperative launch.
 *
 * The threads of the whole grid share each half-sweep exactly as a standard launch with the same
 * grid would; a grid barrier separates consecutive half-sweeps. The two kernels differ only in
 * the barrier. A grid of one block needs no grid barrier: a block barrier already makes every
 * write of the block visible to all of its threads, at a fraction of the cost.
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_GRID_H
#define HOLDFAST_KERNELS_PERSISTENT_GRID_H

#include "../device/grid_barrier.h"
#include "../device/stencil.h"

namespace holdfast {

/* Barrier: cooperative groups' grid.sync(). It has no timeout, so faults are not injected here. */
__global__ void persistent_grid_cooperative_groups(PersistentArgs args)
{
    cg::grid_group grid = cg::this_grid();
    for (int step = 0; step < args.steps; ++step) {
        half_sweep_grid_stride(args.problem, step & 1);
        if (step + 1 < args.steps) {
            if (gridDim.x == 1) {
                __syncthreads();
            } else {
                grid.sync();
            }
        }
    }
}

/* Barrier: grid_barrier_two_slot, bounded by the watchdog. */
__global__ void persistent_grid_two_slot(PersistentArgs args)
{
    const bool skips_barrier =
        args.fault == HF_FAULT_SKIP_GRID_BARRIER && static_cast<int>(blockIdx.x) == args.fault_block;
    for (int step = 0; step < args.steps; ++step) {
        half_sweep_grid_stride(args.problem, step & 1);
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
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_GRID_H */
