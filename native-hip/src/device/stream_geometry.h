/*
 * stream_geometry.h: how a temporally blocked pass is cut into items (device/stream_pass.h), the
 * constants its kernels are built for, and the rule that sizes the items. Plain values, shared by
 * the kernels, the planner and its host-only test; StreamGeometry.java in tornado-tasks/kernels is
 * the same rule for the Java standard launches.
 */
#ifndef HOLDFAST_DEVICE_STREAM_GEOMETRY_H
#define HOLDFAST_DEVICE_STREAM_GEOMETRY_H

namespace holdfast {

/* Threads per block of every stream kernel (TemporalKernels.THREADS). */
constexpr int kStreamThreads = 256;
constexpr int kStreamWarps = kStreamThreads / 32;
/* Blocks per multiprocessor the kernels are bounded for: 128 registers per thread (TemporalKernels.BLOCKS_PER_SM). */
constexpr int kStreamBlocksPerSm = 2;
/* The deepest pass bounded so: each level holds about two doubles in registers, and k = 16 takes all
 * 128 without spilling (sm_90). Deeper passes (k = 24, 32: native persistent rows only) are bounded
 * for one block, 255 registers, and spill a little at k = 24 and 32. */
constexpr int kStreamDeepestAtTwoBlocks = 16;
__host__ __device__ constexpr int stream_blocks_per_sm(int k) { return k <= kStreamDeepestAtTwoBlocks ? kStreamBlocksPerSm : 1; }
/* The persistent rows bounded for three blocks per multiprocessor (temporal-3blocks, and
 * temporal-paired up to this k): 80 registers per thread, which k <= 6 take without spilling and
 * k = 8 with a few bytes of spill (sm_90, ptxas). Deeper passes keep kStreamBlocksPerSm. */
constexpr int kStreamOccupiedBlocksPerSm = 3;
constexpr int kStreamDeepestAtThreeBlocks = 8;
__host__ __device__ constexpr int stream_occupied_blocks_per_sm(int k)
{
    return k <= kStreamDeepestAtThreeBlocks ? kStreamOccupiedBlocksPerSm : stream_blocks_per_sm(k);
}

/* Ghost columns each side: at least k, and even so that pairs start on even columns. */
__host__ __device__ constexpr int stream_halo(int k) { return (k + 1) & ~1; }

/* Rows of f a block's ring in shared memory holds at most: 10 x 2 x kStreamThreads doubles, the
 * warp-edge exchange of k <= 32 and the persistent kernel's own shared variables fit static shared
 * memory's 48 KB, so no kernel needs dynamic shared memory (TemporalKernels.RING_ROWS). */
constexpr int kStreamRingRows = 10;
/* What the ring and the edges may take: 48 KB less 1 KB for the kernel's own shared variables. */
constexpr int kStreamStaticSharedDoubles = 47 * 1024 / 8;

/* The levels of a pass of k half-sweeps that read f from the ring: all of them up to k = 9 (the ring
 * holds f's last k + 1 rows). A deeper pass's levels beyond read f again from global memory, where
 * the thread loaded it 11 or more steps before: L1 hits (the block's rows t - k .. t - 10 of f, 28 KB
 * at k = 16), no extra DRAM traffic. */
__host__ __device__ constexpr int stream_ring_levels(int k) { return k < kStreamRingRows ? k : kStreamRingRows - 1; }
__host__ __device__ constexpr int stream_ring_rows(int k) { return stream_ring_levels(k) + 1; }

/* Doubles of shared memory a block uses: the f ring and the warp-edge exchange. */
__host__ __device__ constexpr int stream_shared_doubles(int k)
{
    return stream_ring_rows(k) * 2 * kStreamThreads + 2 * k * kStreamWarps;
}

/* How a grid of n x n is cut into items: strips of columns, segments of rows (StreamGeometry.java). */
struct StreamGeometry {
    int strip_width;  /* owned columns per strip, even: strip s owns [s w, (s + 1) w) of the interior 1 .. n-2 */
    int strips;
    int segment_rows; /* owned rows per segment: segment g owns rows 1 + g h .. 1 + (g + 1) h - 1 */
    int segments;
};

__host__ __device__ constexpr int stream_ceil_div(int a, int b) { return (a + b - 1) / b; }

/* The items of a pass over `grid_rows` rows of n (the square: n; a band: its held rows) and k
 * half-sweeps for about `target` blocks (StreamGeometry.plan in Java, the same rule for the square):
 * strips as wide as a block allows, balanced and even; then as many segments of rows as fill `target`
 * blocks once, at least one, none empty. */
__host__ __device__ inline StreamGeometry plan_stream_geometry_of_rows(int n, int grid_rows, int k, int target)
{
    const int columns = n - 1; /* interior columns 1 .. n-2 lie in [0, n - 1) */
    int strips = stream_ceil_div(columns, 2 * kStreamThreads - 2 * stream_halo(k));
    int width = stream_ceil_div(columns, strips);
    width += width & 1;
    strips = stream_ceil_div(columns, width); /* rounding up to even can leave the last strip empty */
    const int rows = grid_rows - 2;
    int wanted = target / strips;
    wanted = wanted < 1 ? 1 : wanted > rows ? rows : wanted;
    const int segment_rows = stream_ceil_div(rows, wanted);
    return StreamGeometry{width, strips, segment_rows, stream_ceil_div(rows, segment_rows)};
}

__host__ __device__ inline StreamGeometry plan_stream_geometry(int n, int k, int target)
{
    return plan_stream_geometry_of_rows(n, n, k, target);
}

/* Passes of a run of `steps` half-sweeps, k each (the last may be shorter). */
__host__ __device__ constexpr int temporal_pass_count(int steps, int k) { return (steps + k - 1) / k; }

/* Passes alternate the two buffers, starting from u: an odd count ends in the scratch buffer. */
__host__ __device__ constexpr bool temporal_result_in_scratch(int steps, int k) { return (temporal_pass_count(steps, k) & 1) != 0; }

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_STREAM_GEOMETRY_H */
