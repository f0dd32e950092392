/*
 * cluster_resident.h: one thread-block cluster holds the grid in shared memory for the whole run
 * (CUDA, sm_90: clusters and distributed shared memory do not exist on AMD).
 *
 * Block b of the cluster owns a band of rows (row_bands.h) and holds it as two colour planes
 * (colour_planes.h) with k ghost rows towards each neighbour; its points live in registers. The
 * run is cut into windows of k half-sweeps. Within a window the block needs nobody: half-sweep s
 * updates its band and the ghost rows up to k - 1 - s rows out, each from values of the other
 * colour it holds itself, with the reference's arithmetic, so the band is exact after the
 * window (temporal blocking with ghost rows; the redundant ghost updates compute the same values
 * the neighbour computes). Between windows the neighbours exchange k edge rows.
 *
 * Only one colour of the halo is ever read before it is recomputed: the colour of the window's
 * last half-sweep (the next window starts with the other colour, which it writes before
 * reading). So a block pushes just that colour, the values it has just computed, straight from
 * registers as part of its last half-sweep, and a receiver may take in the new halo while its
 * own threads still finish that half-sweep (they read only the other colour). With k = 1 the
 * halo lands in the receiver's ghost row directly; with k >= 2 the ghost rows are still in use
 * when the next halo arrives, so it lands in an inbox slot and the receiver copies it in.
 *
 * How the edge rows travel and how the receiver learns they have arrived is the template's
 * HaloMethod (cluster_layout.h). With mbarriers, a block waits only for its two neighbours; each
 * incoming halo buffer has an mbarrier whose phase w / 2 completes when window w's halo has
 * landed (st.async and bulk copies count their bytes on it, the receiver arms it with the byte
 * count; remote arrives count one arrival). With ClusterBarrier, everybody waits for everybody.
 *
 * One block barrier per half-sweep orders a block's own rows; where the halo must be copied in,
 * the copy shares that barrier. `overlap` updates the inner band rows (those more than k rows
 * from both edges, which read nothing the exchange brings) while the halo is in flight, at the
 * price of one more block barrier per window where k >= 2.
 *
 * The cube (Kind = HF_PROBLEM_POISSON_3D) runs the same kernel on slabs of planes: everything said
 * here of a row holds for a plane of the cube (cluster_layout.h counts in such units), and only
 * the points' geometry differs (colour_planes_3d.h: six neighbours, the plane's points; the
 * helpers below pick it by Kind). Its halo is k planes of one colour.
 *
 * Waits on mbarriers are bounded by the watchdog; a thread whose wait expires stops waiting and
 * pushing, finishes the loop (its block barriers stay matched) and the host reports the error.
 * The hardware cluster barrier has no timeout, like cooperative groups' grid.sync().
 */
#ifndef HOLDFAST_KERNELS_CLUSTER_RESIDENT_H
#define HOLDFAST_KERNELS_CLUSTER_RESIDENT_H

#include "../device/phase_wait.h"
#include "../device/row_bands.h"
#include "../device/work_count.h"
#include "cluster_layout.h"
#include "on_chip_registers.h"

namespace holdfast {

/* ---------------------------------------------------------------- the problem's geometry
 * What differs between the square's rows and the cube's planes, by Kind (HF_PROBLEM_*). */

/* Copies units [first, end) of u into the colour planes. */
template <int Kind>
__device__ __forceinline__ void load_units(double* planes, const ClusterLayout& layout, const double* u, int n,
                                           int first, int end)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        load_slab(planes, layout.plane_doubles, layout.stride, u, n, first, end);
    } else {
        load_planes(planes, layout.plane_doubles, layout.stride, u, n, first, end);
    }
}

/* Copies the band's interior points back to u. */
template <int Kind>
__device__ __forceinline__ void store_units(const double* planes, const ClusterLayout& layout, double* u, int n,
                                            const HeldRows& rows)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        store_slab(planes, layout.plane_doubles, layout.stride, u, n, rows.first_row, rows.band_first, rows.band_end);
    } else {
        store_planes(planes, layout.plane_doubles, layout.stride, u, n, rows.first_row, rows.band_first, rows.band_end);
    }
}

