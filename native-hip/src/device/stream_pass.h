/*
 * stream_pass.h: one temporally blocked pass of the red-black solver, k half-sweeps deep, streamed
 * down the rows: the hand-written twin of the Java kernel TemporalKernels.streamPass
 * (tornado-tasks/kernels), the same design line by line, shared by the standard twin kernels
 * (kernels/temporal_stream.h) and the persistent counterpart (kernels/temporal_persistent.h).
 *
 * A pass reads the state before it from `in` and writes every interior point of the state after
 * it to `out` (two buffers: a block's ghost points are a neighbour's owned points, which the
 * neighbour may already have advanced in the same launch). `out` holds the boundary already; the
 * pass writes each interior point exactly once.
 *
 * Work split: an item is (strip of columns, segment of rows). A block of kStreamThreads threads
 * covers 2 * kStreamThreads columns: its strip plus a ghost border of H = k rounded up to even on
 * each side, one pair of columns (x0 + 2m, x0 + 2m + 1, x0 even) per thread. It streams the rows
 * from k above its segment to k below; at step t it loads row t + 1 and computes level s (the state
 * after s half-sweeps of the pass) at row t - s for s = 1 .. k, one point per thread and level.
 *
 * Why one point per thread and level: level s updates colour first + s - 1 at row t - s, and
 * (t - s) + (first + s - 1) does not depend on s, so every level updates the same member
 * P = (first + t - 1) & 1 of its pair at step t. Level s reads only level s - 1: south (row
 * t-s+1, member P) computed this step -> cur[s-1]; north (row t-s-1) two steps ago -> prev2[s-1];
 * the pair's other member (row t-s) one step ago -> prev[s-1]; the neighbouring thread's member one
 * step ago -> exchanged by warp shuffle, through shared memory at warp edges. So three registers per
 * level, and one block barrier per row serves every level. A level is computed only inside the rows
 * where its inputs are exact (one row fewer each side per level), so the owned points are exact at
 * level k. A pass of fewer half-sweeps than k (the last of a run) turns levels beyond it into
 * copies of level s - 2, whose colour they carry.
 *
 * Memory: u of row t + 1 is loaded into a register at step t and is level 0 at step t + 1; f of
 * row t + 1 (both members) is loaded into registers at step t and put, after the step's work, into
 * a ring of k + 1 rows in shared memory that each thread reads and writes only at its own entries
 * (levels read f of rows t - 1 .. t - k), so the ring needs no barrier. A deep pass (k > 9) keeps
 * kStreamRingRows rows in the ring, so that shared memory stays static (under 48 KB); its deeper
 * levels read f from global memory again, where the thread loaded it (stream_ring_levels). Plain
 * loads held one step hide their latency behind the step's work, as well as cp.async did in the
 * prototypes.
 *
 * Exactness: each update is the reference's arithmetic in the reference's order (stencil.h, with
 * contraction off), a half-sweep reads only the other colour, and boundary points never change.
 *
 * The pointers carry no __restrict__ here: the standard kernels' own parameters do (so their
 * reads of `in` and `f` may take the read-only path), and the persistent kernel's must not, because
 * it reads in one pass what other blocks wrote in the previous one.
 *
 * Needs 32-lane warp shuffles: CUDA only (HF_HAS_STREAM_SHUFFLE); elsewhere the kernels are empty
 * and their rows are marked CUDA-only.
 */
#ifndef HOLDFAST_DEVICE_STREAM_PASS_H
#define HOLDFAST_DEVICE_STREAM_PASS_H

#ifndef HF_HAS_STREAM_SHUFFLE /* the CPU emulation of lab/temporal defines it and emulates the shuffles */
#if defined(__CUDACC__) && !defined(__HIPCC__)
#define HF_HAS_STREAM_SHUFFLE 1
#else
#define HF_HAS_STREAM_SHUFFLE 0
#endif
#endif

#include "stencil.h"
#include "stream_geometry.h"

