/*
 * colour_split_3d.h: planes of the cube in shared memory, each split by colour, and the
 * half-sweep over them: the cube's form of colour_split.h, for the grid-resident kernel's slabs
 * (kernels/persistent_resident.h with Kind = HF_PROBLEM_POISSON_3D).
 *
 * A plane is stored as colour_split.h stores a row (ColourSplitRows, a "row" there being a plane
 * here): plane i's colour c is n rows of colour_row_width(n) doubles, row j's points of colour c
 * at k = k0 + 2q with k0 = (i + j + c) & 1, side by side. So one colour of a plane is one
 * contiguous run of colour_plane_doubles(n) doubles: a halo plane is a halo row of that width.
 *
 * In this numbering a point's six neighbours (the other colour) are at the same row j and slot q
 * in planes i - 1 and i + 1, at the same q in rows j - 1 and j + 1 of its own plane, and at q and
 * q - 1 + 2 k0 in its own row. A thread walks down one (row, slot) column through the planes,
 * keeping the plane before and its own plane's value in registers (four loads per point, not
 * six). The arithmetic and its order are seven_point_update's with half_sweep_3d's h2 * f product:
 * the reference's bits.
 */
#ifndef HOLDFAST_DEVICE_COLOUR_SPLIT_3D_H
#define HOLDFAST_DEVICE_COLOUR_SPLIT_3D_H

#include "colour_split.h"
#include "stencil_3d.h"

namespace holdfast {

/* Doubles of one colour of one plane: n rows of colour_row_width(n). */
__host__ __device__ __forceinline__ int colour_plane_doubles(int n) { return n * colour_row_width(n); }

/* Calls visit(i, j, k, cell) for every stored cell of planes [begin, end): point (i, j, k) of the
 * cube (k >= n for the padding) and the shared-memory double that holds it. */
template <typename Visit>
__device__ __forceinline__ void for_each_cell_3d(const ColourSplitRows& planes, int n, int begin, int end, Visit visit)
{
    const int row = colour_row_width(n);
    for_each_stored(planes, begin, end, [&](int i, int colour, int offset, double& cell) {
        const int j = offset / row;
        visit(i, j, ((i + j + colour) & 1) + 2 * (offset % row), cell);
    });
}

/* Copies planes [begin, end) of the n^3 cube into `planes` (the padding as zeros). */
__device__ inline void load_colour_split_3d(const ColourSplitRows& planes, const double* cube, int n, int begin, int end)
{
    for_each_cell_3d(planes, n, begin, end,
                     [&](int i, int j, int k, double& cell) { cell = k < n ? cube[(i * n + j) * n + k] : 0.0; });
}

/* The same for f, scaled: h2 * f, exactly the product half_sweep_3d computes. */
__device__ inline void load_scaled_colour_split_3d(const ColourSplitRows& planes, const double* f, double h2, int n,
                                                   int begin, int end)
{
    for_each_cell_3d(planes, n, begin, end,
                     [&](int i, int j, int k, double& cell) { cell = k < n ? h2 * f[(i * n + j) * n + k] : 0.0; });
}

/* Writes the interior points of planes [begin, end) back into the cube. */
__device__ inline void store_colour_split_3d(double* cube, const ColourSplitRows& planes, int n, int begin, int end)
{
    for_each_cell_3d(planes, n, begin, end, [&](int i, int j, int k, const double& cell) {
        if (j >= 1 && j <= n - 2 && k >= 1 && k <= n - 2) {
            cube[(i * n + j) * n + k] = cell;
        }
    });
}

/* Planes a thread walks between two looks at its loads (walk_column's kRowsPerChunk): five loads a
 * plane here, not three. At 512 threads (128 registers) ptxas on sm_90 gives the cube's kernel 108
 * registers with 2, 120 with 3, and spills with 4 (76 bytes). */
constexpr int kPlanesPerChunk = 2;

/* Updates the points of `colour` in row j, slot q of planes [first, end): planes first - 1 and end
 * must be in `u`. As walk_column, planes for rows: each plane's value of the other colour at
 * (j, q) is loaded once and used three times (a column neighbour in its own plane, the plane
 * before and after of the planes beside it); kPlanesPerChunk planes' loads are issued together. */
template <typename ScaledF>
__device__ __forceinline__ void walk_planes(const ColourSplitRows& u, const ScaledF& h2f, int n, int colour, int j,
                                            int q, int first, int end)
{
    const int stride = 2 * u.width;        /* doubles from a plane's colour to the next plane's */
    const int row = colour_row_width(n);   /* doubles from a row to the next, within a colour */
    const int offset = j * row + q;
    const double* __restrict__ theirs = u.row(first - 1, colour ^ 1) + offset; /* [i * stride]: plane first - 1 + i */
    double* __restrict__ mine = u.row(first, colour) + offset;                 /* [i * stride]: plane first + i */
    double before = theirs[0];
    double centre = theirs[stride];
    /* Plane i's point of `colour` at (j, q): k = k0 + 2q. k0 = 0: k + 1 is centre, k - 1 at q - 1;
     * k0 = 1: k - 1 is centre, k + 1 at q + 1. A boundary point loads centre as its side. */
    const auto visit_planes = [&](int i0, auto count) { /* planes i0 .. i0 + count - 1, count a RowCount */
        constexpr int planes = decltype(count)::value;
        double after[planes];
        double row_after[planes];
        double row_before[planes];
        double side[planes];
        double scaled[planes];
        HF_COLUMN_UNROLL
        for (int p = 0; p < planes; ++p) {
            const int i = i0 + p;
            const int k0 = (i + j + colour) & 1;
            const int k = k0 + 2 * q;
            const bool interior = k >= 1 && k <= n - 2;
            const double* other = theirs + (i - first + 1) * stride; /* the other colour of plane i */
            after[p] = theirs[(i - first + 2) * stride];
            row_after[p] = other[row];
            row_before[p] = other[-row];
            side[p] = other[interior ? 2 * k0 - 1 : 0];
            scaled[p] = interior ? h2f(i, colour, offset, (i * n + j) * n + k) : 0.0;
        }
        HF_COLUMN_UNROLL
        for (int p = 0; p < planes; ++p) {
            const int i = i0 + p;
            const int k0 = (i + j + colour) & 1;
            const int k = k0 + 2 * q;
            if (k >= 1 && k <= n - 2) {
                const double column_after = k0 != 0 ? side[p] : centre;
                const double column_before = k0 != 0 ? centre : side[p];
                mine[(i - first) * stride] =
                    seven_point_update(after[p], before, row_after[p], row_before[p], column_after, column_before,
                                       scaled[p]);
            }
            before = centre;
            centre = after[p];
        }
    };
    in_chunks<kPlanesPerChunk>(first, end, visit_planes);
}

/* The block's half-sweep of `colour` over planes [begin, end): each thread takes one (row, slot)
 * column of the interior rows and a run of planes (colour_split.h's for_each_run). */
template <typename ScaledF>
__device__ inline void half_sweep_colour_split_3d(const ColourSplitRows& u, const ScaledF& h2f, int n, int colour,
                                                  int begin, int end)
{
    const int slots = colour_columns(n);
    for_each_run(slots * (n - 2), begin, end, [&](int column, int first, int last) {
        walk_planes(u, h2f, n, colour, 1 + column / slots, column % slots, first, last);
    });
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_COLOUR_SPLIT_3D_H */
