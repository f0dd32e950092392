/*
 * cluster_bands.h: every multiprocessor holds a band of the square in shared memory, the blocks
 * grouped in several thread-block clusters (persistent-grid, variant `cluster-bands`; CUDA, sm_90).
 *
 * The grid's rows are cut into one band per block (row_bands.h), so cluster c holds the
 * consecutive bands c * size .. c * size + size - 1: a band of rows per cluster. Each block keeps
 * its band with k ghost rows per side (ghost_band.h) colour-split in shared memory for the whole
 * run, h2 * f beside it when it fits, exactly as the grid-resident kernel does
 * (persistent_resident.h, whose half-sweep, loads, stores and halo rows this kernel reuses): k
 * half-sweeps on its own, then one exchange of k edge rows of one colour with each neighbour.
 * Only how an edge travels differs, by where the neighbour is:
 *   - in the same cluster: pushed into the neighbour's inbox in its shared memory
 *     (st.shared::cluster at a mapa address, cluster_bands_layout.h), then the split cluster
 *     barrier: arrive.release after the pushes, wait.acquire before the inbox is copied into the
 *     ghost rows (as the one-cluster kernel, cluster_resident.h, with its ClusterBarrier method);
 *   - in another cluster: the resident kernel's self-flagged LL lines in global memory (ll_halo.h,
 *     the mailbox of resident_layout.h), each wait bounded by the watchdog.
 * A block arrives at the cluster barrier before it waits for any LL line, so a cluster's barrier
 * never waits on another cluster's exchange of the same round: the rounds move on together.
 *
 * The hardware cluster barrier has no timeout; it cannot hang as long as every thread of the
 * cluster arrives at every exchange. So a block whose LL wait expired (or that saw another block's
 * error) does not leave: it stops computing and sending, keeps arriving and waiting at each
 * exchange with its cluster, and stores nothing (the host reports HF_ERR_WATCHDOG).
 *
 * Every value is computed with the resident kernel's half-sweep (update_point's arithmetic in the
 * reference's order), so the array after any number of iterations is the reference's, bit for
 * bit. The planner gives every block a band of at least k rows and launches whole clusters only.
 */
#ifndef HOLDFAST_KERNELS_CLUSTER_BANDS_H
#define HOLDFAST_KERNELS_CLUSTER_BANDS_H

#include "../device/cluster_bands_layout.h"
#include "../device/cluster_ptx.h"
#include "persistent_resident.h"

namespace holdfast {

/* A block's band, and how its two sides (0: the band above, 1: the band below) exchange. */
struct ClusterBandBlock {
    GhostBand band;
    int index;              /* the band: blockIdx.x */
    bool in_cluster[2];     /* the neighbour is in this block's cluster: DSMEM */
    bool across[2];         /* the neighbour is in another cluster: LL lines */
    uint32_t remote_box[2]; /* the neighbour's inbox for what this block sends it, slot 0 (mapped) */
    uint32_t slot_bytes;    /* bytes from slot 0 to slot 1 of an inbox side */
    double* inbox;          /* this block's inbox, [slot][side] */
    int box_doubles;

