/*
 * column_share.h: one thread's share of its block's half-sweeps over colour-split rows
 * (colour_split.h), worked out once for the whole run, and the lean column walk that uses it.
 *
 * Why: the grid-resident kernels (persistent_resident.h, cluster_bands.h) run thousands of
 * half-sweeps over a few rows each. Nsight Compute on the resident kernel's half-sweeps alone at
 * N = 1001 (lab/resident, compute only, 132 blocks of 512 threads) counted about 500 instructions
 * per warp and half-sweep for 7.6 rows: 200 of them to find the thread's column again (integer
 * divisions, the row's parity, the boundary tests, addresses), about 40 per row for a 5-point update
 * of 9 loads, stores and floating-point operations; the issue slots were 65% busy and the integer
 * pipes the busiest. Here the column slot, the run of rows, the side neighbour's offset and the
 * boundary tests of both row parities are computed once per thread; a half-sweep walks its rows two
 * at a time (both rows' loads first), the parity of each of the pair fixed when compiled, so a row
 * costs its three loads, its store and its arithmetic. The Java twin (ResidentKernels.leanHalfSweep)
 * walks the same way.
 *
 * Row r's points of `colour` are the columns j = j0 + 2q with j0 = (r + colour) & 1 (colour_split.h).
 * A point's neighbours of the other colour: north and south at slot q of the rows beside it, and
 * in its own row slot q (east when j0 = 0, west when j0 = 1) and slot q - 1 (west, j0 = 0) or q + 1
 * (east, j0 = 1). The arithmetic and its order are five_point_update's, as in walk_column, so every
 * point gets the reference's bits.
 *
 * The share needs at least one thread per column slot (blockDim.x >= colour_columns(n)); a block
 * with fewer threads takes the general walk (half_sweep_colour_split), which deals the slots out.
 */
#ifndef HOLDFAST_DEVICE_COLUMN_SHARE_H
#define HOLDFAST_DEVICE_COLUMN_SHARE_H

#include "colour_split.h"

namespace holdfast {

struct ColumnShare {
    bool lean;        /* the block has a thread per column slot (the same in all its threads) */
    int q;            /* this thread's column slot; -1: none */
    int run;          /* which run of the rows it walks, of `runs` */
    int runs;         /* threads per column slot: each walks one run of a half-sweep's rows */
    bool interior[2]; /* slot q's point is interior in a row of parity j0 = 0, 1 */
    int side[2];      /* offset of the side neighbour from slot q, by j0: -1, +1 (0 on the boundary) */
};

__device__ __forceinline__ ColumnShare column_share(int n)
{
    const int columns = colour_columns(n);
    const int threads = static_cast<int>(blockDim.x);
    const int thread = static_cast<int>(threadIdx.x);
    ColumnShare share{};
    share.lean = threads >= columns;
    share.runs = share.lean ? threads / columns : 1;
    share.q = share.lean && thread < share.runs * columns ? thread % columns : -1;
    share.run = share.lean ? thread / columns : 0;
    for (int j0 = 0; j0 < 2; ++j0) {
        const int j = j0 + 2 * share.q;
        share.interior[j0] = share.q >= 0 && j >= 1 && j <= n - 2;
        share.side[j0] = share.interior[j0] ? 2 * j0 - 1 : 0; /* a boundary point reads its own slot */
    }
    return share;
}

/* h2 * f of one column slot, row by row from a first row: where walk_column calls h2f(row, colour,
 * q, index), the lean walk asks the cursor for row first + i. */
template <typename ScaledF>
struct ScaledColumn;

template <>
struct ScaledColumn<ScaledFOnChip> {
    const double* __restrict__ cell; /* [i * stride]: row first + i, slot q */
    int stride;

