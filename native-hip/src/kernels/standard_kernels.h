/*
 * standard_kernels.h: the hand-written standard kernels (--kernels native).
 *
 * Same signatures as the Java-generated red and black kernels, so the harness launches them
 * through the driver API the same way (hf_red_3d and hf_black_3d: RedBlackKernels3D's, on the cube);
 * hf_empty measures launch overhead alone.
 */
#ifndef HOLDFAST_KERNELS_STANDARD_H
#define HOLDFAST_KERNELS_STANDARD_H

#include "../device/problems.h"

extern "C" __global__ void hf_red(double* __restrict__ u, const double* __restrict__ f, int n, double h2)
{
    holdfast::half_sweep_grid_stride(holdfast::Problem{u, f, n, h2}, 0);
}

extern "C" __global__ void hf_black(double* __restrict__ u, const double* __restrict__ f, int n, double h2)
{
    holdfast::half_sweep_grid_stride(holdfast::Problem{u, f, n, h2}, 1);
}

extern "C" __global__ void hf_red_3d(double* __restrict__ u, const double* __restrict__ f, int n, double h2)
{
    holdfast::half_sweep_grid_stride_of<HF_PROBLEM_POISSON_3D>(holdfast::Problem{u, f, n, h2}, 0);
}

extern "C" __global__ void hf_black_3d(double* __restrict__ u, const double* __restrict__ f, int n, double h2)
{
    holdfast::half_sweep_grid_stride_of<HF_PROBLEM_POISSON_3D>(holdfast::Problem{u, f, n, h2}, 1);
}

extern "C" __global__ void hf_empty() {}

#endif /* HOLDFAST_KERNELS_STANDARD_H */
