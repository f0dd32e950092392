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
 * prototypes. How a thread's pair of f and of out moves (StreamAccess) is the kernel's choice:
 * 8 bytes at a time (the twins'), or 16 (the persistent row temporal-paired), whose form for each
 * row parity is fixed when compiled (stream_rows), so that no step carries both.
 *
 * Exactness: each update is the reference's arithmetic in the reference's order (stencil.h, with
 * contraction off), a half-sweep reads only the other colour, and boundary points never change.
 *
 * The pointers carry no __restrict__ here: the standard kernels' own parameters do (so their
 * reads of `in` and `f` may take the read-only path), and the persistent kernel's must not, because
 * it reads in one pass what other blocks wrote in the previous one.
 *
 * Needs 32-lane warp shuffles: CUDA only (HF_HAS_STREAM_SHUFFLE); elsewhere the kernels are empty
 * and their rows are marked CUDA-only. A CPU emulation that defines HF_HAS_STREAM_SHUFFLE also
 * defines hf_emulated_check_pair_aligned(address), which fails where a 16-byte access would fault.
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

#include <cstdint>

#include "stencil.h"
#include "stream_geometry.h"

namespace holdfast {

/* How a thread's pair of columns moves between registers and global memory. kScalar: one 8-byte
 * access per member, so a warp's load or store is two requests at a 16-byte stride (the standard
 * twins', as the Java kernel's). kPaired (the persistent rows temporal-paired): f's pair loaded and
 * out's pair stored as one 16-byte access, so a warp's request covers 512 contiguous bytes. On a row
 * where (col0, col0 + 1) is not 16-byte aligned (odd n, odd rows), the aligned pair is
 * (col0 + 1, col0 + 2): the thread's second member and its east neighbour's first, which crosses
 * by warp shuffle, and a warp's lane 0 moves its first member alone. Only where the data moves
 * changes, not which values: the results are the same bits. u is loaded one member per row either
 * way (a half-sweep reads only the other colour). */
enum class StreamAccess { kScalar, kPaired };

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
    bool owned2;                /* col0 + 2 owned by this strip and held by this warp (not lane 31): kPaired stores it */
    int rows;                   /* rows of the grid: n for the square, a band's held rows (kernels/persistent_bands_temporal.h) */
    int y0, y1;                 /* owned rows [y0, y1) */
    int lo;                     /* the first row level 0 is needed at: y0 - k */
    int span;                   /* rows level 0 is needed at */
    int t_last;                 /* the last row loaded */
};

#if HF_HAS_STREAM_SHUFFLE

/* Where one step's pair of f or of out moves (device code picks it per row when compiled:
 * stream_pass_item's dispatch). */
enum class PairForm {
    kScalar,  /* one 8-byte access per member */
    kAligned, /* (col0, col0 + 1) is 16-byte aligned: one access */
    kShifted  /* (col0 + 1, col0 + 2) is: one access, the east lane's member 0 by shuffle, lane 0's alone */
};

/* A row's form under kPaired with 16-byte aligned arrays and n odd: even rows are aligned. */
__host__ __device__ constexpr PairForm stream_form_of_row_parity(int parity)
{
    return parity == 0 ? PairForm::kAligned : PairForm::kShifted;
}

/* Whether p + index is 16-byte aligned (p 8-byte aligned; index may be negative). */
__device__ __forceinline__ bool stream_pair_aligned(const double* p, int index)
{
    return (((reinterpret_cast<uintptr_t>(p) >> 3) + static_cast<uintptr_t>(static_cast<intptr_t>(index))) & 1) == 0;
}

/* source[0], source[1] (16-byte aligned) in one access. f is never written while a kernel runs, so
 * it may take the read-only path. */
__device__ __forceinline__ void stream_load_pair_read_only(const double* source, double& first, double& second)
{
#if defined(__CUDACC__)
    const double2 pair = __ldg(reinterpret_cast<const double2*>(source));
    first = pair.x;
    second = pair.y;
#else
    hf_emulated_check_pair_aligned(source);
    first = source[0];
    second = source[1];
#endif
}

/* destination[0], destination[1] (16-byte aligned) in one access. */
__device__ __forceinline__ void stream_store_pair(double* destination, double first, double second)
{
#if defined(__CUDACC__)
    *reinterpret_cast<double2*>(destination) = make_double2(first, second);
#else
    hf_emulated_check_pair_aligned(destination);
    destination[0] = first;
    destination[1] = second;
#endif
}

