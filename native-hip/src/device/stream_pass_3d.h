/*
 * stream_pass_3d.h: one temporally blocked pass of the cube's red-black solver (2.5D blocking), k
 * half-sweeps deep, streamed along the planes i: the hand-written twin of the Java kernel
 * TemporalKernels3D.streamPass (tornado-tasks/kernels), the same design line by line, for the
 * standard twin kernels (kernels/temporal_stream_3d.h).
 *
 * A pass reads the state before it from `in` and writes every interior point of the state after it
 * to `out` (two buffers: a block's ghost points are a neighbour's owned points, which the neighbour
 * may already have advanced in the same launch). `out` holds the boundary already.
 *
 * Work split (stream_geometry_3d.h): an item is (tile of rows j and columns k, segment of planes i).
 * A block holds stream_3d_tile_rows(k) x 64 points of a plane: its owned ones and k ghost rows and
 * columns each side. It streams the planes from k before its segment to k after; at step t plane t
 * is in shared memory and level s (the state after s half-sweeps) is computed at plane t - s for
 * s = 1 .. k, in place: level s updates only colour first + s - 1, whose six neighbours have the
 * other colour, which level s - 1 left and level s does not touch. A block barrier before each level
 * orders it after the level below, which wrote plane t - s + 1 this step. Level s is computed at tile
 * rows s .. rows - s - 1 and every column; what is not exact (within s of the tile's edge) is never
 * owned, so the owned points are exact at level k. Planes t - k - 1 .. t + 1 are live at step t: a
 * ring of k + 3 planes. A pass of fewer half-sweeps than k (the last of a run) leaves the levels
 * beyond them undone, which in place is the state carried on.
 *
 * Layout: each tile row keeps its even tile columns, then its odd ones, so that a warp updating one
 * colour of a row reads and writes 32 consecutive doubles (no bank conflicts). Lane q holds columns
 * 2q and 2q + 1 of rows warp + 16 r: it loads them (a plane into registers two steps ahead, so the
 * loads' latency hides behind a step of work), updates the member of the level's colour (every lane
 * of a row the same member) and stores the owned ones, two consecutive doubles per lane. The f an
 * update needs is loaded into registers at the same level of the step before (the plane after it,
 * the other member), so that no level waits for L2.
 *
 * Exactness: each update is the reference's arithmetic in the reference's order (stencil_3d.h, with
 * contraction off), and boundary points never change.
 *
 * `in` and `out` carry no __restrict__ here, as in stream_pass.h: the standard kernels' own parameters
 * do, and the persistent kernel's must not (it reads in one pass what other blocks wrote in the one
 * before); f is read-only everywhere.
 */
#ifndef HOLDFAST_DEVICE_STREAM_PASS_3D_H
#define HOLDFAST_DEVICE_STREAM_PASS_3D_H

#include "stencil_3d.h"
#include "stream_geometry_3d.h"

/* Unrolled on the GPU (the prefetch registers need compile-time indices); host compilers of the CPU
 * emulation do not know the pragma. The same definition as colour_planes.h's. */
#ifndef HF_UNROLL
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HF_UNROLL _Pragma("unroll")
#else
#define HF_UNROLL
#endif
#endif

