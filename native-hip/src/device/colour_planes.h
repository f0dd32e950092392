/*
 * colour_planes.h: a run of grid rows held on chip as two colour planes, and each thread's points
 * kept in registers.
 *
 * Plane c holds the points of colour c ((i + j) % 2 == c) of rows first_row .. first_row + rows - 1,
 * row by row: point (i, j) sits at (i - first_row) * stride + j / 2 of plane (i + j) % 2. A red
 * point's four neighbours are black and vice versa, and in the other plane they sit at
 * centre + stride (i + 1), centre - stride (i - 1), east = centre + j % 2 (j + 1) and east - 1
 * (j - 1), where centre is the point's own index. Neighbouring points of one colour are
 * neighbouring doubles, so a warp's loads are contiguous and free of bank conflicts (the
 * row-major layout has them 16 bytes apart: twice the shared-memory wavefronts).
 *
 * Each thread computes its points once: the index (and where it sits in the band, for the halo
 * code) packed in one int, and h2 * f in a double, both in registers for the whole run. A
 * half-sweep then costs four shared loads, the arithmetic and one shared store per point. The
 * arithmetic is five_point_update's (stencil.h), rows i + 1 and i - 1 then columns j + 1 and j - 1,
 * with update_point's h2 * f product, so every value equals the sequential reference bit for bit.
 *
 * Host and device: the layout functions are shared with the planner.
 */
#ifndef HOLDFAST_DEVICE_COLOUR_PLANES_H
#define HOLDFAST_DEVICE_COLOUR_PLANES_H

#include <cstddef>
#include <cstdint>

#include "stencil.h"

/* The block's dynamic shared memory as an array of `type` (the CPU emulation of tests/ gives
 * each emulated block its own). */
/* Unrolled on the GPU (register arrays need compile-time indices); host compilers of the CPU
 * emulation do not know the pragma. */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HF_UNROLL _Pragma("unroll")
#else
#define HF_UNROLL
#endif

#ifndef HF_DYNAMIC_SHARED
#define HF_DYNAMIC_SHARED(type, name) extern __shared__ __align__(128) type name[]
#endif