/* f of the thread's pair at row `row` (0 outside the grid). Every lane of the warp calls it. */
template <PairForm F>
__device__ __forceinline__ void stream_load_f(const double* f, int n, const StreamItem& item, int row, double& f0, double& f1)
{
    const int base = row * n + item.col0;
    if constexpr (F == PairForm::kAligned) {
        if (item.in_grid0 && item.in_grid1) {
            stream_load_pair_read_only(f + base, f0, f1);
            return;
        }
    } else if constexpr (F == PairForm::kShifted) {
        const bool in_grid2 = stream_within(item.col0 + 2, n);
        double east0 = 0.0; /* f at col0 + 2: the east lane's member 0 */
        if (item.in_grid1 && in_grid2) {
            stream_load_pair_read_only(f + base + 1, f1, east0);
        } else {
            if (item.in_grid1) {
                f1 = f[base + 1];
            }
            if (in_grid2) {
                east0 = f[base + 2];
            }
        }
        const double west = __shfl_up_sync(0xffffffffu, east0, 1);
        const bool lane0 = (threadIdx.x & 31) == 0;
        f0 = lane0 ? 0.0 : west;
        if (lane0 && item.in_grid0) {
            f0 = f[base]; /* no lane to the west in this warp loaded it */
        }
        return;
    }
    if (item.in_grid0) {
        f0 = f[base];
    }
    if (item.in_grid1) {
        f1 = f[base + 1];
    }
}

/* The owned members of the thread's pair at row `row` in the form F (kAligned or kShifted; the
 * step writes kScalar's itself): m0 at col0, m1 at col0 + 1. Every lane of the warp calls it. */
