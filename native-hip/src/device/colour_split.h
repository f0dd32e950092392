/*
 * colour_split.h: rows of the grid in shared memory, each split by colour, and the half-sweep
 * over them.
 *
 * Row r's points of colour c are the columns j = j0 + 2q with j0 = (r + c) & 1; they are stored
 * side by side, q = 0, 1, ..., so that the threads of a warp, taking consecutive q, touch
 * consecutive doubles: no bank conflicts, where the plain layout (stride 2) wastes half of every
 * shared-memory access. In this numbering a point's four neighbours are at the same q in the rows
 * above and below, and at q and q - 1 + 2 j0 in its own row: a thread that walks down one
 * column q keeps the rows above in registers and loads two values per point instead of four.
 *
 * The arithmetic and its order are five_point_update's (stencil.h), so every point gets the bits the
 * reference gives it. h2 * f is one multiplication, the same whether it is done once and kept
 * (ScaledFOnChip) or done every time from f in global memory (ScaledFGlobal).
 */
#ifndef HOLDFAST_DEVICE_COLOUR_SPLIT_H
#define HOLDFAST_DEVICE_COLOUR_SPLIT_H

#include "stencil.h"

namespace holdfast {

/* Unrolled on the GPU (a chunk's values stay in registers); the CPU emulation ignores it. */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HF_COLUMN_UNROLL _Pragma("unroll")
#else
#define HF_COLUMN_UNROLL
#endif

/* Doubles per colour row: every column of one parity fits, rounded up to an even count so that
 * every row starts on 16 bytes. */
__host__ __device__ __forceinline__ int colour_row_width(int n)
{
    const int width = (n + 1) / 2;
    return width + (width & 1);
}

/* Column slots that hold an interior point of some colour: q = 0 .. n / 2 - 1. */
__host__ __device__ __forceinline__ int colour_columns(int n) { return n / 2; }

/* Bytes of `rows` colour-split rows. */
__host__ __device__ __forceinline__ size_t colour_split_bytes(int rows, int n)
{
    return static_cast<size_t>(rows) * 2 * static_cast<size_t>(colour_row_width(n)) * sizeof(double);
}

/* Rows first_row, first_row + 1, ... of the grid, colour by colour, in shared memory. The cube's
 * slabs (colour_split_3d.h) keep planes the same way: a "row" here is then a plane, and width the
 * doubles of one colour of it (n rows of colour_row_width). */
struct ColourSplitRows {
    double* data;
    int first_row;
    int width; /* doubles of one colour of one row (or plane) */

    __device__ __forceinline__ double* row(int r, int colour) const
    {
        return data + ((r - first_row) * 2 + colour) * width;
    }
};

/* Calls visit(r, colour, offset, cell) for every stored double of rows (or planes) [begin, end):
 * the unit r, the colour, the double's offset in that colour of the unit, and the double. The
 * block's threads share the units. */
template <typename Visit>
__device__ __forceinline__ void for_each_stored(const ColourSplitRows& rows, int begin, int end, Visit visit)
{
    const int per_row = 2 * rows.width;
    const int count = (end - begin) * per_row;
    for (int cell = static_cast<int>(threadIdx.x); cell < count; cell += static_cast<int>(blockDim.x)) {
        const int r = begin + cell / per_row;
        const int colour = (cell % per_row) / rows.width;
        const int offset = cell % rows.width;
        visit(r, colour, offset, rows.row(r, colour)[offset]);
    }
}

/* Calls visit(r, j, cell) for every stored cell of rows [begin, end): the grid's row r, column
 * j (j >= n for the padding), and the shared-memory double that holds it. */
template <typename Visit>
__device__ __forceinline__ void for_each_cell(const ColourSplitRows& rows, int begin, int end, Visit visit)
{
    for_each_stored(rows, begin, end,
                    [&](int r, int colour, int q, double& cell) { visit(r, ((r + colour) & 1) + 2 * q, cell); });
}

/* Copies rows [begin, end) of the n x n grid into `rows` (the padding as zeros). */
__device__ inline void load_colour_split(const ColourSplitRows& rows, const double* grid, int n, int begin, int end)
{
    for_each_cell(rows, begin, end, [&](int r, int j, double& cell) { cell = j < n ? grid[r * n + j] : 0.0; });
}

/* The same for f, scaled: h2 * f, exactly the product update_point computes. */
__device__ inline void load_scaled_colour_split(const ColourSplitRows& rows, const double* f, double h2, int n,
                                                int begin, int end)
{
    for_each_cell(rows, begin, end, [&](int r, int j, double& cell) { cell = j < n ? h2 * f[r * n + j] : 0.0; });
}

/* Writes the interior points of rows [begin, end) back into the n x n grid. */
__device__ inline void store_colour_split(double* grid, const ColourSplitRows& rows, int n, int begin, int end)
{
    for_each_cell(rows, begin, end, [&](int r, int j, const double& cell) {
        if (j >= 1 && j <= n - 2) {
            grid[r * n + j] = cell;
        }
    });
}

/* h2 * f of a point: unit (the row, or the cube's plane), colour, the point's offset in that unit's
 * colour (q, or the cube's row * colour_row_width + q) and its index in the grid. */

/* h2 * f kept on chip, colour-split like u. */
struct ScaledFOnChip {
    ColourSplitRows rows;