/* The fixed part of a halo buffer: `count` units of `colour` from u, starting at unit `first`. */
template <int Kind>
__device__ __forceinline__ void load_halo_units(double* to, const ClusterLayout& layout, const double* u, int n,
                                                int first, int count, int colour)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        load_halo_planes(to, layout.stride, u, n, first, count, colour);
    } else {
        load_plane_rows(to, layout.stride, u, n, first, count, colour);
    }
}

template <int Kind, int P>
__device__ __forceinline__ void assign_unit_points(PointSlots<P>& slots, const Problem& problem, const HeldRows& rows,
                                                   const ClusterLayout& layout, int colour, int thread, int threads)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        assign_points_3d(slots, problem, rows, layout.stride, colour, thread, threads);
    } else {
        assign_points(slots, problem, rows, layout.stride, colour, thread, threads);
    }
}

/* Where one window's edge values go, per side (0: the lower neighbour, 1: the upper one). */
struct HaloTarget {
    uint32_t data[2];    /* remote address of the receiving rows (direct or inbox), this window; or, for
                          * bulk and pull, the offset in doubles of this block's outbox slot */
    uint32_t barrier[2]; /* remote mbarrier those bytes complete on */
    int shift[2];        /* receiving index = point centre + shift */
};

/* Everything a block of the cluster knows about itself and its neighbours. */
template <HaloMethod M, int Kind = HF_PROBLEM_POISSON_2D>
struct ClusterBlock {
    ClusterLayout layout;
    HeldRows rows;
    int n;
    int rank;
    int k;
    bool neighbour[2];
    double* planes;
    double* inbox;
    double* outbox;
    uint32_t barriers;        /* shared address of this block's mbarriers [side][slot] */
    uint32_t remote_planes[2];
    uint32_t remote_inbox[2];  /* the neighbour's inbox for what this block sends: [slot 0][its side] */
    uint32_t remote_outbox[2]; /* pull: the neighbour's outbox with what it sends here, [slot 0][its side] */
    uint32_t remote_barrier[2]; /* the neighbour's mbarrier for what this block sends, [its side][slot 0] */
    int direct_shift[2];
    int box_shift[2];

    __device__ __forceinline__ double* plane(int colour) const { return planes + colour * layout.plane_doubles; }
    /* Halo buffers are [slot][side]: offset in doubles of one, and bytes between the slots. */
    __device__ __forceinline__ int box_offset(int slot, int side) const { return (slot * 2 + side) * layout.box_doubles; }
    __device__ __forceinline__ uint32_t slot_bytes(int slot) const
    {
        return static_cast<uint32_t>(slot * 2 * layout.box_doubles * sizeof(double));
    }
    __device__ __forceinline__ uint32_t own_barrier(int side, int slot) const { return barriers + (side * 2 + slot) * 8; }

    /* First global row of what side `side` sends: the band's first k rows, or its last k. */
    __device__ __forceinline__ int sent_first_row(int side) const { return side == 0 ? rows.band_first : rows.band_end - k; }
    /* First local row of the ghost rows side `side` receives. */
    __device__ __forceinline__ int ghost_first_local(int side) const
    {
        return side == 0 ? 0 : rows.band_end - rows.first_row;
    }

    /* Halo bytes that arrive for one slot on one side. */
    __device__ __forceinline__ uint32_t halo_bytes(int side, int slot) const
    {
        if (M == HaloMethod::BulkCopy) {
            return static_cast<uint32_t>(layout.box_doubles * sizeof(double));
        }
        const int colour = halo_colour(slot, k);
        const int ghost_first = side == 0 ? rows.band_first - k : rows.band_end;
        uint32_t points = 0;
        for (int row = ghost_first; row < ghost_first + k; ++row) {
            points += static_cast<uint32_t>(cluster_unit_points(Kind, n, row, colour));
        }
        return points * static_cast<uint32_t>(sizeof(double));
    }

    __device__ __forceinline__ HaloTarget target(int window) const
    {
        const int slot = window & 1;
        const int colour = halo_colour(slot, k);
        const bool direct = !uses_inbox(M, k);
        HaloTarget target{};
        for (int side = 0; side < 2; ++side) {
            target.barrier[side] = remote_barrier[side] + slot * 8;
            if (uses_outbox(M)) {
                target.data[side] = static_cast<uint32_t>(layout.outbox + box_offset(slot, side));
                target.shift[side] = box_shift[side];
            } else if (direct) {
                target.data[side] = remote_planes[side] + colour * layout.plane_doubles * 8;
                target.shift[side] = direct_shift[side];
            } else {
                target.data[side] = remote_inbox[side] + slot_bytes(slot);
                target.shift[side] = box_shift[side];
            }
        }
        return target;
    }
};

