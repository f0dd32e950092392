/*
 * plan.h: how the temporal tools split a grid into items for the phase-1 prototypes (host only;
 * the library's kernels use plan_stream_geometry, src/device/stream_geometry.h).
 *
 * Stream: strips as wide as the block allows (2T columns less the ghost borders), balanced and
 * even; segments of rows as asked, none empty. Tile: ceil((n - 2) / tile) tiles each way.
 */
#ifndef HOLDFAST_TOOLS_TEMPORAL_PLAN_H
#define HOLDFAST_TOOLS_TEMPORAL_PLAN_H

#include <algorithm>

/* after the GPU runtime (or its emulation), which they need */
#include "prototype/prototype_stream.h"
#include "prototype/prototype_tile.h"

namespace temporal_tools {

inline int ceil_div(int a, int b) { return (a + b - 1) / b; }

/* Interior columns 1 .. n-2 lie in [0, n - 1): strip s owns [s w, (s + 1) w) of it. */
inline holdfast::prototype::StreamGeometry plan_stream(int n, int sweeps_per_pass, int threads, int segments, int prefetch)
{
    const int columns = n - 1;
    const int widest = 2 * threads - 2 * holdfast::prototype::stream_halo(sweeps_per_pass);
    int strips = ceil_div(columns, widest);
    int width = ceil_div(columns, strips);
    width += width & 1;
    strips = ceil_div(columns, width); /* rounding up to even can leave the last strip empty */
    const int rows = n - 2;
    const int segment_rows = ceil_div(rows, std::max(1, std::min(segments, rows)));
    return holdfast::prototype::StreamGeometry{width,
                                    strips,
                                    segment_rows,
                                    ceil_div(rows, segment_rows),
                                    prefetch,
                                    prefetch + 2,
                                    prefetch + sweeps_per_pass + 2};
}

inline holdfast::prototype::TileGeometry plan_tile(int n, int tile_x, int tile_y)
{
    return holdfast::prototype::TileGeometry{ceil_div(n - 2, tile_x), ceil_div(n - 2, tile_y)};
}

}  // namespace temporal_tools

#endif /* HOLDFAST_TOOLS_TEMPORAL_PLAN_H */
