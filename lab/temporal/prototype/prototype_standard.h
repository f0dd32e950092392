/*
 * prototype_standard.h: the temporally blocked standard kernels, one launch per pass of K
 * half-sweeps (prototype_pass.h says what a pass is; the host launches pass after pass,
 * swapping the two buffers, with temporal_pass_of).
 *
 *   temporal_stream<K, kThreads, kVariable, kExchange>
 *                                             one block of kThreads per (strip, segment):
 *                                             prototype_stream.h; kVariable: the pass may run
 *                                             fewer than K half-sweeps (the last pass of a run K
 *                                             does not divide)
 *   temporal_tile<K, kTileX, kTileY, kThreads> one block per tile: prototype_tile.h; any
 *                                             pass of at most K half-sweeps
 *
 * Both take their working memory as dynamic shared memory (stream_shared_doubles,
 * TileShape::kSharedDoubles), above 48 KB once the host raises the kernel's limit.
 */
#ifndef HOLDFAST_PROTOTYPE_KERNELS_TEMPORAL_STANDARD_H
#define HOLDFAST_PROTOTYPE_KERNELS_TEMPORAL_STANDARD_H

#include "prototype_stream.h"
#include "prototype_tile.h"

namespace holdfast::prototype {

template <int K, int kThreads, bool kVariable, StreamExchange kExchange, bool kAsyncCopies = true>
__global__ void __launch_bounds__(kThreads, stream_min_blocks(kThreads)) temporal_stream(TemporalPass pass, StreamGeometry geometry)
{
    extern __shared__ double temporal_shared[];
    stream_item<K, kThreads, kVariable, kExchange, kAsyncCopies>(pass, geometry, static_cast<int>(blockIdx.x),
                                                                 temporal_shared);
}

template <int K, int kTileX, int kTileY, int kThreads>
__global__ void __launch_bounds__(kThreads) temporal_tile(TemporalPass pass, TileGeometry geometry)
{
    extern __shared__ double temporal_shared[];
    tile_item<K, kTileX, kTileY, kThreads>(pass, geometry, static_cast<int>(blockIdx.x), temporal_shared);
}

}  // namespace holdfast::prototype

#endif /* HOLDFAST_PROTOTYPE_KERNELS_TEMPORAL_STANDARD_H */
