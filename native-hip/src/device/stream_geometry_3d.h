/*
 * stream_geometry_3d.h: how the cube's temporally blocked pass (device/stream_pass_3d.h) is cut into
 * items, the constants its kernels are built for, and the rule that sizes the items. Plain values,
 * shared by the kernels, the planner and the tests; TemporalKernels3D and StreamGeometry3D in
 * tornado-tasks/kernels are the same constants and the same rule for the Java standard launches.
 */
#ifndef HOLDFAST_DEVICE_STREAM_GEOMETRY_3D_H
#define HOLDFAST_DEVICE_STREAM_GEOMETRY_3D_H

#include "stream_geometry.h"

namespace holdfast {

/* Threads per block (TemporalKernels3D.THREADS): warp w takes the tile rows w, w + 16, w + 32. */
constexpr int kStream3dThreads = 512;
constexpr int kStream3dWarps = kStream3dThreads / 32;
/* Columns of a tile, owned and ghost: one pair per lane (TILE_COLUMNS), kept even columns then odd. */
constexpr int kStream3dTileColumns = 64;
constexpr int kStream3dPairs = kStream3dTileColumns / 2;
/* The most tile rows a warp takes (ROWS_PER_WARP). */
constexpr int kStream3dRowsPerWarp = 3;
/* Blocks per multiprocessor the kernels are bounded for: 64 registers per thread (BLOCKS_PER_SM). */
constexpr int kStream3dBlocksPerSm = 2;

/* Tile rows, owned and ghost, for k half-sweeps per pass: the ring of k + 3 planes of the tile fills
 * a block's shared memory of an H200 (227 KiB) at k = 6 and 8, half of it (two blocks an SM) below. */
__host__ __device__ constexpr int stream_3d_tile_rows(int k)
{
    return k == 1 ? 48 : k == 2 ? 40 : k == 3 ? 36 : k == 4 ? 32 : k == 6 ? 48 : 40;
}

/* Owned rows and columns of a tile: k ghost rows and columns each side. */
__host__ __device__ constexpr int stream_3d_owned_rows(int k) { return stream_3d_tile_rows(k) - 2 * k; }
__host__ __device__ constexpr int stream_3d_owned_columns(int k) { return kStream3dTileColumns - 2 * k; }

/* Dynamic shared memory of a block: k + 3 planes of the tile. */
__host__ __device__ constexpr int stream_3d_shared_bytes(int k)
{
    return (k + 3) * stream_3d_tile_rows(k) * kStream3dTileColumns * static_cast<int>(sizeof(double));
}

static_assert(stream_3d_tile_rows(1) <= kStream3dWarps * kStream3dRowsPerWarp &&
                  stream_3d_tile_rows(6) <= kStream3dWarps * kStream3dRowsPerWarp,
              "a warp takes at most kStream3dRowsPerWarp rows of a tile");
static_assert(stream_3d_shared_bytes(6) <= 227 * 1024 && stream_3d_shared_bytes(8) <= 227 * 1024,
              "the ring fits a block's shared memory on an H200");

/* How the cube is cut into items: tiles of rows j and columns k, segments of planes i (StreamGeometry3D). */
struct StreamGeometry3d {
    int tiles_j;        /* tiles across the interior rows 1 .. n-2, stream_3d_owned_rows(k) each */
    int tiles_k;        /* tiles across the interior columns 1 .. n-2, stream_3d_owned_columns(k) each */
    int segment_planes; /* owned planes per segment: segment g owns planes 1 + g p .. 1 + (g + 1) p - 1 */
    int segments;
};

__host__ __device__ constexpr int stream_3d_blocks(const StreamGeometry3d& geometry)
{
    return geometry.tiles_j * geometry.tiles_k * geometry.segments;
}

/* The items of a pass at n^3 and k half-sweeps for `target` blocks at once, a wave (StreamGeometry3D.plan
 * in Java, the same rule): the tiles the cube needs, then the segments of planes that finish soonest:
 * rounds of the wave (ceil(items / target)) times the planes a block streams (ceil(interior /
 * segments) + 2k), the fewest segments among equals. One segment fills a wave badly when the tiles are
 * a little more than a wave (N = 512, k = 6: 150 tiles on 132 SMs, two rounds); more segments even the
 * rounds out at 2k planes each. */
__host__ __device__ inline StreamGeometry3d plan_stream_geometry_3d(int n, int k, int target)
{
    const int interior = n - 2;
    const int tiles_j = stream_ceil_div(interior, stream_3d_owned_rows(k));
    const int tiles_k = stream_ceil_div(interior, stream_3d_owned_columns(k));
    const long long wave = target > 1 ? target : 1;
    int segments = 1;
    long long best = -1;
    for (int candidate = 1; candidate <= interior; ++candidate) {
        const int planes = stream_ceil_div(interior, candidate);
        if (stream_ceil_div(interior, planes) != candidate) {
            continue; /* the same cut as fewer segments */
        }
        const long long rounds = (static_cast<long long>(tiles_j) * tiles_k * candidate + wave - 1) / wave;
        const long long time = rounds * (planes + 2LL * k);
        if (best < 0 || time < best) {
            best = time;
            segments = candidate;
        }
    }
    const int segment_planes = stream_ceil_div(interior, segments);
    return StreamGeometry3d{tiles_j, tiles_k, segment_planes, stream_ceil_div(interior, segment_planes)};
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_STREAM_GEOMETRY_3D_H */
