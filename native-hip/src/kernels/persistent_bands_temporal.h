/*
 * persistent_bands_temporal.h: the persistent band kernel's temporal pass (HF_BAND_PASS_TEMPORAL,
 * issue 24): between two exchanges a band runs its k half-sweeps as one temporally blocked pass
 * (device/stream_pass.h, the `temporal` row's pass) streamed down its held rows, instead of k
 * half-sweeps with the band's barrier after each (kernels/persistent_bands.h, whose exchange,
 * barrier, watchdog and faults this kernel shares).
 *
 * Why it is exact. A band's array is a grid of `rows` rows of n whose first and last rows are only
 * read between exchanges, like the square's boundary: the half-sweep kernel updates rows 1 .. rows - 2,
 * and so does the pass, which gives the same values as its k half-sweeps over the same grid (the
 * stream pass's contract). So the owned rows after each pass are the half-sweep kernel's, bit for
 * bit, and with them the reference's: with k ghost rows each side the stale outer rows reach at most
 * k - 1 rows in.
 *
 * Two arrays, as the pass needs (a block's ghost points are a neighbour's owned points, which the
 * neighbour may already have advanced): pass p of a run reads one and writes the other, then the
 * exchange sends the written array's edge rows and writes the received lines into its ghost rows,
 * so that the next pass reads an array whose every held row is exact. Both arrays hold the band's
 * rows from the load, so the rows no pass writes (the grid's boundary) are right in either. The run
 * starts from u when its pass count is even and from scratch when it is odd (the host copies u there
 * first, bands.cpp), so that the last pass always writes u.
 *
 * Memory ordering: as the half-sweep kernel's, with a pass in place of a half-sweep. The band's
 * barrier after a pass (agent scope) orders every block's writes of the pass before the sends read
 * the edge rows and before the next pass reads the array; the barrier after the exchange orders
 * the ghost rows written from the lines before the next pass reads them, and the sends' reads of
 * the edge rows before the pass after next rewrites that array.
 *
 * One kernel per k the stream pass is built for (HF_BAND_TEMPORAL_DEPTHS), 256 threads per block,
 * bounded for the `temporal` row's blocks per multiprocessor. CUDA only (the pass needs 32-lane warp
 * shuffles): elsewhere the kernels are empty and the host refuses the pass before launching.
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_BANDS_TEMPORAL_H
#define HOLDFAST_KERNELS_PERSISTENT_BANDS_TEMPORAL_H

#include "../device/stream_pass.h"
#include "persistent_bands.h"

namespace holdfast {

/* The colour the stream pass calls `first_colour` over a band's array for the grid's colour `colour`:
 * the pass colours (row + column) of its own rows, and band row 0 is global row low_row. */
__device__ __forceinline__ int band_pass_colour(const BandView& view, int colour) { return (colour + view.low_row) & 1; }

/* The exchange after a pass, out of line: inlined, its registers would join the pass's, which takes
 * nearly all 128 at k = 8 (ptxas then spills in the stream loop). */
template <LLAccess Access>
__device__ __noinline__ bool exchange_after_pass(const PersistentArgs& args, const BandView& view, double* array,
                                                 int exchange, int done, bool publishes, const BarrierSlots& barrier,
                                                 int& barriers, LLWorkers workers)
{
    return exchange_band_halos<Access>(args, view, array, exchange, done, publishes, barrier, barriers, workers);
}

#if HF_HAS_STREAM_SHUFFLE
template <int K, LLAccess Access>
__device__ void run_band_passes(const PersistentArgs& args, const BandLaunch& launch, double* f_ring, double* edges)
{
    const BandBlock block = band_block(launch);
    if (block.local >= launch.band_count) {
        return;
    }
    const BandView& view = launch.views[block.local];
    const BarrierSlots barrier = band_barrier(launch, block);
    const int n = args.problem.n;
    const bool publishes = band_publishes(args, block.band);
    const int rank = static_cast<int>(blockIdx.x) % launch.blocks_per_band;
    const int items = view.items.strips * view.items.segments;
    const int passes = temporal_pass_count(args.steps, K);
    double* const arrays[2] = {view.u, view.scratch};
    const int start = passes & 1; /* the last pass writes u (the host copied u into scratch for an odd count) */
    int barriers = 0;
    int done = 0;
    for (int pass = 0; pass < passes; ++pass) {
        const int first = pass * K;
        const double* in = arrays[(start + pass) & 1];
        double* out = arrays[(start + pass + 1) & 1];
        /* HF_FAULT_SKIP_HALF_SWEEP: block fault_block's last pass runs one half-sweep fewer. */
        const int planned = args.steps - first < K ? args.steps - first : K;
        const int sweeps = planned - (skips_half_sweep(args, static_cast<int>(blockIdx.x), first + planned - 1) ? 1 : 0);
        for (int item = rank; sweeps > 0 && item < items; item += launch.blocks_per_band) {
            stream_pass_item<K>(in, out, view.f, n, view.rows, args.problem.h2, sweeps, band_pass_colour(view, first & 1),
                                view.items, item, f_ring, edges);
        }
        done += sweeps;
        /* The pass's writes, every block's, before the sends read the edge rows and the next pass reads them. */
        if (!barrier_two_slot(staggered_deadline(args, first + planned, true), barrier, barriers++)) {
            return;
        }
        if (!exchange_after_pass<Access>(args, view, out, pass + 1, first + planned, publishes, barrier, barriers,
                                         block.workers)) {
            return;
        }
    }
    if (threadIdx.x == 0) {
        report_work(args, static_cast<int>(blockIdx.x), done);
    }
}
#endif

template <int K>
__global__ void __launch_bounds__(kStreamThreads, stream_blocks_per_sm(K))
    persistent_bands_temporal(PersistentArgs args, BandLaunch launch)
{
    static_assert(stream_shared_doubles(K) <= kStreamStaticSharedDoubles, "the ring and the edges fit static shared memory");
#if HF_HAS_STREAM_SHUFFLE
    __shared__ double f_ring[stream_ring_rows(K) * 2 * kStreamThreads];
    __shared__ double edges[2 * K * kStreamWarps];
    run_band_passes<K, kBandAccess>(args, launch, f_ring, edges);
#else
    (void)args, (void)launch;
#endif
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_BANDS_TEMPORAL_H */
