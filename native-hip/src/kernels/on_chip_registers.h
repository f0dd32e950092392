/*
 * on_chip_registers.h: one block, or one warp, holds the whole grid on chip for the whole run.
 *
 * u sits in shared memory as two colour planes (colour_planes.h); each thread's points (their
 * index and h2 f) sit in registers, computed once. A half-sweep is then four shared loads, the
 * arithmetic and a shared store per point, and one barrier: __syncthreads for a block, __syncwarp
 * for a single warp, which needs no block barrier at all (the smallest grids: at most
 * P * 32 points of a colour). u is copied back once at the end. Same points, same arithmetic
 * as the reference: the same array, bit for bit.
 *
 * Written once for any problem: the cube's kernels (Kind HF_PROBLEM_POISSON_3D) hold it as two
 * colour arrays (colour_planes_3d.h), six shared loads per point.
 *
 * Builds for CUDA and HIP (on AMD a "warp" is a wavefront of 64, and its barrier a block barrier
 * of one wavefront).
 */
#ifndef HOLDFAST_KERNELS_ON_CHIP_REGISTERS_H
#define HOLDFAST_KERNELS_ON_CHIP_REGISTERS_H

#include "../device/colour_planes.h"
#include "../device/colour_planes_3d.h"
#include "../device/work_count.h"

namespace holdfast {

template <bool kOneWarp>
__device__ __forceinline__ void on_chip_sync()
{
#if defined(HF_RUNTIME_CUDA)
    if (kOneWarp) {
        __syncwarp(); /* orders the warp's shared-memory accesses; no block barrier */
        return;
    }
#endif
    __syncthreads();
}

/* One half-sweep of the thread's points of one colour, for the problem's layout. */
template <int Kind, int P>
__device__ __forceinline__ void sweep_points_of(const GridPoints<P>& points, int row_bytes, int n, int own_shift)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        sweep_cube_points(points, row_bytes, n * row_bytes, own_shift);
    } else {
        sweep_grid_points(points, row_bytes, own_shift);
    }
}

/* kOneWarp: launched with one warp (warpSize threads); otherwise any block size up to
 * max_threads_for_slots(P). Needs on_chip_planes_bytes(n) (the cube: on_chip_cube_bytes(n)) of
 * dynamic shared memory. A run is 2 * iterations half-sweeps, red then black: the loop takes them
 * in pairs, so the colour is never a branch. */
template <int P, bool kOneWarp, int Kind = HF_PROBLEM_POISSON_2D>
__global__ void __launch_bounds__(max_threads_for_slots(P), 1) on_chip_registers(PersistentArgs args)
{
    constexpr bool kCube = Kind == HF_PROBLEM_POISSON_3D;
    HF_DYNAMIC_SHARED(double, planes);
    const Problem& problem = args.problem;
    const int n = problem.n;
    const int stride = plane_stride(n);
    const int colour_doubles = kCube ? cube_colour_doubles(n) : n * stride; /* one colour's plane (array) */
    const int thread = static_cast<int>(threadIdx.x);
    const int threads = static_cast<int>(blockDim.x);
    double* const red_plane = planes;
    double* const black_plane = planes + colour_doubles;

    GridPoints<P> red;
    GridPoints<P> black;
    if constexpr (kCube) {
        load_cube_planes(planes, colour_doubles, stride, problem.u, n);
        assign_cube_points(red, problem, black_plane, stride, 0, thread, threads);
        assign_cube_points(black, problem, red_plane, stride, 1, thread, threads);
    } else {
        load_planes(planes, colour_doubles, stride, problem.u, n, 0, n);
        assign_grid_points(red, problem, black_plane, stride, 0, thread, threads);
        assign_grid_points(black, problem, red_plane, stride, 1, thread, threads);
    }
    const int row_bytes = stride * static_cast<int>(sizeof(double));
    const int colour_bytes = colour_doubles * static_cast<int>(sizeof(double));
    on_chip_sync<kOneWarp>();

    int done = 0;
    for (int step = 0; step + 1 < args.steps; step += 2) {
        sweep_points_of<Kind>(red, row_bytes, n, -colour_bytes); /* red points live one colour array below black */
        on_chip_sync<kOneWarp>();
        if (!skips_half_sweep(args, 0, step + 1)) {
            sweep_points_of<Kind>(black, row_bytes, n, colour_bytes);
            done += 1;
        }
        on_chip_sync<kOneWarp>();
        done += 1;
    }
    if constexpr (kCube) {
        store_cube_planes(planes, colour_doubles, stride, problem.u, n);
    } else {
        store_planes(planes, colour_doubles, stride, problem.u, n, 0, 1, n - 1);
    }
    if (thread == 0) {
        report_work(args, 0, done);
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_ON_CHIP_REGISTERS_H */