namespace holdfast {

/* Doubles per plane row: the (n + 1) / 2 columns a row has of one colour, rounded up to an even
 * count so that every row starts 16 bytes aligned (bulk copies move whole rows). */
__host__ __device__ constexpr int plane_stride(int n) { return (((n + 1) / 2) + 1) & ~1; }

/* Interior points of colour `colour` in row `row`: j = 1 .. n - 2 with (row + j) % 2 == colour. */
__host__ __device__ constexpr int interior_points_in_row(int n, int row, int colour)
{
    return ((row + colour) & 1) != 0 ? (n - 1) / 2 : (n - 2) / 2;
}

/* Points per thread per colour that kernels are built for; the planner takes the smallest that
 * holds a thread's share. */
constexpr int kSlotCounts[] = {1, 2, 4, 8, 16};
constexpr int kSlotCountChoices = 5;

/* The most threads a block can have for P slots: the register file bounds it (1024 threads have
 * 64 registers each; two colours of P slots take 6 P of them, 8 P in the whole-grid kernel). */
__host__ __device__ constexpr int max_threads_for_slots(int slots)
{
    return slots <= 4 ? 1024 : slots <= 8 ? 512 : 256;
}

/* Shared bytes for the whole n x n grid as two colour planes. */
__host__ __device__ inline size_t on_chip_planes_bytes(int n)
{
    return static_cast<size_t>(2) * static_cast<size_t>(n) * static_cast<size_t>(plane_stride(n)) * sizeof(double);
}

/* ------------------------------------------------------------------ the rows a block holds */

/* The rows one block holds and updates. Its own band [band_first, band_end) plus up to `ghosts`
 * ghost rows on each side that has a neighbour: ghost rows are recomputed locally so that k
 * half-sweeps can run between two halo exchanges (see cluster_resident.h). Rows are global row
 * numbers; first_row .. end_row - 1 are held, update_first .. update_end - 1 are ever updated. */
struct HeldRows {
    int band_first, band_end;
    int first_row, end_row;
    int update_first, update_end;
    int ghosts;
    bool has_lower, has_upper;
};

/* The whole interior as one band: one block, nobody to exchange with. */
__host__ __device__ inline HeldRows whole_grid_rows(int n)
{
    return HeldRows{1, n - 1, 0, n, 1, n - 1, 1, false, false};
}

/* Band [band_first, band_end) with k ghost rows towards each neighbour that exists. An empty band
 * holds nothing. */
__host__ __device__ inline HeldRows band_rows(int n, int band_first, int band_end, int k, bool has_lower,
                                              bool has_upper)
{
    if (band_end <= band_first) {
        return HeldRows{0, 0, 0, 0, 0, 0, k, false, false};
    }
    HeldRows rows{};
    rows.band_first = band_first;
    rows.band_end = band_end;
    rows.ghosts = k;
    rows.has_lower = has_lower;
    rows.has_upper = has_upper;
    rows.first_row = has_lower ? band_first - k : band_first - 1;
    rows.end_row = has_upper ? band_end + k : band_end + 1;
    rows.update_first = has_lower ? band_first - (k - 1) : band_first;
    rows.update_end = has_upper ? band_end + (k - 1) : band_end;
    (void)n;
    return rows;
}

/* ------------------------------------------------------------------ a thread's points */

/* Bits of a point's code. Level says when the point is updated within a window of k half-sweeps:
 * 0 for band rows at least k rows from both band edges (they read nothing that a halo exchange
 * brings), 1 for the other band rows, d + 1 for a ghost row d rows outside the band. Half-sweep s
 * of a window updates the levels up to k - s, so the ghost region shrinks by one row per
 * half-sweep and the band is exact after k of them. */
constexpr int kLevelMask = 0xf;
constexpr int kNoPoint = kLevelMask;  /* an unused slot: a level no half-sweep reaches */
constexpr int kPushLowerBit = 1 << 4; /* a band row the lower neighbour holds as a ghost row */
constexpr int kPushUpperBit = 1 << 5; /* a band row the upper neighbour holds as a ghost row */
constexpr int kEastBit = 1 << 6;      /* j is odd: the east neighbour is at centre + 1 */
constexpr int kCentreShift = 7;

__host__ __device__ constexpr int point_centre(int code) { return code >> kCentreShift; }
__host__ __device__ constexpr int point_level(int code) { return code & kLevelMask; }

/* P points of one colour per thread, in registers (every index is a compile-time constant). */
template <int P>
struct PointSlots {
    int code[P];
    double h2f[P];
};

/* The level of global row `row` (see kLevelMask). */
__device__ __forceinline__ int row_level(const HeldRows& rows, int row)
{
    if (row < rows.band_first) {
        return rows.band_first - row + 1;
    }
    if (row >= rows.band_end) {
        return row - rows.band_end + 2;
    }
    const bool inner = row >= rows.band_first + rows.ghosts && row < rows.band_end - rows.ghosts;
    return inner ? 0 : 1;
}

/* The code of a point of held row (or plane of the cube) `row` at `centre` in its colour plane:
 * the row's level, the push bits of band rows a neighbour holds as ghost rows, the east bit. */
__device__ __forceinline__ int held_point_code(const HeldRows& rows, int row, int centre, bool east)
{
    int code = (centre << kCentreShift) | (east ? kEastBit : 0) | row_level(rows, row);
    if (rows.has_lower && row >= rows.band_first && row < rows.band_first + rows.ghosts) {
        code |= kPushLowerBit;
    }
    if (rows.has_upper && row >= rows.band_end - rows.ghosts && row < rows.band_end) {
        code |= kPushUpperBit;
    }
    return code;
}

/* The thread's points of `colour`: the updated rows' points of that colour, numbered as in
 * half_sweep (points_per_row per row, the last one of a row skipped when it falls on the
 * boundary), dealt out round-robin: point thread + q * threads goes to slot q. */
template <int P>
__device__ __forceinline__ void assign_points(PointSlots<P>& slots, const Problem& problem, const HeldRows& rows, int stride,
                              int colour, int thread, int threads)
{
    const int n = problem.n;
    const int half = points_per_row(n);
    const int points = (rows.update_end - rows.update_first) * half;
    /* An unused slot sits on column 0 of the first updated row: its reads (see sweep_points)
     * then touch no row that a neighbour may be writing into. */
    const int unused = (((rows.update_first - rows.first_row) * stride) << kCentreShift) | kNoPoint;
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        slots.code[q] = unused;
        slots.h2f[q] = 0.0;
        const int p = thread + q * threads;
        if (p < points) {
            const int i = rows.update_first + p / half;
            const int j = 1 + 2 * (p % half) + ((i + 1 + colour) & 1);
            if (j < n - 1) {
                slots.code[q] = held_point_code(rows, i, (i - rows.first_row) * stride + (j >> 1), (j & 1) != 0);
                slots.h2f[q] = problem.h2 * problem.f[i * n + j];
            }
        }
    }
}

/* The second half of a sweep: the new values of the points whose level lies in [lowest, highest]
 * go to their places in `own`, then to deliver(code, value). */
