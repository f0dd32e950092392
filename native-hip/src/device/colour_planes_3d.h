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
 * h2 * f product: the reference's bits. *
 * A slab of planes (the cube's cluster, cluster_resident.h): the same arrays for planes first ..
 * first + planes - 1 only (point (i, j, k) at ((i - first) n + j) stride + k / 2), held as
 * colour_planes.h's HeldRows with a plane of the cube where the square has a row; each thread's
 * points as PointSlots codes (level and push bits of the plane), six shared loads per point.
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

/* ---------------------------------------------------------------- a slab of planes (the cluster) */

/* Interior points of colour `colour` in plane `plane` of the cube: row j = 1 .. n - 2 of it has
 * interior_points_in_row(n, plane + j, colour); the rows alternate between the two counts, the
 * first (j = 1) taking one more of its count when n - 2 is odd. */
__host__ __device__ constexpr int interior_points_in_plane(int n, int plane, int colour)
{
    const int rows = n - 2;
    const int like_first = (rows + 1) / 2; /* rows j = 1, 3, 5, ... */
    return like_first * interior_points_in_row(n, plane + 1, colour) +
           (rows - like_first) * interior_points_in_row(n, plane + 2, colour);
}

/* Copies planes [first, end) of the n^3 array u into the colour arrays (array c at planes +
 * c * plane_doubles, local plane 0 = first). The block's threads share the copy. */
__device__ inline void load_slab(double* planes, int plane_doubles, int stride, const double* u, int n, int first,
                                 int end)
{
    const int cells = (end - first) * n * n;
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        const int line = cell / n; /* (i - first) * n + j */
        const int k = cell % n;
        const int i = first + line / n;
        const int j = line % n;
        planes[((i + j + k) & 1) * plane_doubles + line * stride + (k >> 1)] = u[static_cast<int64_t>(first) * n * n + cell];
    }
}

/* Copies the interior points of planes [band_first, band_end) back to u. */
__device__ inline void store_slab(const double* planes, int plane_doubles, int stride, double* u, int n, int first,
                                  int band_first, int band_end)
{
    const int width = n - 2;
    const int cells = (band_end - band_first) * width * width;
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        const int line = cell / width;
        const int i = band_first + line / width;
        const int j = 1 + line % width;
        const int k = 1 + cell % width;
        u[(static_cast<int64_t>(i) * n + j) * n + k] =
            planes[((i + j + k) & 1) * plane_doubles + ((i - first) * n + j) * stride + (k >> 1)];
    }
}

/* Fills `count` planes of colour `colour`, starting at plane `plane`, from u (boundary rows and
 * columns included, padding zero): the fixed part of a halo buffer. */
__device__ inline void load_halo_planes(double* to, int stride, const double* u, int n, int plane, int count, int colour)
{
    const int cells = count * n * stride;
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        const int line = cell / stride;
        const int i = plane + line / n;
        const int j = line % n;
        const int k = 2 * (cell % stride) + ((i + j + colour) & 1);
        to[cell] = k < n ? u[(static_cast<int64_t>(i) * n + j) * n + k] : 0.0;
    }
}

/* The thread's points of `colour` in the updated planes of `rows` (HeldRows counts planes here),
 * numbered plane by plane, row by row as half_sweep_3d numbers them (points_per_row per row, the
 * last one of a row skipped when it falls on the boundary), dealt out round-robin: point
 * thread + q * threads goes to slot q. Codes as assign_points': the centre, the east bit (k odd),
 * the plane's level and push bits. */
template <int P>
__device__ __forceinline__ void assign_points_3d(PointSlots<P>& slots, const Problem& problem, const HeldRows& rows,
                                                 int stride, int colour, int thread, int threads)
{
    const int n = problem.n;
    const int half = points_per_row(n);
    const int per_plane = (n - 2) * half;
    const int points = (rows.update_end - rows.update_first) * per_plane;
    const int unit = n * stride;
    /* An unused slot sits on column 0 of row 0 of the first updated plane: its reads (see
     * sweep_points_3d) touch no plane that a neighbour may be writing into. */
    const int unused = (((rows.update_first - rows.first_row) * unit) << kCentreShift) | kNoPoint;
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        slots.code[q] = unused;
        slots.h2f[q] = 0.0;
        const int p = thread + q * threads;
        if (p < points) {
            const int i = rows.update_first + p / per_plane;
            const int j = 1 + (p % per_plane) / half;
            const int k = 1 + 2 * (p % half) + ((i + j + 1 + colour) & 1);
            if (k < n - 1) {
                slots.code[q] =
                    held_point_code(rows, i, ((i - rows.first_row) * n + j) * stride + (k >> 1), (k & 1) != 0);
                slots.h2f[q] = problem.h2 * problem.f[(static_cast<int64_t>(i) * n + j) * n + k];
            }
        }
    }
}

/* sweep_points for the cube: the points whose level lies in [lowest, highest] take
 * seven_point_update of their six neighbours in `other` (planes i + 1, i - 1 at +- unit, rows
 * j + 1, j - 1 at +- stride, columns k + 1, k - 1), all loads issued unconditionally; a point outside
 * the range reads its own place in the other array six times and stores nothing. deliver(code,
 * value) sees each new value after it is stored. */
template <int P, typename Deliver>
__device__ __forceinline__ void sweep_points_3d(const PointSlots<P>& slots, double* own, const double* other, int stride,
                                                int unit, int lowest, int highest, Deliver deliver)
{
    double value[P];
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        int code = slots.code[q];
        asm volatile("" : "+r"(code)); /* decoded every half-sweep: one register per point (sweep_points) */
        const int level = point_level(code);
        const bool updated = level >= lowest && level <= highest;
        const int centre = point_centre(code);
        const int east = centre + ((code & kEastBit) != 0 ? 1 : 0);
        const int plane = updated ? unit : 0;
        const int row = updated ? stride : 0;
        const int east_at = updated ? east : centre;
        const int west_at = updated ? east - 1 : centre;
        value[q] = seven_point_update(other[centre + plane], other[centre - plane], other[centre + row],
                                      other[centre - row], other[east_at], other[west_at], slots.h2f[q]);
    }
    store_levels(slots, value, own, lowest, highest, deliver);
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_COLOUR_PLANES_3D_H */