    __device__ __forceinline__ double operator()(int unit, int colour, int offset, int) const
    {
        return rows.row(unit, colour)[offset];
    }
};

/* h2 * f from f in global memory (read-only, so cached), multiplied every time. */
struct ScaledFGlobal {
    const double* f;
    double h2;

    __device__ __forceinline__ double operator()(int, int, int, int index) const { return h2 * f[index]; }
};

/* Rows a thread walks between two looks at its loads: their loads are issued together, so that
 * their latencies overlap instead of adding up row after row. */
constexpr int kRowsPerChunk = 4;

template <int Count>
struct RowCount {
    static constexpr int value = Count;
};

/* visit(r, RowCount<Chunk>) for rows (or planes) first, first + Chunk, ... while a whole chunk
 * fits before end, then visit(r, RowCount<1>) for each one left. */
template <int Chunk, typename Visit>
__device__ __forceinline__ void in_chunks(int first, int end, Visit visit)
{
    int r = first;
    for (; r + Chunk <= end; r += Chunk) {
        visit(r, RowCount<Chunk>{});
    }
    for (; r < end; ++r) {
        visit(r, RowCount<1>{});
    }
}

/* Updates the points of `colour` in column q, rows [first, end): rows first - 1 and end must be
 * in `u`. Each row's value of the other colour at q is loaded once and used three times: as the
 * east or west neighbour in its own row and as north and south of the rows beside it. The rows
 * go kRowsPerChunk at a time: first every load of the chunk (the colour read and the colour
 * written never overlap, hence __restrict__), then the updates. */
template <typename ScaledF>
__device__ __forceinline__ void walk_column(const ColourSplitRows& u, const ScaledF& h2f, int n, int colour, int q,
                                            int first, int end)
{
    const int stride = 2 * u.width; /* doubles from a row's colour to the next row's */
    const double* __restrict__ theirs = u.row(first - 1, colour ^ 1) + q; /* [i * stride]: row first - 1 + i */
    double* __restrict__ mine = u.row(first, colour) + q;                 /* [i * stride]: row first + i */
    double north = theirs[0];
    double centre = theirs[stride];
    /* Row r's point of `colour` in column slot q: j = j0 + 2q. j0 = 0: east is centre, west at
     * q - 1; j0 = 1: west is centre, east at q + 1. A boundary point loads centre as its side
     * (never used), so that no load leaves the row. */
    const auto visit_rows = [&](int r, auto count) { /* rows r .. r + count - 1, count a RowCount */
        constexpr int rows = decltype(count)::value;
        double south[rows];
        double side[rows];
        double scaled[rows];
        HF_COLUMN_UNROLL
        for (int i = 0; i < rows; ++i) {
            const int row = r + i;
            const int j0 = (row + colour) & 1;
            const int j = j0 + 2 * q;
            const bool interior = j >= 1 && j <= n - 2;
            south[i] = theirs[(row - first + 2) * stride];
            side[i] = theirs[(row - first + 1) * stride + (interior ? 2 * j0 - 1 : 0)];
            scaled[i] = interior ? h2f(row, colour, q, row * n + j) : 0.0;
        }
        HF_COLUMN_UNROLL
        for (int i = 0; i < rows; ++i) {
            const int row = r + i;
            const int j0 = (row + colour) & 1;
            const int j = j0 + 2 * q;
            if (j >= 1 && j <= n - 2) {
                const double east = j0 != 0 ? side[i] : centre;
                const double west = j0 != 0 ? centre : side[i];
                mine[(row - first) * stride] = five_point_update(south[i], north, east, west, scaled[i]);
            }
            north = centre;
            centre = south[i];
        }
    };
    in_chunks<kRowsPerChunk>(first, end, visit_rows);
}

/* The block's half-sweep of `colour` over rows [begin, end). Each thread takes one column slot
 * and a run of rows; when the block has more threads than columns, the rows are cut into as many
 * runs as the threads allow. */
/* Deals `columns` columns of units [begin, end) out to the block's threads: walk(column, first,
 * end) for each, with the units cut into as many runs as the threads allow. */
template <typename Walk>
__device__ __forceinline__ void for_each_run(int columns, int begin, int end, Walk walk)
{
    const int rows = end - begin;
    if (rows <= 0) {
        return;
    }
    const int threads = static_cast<int>(blockDim.x);
    int runs = threads / columns;
    runs = runs < 1 ? 1 : runs > rows ? rows : runs;
    for (int item = static_cast<int>(threadIdx.x); item < columns * runs; item += threads) {
        const int run = item / columns;
        walk(item % columns, begin + run * rows / runs, begin + (run + 1) * rows / runs);
    }
}

template <typename ScaledF>
__device__ inline void half_sweep_colour_split(const ColourSplitRows& u, const ScaledF& h2f, int n, int colour,
                                               int begin, int end)
{
    for_each_run(colour_columns(n), begin, end,
                 [&](int q, int first, int last) { walk_column(u, h2f, n, colour, q, first, last); });
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_COLOUR_SPLIT_H */
