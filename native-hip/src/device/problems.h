/*
 * problems.h: what differs between the problems (HF_PROBLEM_*) where one piece of code serves
 * them all: the points of one colour its kernels number, the points of its arrays, and its
 * grid-stride half-sweep. The one place that switches on the problem's kind.
 */
#ifndef HOLDFAST_DEVICE_PROBLEMS_H
#define HOLDFAST_DEVICE_PROBLEMS_H

#include <cstdint>

#include "stencil.h"
#include "stencil_3d.h"

namespace holdfast {

/* Points of one colour in the compact numbering of the problem's kernels. */
__host__ __device__ __forceinline__ int64_t colour_points_of(int kind, int n)
{
    return kind == HF_PROBLEM_POISSON_3D ? points_per_colour_3d(n) : points_per_colour(n);
}

/* Points of u (and of f): n^2 or n^3. */
__host__ __device__ __forceinline__ int64_t array_points_of(int kind, int n)
{
    const int64_t side = n;
    return kind == HF_PROBLEM_POISSON_3D ? side * side * side : side * side;
}

/* The half-sweep of the problem `Kind` spread over every thread of the grid (standard launches and
 * persistent-grid). */
template <int Kind>
__device__ __forceinline__ void half_sweep_grid_stride_of(const Problem& problem, int colour)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        half_sweep_3d(problem, colour, static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x),
                      points_per_colour_3d(problem.n), static_cast<int>(gridDim.x * blockDim.x));
    } else {
        half_sweep_grid_stride(problem, colour);
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_PROBLEMS_H */