    __device__ __forceinline__ int edge(int side) const { return side == 0 ? band.upper_edge() : band.lower_edge(); }
    __device__ __forceinline__ int ghosts(int side) const { return side == 0 ? band.upper_ghosts() : band.lower_ghosts(); }
    __device__ __forceinline__ const double* box(int slot, int side) const
    {
        return inbox + (slot * 2 + side) * box_doubles;
    }
};

__device__ __forceinline__ ClusterBandBlock describe_cluster_band(const PersistentArgs& args, double* shared,
                                                                  int f_on_chip)
{
    const int n = args.problem.n;
    const int k = args.sweeps_per_exchange;
    const int bands = static_cast<int>(gridDim.x);
    const int rank = cluster_block_rank();
    const int size = cluster_block_count();
    ClusterBandBlock block{};
    block.index = static_cast<int>(blockIdx.x);
    block.band = ghost_band(block.index, bands, n, k);
    block.in_cluster[0] = block.band.has_upper && rank > 0;
    block.in_cluster[1] = block.band.has_lower && rank + 1 < size;
    block.across[0] = block.band.has_upper && !block.in_cluster[0];
    block.across[1] = block.band.has_lower && !block.in_cluster[1];
    block.box_doubles = cluster_bands_box_doubles(n, k);
    block.slot_bytes = static_cast<uint32_t>(2 * block.box_doubles * sizeof(double));
    block.inbox = shared + cluster_bands_inbox_offset(bands, n, k, f_on_chip != 0);
    for (int side = 0; side < 2; ++side) {
        if (!block.in_cluster[side]) {
            continue; /* mapa only names blocks of the cluster */
        }
        /* What this block sends up lands on the upper neighbour's lower side, and the other way round. */
        const int their_side = 1 - side;
        block.remote_box[side] = map_to_block(shared_address(block.inbox + their_side * block.box_doubles),
                                              rank + (side == 0 ? -1 : 1));
    }
    return block;
}

/* The block's threads push `values` into a neighbour's inbox (a mapped address): weak stores,
 * published by the cluster barrier's arrive.release that follows. */
__device__ __forceinline__ void push_rows(uint32_t remote, const HaloRows& values)
{
    const int count = values.count();
    for (int i = static_cast<int>(threadIdx.x); i < count; i += static_cast<int>(blockDim.x)) {
        store_remote(remote + static_cast<uint32_t>(i) * 8u, values[i]);
    }
}

/* The block's threads copy an inbox buffer into the ghost rows it stands for. */
__device__ __forceinline__ void copy_rows(const HaloRows& to, const double* from)
{
    const int count = to.count();
    for (int i = static_cast<int>(threadIdx.x); i < count; i += static_cast<int>(blockDim.x)) {
        to[i] = from[i];
    }
}

/* Sends this band's edges for exchange `exchange` (before half-sweep `step`): into the inboxes of
 * the neighbours in the cluster, as LL lines to those in other clusters. */
template <LLAccess Access>
__device__ __forceinline__ void send_edges(const PersistentArgs& args, const ClusterBandBlock& block,
                                           const ColourSplitRows& u, int exchange, int step)
{
    const int colour = (step - 1) & 1; /* the colour the last half-sweep updated */
    const uint32_t flag = args.flag_base + static_cast<uint32_t>(exchange);
    const int k = block.band.k;
    for (int side = 0; side < 2; ++side) {
        const HaloRows edge = halo_rows(u, block.edge(side), colour, k);
        if (block.in_cluster[side]) {
            push_rows(block.remote_box[side] + static_cast<uint32_t>(exchange & 1) * block.slot_bytes, edge);
        } else if (block.across[side]) {
            const int peer = block.index + (side == 0 ? -1 : 1);
            ll_send<Access>(resident_mailbox<HF_PROBLEM_POISSON_2D>(args, peer, 1 - side, exchange), edge, flag);
        }
    }
    if (threadIdx.x == 0) { /* progress for the watchdog's report only: relaxed */
        __hip_atomic_store(&args.counters[block.index].completed, step, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    }
}

/* Receives the LL lines of the neighbours in other clusters, straight into the ghost rows. False in
 * a thread whose wait expired or saw another block's error. */
template <LLAccess Access>
__device__ __forceinline__ bool receive_across(const PersistentArgs& args, const ClusterBandBlock& block,
                                               const ColourSplitRows& u, int exchange, int step)
{
    const int colour = (step - 1) & 1;
    const uint32_t flag = args.flag_base + static_cast<uint32_t>(exchange);
    const int k = block.band.k;
    const HaloRows none{nullptr, u.width, 2 * u.width, 0};
    const LLIncoming upper{resident_mailbox<HF_PROBLEM_POISSON_2D>(args, block.index, 0, exchange),
                           block.across[0] ? halo_rows(u, block.ghosts(0), colour, k) : none, block.index - 1};
    const LLIncoming lower{resident_mailbox<HF_PROBLEM_POISSON_2D>(args, block.index, 1, exchange),
                           block.across[1] ? halo_rows(u, block.ghosts(1), colour, k) : none, block.index + 1};
    return ll_receive<Access>(upper, lower, flag, args, step);
}

/* One exchange. `healthy`: no wait of this block has expired so far (the same in all its threads);
 * a block that is not healthy only keeps its cluster's barrier. Returns whether it still is. */
template <bool Overlap, LLAccess Access, typename ScaledF>
__device__ bool exchange_in_clusters(const PersistentArgs& args, const ClusterBandBlock& block, const ColourSplitRows& u,
                                     const ScaledF& h2f, const ColumnShare& share, int exchange, int step, bool healthy)
{
    /* HF_FAULT_NEVER_PUBLISH (tests): the fault block sends nothing; a neighbour in another cluster
     * waits in vain (a fault block at a cluster's edge), one in its cluster reads a stale inbox. */
    const bool publishes = !(args.fault == HF_FAULT_NEVER_PUBLISH && block.index == args.fault_block);
    if (healthy && publishes) {
        send_edges<Access>(args, block, u, exchange, step);
    }
    /* Release: this thread's pushes into the neighbours' inboxes, and its earlier reads of its own
     * inbox and ghost rows, are ordered before its arrival; nobody reads the pushes before the
     * wait below, which returns once every thread of the cluster has arrived. */
    cluster_arrive_release();
    if (Overlap && healthy) { /* the inner rows need no ghost: updated while the halos travel */
        resident_half_sweep<HF_PROBLEM_POISSON_2D>(u, h2f, args.problem.n, step & 1, block.band.inner_first(),
                                                   block.band.inner_end(), share);
    }
    const bool received = !healthy || receive_across<Access>(args, block, u, exchange, step);
    /* Acquire: every push of this exchange into this block's inbox is visible from here on. */
    cluster_wait_acquire();
    if (healthy) {
        const int colour = (step - 1) & 1;
        for (int side = 0; side < 2; ++side) {
            if (block.in_cluster[side]) {
                copy_rows(halo_rows(u, block.ghosts(side), colour, block.band.k), block.box(exchange & 1, side));
            }
        }
    }
    /* The ghost rows are complete before the next half-sweep reads them; the verdict is the block's. */
    return __syncthreads_or(healthy && received ? 0 : 1) == 0;
}

/* The run after loading: rounds of k half-sweeps, an exchange between rounds. Returns whether the
 * block is healthy at the end (then its band goes back to u). */
template <bool Overlap, LLAccess Access, typename ScaledF>
__device__ bool run_cluster_band(const PersistentArgs& args, const ClusterBandBlock& block, const ColourSplitRows& u,
                                 const ScaledF& h2f)
{
    const GhostBand& band = block.band;
    const int steps = args.steps;
    const ColumnShare share = column_share(args.problem.n);
    bool healthy = true;
    bool inner_done = false; /* Overlap: the inner rows of the round's first half-sweep are updated */
    int done = 0;
    for (int step = 0, exchange = 0; step < steps;) {
        const int round = steps - step < band.k ? steps - step : band.k;
        for (int t = 0; t < round && healthy; ++t) {
            const int colour = (step + t) & 1;
            /* HF_FAULT_SKIP_HALF_SWEEP skips the last half-sweep: after the last exchange. */
            const bool skipped = skips_half_sweep(args, block.index, step + t);
            done += skipped ? 0 : 1;
            if (skipped) {
                /* nothing to compute */
            } else if (t == 0 && inner_done) {
                resident_half_sweep<HF_PROBLEM_POISSON_2D>(u, h2f, args.problem.n, colour, band.computed_first(0),
                                                           band.inner_first(), share);
                resident_half_sweep<HF_PROBLEM_POISSON_2D>(u, h2f, args.problem.n, colour, band.inner_end(),
                                                           band.computed_end(0), share);
            } else {
                resident_half_sweep<HF_PROBLEM_POISSON_2D>(u, h2f, args.problem.n, colour, band.computed_first(t),
                                                           band.computed_end(t), share);
            }
            __syncthreads();
        }
        step += round;
        if (step < steps) {
            healthy = exchange_in_clusters<Overlap, Access>(args, block, u, h2f, share, ++exchange, step, healthy);
            inner_done = Overlap;
        }
    }
    if (healthy && threadIdx.x == 0) {
        report_work(args, block.index, done);
    }
    return healthy;
}

/* A run without an exchange (2 * iterations <= k): the neighbours in other clusters announce their
 * loads as in the resident kernel (announce_loaded, wait_neighbours_loaded); those in the cluster
 * are ordered by the cluster barrier after loading. The band seen with its cross-cluster sides only. */
__device__ __forceinline__ GhostBand across_only(const ClusterBandBlock& block)
{
    GhostBand band = block.band;
    band.has_upper = block.across[0];
    band.has_lower = block.across[1];
    return band;
}

/* The kernel's body; f_on_chip: h2 * f is held in shared memory after u. */
template <bool Overlap, LLAccess Access>
__device__ void run_cluster_bands(const PersistentArgs& args, int f_on_chip)
{
    HF_DYNAMIC_SHARED(double, shared);
    const Problem& problem = args.problem;
    const int n = problem.n;
    const int bands = static_cast<int>(gridDim.x);
    const ClusterBandBlock block = describe_cluster_band(args, shared, f_on_chip);
    const GhostBand& band = block.band;
    const ColourSplitRows u{shared, band.stored_first(), colour_row_width(n)};
    resident_load<HF_PROBLEM_POISSON_2D>(u, problem.u, n, band.stored_first(), band.stored_end());
    const ScaledFOnChip on_chip{ColourSplitRows{
        shared + resident_shared_bytes(bands, n, band.k, false) / sizeof(double), band.computed_first(0), u.width}};
    if (f_on_chip != 0) {
        resident_load_scaled<HF_PROBLEM_POISSON_2D>(on_chip.rows, problem.f, problem.h2, n, band.computed_first(0),
                                                    band.computed_end(0));
    }
    __syncthreads();
    announce_loaded(args, across_only(block), block.index);
    /* Every block of the cluster has started and loaded before anyone pushes into its inbox or
     * stores over the rows it loaded as ghosts (release and acquire at cluster scope). */
    cluster_sync_all();
    const bool healthy = f_on_chip != 0
                             ? run_cluster_band<Overlap, Access>(args, block, u, on_chip)
                             : run_cluster_band<Overlap, Access>(args, block, u, ScaledFGlobal{problem.f, problem.h2});
    const GhostBand across = across_only(block);
    const bool ready = healthy && (!resident_needs_handshake(args, across) ||
                                   wait_neighbours_loaded(args, across, block.index));
    if (ready) {
        resident_store<HF_PROBLEM_POISSON_2D>(problem.u, u, n, band.first_row, band.end_row);
    }
    /* Nobody leaves while a block of its cluster may still push into its inbox. */
    cluster_sync_all();
}

__global__ void __launch_bounds__(kResidentMaxThreads) persistent_cluster_bands(PersistentArgs args, int f_on_chip)
{
    run_cluster_bands<kResidentOverlap, kResidentAccess>(args, f_on_chip);
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_CLUSTER_BANDS_H */
