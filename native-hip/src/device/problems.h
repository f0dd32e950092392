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

/* Points of one colour in one band unit of the row-band split (HF_SPLIT_ROW_BANDS): an interior
 * row of the square, an interior plane (n - 2 rows) of the cube. Bands of either have n - 2 units,
 * and a unit's points read only the units next to it, so the bands, their counts and the
 * dependencies between neighbouring bands are the same for both problems (row_bands.h). */
__host__ __device__ __forceinline__ int band_unit_points_of(int kind, int n)
{
    return kind == HF_PROBLEM_POISSON_3D ? (n - 2) * points_per_row(n) : points_per_row(n);
}

/* The half-sweep of the problem `Kind` over its points of `colour` numbered first, first + stride,
 * ... below end (the compact numbering of colour_points_of). */
template <int Kind>
__device__ __forceinline__ void half_sweep_of(const Problem& problem, int colour, int first, int end, int stride)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        half_sweep_3d(problem, colour, first, end, stride);
    } else {
        half_sweep(problem, colour, first, end, stride);
    }
}

/* The half-sweep of the problem `Kind` spread over every thread of the grid (standard launches and
 * persistent-grid). */
template <int Kind>
__device__ __forceinline__ void half_sweep_grid_stride_of(const Problem& problem, int colour)
{
    half_sweep_of<Kind>(problem, colour, static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x),
                        static_cast<int>(colour_points_of(Kind, problem.n)), static_cast<int>(gridDim.x * blockDim.x));
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_PROBLEMS_H */