/* The fused push: every new value of a band row that a neighbour holds as a ghost row goes to
 * it as soon as it is computed. */
template <HaloMethod M>
struct PushEdges {
    HaloTarget target;
    double* shared; /* the block's shared memory (outboxes) */
    bool enabled;

    __device__ __forceinline__ void put(int side, int centre, double value) const
    {
        const int index = centre + target.shift[side];
        if (M == HaloMethod::AsyncStore) {
            store_async(target.data[side] + index * 8, value, target.barrier[side]);
        } else if (M == HaloMethod::RemoteArrive || M == HaloMethod::ClusterBarrier) {
            store_remote(target.data[side] + index * 8, value);
        } else {
            shared[target.data[side] + index] = value;
        }
    }

    __device__ __forceinline__ void operator()(int code, double value) const
    {
        if (!enabled) {
            return;
        }
        if ((code & kPushLowerBit) != 0) {
            put(0, point_centre(code), value);
        }
        if ((code & kPushUpperBit) != 0) {
            put(1, point_centre(code), value);
        }
    }
};

/* What block `rank` of a cluster of `blocks` holds, and where its neighbours' buffers are. */
template <HaloMethod M, int Kind>
__device__ ClusterBlock<M, Kind> describe_cluster_block(int n, int k, int rank, int blocks, double* shared)
{
    ClusterBlock<M, Kind> block{};
    block.n = n;
    block.rank = rank;
    block.k = k;
    block.layout = cluster_layout(n, blocks, k, M, Kind);
    const int unit = block.layout.unit;
    const int active = active_band_count(blocks, n);
    const bool has_band = rank < active;
    const RowBand band = row_band(rank, blocks, n);
    block.neighbour[0] = has_band && rank > 0;
    block.neighbour[1] = has_band && rank + 1 < active;
    block.rows = band_rows(n, band.first_row, band.end_row, k, block.neighbour[0], block.neighbour[1]);
    block.planes = shared;
    block.inbox = shared + block.layout.inbox;
    block.outbox = shared + block.layout.outbox;
    block.barriers = shared_address(shared) + static_cast<uint32_t>(block.layout.barriers);
    for (int side = 0; side < 2; ++side) {
        if (!block.neighbour[side]) {
            continue;
        }
        const int peer = rank + (side == 0 ? -1 : 1);
        const int their_side = 1 - side;
        const RowBand peer_band = row_band(peer, blocks, n);
        const HeldRows peer_rows = band_rows(n, peer_band.first_row, peer_band.end_row, k, peer > 0, peer + 1 < active);
        block.remote_planes[side] = map_to_block(shared_address(shared), peer);
        block.remote_inbox[side] =
            map_to_block(shared_address(shared + block.layout.inbox + their_side * block.layout.box_doubles), peer);
        block.remote_outbox[side] =
            map_to_block(shared_address(shared + block.layout.outbox + their_side * block.layout.box_doubles), peer);
        block.remote_barrier[side] = map_to_block(block.own_barrier(their_side, 0), peer);
        block.direct_shift[side] = (block.rows.first_row - peer_rows.first_row) * unit;
        block.box_shift[side] = -(block.sent_first_row(side) - block.rows.first_row) * unit;
    }
    return block;
}

/* st.async and bulk halos: the receiver's own arrival on the slot's mbarrier announces the bytes
 * window `window` will send. Only once every thread of the block has seen the slot's previous
 * phase complete (after a block barrier behind all the waits): else the phase after could
 * complete first, and a late thread waiting on a parity would see it as not yet complete. */
template <HaloMethod M, int Kind>
__device__ __forceinline__ void rearm_slot(const ClusterBlock<M, Kind>& block, int window, int windows)
{
    if constexpr (M != HaloMethod::AsyncStore && M != HaloMethod::BulkCopy) {
        return; /* only byte-counting halos are armed */
    }
    if (threadIdx.x != 0 || window > windows - 2) {
        return;
    }
    for (int side = 0; side < 2; ++side) {
        if (block.neighbour[side]) {
            mbarrier_arm(block.own_barrier(side, window & 1), block.halo_bytes(side, window & 1));
        }
    }
}

