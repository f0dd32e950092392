/*
 * prototype_stream.h: K half-sweeps per pass over memory, as a wavefront streamed down the rows.
 *
 * A block owns a strip of columns and a segment of rows. Its T threads cover 2T columns: the strip
 * plus a ghost border of H >= K columns each side (H even, so every thread holds one red and one
 * black column: the pair x0 + 2m, x0 + 2m + 1 with x0 even). It streams the rows from K above its
 * segment to K below it; at step t it loads row t (level 0) and computes level s (the state after
 * s half-sweeps of this pass) at row t - s, for s = 1 .. K, one point per thread and level.
 *
 * Why one point per thread and level: level s updates colour c_s = first + s - 1 at row t - s,
 * and (t - s) + c_s = first + t - 1 does not depend on s, so at step t every level updates the
 * same member P = (first + t - 1) & 1 of every pair. Level s reads level s - 1 only:
 *   south (row t-s+1, member P): computed by level s - 1 in this step       -> cur[s-1]
 *   north (row t-s-1, member P): computed by level s - 1 two steps ago      -> prev2[s-1]
 *   the other member of the pair (row t-s):  level s - 1 one step ago       -> prev[s-1]
 *   the neighbouring thread's member (row t-s): its level s - 1, one step ago -> exchanged
 * So each thread keeps three values per level in registers, and the only value that crosses
 * threads was computed in the previous step: one block barrier per row serves every level.
 * Only one colour of each level is ever needed (level s - 1's other colour is level s - 2's,
 * overwritten by level s), so level 0 needs only member P of the loaded row.
 *
 * Exactness: level s at row r is valid when level s - 1 is valid at rows r - 1 .. r + 1 and at the
 * columns next to it; so validity shrinks by one row and one column per level from the loaded
 * rows [y0 - K, y1 - 1 + K] and the 2T loaded columns, which leaves the owned rows and columns
 * valid at level K (H >= K). Levels are computed only inside their valid row range. Boundary
 * points never change: their value at any level is the input's. A pass of fewer half-sweeps than
 * K (the last one of a run) turns levels beyond `sweeps` into copies of level s - 2, whose colour
 * they carry: the state after `sweeps` half-sweeps then reaches level K unchanged.
 *
 * The output row t - K gets member P from level K and the other member from level K - 1 (the
 * colour level K did not touch). Rows arrive through rings in shared memory that cp.async fills
 * `prefetch` rows ahead (prototype_async_copy.h); each thread copies and reads only its own ring entries
 * (u: the member level 0 needs; f: both members, kept K more rows for the levels behind), so the
 * rings need no barrier of their own, only room: a slot is refilled two steps after its last read
 * (u: prefetch + 2 slots, f: prefetch + K + 2).
 */
#ifndef HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_STREAM_H
#define HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_STREAM_H

#include "prototype_async_copy.h"
#include "prototype_pass.h"

