/*
 * persistent_resident.h: grid-resident persistent kernel for large grids (persistent-dataflow,
 * variant `resident`).
 *
 * Each block (one per multiprocessor, or a few) holds its band of u, with k ghost rows on each
 * side, in shared memory for the whole run, colour-split (colour_split.h); h2 * f sits beside it
 * when it fits (f_on_chip), else f is read from global memory. The block runs k half-sweeps on
 * its own (ghost_band.h), then swaps its k edge rows with each neighbour as self-flagged LL lines
 * through global memory (ll_halo.h): a neighbour waits only for the lines it reads, with no
 * flag, fence or barrier beside them. u goes back to global memory once, at the end.
 *
 * Only one colour travels. The first half-sweep after an exchange updates colour c = step & 1
 * from colour c ^ 1; every ghost point of colour c that a later half-sweep of the round reads is
 * one this block recomputes first. So a ghost row needs colour c ^ 1 alone, the colour the last
 * half-sweep updated: half the lines of sending whole rows.
 *
 * Overlap (the template's option; the library runs without it, kResidentOverlap below): right
 * after sending its edges a block updates the rows of the next half-sweep that need no ghost
 * (colour c in its inner rows, from colour c ^ 1 of its own rows) while the neighbours' lines are
 * in flight, and only then waits for them. The send reads colour c ^ 1 of the edge rows, the
 * receive writes colour c ^ 1 of the ghost rows and the inner update writes colour c of the inner
 * rows: no two touch the same point, so no barrier sits between them.
 *
 * Every value is computed with update_point's arithmetic in the reference's order, so the array
 * after any number of iterations is the reference's, bit for bit. Blocks beyond the number of
 * interior rows own no band and leave at once. Each block also publishes, in its step counter,
 * the half-sweep up to which it has sent its edges: the watchdog report names the block that
 * stopped sending.
 *
 * The cube (Kind = HF_PROBLEM_POISSON_3D) runs the same kernel on slabs of planes: everything said
 * here of a row holds for a plane of the cube (ghost_band.h and resident_layout.h count in such
 * units), and only the points' geometry differs (colour_split_3d.h: a plane's colour is n rows of
 * colour_row_width doubles, six neighbours; the helpers below pick it by Kind). A halo is k planes
 * of one colour, each colour_plane_doubles(n) lines. The memory ordering is the square's,
 * unchanged: each LL line is a relaxed store and load at device (agent) scope and is its own
 * synchronisation (ll_line.h: a reader that sees both flags sees the value; nothing else is
 * published by it), a mailbox slot is reused only two exchanges later (ll_halo.h), and the
 * "loaded" handshake of a run without an exchange is a release store and an acquire load at
 * device scope with block barriers on either side (below). A plane's lines are more, not
 * different: every line a block reads it reads at the flag of the exchange, whatever its index.
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_RESIDENT_H
#define HOLDFAST_KERNELS_PERSISTENT_RESIDENT_H

#include "../device/column_share.h"
#include "../device/ll_halo.h"
#include "../device/resident_layout.h"
#include "../device/work_count.h"

namespace holdfast {

/* What the kernel does: everything (the library), or one part only, for the breakdown probes of
 * lab/resident (the same loops with the exchanges or the half-sweeps left out; their arrays are
 * wrong by design and never checked). */
enum class ResidentWork { kAll, kComputeOnly, kExchangeOnly };

/* ---------------------------------------------------------------- the problem's geometry
 * What differs between the square's rows and the cube's planes, by Kind (HF_PROBLEM_*). */

/* The square's half-sweep takes the thread's column share (column_share.h); the cube's deals its
 * columns out on every call. */
template <int Kind, typename ScaledF>
__device__ __forceinline__ void resident_half_sweep(const ColourSplitRows& u, const ScaledF& h2f, int n, int colour,
                                                    int begin, int end, const ColumnShare& share)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        half_sweep_colour_split_3d(u, h2f, n, colour, begin, end);
    } else {
        half_sweep_column_share(u, h2f, n, colour, begin, end, share);
    }
}

/* Units [begin, end) of u into shared memory. */
template <int Kind>
__device__ __forceinline__ void resident_load(const ColourSplitRows& u, const double* grid, int n, int begin, int end)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        load_colour_split_3d(u, grid, n, begin, end);
    } else {
        load_colour_split(u, grid, n, begin, end);
    }
}

/* h2 * f of units [begin, end) into shared memory. */
template <int Kind>
__device__ __forceinline__ void resident_load_scaled(const ColourSplitRows& rows, const double* f, double h2, int n,
                                                     int begin, int end)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        load_scaled_colour_split_3d(rows, f, h2, n, begin, end);
    } else {
        load_scaled_colour_split(rows, f, h2, n, begin, end);
    }
}

/* The interior points of units [begin, end) back into u. */
template <int Kind>
__device__ __forceinline__ void resident_store(double* grid, const ColourSplitRows& u, int n, int begin, int end)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        store_colour_split_3d(grid, u, n, begin, end);
    } else {
        store_colour_split(grid, u, n, begin, end);
    }
}

