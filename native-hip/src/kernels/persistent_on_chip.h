/*
 * persistent_on_chip.h: a grid of one block that holds the whole problem in shared memory.
 *
 * With one block there is nothing to synchronise between blocks, so persistent-grid and
 * persistent-dataflow both come down to this kernel when they run on one block and the grid fits
 * on chip: u (and f, when both fit) is copied into shared memory once, every half-sweep reads and
 * writes shared memory with a block barrier between them, and u is copied back once at the end.
 * The points, their order within a half-sweep and the arithmetic are the global-memory kernels'
 * (half_sweep_of), so the result is the same array, bit for bit. Written once for any problem: the
 * square's kernel and the cube's (_3d: n^3 doubles of u, so u alone fits 227 KB up to N = 30, u and
 * f up to N = 24).
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_ON_CHIP_H
#define HOLDFAST_KERNELS_PERSISTENT_ON_CHIP_H

#include "../device/colour_planes.h" /* HF_DYNAMIC_SHARED */
#include "../device/problems.h"
#include "../device/work_count.h"

namespace holdfast {

__device__ __forceinline__ void copy_cells(double* to, const double* from, int cells)
{
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        to[cell] = from[cell];
    }
}

/* f_on_chip: whether f is copied too (its doubles fit beside u). The planner (plan_alone_on_chip)
 * sizes the dynamic shared memory: array_points_of(Kind, n) doubles, twice that with f. */
template <int Kind>
__device__ __forceinline__ void alone_on_chip(const PersistentArgs& args, int f_on_chip)
{
    HF_DYNAMIC_SHARED(double, tile);
    const int n = args.problem.n;
    const int cells = static_cast<int>(array_points_of(Kind, n));
    copy_cells(tile, args.problem.u, cells);
    if (f_on_chip) {
        copy_cells(tile + cells, args.problem.f, cells);
    }
    __syncthreads();
    const Problem on_chip{tile, f_on_chip ? tile + cells : args.problem.f, n, args.problem.h2};
    const int points = static_cast<int>(colour_points_of(Kind, n));
    int done = 0;
    for (int step = 0; step < args.steps; ++step) {
        if (!skips_half_sweep(args, 0, step)) {
            half_sweep_of<Kind>(on_chip, step & 1, static_cast<int>(threadIdx.x), points, static_cast<int>(blockDim.x));
            ++done;
        }
        __syncthreads();
    }
    copy_cells(args.problem.u, tile, cells);
    if (threadIdx.x == 0) {
        report_work(args, 0, done);
    }
}

__global__ void persistent_on_chip(PersistentArgs args, int f_on_chip) { alone_on_chip<HF_PROBLEM_POISSON_2D>(args, f_on_chip); }
__global__ void persistent_on_chip_3d(PersistentArgs args, int f_on_chip) { alone_on_chip<HF_PROBLEM_POISSON_3D>(args, f_on_chip); }

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_ON_CHIP_H */
