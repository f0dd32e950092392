/*
 * stencil.h: the red-black Gauss-Seidel half-sweep, shared by every kernel.
 *
 * The numbering and the arithmetic are the Java kernels' (org.holdfast.kernels.RedBlackKernels),
 * copied exactly: with -fmad=false (CUDA) or -ffp-contract=off (HIP) the result matches Java's
 * bit for bit, whichever thread updates which point.
 */
#ifndef HOLDFAST_DEVICE_STENCIL_H
#define HOLDFAST_DEVICE_STENCIL_H

#include "../persistent_args.h"

namespace holdfast {

/* The most points of one colour an interior row holds. */
__host__ __device__ __forceinline__ int points_per_row(int n) { return (n - 1) / 2; }

/* Points of one colour in the compact numbering: interior rows times points_per_row. */
__host__ __device__ __forceinline__ int points_per_colour(int n) { return (n - 2) * points_per_row(n); }

/* The 5-point update, the one place its arithmetic is written: the new value of point (i, j) from
 * its neighbours in rows i + 1 and i - 1 and columns j + 1 and j - 1 and h2f = h2 * f(i, j), added
 * in exactly this order (the reference's and the Java kernels', Stencil.fivePointUpdate), so that
 * with -fmad=false (CUDA) or -ffp-contract=off (HIP, the CPU emulation) every kernel gets the
 * reference's bits. Callers pass the operands in this order and compute h2 * f where they always
 * have (once and kept, or at the call). */
__host__ __device__ __forceinline__ double five_point_update(double row_after, double row_before, double column_after,
                                                             double column_before, double h2f)
{
    return (row_after + row_before + column_after + column_before - h2f) * 0.25;
}

/* The update of interior point c in place: five_point_update of u[c + n], u[c - n], u[c + 1],
 * u[c - 1] and h2 * f[c]. */
__device__ __forceinline__ void update_point(double* u, const double* f, int n, double h2, int c)
{
    u[c] = five_point_update(u[c + n], u[c - n], u[c + 1], u[c - 1], h2 * f[c]);
}

/* Updates the points of `colour` numbered first, first + stride, ... below end. Point p lies in
 * interior row 1 + p / half at the (p % half)-th column of that colour; the last one of a row
 * may fall on the boundary when n is even, hence the test on j. */
__device__ __forceinline__ void half_sweep(const Problem& problem, int colour, int first, int end, int stride)
{
    const int n = problem.n;
    const int half = points_per_row(n);
    for (int p = first; p < end; p += stride) {
        const int i = 1 + p / half;
        const int j = 1 + 2 * (p % half) + ((i + 1 + colour) & 1);
        if (j < n - 1) {
            update_point(problem.u, problem.f, n, problem.h2, i * n + j);
        }
    }
}

/* The whole half-sweep spread over every thread of the grid (standard and persistent-grid). */
__device__ __forceinline__ void half_sweep_grid_stride(const Problem& problem, int colour)
{
    const int first = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int stride = static_cast<int>(gridDim.x * blockDim.x);
    half_sweep(problem, colour, first, points_per_colour(problem.n), stride);
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_STENCIL_H */
