/*
 * stencil_3d.h: the red-black Gauss-Seidel half-sweep of the 3D Poisson problem (HF_PROBLEM_POISSON_3D),
 * beside the square's in stencil.h.
 *
 * The numbering and the arithmetic are the Java kernels' (org.holdfast.kernels.RedBlackKernels3D and
 * Stencil.sevenPointUpdate), copied exactly: point (i, j, k) at (i * n + j) * n + k, red where
 * i + j + k is even; the p-th point of a colour lies on interior line p / half (plane
 * 1 + line / (n - 2), row 1 + line % (n - 2)) at the (p % half)-th column of that colour. With
 * -fmad=false (CUDA) or -ffp-contract=off (HIP, the CPU emulation) the result is Java's bit for bit.
 */
#ifndef HOLDFAST_DEVICE_STENCIL_3D_H
#define HOLDFAST_DEVICE_STENCIL_3D_H

#include "stencil.h"

namespace holdfast {

/* Points of one colour in the cube's compact numbering: interior lines times points_per_row. */
__host__ __device__ __forceinline__ int points_per_colour_3d(int n) { return (n - 2) * (n - 2) * points_per_row(n); }

/* The 7-point update, the one place its arithmetic is written: the new value of point (i, j, k)
 * from its neighbours in planes i + 1 and i - 1, rows j + 1 and j - 1, columns k + 1 and k - 1 and
 * h2f = h2 * f(i, j, k), added in exactly this order and divided by 6 (Stencil.sevenPointUpdate). */
__host__ __device__ __forceinline__ double seven_point_update(double plane_after, double plane_before, double row_after,
                                                              double row_before, double column_after,
                                                              double column_before, double h2f)
{
    return (plane_after + plane_before + row_after + row_before + column_after + column_before - h2f) / 6.0;
}

/* Updates the points of `colour` numbered first, first + stride, ... below end; the last one of a
 * line may fall on the boundary when n is even, hence the test on k. */
__device__ __forceinline__ void half_sweep_3d(const Problem& problem, int colour, int first, int end, int stride)
{
    const int n = problem.n;
    const int half = points_per_row(n);
    const int plane = n * n;
    double* u = problem.u;
    for (int p = first; p < end; p += stride) {
        const int line = p / half;
        const int i = 1 + line / (n - 2);
        const int j = 1 + line % (n - 2);
        const int k = 1 + 2 * (p % half) + ((i + j + 1 + colour) & 1);
        if (k < n - 1) {
            const int c = (i * n + j) * n + k;
            u[c] = seven_point_update(u[c + plane], u[c - plane], u[c + n], u[c - n], u[c + 1], u[c - 1],
                                      problem.h2 * problem.f[c]);
        }
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_STENCIL_3D_H */