namespace holdfast {

/* Whether 0 <= value < limit. */
__device__ __forceinline__ bool stream_within(int value, int limit) { return value >= 0 && value < limit; }

/* `slot` + 1 in a ring of `slots`. */
__device__ __forceinline__ int stream_ring_next(int slot, int slots) { return slot + 1 == slots ? 0 : slot + 1; }

/* `slot` - `behind` in a ring of `slots` (behind < slots). */
__device__ __forceinline__ int stream_ring_behind(int slot, int behind, int slots)
{
    return slot - behind < 0 ? slot - behind + slots : slot - behind;
}

/* One thread's constants of one item. */
struct StreamItem {
    int col0;                   /* the pair's first column (even) */
    bool interior0, interior1;  /* the pair's columns within 1 .. n-2 */
    bool in_grid0, in_grid1;    /* within 0 .. n-1 */
    bool owned0, owned1;        /* owned by this strip */
    int y0, y1;                 /* owned rows [y0, y1) */
    int lo;                     /* the first row level 0 is needed at: y0 - k */
    int span;                   /* rows level 0 is needed at */
    int t_last;                 /* the last row loaded */
};

#if HF_HAS_STREAM_SHUFFLE

/* The neighbouring thread's level-`level` value of the previous step (its prev[level]): thread
 * m - 1's when P = 0 (the even member's west neighbour is across), thread m + 1's when P = 1.
 * Every lane shuffles; the lane at a warp's edge takes what the neighbouring warp left in `edges`. */
template <int K, int P>
__device__ __forceinline__ double stream_neighbour(double mine, int level, const double* edges)
{
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    if (P == 0) {
        const double shuffled = __shfl_up_sync(0xffffffffu, mine, 1);
        return lane == 0 ? edges[level * kStreamWarps + (warp > 0 ? warp - 1 : 0)] : shuffled;
    }
    const double shuffled = __shfl_down_sync(0xffffffffu, mine, 1);
    return lane == 31 ? edges[(K + level) * kStreamWarps + (warp + 1 < kStreamWarps ? warp + 1 : warp)] : shuffled;
}

/* Leaves this step's values where the next step (parity 1 - P) reads across warps: side 0 (lane
 * 31's, for the next warp's lane 0) when the next parity is 0, side 1 (lane 0's) when it is 1. */
template <int K, int P>
__device__ __forceinline__ void stream_publish(const double (&cur)[K], double* edges)
{
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    if (lane == (P == 1 ? 31 : 0)) {
#pragma unroll
        for (int level = 0; level < K; ++level) {
            edges[((P == 1 ? 0 : K) + level) * kStreamWarps + warp] = cur[level];
        }
    }
}

/* Step t of an item: loads row t + 1, computes levels 1 .. K at rows t - 1 .. t - K (level 0 at row
 * t is `u`), publishes, stores row t - K, and returns u of row t + 1 for the next step. cur, prev and
 * prev2 hold each level's rows t - s, t - s - 1, t - s - 2; the caller rotates the three arrays, so
 * no value moves between registers. */
template <int K, int P>
__device__ __forceinline__ double stream_step(double u, double (&cur)[K], const double (&prev)[K], const double (&prev2)[K],
                                              const double* in, double* out, const double* f, double* f_ring,
                                              double* edges, int n,
                                              double h2, int sweeps, const StreamItem& item, int t, int f_slot)
{
    const int thread = static_cast<int>(threadIdx.x);
    /* Row t + 1 into registers now; its f goes into the ring after the work below. */
    const int ahead = t + 1;
    const bool loads = ahead <= item.t_last && stream_within(ahead, n);
    double u_next = 0.0;
    double f0 = 0.0;
    double f1 = 0.0;
    if (loads) {
        const int base = ahead * n + item.col0;
        if (P == 0 ? item.in_grid1 : item.in_grid0) {
            u_next = in[base + 1 - P]; /* the member level 0 needs next step */
        }
        if (item.in_grid0) {
            f0 = f[base];
        }
        if (item.in_grid1) {
            f1 = f[base + 1];
        }
    }
    __syncthreads(); /* the previous step's edge values are published */

    cur[0] = u;
    const bool interior = P == 0 ? item.interior0 : item.interior1;
    const bool in_grid = P == 0 ? item.in_grid0 : item.in_grid1;
    const int column = item.col0 + P;
    const int d = t - item.lo;
    double top = 0.0;
#pragma unroll
    for (int level = 1; level <= K; ++level) {
        const int below = level - 1;
        double value = 0.0;
        if (level >= 2 && level > sweeps) {
            value = prev2[level >= 2 ? level - 2 : 0]; /* the pass is over: carry the colour on */
        } else {
            const double across = stream_neighbour<K, P>(prev[below], below, edges);
            const int row = t - level;
            if (stream_within(d - 2 * level, item.span - 2 * level)) { /* row among level's exact rows */
                if (interior && stream_within(row - 1, n - 2)) {
                    const double f_here =
                        level <= stream_ring_levels(K)
                            ? f_ring[(stream_ring_behind(f_slot, level, stream_ring_rows(K)) * 2 + P) * kStreamThreads + thread]
                            : f[row * n + column]; /* beyond the ring: this thread loaded it level + 1 steps ago */
                    const double east = P == 0 ? prev[below] : across;
                    const double west = P == 0 ? across : prev[below];
                    value = five_point_update(cur[below], prev2[below], east, west, h2 * f_here);
                } else if (in_grid && stream_within(row, n)) {
                    value = in[row * n + column]; /* boundary: never changes */
                }
            }
        }
        if (level < K) {
            cur[level] = value;
        } else {
            top = value;
        }
    }
    stream_publish<K, P>(cur, edges);

    if (loads) {
        /* row t - R's (R = stream_ring_levels(K)), read above for the last time */
        const int slot = stream_ring_next(f_slot, stream_ring_rows(K));
        f_ring[slot * 2 * kStreamThreads + thread] = f0;
        f_ring[(slot * 2 + 1) * kStreamThreads + thread] = f1;
    }
    const int row = t - K;
    if (stream_within(row - item.y0, item.y1 - item.y0)) {
        const int index = row * n + item.col0;
        if (P == 0 ? item.owned0 : item.owned1) {
            out[index + P] = top;
        }
        if (P == 0 ? item.owned1 : item.owned0) {
            out[index + 1 - P] = prev[K - 1]; /* level K - 1: the colour level K left alone */
        }
    }
    return u_next;
}

/* Streams item `item` of a pass of `sweeps` (1 .. K) half-sweeps whose first is colour
 * `first_colour`. Every thread of the block calls it, with blockDim.x == kStreamThreads; f_ring and
 * edges are the block's shared memory (stream_shared_doubles). */
template <int K>
__device__ __forceinline__ void stream_pass_item(const double* in, double* out, const double* f, int n, double h2,
                                                 int sweeps,
                                                 int first_colour, StreamGeometry geometry, int item_index,
                                                 double* f_ring, double* edges)
{
    const int thread = static_cast<int>(threadIdx.x);
    const int strip = item_index % geometry.strips;
    const int segment = item_index / geometry.strips;
    const int own_begin = strip * geometry.strip_width > 1 ? strip * geometry.strip_width : 1;
    const int own_end = (strip + 1) * geometry.strip_width < n - 1 ? (strip + 1) * geometry.strip_width : n - 1;
    StreamItem item;
    item.col0 = strip * geometry.strip_width - stream_halo(K) + 2 * thread;
    item.interior0 = stream_within(item.col0 - 1, n - 2);
    item.interior1 = stream_within(item.col0, n - 2);
    item.in_grid0 = stream_within(item.col0, n);
    item.in_grid1 = stream_within(item.col0 + 1, n);
    item.owned0 = stream_within(item.col0 - own_begin, own_end - own_begin);
    item.owned1 = stream_within(item.col0 + 1 - own_begin, own_end - own_begin);
    item.y0 = 1 + segment * geometry.segment_rows;
    item.y1 = item.y0 + geometry.segment_rows < n - 1 ? item.y0 + geometry.segment_rows : n - 1;
    item.lo = item.y0 - K;
    item.span = item.y1 - 1 + K - item.lo + 1;
    item.t_last = item.y1 - 1 + K;
    /* Start one row early where needed, so that the first step has P = 0 (the loop's first). */
    int t = item.lo - ((first_colour + item.lo - 1) & 1);

    /* Row t: level 0's member for the first step (P = 0) into a register, f into ring slot 0. */
    double u = 0.0;
    if (t <= item.t_last && stream_within(t, n)) {
        const int base = t * n + item.col0;
        if (item.in_grid0) {
            u = in[base];
            f_ring[thread] = f[base];
        }
        if (item.in_grid1) {
            f_ring[kStreamThreads + thread] = f[base + 1];
        }
    }
    int f_slot = 0;

    double a[K], b[K], c[K];
#pragma unroll
    for (int level = 0; level < K; ++level) {
        a[level] = 0.0;
        b[level] = 0.0;
        c[level] = 0.0;
    }
    /* Six steps a round: two parities times the three-way rotation of (cur, prev, prev2). */
    for (;;) {
        u = stream_step<K, 0>(u, a, b, c, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 1>(u, c, a, b, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 0>(u, b, c, a, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 1>(u, a, b, c, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 0>(u, c, a, b, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 1>(u, b, c, a, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
    }
}

#endif /* HF_HAS_STREAM_SHUFFLE */

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_STREAM_PASS_H */