/* Takes in the halo that window `previous` sent: waits for it (mbarriers: only the two
 * neighbours; ClusterBarrier: everybody), copies it into the ghost rows where it did not land
 * there and passes the block barrier that the copy needs (then re-arms the slot). Returns false
 * once a wait has expired. */
template <HaloMethod M, int Kind>
__device__ __forceinline__ bool receive_halo(const ClusterBlock<M, Kind>& block, const PersistentArgs& args, int previous,
                                             int windows, bool copies, bool failed)
{
    const int slot = previous & 1;
    const int thread = static_cast<int>(threadIdx.x);
    if (M == HaloMethod::ClusterBarrier) {
        /* Acquire, the second half of the split barrier that announce_halo's arrive began: it
         * returns once every thread of the cluster has arrived after its part of window
         * `previous`, so every st.shared::cluster store of that window's edge units into this
         * block (made before the storing thread arrived) is visible to this thread's reads from
         * here on. It also orders the other way: this block's reads of its ghost units in window
         * `previous` came before its own arrival, and a neighbour writes them again only after its
         * wait for that arrival (no write-after-read race). */
        cluster_wait_acquire();
    } else {
        for (int side = 0; side < 2; ++side) {
            if (!block.neighbour[side] || failed) {
                continue;
            }
            const uint32_t barrier = block.own_barrier(side, slot);
            const uint32_t parity = static_cast<uint32_t>((previous >> 1) & 1);
            failed = !wait_for_phase(barrier, parity, args, (previous + 1) * block.k, block.rank + (side == 0 ? -1 : 1));
        }
    }
    if (copies) {
        double* const halo_plane = block.plane(halo_colour(slot, block.k));
        for (int side = 0; side < 2; ++side) {
            if (!block.neighbour[side]) {
                continue;
            }
            double* const to = halo_plane + block.ghost_first_local(side) * block.layout.unit;
            const double* const inbox = block.inbox + block.box_offset(slot, side);
            const uint32_t outbox = block.remote_outbox[side] + block.slot_bytes(slot);
            for (int i = thread; i < block.layout.box_doubles; i += static_cast<int>(blockDim.x)) {
                to[i] = M == HaloMethod::Pull ? load_remote(outbox + i * 8) : inbox[i];
            }
        }
        __syncthreads();
        if (!failed) {
            rearm_slot(block, previous + 2, windows);
        }
    }
    return !failed;
}

/* After the last half-sweep of a window that sends: the halo values are written (st.async ones
 * are on their way); tell the neighbours. */
template <HaloMethod M, int Kind>
__device__ __forceinline__ void announce_halo(const ClusterBlock<M, Kind>& block, const HaloTarget& target, int window,
                                              int windows, bool block_barrier, bool copies, bool failed)
{
    if (M == HaloMethod::BulkCopy) {
        fence_proxy_async_shared(); /* the outbox was written by ordinary stores; the copy engine reads it */
    }
    if (M == HaloMethod::ClusterBarrier) {
        /* Release: this thread's remote stores of the window's edge units (PushEdges::put, straight
         * into the neighbours' ghost units or inboxes) and all its earlier reads are ordered before
         * its arrival. Arriving does not wait: the thread goes on to the next window and waits
         * (receive_halo, acquire) only before it reads what the neighbours pushed; meanwhile it may
         * update the inner units (overlap). */
        cluster_arrive_release();
    }
    if (block_barrier) {
        __syncthreads();
    }
    if (failed) {
        return;
    }
    /* Without a copy, this is the first block barrier behind this window's waits. */
    if (!copies && block_barrier && window >= 1) {
        rearm_slot(block, window + 1, windows);
    }
    if (threadIdx.x != 0) {
        return;
    }
    const int slot = window & 1;
    for (int side = 0; side < 2; ++side) {
        if (!block.neighbour[side]) {
            continue;
        }
        if (M == HaloMethod::BulkCopy) {
            const uint32_t destination =
                uses_inbox(M, block.k)
                    ? block.remote_inbox[side] + block.slot_bytes(slot)
                    : block.remote_planes[side] +
                          static_cast<uint32_t>((halo_colour(slot, block.k) * block.layout.plane_doubles +
                                                 (block.sent_first_row(side) - block.rows.first_row) * block.layout.unit +
                                                 block.direct_shift[side]) *
                                                8);
            const uint32_t bytes = static_cast<uint32_t>(block.layout.box_doubles * sizeof(double));
            bulk_copy_to_block(destination, shared_address(block.planes + target.data[side]), bytes,
                               target.barrier[side]);
        } else if (M == HaloMethod::RemoteArrive || M == HaloMethod::Pull) {
            mbarrier_arrive_remote(target.barrier[side]);
        }
    }
}