template <int P, typename Deliver>
__device__ __forceinline__ void store_levels(const PointSlots<P>& slots, const double (&value)[P], double* own, int lowest,
                                             int highest, const Deliver& deliver)
{
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        const int code = slots.code[q];
        const int level = point_level(code);
        if (level >= lowest && level <= highest) {
            own[point_centre(code)] = value[q];
            deliver(code, value[q]);
        }
    }
}

/* Half-sweep over the thread's points whose level lies in [lowest, highest]: own is the plane of
 * the points' colour, other the plane of their neighbours. No point of a colour reads another of
 * its colour, so the order is free: every slot's four loads are issued unconditionally (so the
 * slots' load-add chains overlap), and only the store and the push depend on the level. A branch
 * per slot (phase 1) made the compiler run the slots one after another, each behind its own
 * reconvergence point. A point outside the range reads its own place in the other plane four
 * times (never a row that a neighbour is writing into: see cluster_resident.h) and stores
 * nothing. deliver(code, value) sees each new value after it is stored (the fused halo push, or
 * nothing). */
template <int P, typename Deliver>
__device__ __forceinline__ void sweep_points(const PointSlots<P>& slots, double* own, const double* other, int stride,
                                             int lowest, int highest, Deliver deliver)
{
    double value[P];
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        int code = slots.code[q];
        /* Decode here, every half-sweep: hoisted out of the step loop, the decoded addresses
         * would take four registers per point instead of one (and spill at 1024 threads). */
        asm volatile("" : "+r"(code));
        const int level = point_level(code);
        const bool updated = level >= lowest && level <= highest;
        const int centre = point_centre(code);
        const int east = centre + ((code & kEastBit) != 0 ? 1 : 0);
        const int row = updated ? stride : 0;
        const int east_at = updated ? east : centre;
        const int west_at = updated ? east - 1 : centre;
        value[q] = five_point_update(other[centre + row], other[centre - row], other[east_at], other[west_at], slots.h2f[q]);
    }
    store_levels(slots, value, own, lowest, highest, deliver);
}

/* ------------------------------------------------------------------ the whole grid in one block */

/* A shared-memory address a thread keeps in a register: on CUDA the 32-bit shared-window address
 * (one register, and the loads need no conversion from a generic pointer: phase 1's SASS rebuilt
 * the window base from SR_CgaCtaId for every point), elsewhere a plain pointer. */
#if defined(HF_RUNTIME_CUDA)
using SharedAddress = uint32_t;

__device__ __forceinline__ SharedAddress shared_address_of(const double* pointer)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(pointer));
}

__device__ __forceinline__ SharedAddress byte_offset(SharedAddress address, int bytes)
{
    return address + static_cast<uint32_t>(bytes);
}

/* Volatile with a memory clobber: the compiler keeps them between the block barriers, where the
 * source puts them. */
__device__ __forceinline__ double load_shared(SharedAddress address)
{
    double value;
    asm volatile("ld.shared.f64 %0, [%1];" : "=d"(value) : "r"(address) : "memory");
    return value;
}

__device__ __forceinline__ double load_shared_after(SharedAddress address)
{
    double value;
    asm volatile("ld.shared.f64 %0, [%1+8];" : "=d"(value) : "r"(address) : "memory");
    return value;
}

__device__ __forceinline__ void store_shared(SharedAddress address, double value)
{
    asm volatile("st.shared.f64 [%0], %1;" ::"r"(address), "d"(value) : "memory");
}
#else
using SharedAddress = double*;

__device__ __forceinline__ SharedAddress shared_address_of(const double* pointer) { return const_cast<double*>(pointer); }

__device__ __forceinline__ SharedAddress byte_offset(SharedAddress address, int bytes)
{
    return reinterpret_cast<double*>(reinterpret_cast<char*>(address) + bytes);
}

__device__ __forceinline__ double load_shared(SharedAddress address) { return *address; }
__device__ __forceinline__ double load_shared_after(SharedAddress address) { return address[1]; }
__device__ __forceinline__ void store_shared(SharedAddress address, double value) { *address = value; }
#endif

/* P points of one colour per thread of a block that holds the whole grid: per point the address
 * of its north neighbour and of its west neighbour in the other plane (south, east and the point
 * itself are fixed offsets from them) and h2 f; bit q of `used` says whether slot q holds one. */
template <int P>
struct GridPoints {
    static_assert(P <= 32, "used is a 32-bit mask");
    SharedAddress north[P];
    SharedAddress west[P];
    double h2f[P];
    unsigned int used;
};

/* Where a point sits, for assign_held_points: its index in its colour's plane, its east neighbour's
 * in the other plane, and its cell of u and f; cell < 0: no point (the last of a row that falls on
 * the boundary). */
struct HeldPoint {
    int centre;
    int east;
    int cell;
};

