/*
 * cluster_layout.h: what one cluster-resident block holds in shared memory, for the kernel and
 * the planner alike (host and device, no CUDA-only code: the HIP build plans nothing with it but
 * still compiles it).
 *
 * The square (HF_PROBLEM_POISSON_2D) is cut into bands of rows, the cube (HF_PROBLEM_POISSON_3D) into
 * slabs of planes; everything below counts in such units (a row of the square, a plane of the
 * cube: `unit` doubles of one colour each), so one layout serves both.
 *
 * Every block of the cluster has the same layout, so an offset in one block's shared memory
 * names the same buffer in every other block (the remote addresses are mapped offsets):
 *   planes   two colour planes of `rows` units: the band plus k ghost units per side;
 *   inbox    [2 slots][2 sides] halo buffers of k units that neighbours push into, when the
 *            halo cannot land in the ghost rows directly (k >= 2: the ghost rows are in use
 *            while the next halo is already on its way);
 *   outbox   [2 slots][2 sides] halo buffers this block fills for its neighbours (bulk copies
 *            read them; pulling neighbours load them);
 *   barriers [2 sides][2 slots] mbarriers, one per incoming halo buffer;
 *   the block's description (which rows, where the neighbours' buffers are), written once by
 *   thread 0 and read at window boundaries, so that registers stay with the points.
 * Two slots, alternating by window: a sender can only be one window ahead of its receiver
 * (it needs the receiver's halo to go on), so slot w % 2 is free again when window w + 2's halo
 * arrives.
 */
#ifndef HOLDFAST_KERNELS_CLUSTER_LAYOUT_H
#define HOLDFAST_KERNELS_CLUSTER_LAYOUT_H

#include "../device/colour_planes.h"
#include "../device/colour_planes_3d.h"
#include "../device/row_bands.h"

namespace holdfast {

/* How halo rows move between the blocks of a cluster. */
enum class HaloMethod : int {
    AsyncStore = 0,     /* each new edge value st.async'd into the neighbour, completing on its mbarrier */
    BulkCopy = 1,       /* edge rows gathered in the outbox, one bulk copy per neighbour onto its mbarrier */
    RemoteArrive = 2,   /* plain remote stores, then one release arrive on the neighbour's mbarrier */
    Pull = 3,           /* edge rows gathered in the outbox, a release arrive; the neighbour loads them */
    ClusterBarrier = 4, /* plain remote stores, the hardware cluster barrier (arrive, later wait) */
};
constexpr int kHaloMethodCount = 5;

/* The method's short name (variant names, reports). */
__host__ __device__ constexpr const char* halo_method_name(HaloMethod method)
{
    return method == HaloMethod::AsyncStore       ? "async"
           : method == HaloMethod::BulkCopy       ? "bulk"
           : method == HaloMethod::RemoteArrive   ? "arrive"
           : method == HaloMethod::Pull           ? "pull"
           : method == HaloMethod::ClusterBarrier ? "barrier"
                                                  : "?";
}

constexpr int kMaxClusterBlocks = 16;   /* non-portable cluster size; 8 is the portable one */
constexpr int kMaxSweepsPerExchange = 8;

__host__ __device__ constexpr bool uses_inbox(HaloMethod method, int k)
{
    return method != HaloMethod::Pull && k >= 2;
}
__host__ __device__ constexpr bool uses_outbox(HaloMethod method)
{
    return method == HaloMethod::BulkCopy || method == HaloMethod::Pull;
}
__host__ __device__ constexpr bool uses_mbarriers(HaloMethod method) { return method != HaloMethod::ClusterBarrier; }

/* The colour of the halo in slot `slot`: the colour of the last half-sweep of the windows that
 * use it. Window w ends with half-sweep w k + k - 1: colour 1 when k is even, w % 2 when odd. */
__host__ __device__ constexpr int halo_colour(int slot, int k) { return (k & 1) != 0 ? slot : 1; }

struct ClusterLayout {
    int stride;        /* doubles per row of a colour plane */
    int unit;          /* doubles per held unit of a colour plane: a row (stride), or a plane of the cube (n stride) */
    int band_rows;     /* units of the largest band */
    int rows;          /* units held per block, at most */
    int plane_doubles; /* one colour plane */
    int box_doubles;   /* one halo buffer: k units */
    int inbox;         /* offset in doubles, or -1 */
    int outbox;        /* offset in doubles, or -1 */
    int barriers;      /* offset in bytes of the mbarriers, or -1 */
    int description;   /* offset in bytes of the block's description (cluster_resident.h) */
    long long bytes;   /* dynamic shared memory per block */
};

/* Bytes reserved at the end for the block's description (ClusterBlock, checked there). */
constexpr int kBlockDescriptionBytes = 256;

/* Doubles of one colour in a unit of the problem `kind`: a row of the square, a plane of the cube. */
__host__ __device__ constexpr int cluster_unit_doubles(int kind, int n)
{
    return kind == HF_PROBLEM_POISSON_3D ? n * plane_stride(n) : plane_stride(n);
}

/* Interior points of `colour` in unit `unit` (a row, or a plane of the cube): what a halo of that
 * unit carries. */
__host__ __device__ constexpr int cluster_unit_points(int kind, int n, int unit, int colour)
{
    return kind == HF_PROBLEM_POISSON_3D ? interior_points_in_plane(n, unit, colour)
                                         : interior_points_in_row(n, unit, colour);
}

__host__ __device__ inline ClusterLayout cluster_layout(int n, int blocks, int k, HaloMethod method,
                                                        int kind = HF_PROBLEM_POISSON_2D)
{
    ClusterLayout layout{};
    const int interior = n - 2;
    const int active = blocks < interior ? blocks : interior;
    layout.stride = plane_stride(n);
    layout.unit = cluster_unit_doubles(kind, n);
    layout.band_rows = (interior + active - 1) / active;
    const int held = layout.band_rows + 2 * k;
    layout.rows = held < n ? held : n;
    layout.plane_doubles = layout.rows * layout.unit;
    layout.box_doubles = k * layout.unit;
    long long doubles = 2LL * layout.plane_doubles;
    layout.inbox = -1;
    layout.outbox = -1;
    layout.barriers = -1;
    if (uses_inbox(method, k)) {
        layout.inbox = static_cast<int>(doubles);
        doubles += 4LL * layout.box_doubles;
    }
    if (uses_outbox(method)) {
        layout.outbox = static_cast<int>(doubles);
        doubles += 4LL * layout.box_doubles;
    }
    layout.bytes = doubles * static_cast<long long>(sizeof(double));
    if (uses_mbarriers(method)) {
        layout.barriers = static_cast<int>(layout.bytes);
        layout.bytes += 4 * 8;
    }
    layout.description = static_cast<int>(layout.bytes);
    layout.bytes += kBlockDescriptionBytes;
    return layout;
}

/* Points of one colour a block updates at most (band plus k - 1 ghost units per side). */
__host__ __device__ inline int cluster_points_per_colour(int n, int blocks, int k, int kind = HF_PROBLEM_POISSON_2D)
{
    const ClusterLayout layout = cluster_layout(n, blocks, k, HaloMethod::AsyncStore, kind);
    const int updated = layout.band_rows + 2 * (k - 1);
    const int lines = kind == HF_PROBLEM_POISSON_3D ? n - 2 : 1; /* interior rows of a unit */
    return (updated < n - 2 ? updated : n - 2) * lines * points_per_row(n);
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_CLUSTER_LAYOUT_H */