/* One colour's points of levels lowest .. highest: own is their colour plane, other their neighbours'. */
template <int Kind, int P, typename Deliver>
__device__ __forceinline__ void sweep_unit_points(const PointSlots<P>& points, double* own, const double* other,
                                                  const ClusterLayout& layout, int lowest, int highest,
                                                  const Deliver& deliver)
{
    if constexpr (Kind == HF_PROBLEM_POISSON_3D) {
        sweep_points_3d(points, own, other, layout.stride, layout.unit, lowest, highest, deliver);
    } else {
        sweep_points(points, own, other, layout.stride, lowest, highest, deliver);
    }
}

/* The half-sweep of `colour`; a branch on the colour, so that each call names its register slots. */
template <int Kind, int P, typename Deliver>
__device__ __forceinline__ void sweep_colour(double* planes, const ClusterLayout& layout, const PointSlots<P>& red,
                                             const PointSlots<P>& black, int colour, int lowest, int highest,
                                             const Deliver& deliver)
{
    double* const black_plane = planes + layout.plane_doubles;
    if (colour == 0) {
        sweep_unit_points<Kind>(red, planes, black_plane, layout, lowest, highest, deliver);
    } else {
        sweep_unit_points<Kind>(black, black_plane, planes, layout, lowest, highest, deliver);
    }
}

/* k = args.sweeps_per_exchange: half-sweeps between exchanges (ghost rows per side),
 * 1 .. kMaxSweepsPerExchange, at most the smallest band. kOverlap: update the inner rows while
 * the halo is in flight. Kind: the problem (HF_PROBLEM_*; the cube's bands are slabs of planes).
 * Launched as one cluster of gridDim.x blocks with cluster_layout(..., Kind).bytes of dynamic
 * shared memory. */
