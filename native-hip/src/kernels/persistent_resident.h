/*
 * persistent_resident.h: grid-resident persistent kernel for large grids.
 *
 * Each block (one per multiprocessor, or a few) holds its band of u, with k ghost rows on each
 * side, in shared memory for the whole run, colour-split (colour_split.h); h2 * f sits beside it
 * when it fits (FOnChip), else f is read from global memory. The block runs k half-sweeps on its
 * own (ghost_band.h), then swaps k edge rows with each neighbour as self-flagged LL lines through
 * global memory (ll_halo.h): a neighbour waits only for the lines it reads, with no flag, fence
 * or barrier beside them. u goes back to global memory once, at the end.
 *
 * Overlap: right after sending its edges a block updates the rows of the next half-sweep that
 * need no ghost, while the neighbours' lines are in flight, and only then waits for them.
 *
 * Every value is computed with update_point's arithmetic in the reference's order, so the array
 * after any number of iterations is the reference's, bit for bit. Blocks beyond the number of
 * interior rows own no band and leave at once.
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_RESIDENT_H
#define HOLDFAST_KERNELS_PERSISTENT_RESIDENT_H

#include "../device/colour_split.h"
#include "../device/ghost_band.h"
#include "../device/ll_halo.h"

namespace holdfast {

struct ResidentArgs {
    PersistentArgs common;
    LLLine* mailbox;         /* resident_mailbox_lines(...) lines */
    int sweeps_per_exchange; /* k >= 1; at most the smallest band's rows when there are several bands */
    uint32_t flag_base;      /* exchange e of this launch carries flag_base + e (e >= 1): never a stale line's */
};

/* A mailbox per band, side (0: from the band above, 1: from below) and slot (exchange parity),
 * each one edge: k rows of both colours. */
__host__ __device__ __forceinline__ int resident_edge_lines(int n, int k) { return k * 2 * colour_row_width(n); }

__host__ __device__ __forceinline__ size_t resident_mailbox_lines(int bands, int n, int k)
{
    return static_cast<size_t>(bands) * 4 * static_cast<size_t>(resident_edge_lines(n, k));
}

/* Dynamic shared memory: the stored rows of u, and of h2 * f when it is on chip. */
__host__ __device__ __forceinline__ size_t resident_shared_bytes(int bands, int n, int k, bool f_on_chip)
{
    return colour_split_bytes(ghost_band_stored_rows(bands, n, k), n) +
           (f_on_chip ? colour_split_bytes(ghost_band_computed_rows(bands, n, k), n) : 0);
}

__device__ __forceinline__ LLLine* resident_mailbox(const ResidentArgs& args, int band, int side, int exchange)
{
    const int lines = resident_edge_lines(args.common.problem.n, args.sweeps_per_exchange);
    return args.mailbox + (static_cast<size_t>(band) * 4 + side * 2 + (exchange & 1)) * lines;
}

/* Sends this band's edges for exchange `exchange` and receives its neighbours'. Returns false,
 * in every thread, when the block must leave. */
template <bool Overlap, LLAccess Access, typename ScaledF>
__device__ bool exchange_edges(const ResidentArgs& args, const GhostBand& band, int index, const ColourSplitRows& u,
                               const ScaledF& h2f, int exchange, int step)
{
    const int lines = resident_edge_lines(args.common.problem.n, band.k);
    const uint32_t flag = args.flag_base + static_cast<uint32_t>(exchange);
    const bool publishes = !(args.common.fault == HF_FAULT_NEVER_PUBLISH && index == args.common.fault_block);
    if (publishes && band.has_upper) {
        ll_send<Access>(resident_mailbox(args, index - 1, 1, exchange), u.row(band.upper_edge(), 0), lines, flag);
    }
    if (publishes && band.has_lower) {
        ll_send<Access>(resident_mailbox(args, index + 1, 0, exchange), u.row(band.lower_edge(), 0), lines, flag);
    }
    if (Overlap) {
        __syncthreads(); /* the edges have been read before the inner rows change */
        half_sweep_colour_split(u, h2f, args.common.problem.n, step & 1, band.inner_first(), band.inner_end());
    }
    const LLIncoming upper{resident_mailbox(args, index, 0, exchange), u.row(band.upper_ghosts(), 0),
                           band.has_upper ? lines : 0, index - 1};
    const LLIncoming lower{resident_mailbox(args, index, 1, exchange), u.row(band.lower_ghosts(), 0),
                           band.has_lower ? lines : 0, index + 1};
    const bool received = ll_receive<Access>(upper, lower, flag, args.common, step);
    return __syncthreads_or(received ? 0 : 1) == 0;
}

template <bool Overlap, LLAccess Access, typename ScaledF>
__device__ void run_resident_band(const ResidentArgs& args, const GhostBand& band, int index,
                                  const ColourSplitRows& u, const ScaledF& h2f)
{
    const int n = args.common.problem.n;
    const int steps = args.common.steps;
    bool inner_done = false; /* Overlap: the inner rows of the round's first half-sweep are updated */
    for (int step = 0, exchange = 0; step < steps;) {
        const int round = steps - step < band.k ? steps - step : band.k;
        for (int t = 0; t < round; ++t) {
            const int colour = (step + t) & 1;
            if (t == 0 && inner_done) {
                half_sweep_colour_split(u, h2f, n, colour, band.computed_first(0), band.inner_first());
                half_sweep_colour_split(u, h2f, n, colour, band.inner_end(), band.computed_end(0));
            } else {
                half_sweep_colour_split(u, h2f, n, colour, band.computed_first(t), band.computed_end(t));
            }
            __syncthreads();
        }
        step += round;
        if (step < steps) {
            if (!exchange_edges<Overlap, Access>(args, band, index, u, h2f, ++exchange, step)) {
                return;
            }
            inner_done = Overlap;
        }
    }
    store_colour_split(args.common.problem.u, u, n, band.first_row, band.end_row);
}

template <bool FOnChip, bool Overlap, LLAccess Access>
__global__ void __launch_bounds__(1024) persistent_resident(ResidentArgs args)
{
    HF_DYNAMIC_SHARED(double, resident_shared);
    const Problem& problem = args.common.problem;
    const int n = problem.n;
    const int bands = active_band_count(static_cast<int>(gridDim.x), n);
    const int index = static_cast<int>(blockIdx.x);
    if (index >= bands) {
        return;
    }
    const GhostBand band = ghost_band(index, bands, n, args.sweeps_per_exchange);
    const ColourSplitRows u{resident_shared, band.stored_first(), colour_row_width(n)};
    load_colour_split(u, problem.u, n, band.stored_first(), band.stored_end());
    if constexpr (FOnChip) {
        const int first = band.computed_first(0);
        const ScaledFOnChip h2f{ColourSplitRows{
            resident_shared + colour_split_bytes(ghost_band_stored_rows(bands, n, band.k), n) / sizeof(double), first,
            u.width}};
        load_scaled_colour_split(h2f.rows, problem.f, problem.h2, n, first, band.computed_end(0));
        __syncthreads();
        run_resident_band<Overlap, Access>(args, band, index, u, h2f);
    } else {
        __syncthreads();
        run_resident_band<Overlap, Access>(args, band, index, u, ScaledFGlobal{problem.f, n, problem.h2});
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_RESIDENT_H */
