/*
 * colour_planes_3d.h: the whole cube held on chip as two colour arrays, each thread's points in
 * registers (the cube's twin of colour_planes.h's "whole grid in one block").
 *
 * Array c holds the points of colour c ((i + j + k) % 2 == c), row by row of every plane: point
 * (i, j, k) sits at (i * n + j) * stride + k / 2 of array (i + j + k) % 2, stride = plane_stride(n)
 * doubles per row. A point's six neighbours have the other colour and sit in the other array at
 * centre + plane and centre - plane (planes i + 1, i - 1; plane = n * stride), centre + stride and
 * centre - stride (rows j + 1, j - 1), east = centre + k % 2 (column k + 1) and east - 1 (k - 1),
 * where centre is the point's own index: as in the square, neighbouring points of one colour are
 * neighbouring doubles (contiguous warp loads, no bank conflicts).
 *
 * A thread keeps per point the address of its neighbour in plane i - 1 and of its west neighbour
 * (GridPoints: the other four and the point itself are fixed offsets from them) and h2 * f: four
 * registers per point and colour, as in the square, so the square's slot counts and block sizes
 * (max_threads_for_slots) hold. The arithmetic is seven_point_update's, with half_sweep_3d's
 * h2 * f product: the reference's bits.
 */
#ifndef HOLDFAST_DEVICE_COLOUR_PLANES_3D_H
#define HOLDFAST_DEVICE_COLOUR_PLANES_3D_H

#include "colour_planes.h"
#include "stencil_3d.h"

namespace holdfast {

/* Doubles of one colour's array: n planes of n rows of plane_stride(n). */
__host__ __device__ constexpr int cube_colour_doubles(int n) { return n * n * plane_stride(n); }

/* Shared bytes for the whole cube as two colour arrays (N = 16: 32 KiB; N = 22: 91 KiB). */
__host__ __device__ inline size_t on_chip_cube_bytes(int n)
{
    return static_cast<size_t>(2) * static_cast<size_t>(cube_colour_doubles(n)) * sizeof(double);
}

/* The thread's points of `colour`, numbered as half_sweep_3d numbers them (point thread + q *
 * threads in slot q); `other` is the array of the other colour. north[q] holds the address of the
 * neighbour in plane i - 1. */
template <int P>
__device__ __forceinline__ void assign_cube_points(GridPoints<P>& points, const Problem& problem, const double* other,
                                                   int stride, int colour, int thread, int threads)
{
    const int n = problem.n;
    const int half = points_per_row(n);
    assign_held_points(points, problem, other, n * stride, points_per_colour_3d(n), thread, threads, [=](int p) {
        const int line = p / half;
        const int i = 1 + line / (n - 2);
        const int j = 1 + line % (n - 2);
        const int k = 1 + 2 * (p % half) + ((i + j + 1 + colour) & 1);
        const int centre = (i * n + j) * stride + (k >> 1);
        return HeldPoint{centre, centre + (k & 1), k < n - 1 ? (i * n + j) * n + k : -1};
    });
}

/* One half-sweep of the thread's points: all loads and sums first (the slots' chains overlap; no
 * branch), then the stores. From before (plane i - 1): plane i + 1 two planes on, rows j + 1 and
 * j - 1 one plane on and a row either way, the point one plane on plus own_shift (the distance from
 * the other array to its own). The sum is seven_point_update's: planes i + 1, i - 1, rows j + 1,
 * j - 1, columns k + 1, k - 1. */
template <int P>
__device__ __forceinline__ void sweep_cube_points(const GridPoints<P>& points, int row_bytes, int plane_bytes,
                                                  int own_shift)
{
    double value[P];
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        const SharedAddress before = points.north[q];
        const double plane_after = load_shared(byte_offset(before, 2 * plane_bytes));
        const double plane_before = load_shared(before);
        const double row_after = load_shared(byte_offset(before, plane_bytes + row_bytes));
        const double row_before = load_shared(byte_offset(before, plane_bytes - row_bytes));
        const double column_after = load_shared_after(points.west[q]);
        const double column_before = load_shared(points.west[q]);
        value[q] = seven_point_update(plane_after, plane_before, row_after, row_before, column_after, column_before,
                                      points.h2f[q]);
    }
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        if ((points.used >> q) & 1u) {
            store_shared(byte_offset(points.north[q], plane_bytes + own_shift), value[q]);
        }
    }
}

/* Copies the whole n^3 array u into the two colour arrays (array c at arrays + c * colour_doubles).
 * The block's threads share the copy. */
__device__ inline void load_cube_planes(double* arrays, int colour_doubles, int stride, const double* u, int n)
{
    const int cells = n * n * n;
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        const int k = cell % n;
        const int row = cell / n; /* i * n + j */
        const int colour = (row / n + row % n + k) & 1;
        arrays[colour * colour_doubles + row * stride + (k >> 1)] = u[cell];
    }
}

/* Copies the interior points back to u. */
__device__ inline void store_cube_planes(const double* arrays, int colour_doubles, int stride, double* u, int n)
{
    const int width = n - 2;
    const int cells = width * width * width;
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        const int k = 1 + cell % width;
        const int j = 1 + (cell / width) % width;
        const int i = 1 + cell / (width * width);
        const int row = i * n + j;
        u[row * n + k] = arrays[((i + j + k) & 1) * colour_doubles + row * stride + (k >> 1)];
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_COLOUR_PLANES_3D_H */
