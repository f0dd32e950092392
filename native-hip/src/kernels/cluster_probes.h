/*
 * cluster_probes.h: what the on-chip kernels' synchronisation costs, without the stencil
 * (CUDA, sm_90), for the overhead breakdown: a block barrier, the hardware cluster barrier, and
 * one halo exchange between the neighbouring blocks of a cluster by each HaloMethod.
 *
 * Each probe repeats its operation `rounds` times in one launch; the caller divides the event
 * time of a long run minus a short one by the difference in rounds. The halo probe does what
 * cluster_resident does between two windows, with the same helpers: each block sends `width`
 * doubles to each neighbour (two slots, alternating), then waits for its neighbours' and passes
 * a block barrier.
 *
 * The library's overhead probes (hf_probe_cluster_barrier, hf_probe_dsmem_exchange) launch
 * probe_cluster_barrier and probe_dsmem_exchange: one cluster, event time divided by rounds.
 */
#ifndef HOLDFAST_KERNELS_CLUSTER_PROBES_H
#define HOLDFAST_KERNELS_CLUSTER_PROBES_H

#include "../device/halo_probe_layout.h"
#include "../device/phase_wait.h"
#include "cluster_layout.h"

namespace holdfast {

__global__ void probe_block_barrier(int rounds)
{
    for (int round = 0; round < rounds; ++round) {
        __syncthreads();
    }
}

__global__ void probe_cluster_barrier(int rounds)
{
    for (int round = 0; round < rounds; ++round) {
        cluster_sync_all();
    }
}

/* ---------------------------------------------------------------- DSMEM exchange (library probe) */

/* What block `sender` sends towards `side` (0: the block above, 1: below) in `round` at index i:
 * exact in a double for every round < 2^31, sender < 16 and i < 2^16, so a row that is stale
 * (an earlier round), misplaced (the other side or slot) or unwritten cannot pass the check. */
__host__ __device__ inline double dsmem_probe_value(int sender, int side, int round, int i)
{
    return (static_cast<double>(round) * 32.0 + (sender * 2 + side)) * 65536.0 + i;
}

/* One cluster, blocks in a chain as the cluster kernel's bands: each round every block stores an
 * edge row of `width` doubles into each neighbour's shared memory (st.shared::cluster at a mapa
 * address), arrives on the cluster barrier, waits, then reads and checks the rows it received.
 * Two slots, alternating by round: a neighbour may store round r + 1's row while this block still
 * reads round r's, but it stores round r + 2's (this slot again) only after this block's arrive
 * of round r + 1, which follows the reads. Each thread that read a value other than the one sent
 * adds 1 to *mismatches. width <= 2^16, at most 16 blocks; dsmem_probe_shared_bytes(width) each. */
__global__ void probe_dsmem_exchange(int rounds, int width, int* mismatches)
{
    HF_DYNAMIC_SHARED(double, inbox);
    const int thread = static_cast<int>(threadIdx.x);
    const int threads = static_cast<int>(blockDim.x);
    const int rank = cluster_block_rank();
    const int blocks = cluster_block_count();
    const bool neighbour[2] = {rank > 0, rank + 1 < blocks};
    /* This block's row towards side s lands in that neighbour's box for rows from side 1 - s. */
    uint32_t remote_box[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        if (neighbour[side]) {
            remote_box[side] = map_to_block(shared_address(inbox + (1 - side) * width), rank + (side == 0 ? -1 : 1));
        }
    }
    /* A block's shared memory may be written only once that block runs: all of them do after this. */
    cluster_sync_all();

    bool wrong = false;
    for (int round = 0; round < rounds; ++round) {
        const int slot = round & 1;
        for (int side = 0; side < 2; ++side) {
            if (!neighbour[side]) {
                continue;
            }
            const uint32_t row = remote_box[side] + static_cast<uint32_t>(slot * 2 * width) * sizeof(double);
            for (int i = thread; i < width; i += threads) {
                store_remote(row + static_cast<uint32_t>(i) * sizeof(double), dsmem_probe_value(rank, side, round, i));
            }
        }
        /* Release at cluster scope: this thread's remote stores above (and its reads of the
         * previous round's slot) are ordered before its arrival. A kernel updates its interior
         * here, between arrive and wait, while the rows are in flight. */
        cluster_arrive_release();
        /* Acquire at cluster scope: once every thread of the cluster has arrived, their stores
         * into this block's shared memory are visible to this thread. */
        cluster_wait_acquire();
        const double* box = inbox + slot * 2 * width;
        for (int from = 0; from < 2; ++from) {
            if (!neighbour[from]) {
                continue;
            }
            const int sender = rank + (from == 0 ? -1 : 1);
            for (int i = thread; i < width; i += threads) {
                wrong = wrong || box[from * width + i] != dsmem_probe_value(sender, 1 - from, round, i);
            }
        }
    }
    /* No block stores into another after the last wait: every block may leave. */
    if (wrong) {
        __hip_atomic_fetch_add(mismatches, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    }
}

/* Shared bytes: outbox and inbox, [2 slots][2 sides][width] doubles each, then 4 mbarriers. */
__host__ __device__ inline long long halo_probe_bytes(int width)
{
    return 2LL * 4 * width * static_cast<long long>(sizeof(double)) + 4 * 8;
}

/* width: doubles per halo, even (bulk copies move multiples of 16 bytes). */
template <HaloMethod M>
__global__ void probe_halo_exchange(PersistentArgs args, int rounds, int width)
{
    HF_DYNAMIC_SHARED(double, probe_shared);
    const int thread = static_cast<int>(threadIdx.x);
    const int threads = static_cast<int>(blockDim.x);
    const int rank = cluster_block_rank();
    const int blocks = cluster_block_count();
    double* const outbox = probe_shared;
    double* const inbox = probe_shared + 4 * width;
    const uint32_t barriers = shared_address(probe_shared + 8 * width);
    const uint32_t bytes = static_cast<uint32_t>(width * sizeof(double));
    bool neighbour[2] = {rank > 0, rank + 1 < blocks};
    uint32_t remote_inbox[2] = {0, 0};
    uint32_t remote_barrier[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        if (neighbour[side]) {
            const int peer = rank + (side == 0 ? -1 : 1);
            remote_inbox[side] = map_to_block(shared_address(inbox + (1 - side) * width), peer);
            remote_barrier[side] = map_to_block(barriers + (1 - side) * 2 * 8, peer);
        }
    }
    if (thread == 0) {
        for (int side = 0; side < 2; ++side) {
            for (int slot = 0; slot < 2; ++slot) {
                mbarrier_init(barriers + (side * 2 + slot) * 8, 1);
                if ((M == HaloMethod::AsyncStore || M == HaloMethod::BulkCopy) && neighbour[side] && slot < rounds) {
                    mbarrier_arm(barriers + (side * 2 + slot) * 8, bytes);
                }
            }
        }
        fence_mbarrier_init_cluster();
    }
    cluster_sync_all();

    bool failed = false;
    for (int round = 0; round < rounds; ++round) {
        const int slot = round & 1;
        const uint32_t slot_bytes = static_cast<uint32_t>(slot * 2 * width * sizeof(double));
        for (int side = 0; side < 2; ++side) {
            if (!neighbour[side] || failed) {
                continue;
            }
            for (int i = thread; i < width; i += threads) {
                const double value = static_cast<double>(i + round);
                if (M == HaloMethod::AsyncStore) {
                    store_async(remote_inbox[side] + slot_bytes + i * 8, value, remote_barrier[side] + slot * 8);
                } else if (M == HaloMethod::BulkCopy) {
                    outbox[(slot * 2 + side) * width + i] = value;
                } else {
                    store_remote(remote_inbox[side] + slot_bytes + i * 8, value);
                }
            }
        }
        if (M == HaloMethod::BulkCopy) {
            fence_proxy_async_shared();
        }
        if (M == HaloMethod::ClusterBarrier) {
            cluster_sync_all();
            continue;
        }
        if (M != HaloMethod::AsyncStore) {
            __syncthreads();
        }
        if (thread == 0 && !failed) {
            for (int side = 0; side < 2; ++side) {
                if (!neighbour[side]) {
                    continue;
                }
                if (M == HaloMethod::BulkCopy) {
                    bulk_copy_to_block(remote_inbox[side] + slot_bytes,
                                       shared_address(outbox + (slot * 2 + side) * width), bytes,
                                       remote_barrier[side] + slot * 8);
                } else if (M == HaloMethod::RemoteArrive) {
                    mbarrier_arrive_remote(remote_barrier[side] + slot * 8);
                }
            }
        }
        for (int side = 0; side < 2; ++side) {
            if (!neighbour[side] || failed) {
                continue;
            }
            const uint32_t barrier = barriers + (side * 2 + slot) * 8;
            const uint32_t parity = static_cast<uint32_t>((round >> 1) & 1);
            failed = !wait_for_phase(barrier, parity, args, round, rank + (side == 0 ? -1 : 1));
            if ((M == HaloMethod::AsyncStore || M == HaloMethod::BulkCopy) && !failed && thread == 0 &&
                round + 2 < rounds) {
                mbarrier_arm(barrier, bytes);
            }
        }
        __syncthreads();
    }
    cluster_sync_all();
}

/* racecheck's view of distributed-shared-memory ordering, for the record (lab/onchip/run.sh):
 * block 0's threads store one double each into block 1's shared memory (st.shared::cluster),
 * pass a block barrier, and thread 0 arrives on block 1's mbarrier with release at cluster scope;
 * block 1's threads wait for that phase with acquire at cluster scope, then read the doubles.
 * That is the PTX memory model's message passing through an mbarrier (release arrive, acquire
 * wait: the wait synchronizes with the arrive, and the barrier before it carries the other
 * threads' stores along, release being cumulative), the pattern of the RemoteArrive and Pull
 * halos. With kWait false block 1 reads without waiting: a real race, which racecheck must see.
 * values[i] receives what block 1 read (the stored value i + 1 when the order holds). */
template <bool kWait>
__global__ void probe_message_passing(PersistentArgs args, double* values)
{
    HF_DYNAMIC_SHARED(double, message_shared);
    const int thread = static_cast<int>(threadIdx.x);
    const uint32_t barrier = shared_address(message_shared + blockDim.x);
    const int rank = cluster_block_rank();
    if (thread == 0) {
        mbarrier_init(barrier, 1);
        fence_mbarrier_init_cluster();
    }
    cluster_sync_all();
    if (rank == 0) {
        store_remote(map_to_block(shared_address(message_shared + thread), 1), static_cast<double>(thread + 1));
        __syncthreads();
        if (thread == 0) {
            mbarrier_arrive_remote(map_to_block(barrier, 1));
        }
    } else if (rank == 1) {
        if (kWait) {
            wait_for_phase(barrier, 0, args, 0, 0);
        }
        values[thread] = message_shared[thread];
    }
    cluster_sync_all();
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_CLUSTER_PROBES_H */
