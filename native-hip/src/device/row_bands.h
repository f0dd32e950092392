/*
 * row_bands.h: contiguous bands of interior rows, one per block (host and dataflow kernels).
 *
 * Rows 1 .. n-2 are split as evenly as possible, the first (rows % blocks) blocks taking one row
 * more. Blocks beyond the number of interior rows own empty bands. The cube's kernels split the
 * same way by interior planes (i = 1 .. n-2): a "row" of a band is then a plane
 * (band_unit_points_of), and everything else here holds unchanged.
 */
#ifndef HOLDFAST_DEVICE_ROW_BANDS_H
#define HOLDFAST_DEVICE_ROW_BANDS_H

#include "problems.h"

namespace holdfast {

struct RowBand {
    int first_row; /* first interior row of the band */
    int end_row;   /* one past the last */

    __device__ bool empty() const { return end_row <= first_row; }
};

/* Blocks that own at least one row. */
__host__ __device__ __forceinline__ int active_band_count(int blocks, int n) { return blocks < n - 2 ? blocks : n - 2; }

/* The fewest interior rows any band with work has: k ghost rows must come from one neighbour's band. */
__host__ __device__ __forceinline__ int smallest_band_rows(int n, int blocks) { return (n - 2) / active_band_count(blocks, n); }

__device__ __forceinline__ RowBand row_band(int block, int blocks, int n)
{
    const int rows = n - 2;
    const int base = rows / blocks;
    const int extra = rows % blocks;
    const int first = 1 + block * base + (block < extra ? block : extra);
    return RowBand{first, first + base + (block < extra ? 1 : 0)};
}

/* The block's threads stride over the band's points of `colour` (rows of the square, planes of the
 * cube). */
template <int Kind>
__device__ __forceinline__ void half_sweep_band(const Problem& problem, RowBand band, int colour)
{
    const int unit = band_unit_points_of(Kind, problem.n);
    half_sweep_of<Kind>(problem, colour, (band.first_row - 1) * unit + static_cast<int>(threadIdx.x),
                        (band.end_row - 1) * unit, static_cast<int>(blockDim.x));
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_ROW_BANDS_H */
