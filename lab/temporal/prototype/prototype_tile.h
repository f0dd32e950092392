/*
 * prototype_tile.h: K half-sweeps per pass over memory on overlapped 2D tiles in shared memory.
 *
 * A block owns a kTileX x kTileY tile of interior points and loads it with a ghost border of K
 * points on every side (the region), runs the pass's half-sweeps on the region in shared memory,
 * a block barrier between them, and writes the owned points back. Level s (the state after s
 * half-sweeps) is exact at distance >= s from the region's edge, so the owned points, at distance
 * >= K, are exact after K levels; level s is computed only there. Points outside the grid are
 * never loaded or used; boundary points are loaded and never updated.
 *
 * The region is stored by colour: plane c holds the colour-c point of each column pair (2q,
 * 2q + 1) of each row at [row][q], so the threads of a warp, taking consecutive pairs, read and
 * write consecutive doubles: no bank conflicts, where a row-major tile would touch every other
 * double. Each thread keeps h2 * f of its pairs in registers (the product the update would
 * compute, so the value is the same).
 */
#ifndef HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_TILE_H
#define HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_TILE_H

#include "prototype_pass.h"

namespace holdfast::prototype {

struct TileGeometry {
    int tiles_x; /* tile tx owns interior columns 1 + tx * kTileX ... */
    int tiles_y; /* tile ty owns interior rows 1 + ty * kTileY ... */
};

template <int K, int kTileX, int kTileY, int kThreads>
struct TileShape {
    static_assert(kTileX % 2 == 0, "pairs of columns");
    static constexpr int kRegionX = kTileX + 2 * K;
    static constexpr int kRegionY = kTileY + 2 * K;
    static constexpr int kPairsX = kRegionX / 2;
    static constexpr int kPairs = kRegionY * kPairsX;
    static constexpr int kPairsPerThread = (kPairs + kThreads - 1) / kThreads;
    static constexpr int kSharedDoubles = 2 * kPairs; /* both colour planes */
};

template <int K, int kTileX, int kTileY, int kThreads>
__device__ __forceinline__ void tile_item(const TemporalPass& pass, const TileGeometry& g, int item, double* shared)
{
    using Shape = TileShape<K, kTileX, kTileY, kThreads>;
    constexpr int kPairsX = Shape::kPairsX;
    const int n = pass.n;
    const int gx0 = 1 + (item % g.tiles_x) * kTileX - K; /* the region's first column and row */
    const int gy0 = 1 + (item / g.tiles_x) * kTileY - K;
    /* plane of colour c: shared + c * kPairs (arithmetic, not an array of pointers, which a
     * variable index would put in local memory) */
    double h2f[Shape::kPairsPerThread][2];

#pragma unroll
    for (int k = 0; k < Shape::kPairsPerThread; ++k) {
        const int p = static_cast<int>(threadIdx.x) + k * kThreads;
        h2f[k][0] = 0.0;
        h2f[k][1] = 0.0;
        if (p < Shape::kPairs) {
            const int gi = gy0 + p / kPairsX;
            const int gj = gx0 + 2 * (p % kPairsX);
#pragma unroll
            for (int e = 0; e < 2; ++e) {
                double u = 0.0;
                if (within(gi, n) && within(gj + e, n)) {
                    const int c = gi * n + gj + e;
                    u = pass.in[c];
                    h2f[k][e] = pass.h2 * pass.f[c];
                }
                shared[((gi + gj + e) & 1) * Shape::kPairs + p] = u;
            }
        }
    }
    __syncthreads();

    for (int level = 1; level <= pass.sweeps; ++level) {
        const int colour = (pass.first_colour + level - 1) & 1;
        double* mine = shared + colour * Shape::kPairs;
        const double* other = shared + (1 - colour) * Shape::kPairs;
#pragma unroll
        for (int k = 0; k < Shape::kPairsPerThread; ++k) {
            const int p = static_cast<int>(threadIdx.x) + k * kThreads;
            if (p < Shape::kPairs) {
                const int i = p / kPairsX;
                const int gi = gy0 + i;
                const int e = (colour + gi + gx0) & 1; /* the member of the pair with this colour */
                const int j = 2 * (p % kPairsX) + e;
                if (within(i - level, Shape::kRegionY - 2 * level) && within(j - level, Shape::kRegionX - 2 * level) &&
                    within(gi - 1, n - 2) && within(gx0 + j - 1, n - 2)) {
                    /* east (j + 1) is pair q + e of the other plane, west (j - 1) pair q - 1 + e */
                    mine[p] = updated_value_of_product(other[p + kPairsX], other[p - kPairsX], other[p + e],
                                                       other[p - 1 + e], e != 0 ? h2f[k][1] : h2f[k][0]);
                }
            }
        }
        __syncthreads();
    }

#pragma unroll
    for (int k = 0; k < Shape::kPairsPerThread; ++k) {
        const int p = static_cast<int>(threadIdx.x) + k * kThreads;
        if (p < Shape::kPairs) {
            const int i = p / kPairsX;
            const int gi = gy0 + i;
            const int gj = gx0 + 2 * (p % kPairsX);
#pragma unroll
            for (int e = 0; e < 2; ++e) {
                const int j = 2 * (p % kPairsX) + e;
                if (within(i - K, kTileY) && within(j - K, kTileX) && within(gi - 1, n - 2) && within(gj + e - 1, n - 2)) {
                    pass.out[gi * n + gj + e] = shared[((gi + gj + e) & 1) * Shape::kPairs + p];
                }
            }
        }
    }
    __syncthreads(); /* the next item reuses the planes */
}

}  // namespace holdfast::prototype

#endif /* HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_TILE_H */