    __device__ __forceinline__ ScaledColumn(const ScaledFOnChip& h2f, int first, int colour, int q, int)
        : cell(h2f.rows.row(first, colour) + q), stride(2 * h2f.rows.width)
    {
    }
    template <int J0>
    __device__ __forceinline__ double at(int i) const
    {
        return cell[i * stride];
    }
};

template <>
struct ScaledColumn<ScaledFGlobal> {
    const double* __restrict__ cell; /* [i * n + j0]: row first + i, column j0 + 2q */
    int n;
    double h2;

    __device__ __forceinline__ ScaledColumn(const ScaledFGlobal& h2f, int first, int, int q, int size)
        : cell(h2f.f + first * size + 2 * q), n(size), h2(h2f.h2)
    {
    }
    template <int J0>
    __device__ __forceinline__ double at(int i) const
    {
        return h2 * cell[i * n + J0];
    }
};

/* The update of row first + i, whose points have parity J0, from its neighbours of the other colour. */
template <int J0, typename Scaled>
__device__ __forceinline__ void lean_update(double* __restrict__ mine, const Scaled& scaled, const ColumnShare& share, int stride,
                                            int i, double north, double centre, double south, double side)
{
    if (share.interior[J0]) {
        const double east = J0 != 0 ? side : centre;
        const double west = J0 != 0 ? centre : side;
        mine[i * stride] = five_point_update(south, north, east, west, scaled.template at<J0>(i));
    }
}

/* Rows [0, count) of the walk, row 0 of parity J0: two rows at a time, both rows' loads before
 * either update (so that they are in flight together), then the last row alone. */
template <int J0, typename Scaled>
__device__ __forceinline__ void lean_rows(const double* __restrict__ theirs, double* __restrict__ mine, const Scaled& scaled,
                                          const ColumnShare& share, int stride, int count, double north, double centre)
{
    int i = 0;
    for (; i + 2 <= count; i += 2) {
        const double south0 = theirs[(i + 1) * stride];
        const double side0 = theirs[i * stride + share.side[J0]];
        const double south1 = theirs[(i + 2) * stride];
        const double side1 = theirs[(i + 1) * stride + share.side[1 - J0]];
        lean_update<J0>(mine, scaled, share, stride, i, north, centre, south0, side0);
        lean_update<1 - J0>(mine, scaled, share, stride, i + 1, centre, south0, south1, side1);
        north = south0;
        centre = south1;
    }
    if (i < count) {
        const double south = theirs[(i + 1) * stride];
        const double side = theirs[i * stride + share.side[J0]];
        lean_update<J0>(mine, scaled, share, stride, i, north, centre, south, side);
    }
}

/* The block's half-sweep of `colour` over rows [begin, end): rows begin - 1 and end must be in u.
 * Every thread of the block calls it with its own share. */
template <typename ScaledF>
__device__ __forceinline__ void half_sweep_column_share(const ColourSplitRows& u, const ScaledF& h2f, int n, int colour,
                                                        int begin, int end, const ColumnShare& share)
{
    if (!share.lean) {
        half_sweep_colour_split(u, h2f, n, colour, begin, end);
        return;
    }
    const int rows = end - begin;
    const int runs = share.runs < rows ? share.runs : rows; /* for_each_run's cut */
    if (share.q < 0 || share.run >= runs) {
        return;
    }
    const int first = begin + share.run * rows / runs;
    const int last = begin + (share.run + 1) * rows / runs;
    const int stride = 2 * u.width;
    /* [i * stride]: row first + i of the other colour (its centre), and of this colour */
    const double* __restrict__ theirs = u.row(first, colour ^ 1) + share.q;
    double* __restrict__ mine = u.row(first, colour) + share.q;
    const ScaledColumn<ScaledF> scaled(h2f, first, colour, share.q, n);
    const double north = theirs[-stride];
    const double centre = theirs[0];
    if (((first + colour) & 1) == 0) {
        lean_rows<0>(theirs, mine, scaled, share, stride, last - first, north, centre);
    } else {
        lean_rows<1>(theirs, mine, scaled, share, stride, last - first, north, centre);
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_COLUMN_SHARE_H */