/* The thread's points of one colour, point thread + q * threads (of `count`) in slot q, placed by
 * locate(p): north[q] is the point's neighbour `before` doubles below it along the outermost axis
 * (a row of the square, a plane of the cube) in the other plane, west[q] its west neighbour there.
 * An unused slot reads the other plane's first doubles and stores nothing. */
template <int P, typename Locate>
__device__ __forceinline__ void assign_held_points(GridPoints<P>& points, const Problem& problem, const double* other,
                                                   int before, int count, int thread, int threads, Locate locate)
{
    points.used = 0;
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        points.north[q] = shared_address_of(other);
        points.west[q] = shared_address_of(other);
        points.h2f[q] = 0.0;
        const int p = thread + q * threads;
        const HeldPoint point = p < count ? locate(p) : HeldPoint{0, 0, -1};
        if (point.cell >= 0) {
            points.north[q] = shared_address_of(other + point.centre - before);
            points.west[q] = shared_address_of(other + point.east - 1);
            points.h2f[q] = problem.h2 * problem.f[point.cell];
            points.used |= 1u << q;
        }
    }
}

/* The thread's points of `colour` (numbered as half_sweep numbers them, point thread + q * threads
 * in slot q). */
template <int P>
__device__ __forceinline__ void assign_grid_points(GridPoints<P>& points, const Problem& problem, const double* other,
                                                   int stride, int colour, int thread, int threads)
{
    const int n = problem.n;
    const int half = points_per_row(n);
    assign_held_points(points, problem, other, stride, points_per_colour(n), thread, threads, [=](int p) {
        const int i = 1 + p / half;
        const int j = 1 + 2 * (p % half) + ((i + 1 + colour) & 1);
        const int centre = i * stride + (j >> 1);
        return HeldPoint{centre, centre + (j & 1), j < n - 1 ? i * n + j : -1};
    });
}

/* One half-sweep of the thread's points: all loads and sums first (the slots' chains overlap; no
 * branch), then the stores. south = north + 2 rows; the point = north + 1 row + own_shift, the
 * distance from the other plane to its own. The sum is five_point_update's: south is row i + 1,
 * north row i - 1. */
template <int P>
__device__ __forceinline__ void sweep_grid_points(const GridPoints<P>& points, int row_bytes, int own_shift)
{
    double value[P];
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        const double south = load_shared(byte_offset(points.north[q], 2 * row_bytes));
        const double north = load_shared(points.north[q]);
        const double east = load_shared_after(points.west[q]);
        const double west = load_shared(points.west[q]);
        value[q] = five_point_update(south, north, east, west, points.h2f[q]);
    }
HF_UNROLL
    for (int q = 0; q < P; ++q) {
        if ((points.used >> q) & 1u) {
            store_shared(byte_offset(points.north[q], row_bytes + own_shift), value[q]);
        }
    }
}

struct DeliverNothing {
    __device__ __forceinline__ void operator()(int, double) const {}
};

/* ------------------------------------------------------------------ global <-> planes */

/* Copies rows [first_row, end_row) of the row-major n x n array u into the planes (plane c at
 * planes + c * plane_doubles, local row 0 = first_row). The block's threads share the copy. */
__device__ inline void load_planes(double* planes, int plane_doubles, int stride, const double* u, int n,
                                   int first_row, int end_row)
{
    const int cells = (end_row - first_row) * n;
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        const int i = first_row + cell / n;
        const int j = cell % n;
        planes[((i + j) & 1) * plane_doubles + (i - first_row) * stride + (j >> 1)] = u[i * n + j];
    }
}

/* Copies the interior points of rows [band_first, band_end) back to u. */
__device__ inline void store_planes(const double* planes, int plane_doubles, int stride, double* u, int n,
                                    int first_row, int band_first, int band_end)
{
    const int width = n - 2;
    const int cells = (band_end - band_first) * width;
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        const int i = band_first + cell / width;
        const int j = 1 + cell % width;
        u[i * n + j] = planes[((i + j) & 1) * plane_doubles + (i - first_row) * stride + (j >> 1)];
    }
}

/* Fills `rows` plane rows of colour `colour`, starting at global row `row`, from u (boundary
 * columns included, padding zero): the fixed part of a halo buffer. */
__device__ inline void load_plane_rows(double* to, int stride, const double* u, int n, int row, int rows, int colour)
{
    const int cells = rows * stride;
    for (int cell = static_cast<int>(threadIdx.x); cell < cells; cell += static_cast<int>(blockDim.x)) {
        const int i = row + cell / stride;
        const int j = 2 * (cell % stride) + ((i + colour) & 1);
        to[cell] = j < n ? u[i * n + j] : 0.0;
    }
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_COLOUR_PLANES_H */
