/*
 * prototype_persistent.h: the persistent counterparts of prototype_standard.h.
 *
 * One cooperative launch runs every pass: the co-resident blocks share a pass's items (the same
 * strips and segments, or tiles, that the standard launch gives one block each), then meet at the
 * two-slot grid barrier, which publishes the pass's writes before the next pass reads them as
 * ghost points; the buffers swap per pass exactly as the host swaps them between launches. So the
 * ghost borders are exchanged through memory every K half-sweeps instead of at a kernel boundary.
 * The grid must be co-resident (occupancy API, cooperative launch) and the control block zeroed.
 */
#ifndef HOLDFAST_PROTOTYPE_KERNELS_TEMPORAL_PERSISTENT_H
#define HOLDFAST_PROTOTYPE_KERNELS_TEMPORAL_PERSISTENT_H

#include "device/grid_barrier.h"
#include "prototype_stream.h"
#include "prototype_tile.h"

namespace holdfast::prototype {

struct TemporalPersistentArgs {
    PersistentArgs run; /* problem.u: the start state; steps: half-sweeps of the run; the control block and watchdog */
    double* scratch;    /* the second buffer, its boundary already copied */
};

__device__ __forceinline__ TemporalPass persistent_pass(const TemporalPersistentArgs& args, int per_pass, int index)
{
    const Problem& problem = args.run.problem;
    return temporal_pass_of(problem.u, args.scratch, problem.f, problem.n, problem.h2, args.run.steps, per_pass, index);
}

template <int K, int kThreads, StreamExchange kExchange, bool kAsyncCopies = true>
__global__ void __launch_bounds__(kThreads, stream_min_blocks(kThreads))
temporal_stream_persistent(TemporalPersistentArgs args, StreamGeometry geometry)
{
    extern __shared__ double temporal_shared[];
    const int items = geometry.strips * geometry.segments;
    const int passes = pass_count(args.run.steps, K);
    for (int index = 0; index < passes; ++index) {
        const TemporalPass pass = persistent_pass(args, K, index);
        for (int item = static_cast<int>(blockIdx.x); item < items; item += static_cast<int>(gridDim.x)) {
            if (pass.sweeps == K) {
                stream_item<K, kThreads, false, kExchange, kAsyncCopies>(pass, geometry, item, temporal_shared);
            } else {
                stream_item<K, kThreads, true, kExchange, kAsyncCopies>(pass, geometry, item, temporal_shared);
            }
        }
        if (index + 1 < passes && !grid_barrier_two_slot(args.run, index)) {
            return;
        }
    }
}

template <int K, int kTileX, int kTileY, int kThreads>
__global__ void __launch_bounds__(kThreads) temporal_tile_persistent(TemporalPersistentArgs args, TileGeometry geometry)
{
    extern __shared__ double temporal_shared[];
    const int items = geometry.tiles_x * geometry.tiles_y;
    const int passes = pass_count(args.run.steps, K);
    for (int index = 0; index < passes; ++index) {
        const TemporalPass pass = persistent_pass(args, K, index);
        for (int item = static_cast<int>(blockIdx.x); item < items; item += static_cast<int>(gridDim.x)) {
            tile_item<K, kTileX, kTileY, kThreads>(pass, geometry, item, temporal_shared);
        }
        if (index + 1 < passes && !grid_barrier_two_slot(args.run, index)) {
            return;
        }
    }
}

}  // namespace holdfast::prototype

#endif /* HOLDFAST_PROTOTYPE_KERNELS_TEMPORAL_PERSISTENT_H */
