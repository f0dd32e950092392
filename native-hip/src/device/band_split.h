/*
 * band_split.h: the square cut into bands of rows, one per GPU, exactly as the Java BandSplit cuts
 * it (org.holdfast.kernels.bands.BandSplit), so that a band kernel here and the Java band kernels
 * hold, compute and exchange the same rows.
 *
 * The m = n - 2 interior rows: band b owns rows 1 + m b / G to 1 + m (b + 1) / G - 1 (the first
 * bands are the shorter). It holds them and up to k ghost rows each side, fewer where the grid's
 * edge is nearer, in an array of its own whose row 0 is global row low_row. k may exceed a
 * neighbour's rows: the ghost rows then reach into the bands beyond, and each run of them with one
 * owner is one copy of the exchange (band_halo_at). Host and device share these helpers.
 */
#ifndef HOLDFAST_DEVICE_BAND_SPLIT_H
#define HOLDFAST_DEVICE_BAND_SPLIT_H

namespace holdfast {

/* The most ghost rows a band kernel takes (--sweeps-per-launch goes up to 16). */
constexpr int kMaxBandGhostRows = 16;

/* The rows of one band: owned [first_row, end_row), held [low_row, high_row). */
struct BandRows {
    int first_row;
    int end_row;
    int low_row;
    int high_row;

    __host__ __device__ int rows() const { return high_row - low_row; }
    __host__ __device__ bool owns(int row) const { return row >= first_row && row < end_row; }
};

__host__ __device__ inline BandRows band_rows(int n, int bands, int ghost_rows, int band)
{
    const long long lines = n - 2;
    const int first = 1 + static_cast<int>(lines * band / bands);
    const int end = 1 + static_cast<int>(lines * (band + 1) / bands);
    return BandRows{first, end, first - ghost_rows > 0 ? first - ghost_rows : 0,
                    end + ghost_rows < n ? end + ghost_rows : n};
}

/* The band that owns interior row `row`. */
__host__ __device__ inline int band_owning(int n, int bands, int row)
{
    int band = static_cast<int>(static_cast<long long>(row - 1) * bands / (n - 2));
    while (band > 0 && row < band_rows(n, bands, 1, band).first_row) {
        --band;
    }
    while (row >= band_rows(n, bands, 1, band).end_row) {
        ++band;
    }
    return band;
}

/* One message of an exchange: `rows` whole rows from global row first_row on, owned by band
 * `from`, into band `to`'s ghost rows (BandSplit.HaloCopy). */
struct BandHalo {
    int from;
    int to;
    int first_row;
    int rows;
};

/* Calls visit(halo) for every copy of one exchange in BandSplit.halos()' order: per band, its
 * ghost rows above its own, then those below, a copy per run of rows with one owner. Boundary
 * rows are never sent. The host's (band_plan.cpp): a kernel gets its copies ready-made. */
template <typename Visit>
void for_each_band_halo(int n, int bands, int ghost_rows, Visit visit)
{
    for (int to = 0; to < bands; ++to) {
        const BandRows band = band_rows(n, bands, ghost_rows, to);
        const int above_first = band.low_row > 1 ? band.low_row : 1;
        const int below_end = band.high_row < n - 1 ? band.high_row : n - 1;
        const int runs[2][2] = {{above_first, band.first_row}, {band.end_row, below_end}};
        for (const auto& run : runs) {
            for (int row = run[0]; row < run[1];) {
                const int owner = band_owning(n, bands, row);
                const int owner_end = band_rows(n, bands, ghost_rows, owner).end_row;
                const int end = owner_end < run[1] ? owner_end : run[1];
                visit(BandHalo{owner, to, row, end - row});
                row = end;
            }
        }
    }
}

/* Whether the halos are exchanged after the done-th half-sweep of a run of `steps`
 * (BandSplit.exchangesAfter): every k-th, and the last, so that every run starts from exact ghost
 * rows. */
__host__ __device__ inline bool band_exchanges_after(int done, int steps, int ghost_rows)
{
    return done % ghost_rows == 0 || done == steps;
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_BAND_SPLIT_H */