/* ---------------------------------------------------------------- the kernel */

/* Rows (planes) [first_row, first_row + k) of one colour: an edge to send or the ghosts to fill;
 * u.width doubles each, the other colour between them. */
__device__ __forceinline__ HaloRows halo_rows(const ColourSplitRows& u, int first_row, int colour, int k)
{
    return HaloRows{u.row(first_row, colour), u.width, 2 * u.width, k};
}

/* Sends this band's edges for exchange `exchange` (before half-sweep `step`) and receives its
 * neighbours'. Returns false, in every thread, when the block must leave. */
template <bool Overlap, LLAccess Access, ResidentWork Work, int Kind, typename ScaledF>
__device__ bool exchange_edges(const PersistentArgs& args, const GhostBand& band, int index, const ColourSplitRows& u,
                               const ScaledF& h2f, const ColumnShare& share, int exchange, int step)
{
    const int halo_colour = (step - 1) & 1; /* the colour the last half-sweep updated */
    const uint32_t flag = args.flag_base + static_cast<uint32_t>(exchange);
    const bool publishes = !(args.fault == HF_FAULT_NEVER_PUBLISH && index == args.fault_block);
    if (Work != ResidentWork::kComputeOnly && publishes) {
        if (band.has_upper) {
            ll_send<Access>(resident_mailbox<Kind>(args, index - 1, 1, exchange),
                            halo_rows(u, band.upper_edge(), halo_colour, band.k), flag);
        }
        if (band.has_lower) {
            ll_send<Access>(resident_mailbox<Kind>(args, index + 1, 0, exchange),
                            halo_rows(u, band.lower_edge(), halo_colour, band.k), flag);
        }
        if (threadIdx.x == 0) { /* progress for the watchdog's report only: relaxed */
            __hip_atomic_store(&args.counters[index].completed, step, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        }
    }
    if (Overlap && Work != ResidentWork::kExchangeOnly) {
        resident_half_sweep<Kind>(u, h2f, args.problem.n, step & 1, band.inner_first(), band.inner_end(), share);
    }
    bool received = true;
    if (Work != ResidentWork::kComputeOnly) {
        const HaloRows none{nullptr, u.width, 2 * u.width, 0};
        const LLIncoming upper{resident_mailbox<Kind>(args, index, 0, exchange),
                               band.has_upper ? halo_rows(u, band.upper_ghosts(), halo_colour, band.k) : none,
                               index - 1};
        const LLIncoming lower{resident_mailbox<Kind>(args, index, 1, exchange),
                               band.has_lower ? halo_rows(u, band.lower_ghosts(), halo_colour, band.k) : none,
                               index + 1};
        received = ll_receive<Access>(upper, lower, flag, args, step);
    }
    return __syncthreads_or(received ? 0 : 1) == 0;
}

/* A run without an exchange (2 * iterations <= k) has nothing that orders a block's first loads of
 * its ghost rows (its neighbours' edge rows) before the neighbours' final stores of those rows: a
 * block started late would begin from a neighbour's result. So in such a run each block announces
 * that it has loaded (thread 0, after a block barrier behind every thread's loads: release at
 * device scope), and waits for both neighbours' announcements before it stores its band (acquire,
 * then a block barrier before every thread's stores), bounded by the watchdog. A run with an
 * exchange is ordered already: a neighbour stores only after it has received this block's halo,
 * which this block sends after its loads. */
__device__ __forceinline__ bool resident_needs_handshake(const PersistentArgs& args, const GhostBand& band)
{
    return args.steps <= band.k && (band.has_upper || band.has_lower);
}

__device__ __forceinline__ void announce_loaded(const PersistentArgs& args, const GhostBand& band, int index)
{
    if (threadIdx.x == 0 && resident_needs_handshake(args, band)) {
        __hip_atomic_store(&args.counters[index].loaded, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
    }
}

/* Returns false, in every thread, when the wait expired (the block must leave without storing). */
__device__ inline bool wait_neighbours_loaded(const PersistentArgs& args, const GhostBand& band, int index)
{
    bool ready = true;
    if (threadIdx.x == 0) {
        for (int side = 0; side < 2 && ready; ++side) {
            const bool has = side == 0 ? band.has_upper : band.has_lower;
            const int peer = index + (side == 0 ? -1 : 1);
            if (has) {
                const StepCounter* counter = &args.counters[peer];
                ready = wait_until(
                    [&] {
                        return __hip_atomic_load(&counter->loaded, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) != 0;
                    },
                    args, HF_WAIT_NEIGHBOUR, args.steps, peer);
            }
        }
    }
    return __syncthreads_or(ready ? 0 : 1) == 0;
}

template <bool Overlap, LLAccess Access, ResidentWork Work, int Kind, typename ScaledF>
__device__ void run_resident_band(const PersistentArgs& args, const GhostBand& band, int index,
                                  const ColourSplitRows& u, const ScaledF& h2f)
{
    const int n = args.problem.n;
    const ColumnShare share = column_share(n);
    const int steps = args.steps;
    bool inner_done = false; /* Overlap: the inner rows of the round's first half-sweep are updated */
    int done = 0;
    for (int step = 0, exchange = 0; step < steps;) {
        const int round = steps - step < band.k ? steps - step : band.k;
        for (int t = 0; t < round; ++t) {
            const int colour = (step + t) & 1;
            /* HF_FAULT_SKIP_HALF_SWEEP skips the last half-sweep: after the last exchange, so no
             * neighbour sees it. */
            const bool skipped = skips_half_sweep(args, index, step + t);
            done += skipped ? 0 : 1;
            if (Work == ResidentWork::kExchangeOnly || skipped) {
                /* nothing to compute */
            } else if (t == 0 && inner_done) {
                resident_half_sweep<Kind>(u, h2f, n, colour, band.computed_first(0), band.inner_first(), share);
                resident_half_sweep<Kind>(u, h2f, n, colour, band.inner_end(), band.computed_end(0), share);
            } else {
                resident_half_sweep<Kind>(u, h2f, n, colour, band.computed_first(t), band.computed_end(t), share);
            }
            __syncthreads();
        }
        step += round;
        if (step < steps) {
            if (!exchange_edges<Overlap, Access, Work, Kind>(args, band, index, u, h2f, share, ++exchange, step)) {
                return;
            }
            inner_done = Overlap && Work != ResidentWork::kExchangeOnly;
        }
    }
    if (resident_needs_handshake(args, band) && !wait_neighbours_loaded(args, band, index)) {
        return;
    }
    resident_store<Kind>(args.problem.u, u, n, band.first_row, band.end_row);
    if (threadIdx.x == 0) {
        report_work(args, index, done);
    }
}

/* The kernel's body; f_on_chip: h2 * f is held in shared memory after u. */
template <bool Overlap, LLAccess Access, ResidentWork Work, int Kind = HF_PROBLEM_POISSON_2D>
__device__ void run_resident(const PersistentArgs& args, int f_on_chip)
{
    HF_DYNAMIC_SHARED(double, resident_shared);
    const Problem& problem = args.problem;
    const int n = problem.n;
    const int bands = active_band_count(static_cast<int>(gridDim.x), n);
    const int index = static_cast<int>(blockIdx.x);
    if (index >= bands) {
        return;
    }
    const GhostBand band = ghost_band(index, bands, n, args.sweeps_per_exchange);
    const ColourSplitRows u{resident_shared, band.stored_first(), resident_unit_doubles(n, Kind)};
    resident_load<Kind>(u, problem.u, n, band.stored_first(), band.stored_end());
    if (f_on_chip != 0) {
        const int first = band.computed_first(0);
        const ScaledFOnChip h2f{ColourSplitRows{
            resident_shared + resident_shared_bytes(bands, n, band.k, false, Kind) / sizeof(double), first, u.width}};
        resident_load_scaled<Kind>(h2f.rows, problem.f, problem.h2, n, first, band.computed_end(0));
        __syncthreads();
        announce_loaded(args, band, index);
        run_resident_band<Overlap, Access, Work, Kind>(args, band, index, u, h2f);
    } else {
        __syncthreads();
        announce_loaded(args, band, index);
        run_resident_band<Overlap, Access, Work, Kind>(args, band, index, u, ScaledFGlobal{problem.f, problem.h2});
    }
}

/* The library's choices: the 16-byte line of two 64-bit elements where PTX has it (HIP and the
 * CPU emulation take the two 64-bit atomics), and no overlap. Updating the inner rows while the
 * halo is in flight splits the round's first half-sweep in two and leaves the lines waiting behind
 * it: lab/resident measured it slower at every k on 512 threads (N = 1001, k = 3: 4.97 against
 * 4.60 us an iteration; N = 513: 3.26 against 2.91; runs/resident-lean). The lab keeps both. */
#if defined(HF_RUNTIME_CUDA)
constexpr LLAccess kResidentAccess = LLAccess::kVector64x2;
#else
constexpr LLAccess kResidentAccess = LLAccess::kWords8;
#endif
constexpr bool kResidentOverlap = false;

__global__ void __launch_bounds__(kResidentMaxThreads) persistent_resident(PersistentArgs args, int f_on_chip)
{
    run_resident<kResidentOverlap, kResidentAccess, ResidentWork::kAll, HF_PROBLEM_POISSON_2D>(args, f_on_chip);
}

/* The cube: slabs of planes. */
__global__ void __launch_bounds__(kResidentMaxThreads) persistent_resident_3d(PersistentArgs args, int f_on_chip)
{
    run_resident<kResidentOverlap, kResidentAccess, ResidentWork::kAll, HF_PROBLEM_POISSON_3D>(args, f_on_chip);
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_RESIDENT_H */