namespace holdfast {

/* Whether 0 <= value < limit. */
__device__ __forceinline__ bool stream_3d_within(int value, int limit) { return value >= 0 && value < limit; }

/* The ring slot of plane `plane` (>= lo), in doubles from the ring's start. */
template <int K>
__device__ __forceinline__ int stream_3d_slot(int plane, int lo)
{
    return (plane - lo) % (K + 3) * stream_3d_tile_rows(K) * kStream3dTileColumns;
}

/* The thread's pairs of plane `plane` from `in` into registers (the points outside the grid are left alone). */
template <int K>
__device__ __forceinline__ void stream_3d_load_plane(const double* in, int n, int plane, int row_start,
                                                     int column_start, double (&next0)[kStream3dRowsPerWarp],
                                                     double (&next1)[kStream3dRowsPerWarp])
{
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    const int column = column_start + 2 * lane;
HF_UNROLL
    for (int r = 0; r < kStream3dRowsPerWarp; ++r) {
        const int row = row_start + warp + kStream3dWarps * r;
        if (warp + kStream3dWarps * r < stream_3d_tile_rows(K) && stream_3d_within(row, n)) {
            const int base = (plane * n + row) * n + column;
            if (stream_3d_within(column, n)) {
                next0[r] = in[base];
            }
            if (stream_3d_within(column + 1, n)) {
                next1[r] = in[base + 1];
            }
        }
    }
}

/* The registers stream_3d_load_plane filled into the ring slot at `slot`, even columns then odd ones per row. */
template <int K>
__device__ __forceinline__ void stream_3d_store_plane(double* ring, int slot, const double (&next0)[kStream3dRowsPerWarp],
                                                      const double (&next1)[kStream3dRowsPerWarp])
{
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
HF_UNROLL
    for (int r = 0; r < kStream3dRowsPerWarp; ++r) {
        const int a = warp + kStream3dWarps * r;
        if (a < stream_3d_tile_rows(K)) {
            ring[slot + a * kStream3dTileColumns + lane] = next0[r];
            ring[slot + a * kStream3dTileColumns + kStream3dPairs + lane] = next1[r];
        }
    }
}

/* Whether a level's plane `plane` is computed: its neighbouring planes are loaded, and it is interior. */
__device__ __forceinline__ bool stream_3d_plane_computes(int plane, int lo, int hi, int n)
{
    return plane - 1 >= lo && plane + 1 <= hi && stream_3d_within(plane - 1, n - 2);
}

/* Level `level` at plane `plane`, when `live` (the pass has that many half-sweeps) and the plane
 * computes: each thread updates, in its rows among the level's, the member of its pair that has the
 * level's colour (every lane of a row the same member: `parity` is (first + t - 1) & 1), where that
 * point is interior and within the level's columns, with the f that the step before loaded into
 * f_ahead. Then it loads the f the next step's same level needs (plane + 1, the other member) into
 * the same registers: a step ahead of its use, so that no level waits for L2. */
template <int K>
__device__ __forceinline__ void stream_3d_update_level(double* ring, const double* __restrict__ f,
                                                       double (&f_ahead)[K * kStream3dRowsPerWarp], int n, double h2,
                                                       int parity, int plane, int lo, int hi, int row_start,
                                                       int column_start, int level, bool live)
{
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    const bool computes = live && stream_3d_plane_computes(plane, lo, hi, n);
    const bool computes_next = live && stream_3d_plane_computes(plane + 1, lo, hi, n);
    const int here = computes ? stream_3d_slot<K>(plane, lo) : 0;
    const int after = computes ? stream_3d_slot<K>(plane + 1, lo) : 0;
    const int before = computes ? stream_3d_slot<K>(plane - 1, lo) : 0;
    HF_UNROLL
    for (int r = 0; r < kStream3dRowsPerWarp; ++r) {
        const int a = warp + kStream3dWarps * r;
        const int row = row_start + a;
        if (a >= level && a < stream_3d_tile_rows(K) - level && stream_3d_within(row - 1, n - 2)) {
            const int member = (parity + row + column_start) & 1;
            const int b = 2 * lane + member;
            if (computes && stream_3d_within(b - level, kStream3dTileColumns - 2 * level) &&
                stream_3d_within(column_start + b - 1, n - 2)) {
                const int offset = a * kStream3dTileColumns + member * kStream3dPairs + lane;
                /* The other member's half of the row: column + 1 is its lane + member, column - 1 its lane + member - 1. */
                const int other = a * kStream3dTileColumns + (1 - member) * kStream3dPairs + lane;
                const int centre = here + offset;
                ring[centre] = seven_point_update(ring[after + offset], ring[before + offset],
                                                  ring[centre + kStream3dTileColumns], ring[centre - kStream3dTileColumns],
                                                  ring[here + other + member], ring[here + other - 1 + member],
                                                  h2 * f_ahead[(level - 1) * kStream3dRowsPerWarp + r]);
            }
            const int b_next = 2 * lane + 1 - member;
            if (computes_next && stream_3d_within(b_next - level, kStream3dTileColumns - 2 * level) &&
                stream_3d_within(column_start + b_next - 1, n - 2)) {
                f_ahead[(level - 1) * kStream3dRowsPerWarp + r] = f[((plane + 1) * n + row) * n + column_start + b_next];
            }
        }
    }
}

/* The thread's owned points of plane `plane`, both members of its pairs, from the ring to `out`. */
template <int K>
__device__ __forceinline__ void stream_3d_store_owned(const double* ring, double* out, int n, int plane,
                                                      int lo, int row_start, int column_start)
{
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    const int here = stream_3d_slot<K>(plane, lo);
    const int column = column_start + 2 * lane;
    const bool owned0 = stream_3d_within(2 * lane - K, kStream3dTileColumns - 2 * K) && stream_3d_within(column - 1, n - 2);
    const bool owned1 = stream_3d_within(2 * lane + 1 - K, kStream3dTileColumns - 2 * K) && stream_3d_within(column, n - 2);
HF_UNROLL
    for (int r = 0; r < kStream3dRowsPerWarp; ++r) {
        const int a = warp + kStream3dWarps * r;
        const int row = row_start + a;
        if (stream_3d_within(a - K, stream_3d_tile_rows(K) - 2 * K) && stream_3d_within(row - 1, n - 2)) {
            const int index = (plane * n + row) * n + column;
            if (owned0) {
                out[index] = ring[here + a * kStream3dTileColumns + lane];
            }
            if (owned1) {
                out[index + 1] = ring[here + a * kStream3dTileColumns + kStream3dPairs + lane];
            }
        }
    }
}

/* Streams item `item` of `sweeps` half-sweeps (<= K), the first of colour `first_colour`: every
 * thread of the block calls it, with `ring` the block's (K + 3)-plane ring (stream_3d_shared_bytes). */
template <int K>
__device__ __forceinline__ void stream_pass_3d_item(const double* in, double* out, const double* __restrict__ f, int n, double h2, int sweeps,
                                                    int first_colour, int tiles_j, int tiles_k, int segment_planes,
                                                    int item, double* ring)
{
    double next0[kStream3dRowsPerWarp] = {};
    double next1[kStream3dRowsPerWarp] = {};
    double f_ahead[K * kStream3dRowsPerWarp] = {};
    const int tile_k = item % tiles_k;
    const int tile_j = item / tiles_k % tiles_j;
    const int segment = item / tiles_k / tiles_j;
    const int row_start = 1 + tile_j * (stream_3d_tile_rows(K) - 2 * K) - K;
    const int column_start = 1 + tile_k * (kStream3dTileColumns - 2 * K) - K;
    const int i0 = 1 + segment * segment_planes;
    const int i1 = i0 + segment_planes < n - 1 ? i0 + segment_planes : n - 1;
    const int lo = i0 - K > 0 ? i0 - K : 0;
    const int hi = i1 - 1 + K < n - 1 ? i1 - 1 + K : n - 1;
    const int t_last = i1 - 1 + K;

    stream_3d_load_plane<K>(in, n, lo, row_start, column_start, next0, next1);
    __syncthreads(); /* a block that streams several items: the last one's last level has read the ring */
    stream_3d_store_plane<K>(ring, stream_3d_slot<K>(lo, lo), next0, next1);
    if (lo + 1 <= hi) {
        stream_3d_load_plane<K>(in, n, lo + 1, row_start, column_start, next0, next1);
    }
    for (int t = lo; t <= t_last; ++t) {
HF_UNROLL
        for (int level = 1; level <= K; ++level) {
            __syncthreads(); /* level - 1 is written at plane t - level + 1 (level 1: plane t is stored) */
            const int plane = t - level;
            /* Level's colour at plane t - level is first + level - 1: its member of each pair is the step's,
             * (first + t - 1 + row + column) & 1. */
            stream_3d_update_level<K>(ring, f, f_ahead, n, h2, (first_colour + t - 1) & 1, plane, lo, hi, row_start,
                                      column_start, level, level <= sweeps);
            if (level == K && stream_3d_within(plane - i0, i1 - i0)) {
                stream_3d_store_owned<K>(ring, out, n, plane, lo, row_start, column_start);
            }
        }
        /* Plane t + 1 into the slot of plane t - K - 2, which no level read this step; the barrier
         * before the next step's level 1 publishes it. */
        if (t + 1 <= hi) {
            stream_3d_store_plane<K>(ring, stream_3d_slot<K>(t + 1, lo), next0, next1);
        }
        if (t + 2 <= hi) {
            stream_3d_load_plane<K>(in, n, t + 2, row_start, column_start, next0, next1);
        }
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_STREAM_PASS_3D_H */
