/*
 * kernel_tables.h: the temporal kernels the probe can run, one table per translation unit
 * (kernels_*.cu instantiate them; splitting lets the build compile them in parallel).
 */
#ifndef HOLDFAST_TOOLS_TEMPORAL_KERNEL_TABLES_H
#define HOLDFAST_TOOLS_TEMPORAL_KERNEL_TABLES_H

#include "hf_gpu.h"
/* after hf_gpu.h, which they need */
#include "persistent_args.h"
#include "prototype/prototype_persistent.h"
#include "prototype/prototype_standard.h"

namespace temporal_tools {

using StreamKernel = void (*)(holdfast::prototype::TemporalPass, holdfast::prototype::StreamGeometry);
using StreamPersistentKernel = void (*)(holdfast::prototype::TemporalPersistentArgs, holdfast::prototype::StreamGeometry);
using TileKernel = void (*)(holdfast::prototype::TemporalPass, holdfast::prototype::TileGeometry);
using TilePersistentKernel = void (*)(holdfast::prototype::TemporalPersistentArgs, holdfast::prototype::TileGeometry);

struct StreamKernels {
    int k;
    int threads;
    holdfast::prototype::StreamExchange exchange;
    StreamKernel full;     /* passes of exactly k half-sweeps */
    StreamKernel variable; /* the shorter last pass */
    StreamPersistentKernel persistent;
};

template <int K, int kThreads, holdfast::prototype::StreamExchange kExchange, bool kAsyncCopies = true>
StreamKernels stream_kernels()
{
    return StreamKernels{K, kThreads, kExchange, &holdfast::prototype::temporal_stream<K, kThreads, false, kExchange, kAsyncCopies>,
                         &holdfast::prototype::temporal_stream<K, kThreads, true, kExchange, kAsyncCopies>,
                         &holdfast::prototype::temporal_stream_persistent<K, kThreads, kExchange, kAsyncCopies>};
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
                       holdfast::prototype::TileShape<K, kTileX, kTileY, kThreads>::kSharedDoubles,
                       &holdfast::prototype::temporal_tile<K, kTileX, kTileY, kThreads>,
                       &holdfast::prototype::temporal_tile_persistent<K, kTileX, kTileY, kThreads>};
}

/* The phase-1 prototypes (prototype/): one table per exchange, 256 threads, cp.async rows, K = 1, 2,
 * 3, 4, 6, 8 each. */
extern const StreamKernels kStreamShared256[], kStreamShuffle256[];
constexpr int kStreamKernelsPerTable = 6;
extern const TileKernels kTileKernels[];
extern const int kTileKernelCount;

/* The library's kernels (the twins of the Java kernel): the standard pass and its persistent counterpart. */
using TwinKernel = void (*)(const double*, double*, const double*, const int*, int, int, double, int, int, int);
using TwinPersistentKernel = void (*)(holdfast::PersistentArgs);

struct TwinKernels {
    int k;
    TwinKernel standard;
    TwinPersistentKernel persistent;
};

extern const TwinKernels kTwinKernels[];
extern const int kTwinKernelCount;

}  // namespace temporal_tools

#endif /* HOLDFAST_TOOLS_TEMPORAL_KERNEL_TABLES_H */