namespace holdfast::prototype {

/* How the neighbouring thread's value crosses: through shared memory (every thread publishes its
 * values, one slot per level), or by warp shuffle with shared memory only between warps. */
enum class StreamExchange { kShared, kShuffle };

#ifndef HF_HAS_WARP_SHUFFLE_SYNC /* the CPU emulation defines it and emulates the shuffles */
#if defined(__CUDACC__) && !defined(__HIPCC__)
#define HF_HAS_WARP_SHUFFLE_SYNC 1
#else
#define HF_HAS_WARP_SHUFFLE_SYNC 0 /* HIP's wavefront is 64 wide: kShuffle is CUDA-only */
#endif
#endif

/* Ghost columns each side: at least K, and even so that pairs start on even columns. */
__host__ __device__ constexpr int stream_halo(int sweeps_per_pass) { return (sweeps_per_pass + 1) & ~1; }

struct StreamGeometry {
    int strip_width;  /* owned columns per strip, even: strip s owns columns [s w, (s + 1) w) of 1 .. n-2 */
    int strips;
    int segment_rows; /* owned rows per segment: segment g owns rows 1 + g h .. 1 + (g + 1) h - 1 */
    int segments;
    int prefetch;     /* rows loaded ahead, 1 .. kMaxPendingCopyGroups */
    int u_ring;       /* slots of the u ring: prefetch + 2 */
    int f_ring;       /* slots of the f ring: prefetch + K + 2 */
};

/* Registers per thread the stream kernels may use: 128, so that 2 blocks of 256 threads (or 4 of
 * 128) fit on a multiprocessor. Unbounded, the compiler spends up to 244 at K = 16 on loading
 * every level's operands early, and one block per multiprocessor cannot hide its barriers. */
__host__ __device__ constexpr int stream_min_blocks(int threads) { return 65536 / (threads * 128); }

/* Doubles of dynamic shared memory a block of `threads` needs. */
__host__ __device__ constexpr long long stream_shared_doubles(int sweeps_per_pass, int threads, StreamExchange exchange,
                                                              int u_ring, int f_ring)
{
    const long long rings = static_cast<long long>(u_ring) * threads + static_cast<long long>(f_ring) * 2 * threads;
    const long long exchange_doubles = exchange == StreamExchange::kShared
                                           ? 2LL * sweeps_per_pass * (threads + 2)
                                           : 2LL * sweeps_per_pass * (threads / 32);
    return rings + exchange_doubles;
}

/* One thread's view of one item: constants of the pass and the position in the stream. */
struct StreamState {
    const double* in;
    double* out;
    const double* f;
    int n;
    double h2;
    int sweeps;
    int threads, thread, lane, warp;
    int col0;                              /* the pair's first column, x0 + 2m (even) */
    bool interior0, interior1;             /* column within 1 .. n-2 */
    bool in_grid0, in_grid1;               /* column within 0 .. n-1 */
    bool owned0, owned1;                   /* column owned by this strip (interior) */
    int y0, y1;                            /* owned rows [y0, y1) */
    int lo;                                /* first row level 0 is needed at: y0 - K */
    int span;                              /* rows level 0 is needed at: (y1 - 1 + K) - lo + 1 */
    int t, t_last;                         /* the row loaded at this step; the last step's */
    int u_slot, f_slot;                    /* row t's slot in each ring */
    int prefetch;
    int u_ring, f_ring;
    double* u_ring_memory;                 /* [slot][thread] */
    double* f_ring_memory;                 /* [slot][member][thread] */
    double* exchange;                      /* kShared: [buffer][level][thread + 1]; kShuffle: [side][level][warp] */
};

/* Threads of the block: the template's constant, so that every shared-memory offset is an
 * immediate (a runtime count makes the compiler keep one address per level and parity in
 * registers), or blockDim.x where it is 0 (the CPU emulation's odd counts). */
template <int kThreads>
__device__ __forceinline__ int stream_threads(const StreamState& s)
{
    return kThreads > 0 ? kThreads : s.threads;
}

/* `slot` + `ahead` wrapped into a ring of `slots` (ahead < slots). */
__device__ __forceinline__ int ring_ahead(int slot, int ahead, int slots)
{
    const int next = slot + ahead;
    return next >= slots ? next - slots : next;
}

/* `slot` - `behind` wrapped into a ring of `slots` (behind < slots). */
__device__ __forceinline__ int ring_behind(int slot, int behind, int slots)
{
    const int previous = slot - behind;
    return previous < 0 ? previous + slots : previous;
}

/* One row's values for one thread: u at the member level 0 needs, f at both. */
struct StreamRow {
    double u, f0, f1;
};

/* Copies row `row` into the rings' slots `u_slot`, `f_slot` (nothing when the row is outside the
 * grid or the stream): with cp.async as one group (kAsyncCopies), else as plain loads into `held`
 * that stream_store_row puts into the ring later, so the step's work hides their latency (what a
 * kernel language without async copies can write). */
template <int kThreads, bool kAsyncCopies>
__device__ __forceinline__ void stream_load_row(const StreamState& s, int row, int u_slot, int f_slot, int member,
                                                StreamRow* held)
{
    const int threads = stream_threads<kThreads>(s);
    if (row <= s.t_last && within(row, s.n)) {
        const int base = row * s.n + s.col0;
        const bool u_in_grid = member != 0 ? s.in_grid1 : s.in_grid0;
        double* u_entry = &s.u_ring_memory[u_slot * threads + s.thread];
        double* f_entry = &s.f_ring_memory[f_slot * 2 * threads + s.thread];
        if constexpr (kAsyncCopies) {
            (void)held;
            if (u_in_grid) {
                copy_async_8(u_entry, &s.in[base + member]);
            }
            if (s.in_grid0) {
                copy_async_8(f_entry, &s.f[base]);
            }
            if (s.in_grid1) {
                copy_async_8(f_entry + threads, &s.f[base + 1]);
            }
        } else {
            held->u = u_in_grid ? s.in[base + member] : 0.0;
            held->f0 = s.in_grid0 ? s.f[base] : 0.0;
            held->f1 = s.in_grid1 ? s.f[base + 1] : 0.0;
        }
    }
    async_copy_commit();
}

/* Plain loads only: puts the values stream_load_row held into the ring. */
template <int kThreads>
__device__ __forceinline__ void stream_store_row(const StreamState& s, int row, int u_slot, int f_slot,
                                                 const StreamRow& held)
{
    const int threads = stream_threads<kThreads>(s);
    if (row <= s.t_last && within(row, s.n)) {
        s.u_ring_memory[u_slot * threads + s.thread] = held.u;
        s.f_ring_memory[f_slot * 2 * threads + s.thread] = held.f0;
        s.f_ring_memory[(f_slot * 2 + 1) * threads + s.thread] = held.f1;
    }
}

/* The neighbouring thread's level-`level` value from the previous step (its prev[level]):
 * thread m - 1's when P = 0 (we update the even member: the west neighbour is across), thread
 * m + 1's when P = 1. */
template <int K, int kThreads, StreamExchange kExchange, int P>
__device__ __forceinline__ double stream_neighbour(const StreamState& s, double my_prev, int level)
{
    const int threads = stream_threads<kThreads>(s);
    const int warps = threads >> 5;
    if constexpr (kExchange == StreamExchange::kShared) {
        (void)my_prev;
        /* Written at the previous step, whose parity was 1 - P, into buffer 1 - P; slot m + 1 is thread m's. */
        const double* buffer = s.exchange + ((1 - P) * K + level) * (threads + 2);
        return buffer[P == 0 ? s.thread : s.thread + 2];
    } else {
#if HF_HAS_WARP_SHUFFLE_SYNC
        /* Every lane shuffles (the call is outside any per-thread branch); the lane at the warp's
         * edge takes the value the neighbouring warp left in shared memory instead. */
        const int edge_warp = P == 0 ? (s.warp > 0 ? s.warp - 1 : 0) : (s.warp + 1 < warps ? s.warp + 1 : s.warp);
        const double* edge = s.exchange + ((P == 0 ? 0 : 1) * K + level) * warps;
        if (P == 0) {
            const double shuffled = __shfl_up_sync(0xffffffffu, my_prev, 1);
            return s.lane == 0 ? edge[edge_warp] : shuffled;
        }
        const double shuffled = __shfl_down_sync(0xffffffffu, my_prev, 1);
        return s.lane == 31 ? edge[edge_warp] : shuffled;
#else
        static_assert(kExchange == StreamExchange::kShared, "the shuffle exchange is CUDA-only");
        (void)warps;
        return my_prev;
#endif
    }
}

/* Publishes this step's values for the neighbours' next step (parity 1 - P). */
template <int K, int kThreads, StreamExchange kExchange, int P>
__device__ __forceinline__ void stream_publish(const StreamState& s, const double (&cur)[K])
{
    const int threads = stream_threads<kThreads>(s);
    if constexpr (kExchange == StreamExchange::kShared) {
        double* buffer = s.exchange + P * K * (threads + 2) + s.thread + 1;
#pragma unroll
        for (int level = 0; level < K; ++level) {
            buffer[level * (threads + 2)] = cur[level];
        }
    } else {
        /* Next step has parity 1 - P. If that is 0, lane 0 of the next warp needs our lane 31
         * (side 0); if it is 1, lane 31 of the previous warp needs our lane 0 (side 1). */
        const int writer = P == 1 ? 31 : 0;
        if (s.lane == writer) {
            const int warps = threads >> 5;
            double* edge = s.exchange + (P == 1 ? 0 : 1) * K * warps + s.warp;
#pragma unroll
            for (int level = 0; level < K; ++level) {
                edge[level * warps] = cur[level];
            }
        }
    }
}

/* One step: load ahead, wait for row t, compute levels 1 .. K, publish, store row t - K.
 * cur, prev, prev2 hold each level's rows t - s, t - s - 1, t - s - 2 (level s at index s); the
 * caller rotates the three arrays, so no value moves between registers. */
template <int K, int kThreads, bool kVariable, StreamExchange kExchange, bool kAsyncCopies, int P>
__device__ __forceinline__ void stream_step(StreamState& s, double (&cur)[K], const double (&prev)[K],
                                            const double (&prev2)[K])
{
    const int threads = stream_threads<kThreads>(s);
    const int ahead_u_slot = ring_ahead(s.u_slot, s.prefetch, s.u_ring);
    const int ahead_f_slot = ring_ahead(s.f_slot, s.prefetch, s.f_ring);
    StreamRow held{0.0, 0.0, 0.0};
    stream_load_row<kThreads, kAsyncCopies>(s, s.t + s.prefetch, ahead_u_slot, ahead_f_slot, P ^ (s.prefetch & 1),
                                            &held);
    async_copy_wait(s.prefetch); /* this thread's copies of row t have landed */
    __syncthreads();             /* the neighbours' values of the previous step are published */

    cur[0] = s.u_ring_memory[s.u_slot * threads + s.thread];
    const bool interior = P == 0 ? s.interior0 : s.interior1;
    const bool in_grid = P == 0 ? s.in_grid0 : s.in_grid1;
    const int column = s.col0 + P;
    const int d = s.t - s.lo;
    double top = 0.0;

#pragma unroll
    for (int level = 1; level <= K; ++level) {
        const int below = level - 1;
        double value = 0.0;
        if (kVariable && level >= 2 && level > s.sweeps) {
            value = prev2[level >= 2 ? level - 2 : 0]; /* the pass is over: carry the colour on */
        } else {
            const double across = stream_neighbour<K, kThreads, kExchange, P>(s, prev[below], below);
            const int row = s.t - level;
            /* row within level's valid rows [lo + level, lo + span - 1 - level] */
            if (within(d - 2 * level, s.span - 2 * level)) {
                if (interior && within(row - 1, s.n - 2)) {
                    const double f = s.f_ring_memory[(ring_behind(s.f_slot, level, s.f_ring) * 2 + P) * threads + s.thread];
                    const double east = P == 0 ? prev[below] : across;
                    const double west = P == 0 ? across : prev[below];
                    value = updated_value(cur[below], prev2[below], east, west, s.h2, f);
                } else if (in_grid && within(row, s.n)) {
                    value = s.in[row * s.n + column]; /* boundary: never changes */
                }
            }
        }
        if (level < K) {
            cur[level] = value;
        } else {
            top = value;
        }
    }

    stream_publish<K, kThreads, kExchange, P>(s, cur);
    if constexpr (!kAsyncCopies) {
        stream_store_row<kThreads>(s, s.t + s.prefetch, ahead_u_slot, ahead_f_slot, held);
    }

    const int row = s.t - K;
    if (within(row - s.y0, s.y1 - s.y0)) {
        const int index = row * s.n + s.col0;
        const bool owned_here = P == 0 ? s.owned0 : s.owned1;
        const bool owned_other = P == 0 ? s.owned1 : s.owned0;
        if (owned_here) {
            s.out[index + P] = top;
        }
        if (owned_other) {
            s.out[index + 1 - P] = prev[K - 1]; /* level K - 1 at row t - K: the colour level K left alone */
        }
    }
    ++s.t;
    s.u_slot = ring_ahead(s.u_slot, 1, s.u_ring);
    s.f_slot = ring_ahead(s.f_slot, 1, s.f_ring);
}

/* Streams one item (strip, segment) of the pass. Every thread of the block calls it; T =
 * blockDim.x (= kThreads unless that is 0) must be at least stream_halo(K) + 1, and a multiple of
 * 32 for kShuffle. kAsyncCopies: rows arrive by cp.async (else by plain loads held one step). */
template <int K, int kThreads, bool kVariable, StreamExchange kExchange, bool kAsyncCopies = true>
__device__ __forceinline__ void stream_item(const TemporalPass& pass, const StreamGeometry& g, int item, double* shared)
{
    constexpr int kHalo = stream_halo(K);
    StreamState s;
    s.in = pass.in;
    s.out = pass.out;
    s.f = pass.f;
    s.n = pass.n;
    s.h2 = pass.h2;
    s.sweeps = pass.sweeps;
    s.threads = static_cast<int>(blockDim.x);
    s.thread = static_cast<int>(threadIdx.x);
    s.lane = s.thread & 31;
    s.warp = s.thread >> 5;

    const int strip = item % g.strips;
    const int segment = item / g.strips;
    const int own_begin = strip * g.strip_width > 1 ? strip * g.strip_width : 1;
    const int own_end = (strip + 1) * g.strip_width < s.n - 1 ? (strip + 1) * g.strip_width : s.n - 1;
    s.col0 = strip * g.strip_width - kHalo + 2 * s.thread;
    s.interior0 = within(s.col0 - 1, s.n - 2);
    s.interior1 = within(s.col0, s.n - 2);
    s.in_grid0 = within(s.col0, s.n);
    s.in_grid1 = within(s.col0 + 1, s.n);
    s.owned0 = within(s.col0 - own_begin, own_end - own_begin);
    s.owned1 = within(s.col0 + 1 - own_begin, own_end - own_begin);

    s.y0 = 1 + segment * g.segment_rows;
    s.y1 = s.y0 + g.segment_rows < s.n - 1 ? s.y0 + g.segment_rows : s.n - 1;
    s.lo = s.y0 - K;
    s.span = (s.y1 - 1 + K) - s.lo + 1;
    s.t_last = s.y1 - 1 + K;
    /* Start one row early if needed so that the first step has P = 0 (the unrolled loop's). */
    s.t = s.lo - (((pass.first_colour + s.lo - 1) & 1) != 0 ? 1 : 0);
    s.u_slot = 0;
    s.f_slot = 0;
    s.prefetch = g.prefetch;
    s.u_ring = g.u_ring;
    s.f_ring = g.f_ring;
    const int threads = stream_threads<kThreads>(s);
    s.u_ring_memory = shared;
    s.f_ring_memory = shared + g.u_ring * threads;
    s.exchange = s.f_ring_memory + g.f_ring * 2 * threads;

    for (int ahead = 0; ahead < s.prefetch; ++ahead) {
        StreamRow held{0.0, 0.0, 0.0};
        stream_load_row<kThreads, kAsyncCopies>(s, s.t + ahead, ahead, ahead, ahead & 1, &held);
        if constexpr (!kAsyncCopies) {
            stream_store_row<kThreads>(s, s.t + ahead, ahead, ahead, held);
        }
    }

    double a[K], b[K], c[K];
#pragma unroll
    for (int level = 0; level < K; ++level) {
        a[level] = 0.0;
        b[level] = 0.0;
        c[level] = 0.0;
    }
    /* Six steps per round: two parities times the three-way rotation of (cur, prev, prev2). */
    for (;;) {
        stream_step<K, kThreads, kVariable, kExchange, kAsyncCopies, 0>(s, a, b, c);
        if (s.t > s.t_last) break;
        stream_step<K, kThreads, kVariable, kExchange, kAsyncCopies, 1>(s, c, a, b);
        if (s.t > s.t_last) break;
        stream_step<K, kThreads, kVariable, kExchange, kAsyncCopies, 0>(s, b, c, a);
        if (s.t > s.t_last) break;
        stream_step<K, kThreads, kVariable, kExchange, kAsyncCopies, 1>(s, a, b, c);
        if (s.t > s.t_last) break;
        stream_step<K, kThreads, kVariable, kExchange, kAsyncCopies, 0>(s, c, a, b);
        if (s.t > s.t_last) break;
        stream_step<K, kThreads, kVariable, kExchange, kAsyncCopies, 1>(s, b, c, a);
        if (s.t > s.t_last) break;
    }
    async_copy_wait(0); /* the empty groups past the last row */
    __syncthreads();    /* the next item reuses the rings and the exchange */
}

}  // namespace holdfast::prototype

#endif /* HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_STREAM_H */
