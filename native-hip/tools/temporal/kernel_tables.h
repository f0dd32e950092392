/*
 * kernel_tables.h: the temporal kernels the probe can run, one table per translation unit
 * (kernels_*.cu instantiate them; splitting lets the build compile them in parallel).
 */
#ifndef HOLDFAST_TOOLS_TEMPORAL_KERNEL_TABLES_H
#define HOLDFAST_TOOLS_TEMPORAL_KERNEL_TABLES_H

#include "hf_gpu.h"
/* after hf_gpu.h, which they need */
#include "kernels/temporal_persistent.h"
#include "kernels/temporal_standard.h"

namespace temporal_tools {

using StreamKernel = void (*)(holdfast::TemporalPass, holdfast::StreamGeometry);
using StreamPersistentKernel = void (*)(holdfast::TemporalPersistentArgs, holdfast::StreamGeometry);
using TileKernel = void (*)(holdfast::TemporalPass, holdfast::TileGeometry);
using TilePersistentKernel = void (*)(holdfast::TemporalPersistentArgs, holdfast::TileGeometry);

struct StreamKernels {
    int k;
    int threads;
    holdfast::StreamExchange exchange;
    StreamKernel full;     /* passes of exactly k half-sweeps */
    StreamKernel variable; /* the shorter last pass */
    StreamPersistentKernel persistent;
};

template <int K, int kThreads, holdfast::StreamExchange kExchange, bool kAsyncCopies = true>
StreamKernels stream_kernels()
{
    return StreamKernels{K, kThreads, kExchange, &holdfast::temporal_stream<K, kThreads, false, kExchange, kAsyncCopies>,
                         &holdfast::temporal_stream<K, kThreads, true, kExchange, kAsyncCopies>,
                         &holdfast::temporal_stream_persistent<K, kThreads, kExchange, kAsyncCopies>};
}

struct TileKernels {
    int k;
    int tile_x, tile_y, threads;
    int shared_doubles;
    TileKernel standard;
    TilePersistentKernel persistent;
};

template <int K, int kTileX, int kTileY, int kThreads>
TileKernels tile_kernels()
{
    return TileKernels{K,
                       kTileX,
                       kTileY,
                       kThreads,
                       holdfast::TileShape<K, kTileX, kTileY, kThreads>::kSharedDoubles,
                       &holdfast::temporal_tile<K, kTileX, kTileY, kThreads>,
                       &holdfast::temporal_tile_persistent<K, kTileX, kTileY, kThreads>};
}

/* One table per (exchange, threads) translation unit, K = 1, 2, 3, 4, 6, 8, 12, 16 each; the
 * "Plain" table loads rows with plain loads instead of cp.async. */
extern const StreamKernels kStreamShared128[], kStreamShared256[], kStreamShuffle128[], kStreamShuffle256[],
    kStreamPlain256[];
constexpr int kStreamKernelsPerTable = 8;
extern const TileKernels kTileKernels[];
extern const int kTileKernelCount;

}  // namespace temporal_tools

#endif /* HOLDFAST_TOOLS_TEMPORAL_KERNEL_TABLES_H */
