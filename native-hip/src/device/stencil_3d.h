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

#include <cmath>

#include "stencil.h"

namespace holdfast {

/* Points of one colour in the cube's compact numbering: interior lines times points_per_row. */
__host__ __device__ __forceinline__ int points_per_colour_3d(int n) { return (n - 2) * (n - 2) * points_per_row(n); }

/* x / 6.0, correctly rounded, the same bits, in three dependent operations instead of a division
 * (a double division is a reciprocal and about eight dependent fused multiply-adds on the GPU: the
 * longest part of a point's update, and the on-chip kernels wait for their slowest point at every
 * barrier). For x and x / 6 in the normal range, with y = RN(1/6) = (1/6)(1 - 2^-54):
 *   q = RN(x y) lies within 1/2 + 1/2 ulp of v = x / 6 (x y = v (1 - 2^-54), |v| 2^-54 < ulp / 2),
 *   so it is one of the two doubles around v, and r = x - 6 q is a double, computed exactly by the
 *   fused multiply-add (the remainder of a faithful quotient);
 *   q + r y = v - (v - q) 2^-54 lies within 2^-54 ulp of v; and v is never within 1/6 ulp of a
 *   rounding midpoint: x = M 2^E with M odd, v = (M / 3) 2^(E - 1), and unless 3 divides M (v is then
 *   a double) v / ulp(v) = (M / 3) 2^K with K >= 1 has the fractional part 1/3 or 2/3.
 * So RN(q + r y), one fused multiply-add, is RN(v). Zero, subnormal, huge and non-finite x take the
 * division itself. tests/kernel_emulation_test checks it against x / 6.0 bit for bit. */
__host__ __device__ __forceinline__ double divide_by_six(double x)
{
    const double magnitude = fabs(x);
    if (!(magnitude >= 0x1p-960 && magnitude <= 0x1p1000)) {
        return x / 6.0;
    }
    const double sixth = 0x1.5555555555555p-3; /* RN(1/6) */
    const double quotient = x * sixth;
    const double remainder = fma(-quotient, 6.0, x);
    return fma(remainder, sixth, quotient);
}

/* The 7-point update, the one place its arithmetic is written: the new value of point (i, j, k)
 * from its neighbours in planes i + 1 and i - 1, rows j + 1 and j - 1, columns k + 1 and k - 1 and
 * h2f = h2 * f(i, j, k), added in exactly this order and divided by 6 (Stencil.sevenPointUpdate;
 * divide_by_six gives the division's bits). */
__host__ __device__ __forceinline__ double seven_point_update(double plane_after, double plane_before, double row_after,
                                                              double row_before, double column_after,
                                                              double column_before, double h2f)
{
    return divide_by_six(plane_after + plane_before + row_after + row_before + column_after + column_before - h2f);
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
