/*
 * temporal_persistent.h: persistent-grid (temporal), the persistent counterpart of the standard
 * twins (kernels/temporal_stream.h): one cooperative launch runs every pass of k half-sweeps
 * (device/stream_pass.h, the same device code), the blocks share a pass's items (one each when the
 * planner sized the grid, grid-stride otherwise), and the two-slot grid barrier between passes
 * publishes a pass's writes before the next reads them as ghost points. So ghost borders are
 * exchanged through memory every k half-sweeps instead of at a kernel boundary; everything else is
 * the standard launch's.
 *
 * Two buffers, as between standard launches: pass i reads u and writes scratch when i is even,
 * and the other way round when it is odd; the session (execute.cpp) starts the run from the array
 * that makes the last pass write u. The last pass is shorter when k does not divide the
 * half-sweeps. One kernel per k and barrier (the template is instantiated in variant_table.cpp):
 * Holdfast's two-slot barrier, bounded by the watchdog (temporal), or cooperative groups'
 * grid.sync(), which cannot time out (temporal-cg).
 */
#ifndef HOLDFAST_KERNELS_TEMPORAL_PERSISTENT_H
#define HOLDFAST_KERNELS_TEMPORAL_PERSISTENT_H

#include <type_traits>

#include "../device/grid_barrier.h"
#include "../device/stream_pass.h"
#include "../device/work_count.h"

namespace holdfast {

/* How the blocks wait for each other between passes. */
enum class PassBarrier { kTwoSlot, kCooperativeGroups };

/* The wait after pass `pass`: false when the block must leave (the two-slot wait expired, or the
 * block skips its barrier for HF_FAULT_SKIP_GRID_BARRIER, which only the two-slot rows accept). A
 * grid of one block needs only a block barrier. */
template <PassBarrier B>
__device__ inline bool wait_between_passes(const PersistentArgs& args, int pass, bool skips_barrier)
{
    if (skips_barrier) {
        return false;
    }
    if (gridDim.x == 1) {
        __syncthreads();
        return true;
    }
    if constexpr (B == PassBarrier::kCooperativeGroups) {
        cg::this_grid().sync();
        return true;
    } else {
        return grid_barrier_two_slot(args, pass);
    }
}

/* Every pass of a run of K half-sweeps (the last one shorter when K does not divide the run), the
 * blocks sharing a pass's `items` grid-stride, the barrier B between passes, and the work report:
 * what the square's and the cube's temporal kernels share. `stream_item(in, out, sweeps,
 * first_colour, item)` streams one item of one pass. */
template <int K, PassBarrier B, typename StreamItem>
__device__ inline void run_temporal_passes(const PersistentArgs& args, int items, StreamItem stream_item)
{
    const Problem& problem = args.problem;
    const int passes = temporal_pass_count(args.steps, K);
    const int block = static_cast<int>(blockIdx.x);
    const bool skips_barrier = args.fault == HF_FAULT_SKIP_GRID_BARRIER && block == args.fault_block;
    int done = 0; /* half-sweeps of the passes this block took its share of (work_count.h) */
    for (int pass = 0; pass < passes; ++pass) {
        const int first = pass * K;
        const bool even = (pass & 1) == 0;
        const double* in = even ? problem.u : args.scratch;
        double* out = even ? args.scratch : problem.u;
        /* HF_FAULT_SKIP_HALF_SWEEP: the last pass of the fault block runs one half-sweep fewer. */
        const int planned = args.steps - first < K ? args.steps - first : K;
        const int sweeps = planned - (skips_half_sweep(args, block, first + planned - 1) ? 1 : 0);
        for (int item = block; sweeps > 0 && item < items; item += static_cast<int>(gridDim.x)) {
            stream_item(in, out, sweeps, first & 1, item);
        }
        done += sweeps;
        if (pass + 1 < passes && !wait_between_passes<B>(args, pass, skips_barrier)) {
            return;
        }
    }
    if (threadIdx.x == 0) {
        report_work(args, block, done);
    }
}

/* BlocksPerSm is the launch bound (the rows temporal-3blocks and temporal-paired ask for
 * stream_occupied_blocks_per_sm), A how a thread's pair moves (device/stream_pass.h). */
#if HF_HAS_STREAM_SHUFFLE
/* Whether u, the scratch array and f start on 16 bytes, as kPaired wants (cudaMalloc gives 256). */
__device__ inline bool stream_pairs_aligned(const Problem& problem, const double* scratch)
{
    return stream_pair_aligned(problem.u, 0) && stream_pair_aligned(scratch, 0) && stream_pair_aligned(problem.f, 0);
}
#endif

template <int K, PassBarrier B = PassBarrier::kTwoSlot, int BlocksPerSm = stream_blocks_per_sm(K),
          StreamAccess A = StreamAccess::kScalar>
__global__ void __launch_bounds__(kStreamThreads, BlocksPerSm) temporal_stream_persistent(PersistentArgs args)
{
    static_assert(stream_shared_doubles(K) <= kStreamStaticSharedDoubles, "the ring and the edges fit static shared memory");
#if HF_HAS_STREAM_SHUFFLE
    __shared__ double f_ring[stream_ring_rows(K) * 2 * kStreamThreads];
    __shared__ double edges[2 * K * kStreamWarps];
    const Problem& problem = args.problem;
    const auto pass_with = [&](auto access) {
        run_temporal_passes<K, B>(args, args.items.strips * args.items.segments,
                                  [&](const double* in, double* out, int sweeps, int first_colour, int item) {
                                      stream_pass_item<K, decltype(access)::value>(in, out, problem.f, problem.n, problem.n, problem.h2,
                                                                                   sweeps, first_colour, args.items, item, f_ring,
                                                                                   edges);
                                  });
    };
    using Scalar = std::integral_constant<StreamAccess, StreamAccess::kScalar>;
    if constexpr (A == StreamAccess::kScalar) {
        pass_with(Scalar{});
    } else if (stream_pairs_aligned(problem, args.scratch)) {
        pass_with(std::integral_constant<StreamAccess, A>{});
    } else {
        pass_with(Scalar{}); /* arrays the library did not allocate: pairs could be misaligned */
    }
#else
    (void)args;
#endif
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_TEMPORAL_PERSISTENT_H */