template <int P, HaloMethod M, bool kOverlap, int Kind = HF_PROBLEM_POISSON_2D>
__global__ void __launch_bounds__(max_threads_for_slots(P), 1) cluster_resident(PersistentArgs args)
{
    const int k = args.sweeps_per_exchange;
    constexpr int overlap = kOverlap ? 1 : 0;
    HF_DYNAMIC_SHARED(double, shared);
    static_assert(sizeof(ClusterBlock<M, Kind>) <= kBlockDescriptionBytes, "the description's room in the layout");
    const Problem& problem = args.problem;
    const int n = problem.n;
    const int thread = static_cast<int>(threadIdx.x);
    const int threads = static_cast<int>(blockDim.x);
    const ClusterLayout layout = cluster_layout(n, cluster_block_count(), k, M, Kind);
    /* The block's description: the same for all its threads and read at window boundaries only,
     * so it lives in shared memory and the registers stay with the points. */
    using Block = ClusterBlock<M, Kind>;
    Block& block = *reinterpret_cast<Block*>(reinterpret_cast<char*>(shared) + layout.description);
    if (thread == 0) {
        block = describe_cluster_block<M, Kind>(n, k, cluster_block_rank(), cluster_block_count(), shared);
    }

    /* Shared memory: zero (padding that bulk copies carry), then the rows, the fixed part of the
     * halo buffers, and the mbarriers. */
    const int zeroed = (layout.barriers >= 0 ? layout.barriers : layout.description) / 8;
    for (int i = thread; i < zeroed; i += threads) {
        shared[i] = 0.0;
    }
    __syncthreads();
    const HeldRows rows = block.rows;
    load_units<Kind>(shared, layout, problem.u, n, rows.first_row, rows.end_row);
    for (int side = 0; side < 2; ++side) {
        if (!block.neighbour[side]) {
            continue;
        }
        for (int slot = 0; slot < 2; ++slot) {
            const int colour = halo_colour(slot, k);
            const int offset = block.box_offset(slot, side);
            if (uses_inbox(M, k)) {
                const int ghost_first = side == 0 ? rows.band_first - k : rows.band_end;
                load_halo_units<Kind>(block.inbox + offset, layout, problem.u, n, ghost_first, k, colour);
            }
            if (uses_outbox(M)) {
                load_halo_units<Kind>(block.outbox + offset, layout, problem.u, n, block.sent_first_row(side), k, colour);
            }
        }
    }
    const int windows = (args.steps + k - 1) / k;
    if (uses_mbarriers(M) && thread == 0) {
        for (int side = 0; side < 2; ++side) {
            for (int slot = 0; slot < 2; ++slot) {
                mbarrier_init(block.own_barrier(side, slot), 1);
                /* st.async and bulk halos: the receiver's arrival announces the bytes of the
                 * first two windows that send any (windows 0 .. windows - 2 do). */
                const bool armed = M == HaloMethod::AsyncStore || M == HaloMethod::BulkCopy;
                if (armed && block.neighbour[side] && slot <= windows - 2) {
                    mbarrier_arm(block.own_barrier(side, slot), block.halo_bytes(side, slot));
                }
            }
        }
        fence_mbarrier_init_cluster();
    }
    PointSlots<P> red;
    PointSlots<P> black;
    assign_unit_points<Kind>(red, problem, rows, layout, 0, thread, threads);
    assign_unit_points<Kind>(black, problem, rows, layout, 1, thread, threads);
    /* Every block has started and initialised its mbarriers before anyone touches them. */
    cluster_sync_all();

    const bool copies = M == HaloMethod::Pull || uses_inbox(M, k);
    /* Where the window's end needs a block barrier before the neighbours are told, or before the
     * next window's first rows: see the file comment. */
    const bool barrier_after_send = M == HaloMethod::BulkCopy || M == HaloMethod::RemoteArrive ||
                                    M == HaloMethod::Pull || (M == HaloMethod::AsyncStore && (k == 1 || overlap != 0)) ||
                                    (M == HaloMethod::ClusterBarrier && overlap != 0);
    bool failed = false;
    int done = 0; /* half-sweeps this block ran (work_count.h) */
    for (int window = 0; window < windows; ++window) {
        const int first_step = window * k;
        const int count = args.steps - first_step < k ? args.steps - first_step : k;
        const bool sends = window + 1 < windows;
        for (int s = 0; s < count; ++s) {
            const int colour = (first_step + s) & 1;
            /* HF_FAULT_SKIP_HALF_SWEEP skips the last half-sweep, in the window that sends nothing;
             * the block barriers and the halo wait stay as they are. */
            const bool skipped = skips_half_sweep(args, block.rank, first_step + s);
            int lowest = 0;
            if (s == 0 && window > 0) {
                if (overlap != 0 && !skipped) { /* the inner rows while the halo is in flight */
                    sweep_colour<Kind>(shared, layout, red, black, colour, 0, 0, DeliverNothing{});
                }
                lowest = overlap;
                failed = !receive_halo(block, args, window - 1, windows, copies, failed);
            } else if (s > 0) {
                __syncthreads();
            }
            if (sends && s == count - 1) {
                /* HF_FAULT_NEVER_PUBLISH (tests): the fault block never sends, its neighbours' waits expire. */
                const bool silenced = args.fault == HF_FAULT_NEVER_PUBLISH && block.rank == args.fault_block;
                const PushEdges<M> push{block.target(window), shared, !failed && !silenced};
                sweep_colour<Kind>(shared, layout, red, black, colour, lowest, k - s, push);
            } else if (!skipped) {
                sweep_colour<Kind>(shared, layout, red, black, colour, lowest, k - s, DeliverNothing{});
            }
            done += skipped ? 0 : 1;
        }
        if (sends) {
            announce_halo(block, block.target(window), window, windows, barrier_after_send, copies, failed);
        }
    }

    __syncthreads(); /* the last half-sweep's values, written by every thread, go back */
    store_units<Kind>(shared, layout, problem.u, n, rows);
    if (thread == 0 && block.rank < active_band_count(cluster_block_count(), n)) {
        report_work(args, block.rank, done);
    }
    /* Nobody leaves while a neighbour may still read or write its shared memory. */
    cluster_sync_all();
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_CLUSTER_RESIDENT_H */
