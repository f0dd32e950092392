/*
 * ghost_band.h: a band of rows that also computes k ghost rows on each side, so that k
 * half-sweeps share one halo exchange (temporal blocking, exact for red-black).
 *
 * A half-sweep updates one colour from the other, so a row is right after half-sweep s when the
 * rows beside it were right before it. After an exchange a band holds its own rows and k rows of
 * each neighbour, all at the same step; the t-th half-sweep after it (t = 0 .. k - 1) can then
 * update every row but the outermost t + 1 on each side, with the same arithmetic as the
 * neighbour that owns them. After k half-sweeps the band's own rows are exactly what the
 * sequential reference has, and the band sends its k edge rows on each side for the next round.
 * A side without a neighbour ends at the grid's boundary row, which never changes.
 *
 * Every neighbour must own at least k rows (the planner's rule); a lone band has no neighbour.
 */
#ifndef HOLDFAST_DEVICE_GHOST_BAND_H
#define HOLDFAST_DEVICE_GHOST_BAND_H

#include "row_bands.h"

namespace holdfast {

/* Interior rows of the largest of `bands` bands (the smallest: row_bands.h). */
__host__ __device__ __forceinline__ int largest_band_rows(int bands, int n) { return (n - 2 + bands - 1) / bands; }

/* Rows a band stores (own, ghosts and the halo beyond them), and rows it computes in the first
 * half-sweep after an exchange, at most, over all bands. */
__host__ __device__ __forceinline__ int ghost_band_stored_rows(int bands, int n, int k)
{
    return largest_band_rows(bands, n) + 2 * (bands > 1 ? k : 1);
}
__host__ __device__ __forceinline__ int ghost_band_computed_rows(int bands, int n, int k)
{
    return largest_band_rows(bands, n) + 2 * (bands > 1 ? k - 1 : 0);
}

struct GhostBand {
    int first_row; /* own rows [first_row, end_row) */
    int end_row;
    int k;         /* ghost rows per side, half-sweeps per exchange */
    bool has_upper;
    bool has_lower;

    /* Stored rows: ghosts and their halo, or the boundary row. */
    __device__ int stored_first() const { return first_row - (has_upper ? k : 1); }
    __device__ int stored_end() const { return end_row + (has_lower ? k : 1); }
    /* Rows the t-th half-sweep after an exchange updates. */
    __device__ int computed_first(int t) const { return has_upper ? first_row - k + 1 + t : first_row; }
    __device__ int computed_end(int t) const { return has_lower ? end_row + k - 1 - t : end_row; }
    /* The edge rows that become a neighbour's ghosts, and the rows the neighbours' edges fill. */
    __device__ int upper_edge() const { return first_row; }
    __device__ int lower_edge() const { return end_row - k; }
    __device__ int upper_ghosts() const { return first_row - k; }
    __device__ int lower_ghosts() const { return end_row; }
    /* Rows that need no ghost in the first half-sweep after an exchange: computable before the
     * halo has arrived. [inner_first, inner_end) is empty for bands of one or two rows. */
    __device__ int inner_first() const { return first_row + 1; }
    __device__ int inner_end() const { return end_row - 1 > first_row + 1 ? end_row - 1 : first_row + 1; }
};

__device__ __forceinline__ GhostBand ghost_band(int band, int bands, int n, int k)
{
    const RowBand rows = row_band(band, bands, n);
    return GhostBand{rows.first_row, rows.end_row, k, band > 0, band + 1 < bands};
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_GHOST_BAND_H */
