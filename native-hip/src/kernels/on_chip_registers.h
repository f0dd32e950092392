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
 * Builds for CUDA and HIP (on AMD a "warp" is a wavefront of 64, and its barrier a block barrier
 * of one wavefront).
 */
#ifndef HOLDFAST_KERNELS_ON_CHIP_REGISTERS_H
#define HOLDFAST_KERNELS_ON_CHIP_REGISTERS_H

#include "../device/colour_planes.h"

namespace holdfast {

/* Points per thread per colour that kernels are built for; the planner takes the smallest that
 * holds a thread's share. */
constexpr int kSlotCounts[] = {1, 2, 4, 8, 16};
constexpr int kSlotCountChoices = 5;

/* The most threads a block can have for P slots: the register file bounds it (1024 threads have
 * 64 registers each; two colours of P slots take 6 P of them). */
__host__ __device__ constexpr int max_threads_for_slots(int slots)
{
    return slots <= 4 ? 1024 : slots <= 8 ? 512 : 256;
}

/* Shared bytes for the whole n x n grid as two colour planes. */
__host__ __device__ inline size_t on_chip_planes_bytes(int n)
{
    return static_cast<size_t>(2) * static_cast<size_t>(n) * static_cast<size_t>(plane_stride(n)) * sizeof(double);
}

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

/* kOneWarp: launched with one warp (warpSize threads); otherwise any block size up to
 * max_threads_for_slots(P). Needs on_chip_planes_bytes(n) of dynamic shared memory. */
template <int P, bool kOneWarp>
__global__ void __launch_bounds__(max_threads_for_slots(P), 1) on_chip_registers(PersistentArgs args)
{
    HF_DYNAMIC_SHARED(double, planes);
    const Problem& problem = args.problem;
    const int n = problem.n;
    const int stride = plane_stride(n);
    const int plane_doubles = n * stride;
    const HeldRows rows = whole_grid_rows(n);
    const int thread = static_cast<int>(threadIdx.x);
    const int threads = static_cast<int>(blockDim.x);

    load_planes(planes, plane_doubles, stride, problem.u, n, 0, n);
    PointSlots<P> red;
    PointSlots<P> black;
    assign_points(red, problem, rows, stride, 0, thread, threads);
    assign_points(black, problem, rows, stride, 1, thread, threads);
    on_chip_sync<kOneWarp>();

    double* const red_plane = planes;
    double* const black_plane = planes + plane_doubles;
    for (int step = 0; step < args.steps; ++step) {
        if ((step & 1) == 0) {
            sweep_points(red, red_plane, black_plane, stride, 0, kNoPoint - 1, DeliverNothing{});
        } else {
            sweep_points(black, black_plane, red_plane, stride, 0, kNoPoint - 1, DeliverNothing{});
        }
        on_chip_sync<kOneWarp>();
    }
    store_planes(planes, plane_doubles, stride, problem.u, n, 0, 1, n - 1);
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_ON_CHIP_REGISTERS_H */