template <PairForm F>
__device__ __forceinline__ void stream_store_owned(double* out, int n, const StreamItem& item, int row, double m0, double m1)
{
    static_assert(F != PairForm::kScalar, "stream_step stores kScalar's pair itself, member P first");
    const int base = row * n + item.col0;
    if constexpr (F == PairForm::kAligned) {
        if (item.owned0 && item.owned1) {
            stream_store_pair(out + base, m0, m1);
            return;
        }
    } else if constexpr (F == PairForm::kShifted) {
        const double east0 = __shfl_down_sync(0xffffffffu, m0, 1); /* the east lane's member 0: col0 + 2 */
        if (item.owned1 && item.owned2) {
            stream_store_pair(out + base + 1, m1, east0);
        } else if (item.owned1) {
            out[base + 1] = m1;
        } else if (item.owned2) {
            out[base + 2] = east0;
        }
        if ((threadIdx.x & 31) == 0 && item.owned0) {
            out[base] = m0; /* no lane to the west in this warp stores it */
        }
        return;
    }
    if (item.owned0) {
        out[base] = m0;
    }
    if (item.owned1) {
        out[base + 1] = m1;
    }
}

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
template <int K, int P, PairForm LoadForm, PairForm StoreForm>
__device__ __forceinline__ double stream_step(double u, double (&cur)[K], const double (&prev)[K], const double (&prev2)[K],
                                              const double* in, double* out, const double* f, double* f_ring,
                                              double* edges, int n,
                                              double h2, int sweeps, const StreamItem& item, int t, int f_slot)
{
    const int thread = static_cast<int>(threadIdx.x);
    /* Row t + 1 into registers now; its f goes into the ring after the work below. */
    const int ahead = t + 1;
    const bool loads = ahead <= item.t_last && stream_within(ahead, item.rows);
    double u_next = 0.0;
    double f0 = 0.0;
    double f1 = 0.0;
    if (loads) {
        const int base = ahead * n + item.col0;
        if (P == 0 ? item.in_grid1 : item.in_grid0) {
            u_next = in[base + 1 - P]; /* the member level 0 needs next step */
        }
        stream_load_f<LoadForm>(f, n, item, ahead, f0, f1);
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
                if (interior && stream_within(row - 1, item.rows - 2)) {
                    const double f_here =
                        level <= stream_ring_levels(K)
                            ? f_ring[(stream_ring_behind(f_slot, level, stream_ring_rows(K)) * 2 + P) * kStreamThreads + thread]
                            : f[row * n + column]; /* beyond the ring: this thread loaded it level + 1 steps ago */
                    const double east = P == 0 ? prev[below] : across;
                    const double west = P == 0 ? across : prev[below];
                    value = five_point_update(cur[below], prev2[below], east, west, h2 * f_here);
                } else if (in_grid && stream_within(row, item.rows)) {
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
        if constexpr (StoreForm == PairForm::kScalar) {
            const int index = row * n + item.col0;
            if (P == 0 ? item.owned0 : item.owned1) {
                out[index + P] = top;
            }
            if (P == 0 ? item.owned1 : item.owned0) {
                out[index + 1 - P] = prev[K - 1]; /* level K - 1: the colour level K left alone */
            }
        } else {
            /* member P is level K's; the other is level K - 1's, the colour level K left alone */
            stream_store_owned<StoreForm>(out, n, item, row, P == 0 ? top : prev[K - 1], P == 0 ? prev[K - 1] : top);
        }
    }
    return u_next;
}

/* The steps of an item from row t on (P = 0 first), the forms of f's loads and out's stores at the
 * steps of each parity fixed when compiled. */
template <int K, PairForm L0, PairForm L1, PairForm S0, PairForm S1>
__device__ __forceinline__ void stream_rows(double u, int t, const double* in, double* out, const double* f, double* f_ring,
                                            double* edges, int n, double h2, int sweeps, const StreamItem& item)
{
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
        u = stream_step<K, 0, L0, S0>(u, a, b, c, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 1, L1, S1>(u, c, a, b, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 0, L0, S0>(u, b, c, a, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 1, L1, S1>(u, a, b, c, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 0, L0, S0>(u, c, a, b, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
        u = stream_step<K, 1, L1, S1>(u, b, c, a, in, out, f, f_ring, edges, n, h2, sweeps, item, t, f_slot);
        t += 1;
        f_slot = stream_ring_next(f_slot, stream_ring_rows(K));
        if (t > item.t_last) break;
    }
}

/* Streams item `item` of a pass of `sweeps` (1 .. K) half-sweeps whose first is colour
 * `first_colour`, over a grid of `rows` rows of n (the square: rows = n; a band's array: its held rows,
 * whose first and last rows stay as they are, like the square's boundary). Every thread of the block
 * calls it, with blockDim.x == kStreamThreads; f_ring and edges are the block's shared memory
 * (stream_shared_doubles). */
template <int K, StreamAccess A = StreamAccess::kScalar>
__device__ __forceinline__ void stream_pass_item(const double* in, double* out, const double* f, int n, int rows,
                                                 double h2, int sweeps, int first_colour, StreamGeometry geometry,
                                                 int item_index, double* f_ring, double* edges)
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
    item.owned2 = (thread & 31) != 31 && stream_within(item.col0 + 2 - own_begin, own_end - own_begin);
    item.rows = rows;
    item.y0 = 1 + segment * geometry.segment_rows;
    item.y1 = item.y0 + geometry.segment_rows < rows - 1 ? item.y0 + geometry.segment_rows : rows - 1;
    item.lo = item.y0 - K;
    item.span = item.y1 - 1 + K - item.lo + 1;
    item.t_last = item.y1 - 1 + K;
    /* Start one row early where needed, so that the first step has P = 0 (the loop's first). */
    int t = item.lo - ((first_colour + item.lo - 1) & 1);

    /* Row t: level 0's member for the first step (P = 0) into a register, f into ring slot 0. */
    double u = 0.0;
    if (t <= item.t_last && stream_within(t, rows)) {
        const int base = t * n + item.col0;
        if (item.in_grid0) {
            u = in[base];
            f_ring[thread] = f[base];
        }
        if (item.in_grid1) {
            f_ring[kStreamThreads + thread] = f[base + 1];
        }
    }
    if constexpr (A == StreamAccess::kScalar) {
        stream_rows<K, PairForm::kScalar, PairForm::kScalar, PairForm::kScalar, PairForm::kScalar>(u, t, in, out, f, f_ring, edges,
                                                                                                   n, h2, sweeps, item);
    } else if ((n & 1) == 0) {
        stream_rows<K, PairForm::kAligned, PairForm::kAligned, PairForm::kAligned, PairForm::kAligned>(u, t, in, out, f, f_ring,
                                                                                                       edges, n, h2, sweeps, item);
    } else if ((first_colour & 1) == 0) {
        /* n odd: even rows aligned. A P = 0 step (t = 1 - first mod 2) loads row t + 1 = first mod 2
         * and stores row t - K = 1 + first + K mod 2; a P = 1 step the other parities. */
        stream_rows<K, stream_form_of_row_parity(0), stream_form_of_row_parity(1), stream_form_of_row_parity((1 + K) & 1),
                    stream_form_of_row_parity(K & 1)>(u, t, in, out, f, f_ring, edges, n, h2, sweeps, item);
    } else {
        stream_rows<K, stream_form_of_row_parity(1), stream_form_of_row_parity(0), stream_form_of_row_parity(K & 1),
                    stream_form_of_row_parity((1 + K) & 1)>(u, t, in, out, f, f_ring, edges, n, h2, sweeps, item);
    }
}

#endif /* HF_HAS_STREAM_SHUFFLE */

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_STREAM_PASS_H */
