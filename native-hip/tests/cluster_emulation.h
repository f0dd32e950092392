/*
 * cluster_emulation.h: the thread-block cluster on CPU threads, enough for cluster_resident.h and
 * on_chip_registers.h to run unchanged.
 *
 * A launch is `blocks` blocks of `threads` CPU threads each. Each block has its own dynamic shared
 * memory and a real block barrier (__syncthreads); the cluster barrier is a std::barrier over
 * every thread, split into arrive and wait like the hardware's. A shared-memory address is
 * (block rank << 24) | byte offset, so mapa is a change of rank and a remote access is an access
 * to that block's buffer. mbarriers keep their state (phase, pending arrivals, transaction
 * bytes) in a table under one mutex: arrive, expect_tx and complete_tx change it; a wait on a
 * phase parity sees it complete. st.async stores and bulk copies are queued and land later, in
 * random order, when a waiting thread delivers them (a copy reads its source only then): bytes
 * and their completion arrive together, as the hardware promises, and nothing else is promised. What this checks is the protocol: which
 * rows go where, in which slot, on which phase, with what byte count, and that every block
 * barrier and wait sits where the data needs it (the mutex gives acquire and release; a CPU
 * reorders less than a GPU, so compute-sanitizer and the H200 runs remain the judges of the
 * memory model).
 */
#ifndef HOLDFAST_TESTS_CLUSTER_EMULATION_H
#define HOLDFAST_TESTS_CLUSTER_EMULATION_H

#include "cpu_emulation.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>

/* cluster_ptx.h is CUDA only: the functions below take its place (same names, same meaning). */
#define HOLDFAST_DEVICE_CLUSTER_PTX_H

namespace holdfast {

struct EmulatedCluster {
    std::vector<std::unique_ptr<unsigned char[]>> shared; /* per block */
    std::barrier<>* cluster_barrier = nullptr;
    struct Mbarrier {
        int expected = 0;
        int pending = 0;
        long long transaction_bytes = 0;
        unsigned int phase = 0;
    };
    /* An st.async store or a bulk copy on its way: it lands (a copy reads its source only then)
     * when some waiting thread delivers it, in random order. */
    struct InFlight {
        uint32_t destination, source, bytes, barrier;
        double value;
        bool copy;
    };
    std::mutex mutex;
    std::map<uint32_t, Mbarrier> mbarriers;
    std::vector<InFlight> in_flight;
    std::minstd_rand random{12345};
};

/* The calling thread's cluster, its rank in it and the cluster's blocks. */
inline thread_local EmulatedCluster* emulated_cluster = nullptr;
inline thread_local int emulated_rank = 0;
inline thread_local int emulated_cluster_size = 0;
inline thread_local std::optional<std::barrier<>::arrival_token> emulated_cluster_token;

constexpr int kEmulatedRankShift = 24;

inline unsigned char* emulated_resolve(uint32_t address)
{
    return emulated_cluster->shared[address >> kEmulatedRankShift].get() + (address & ((1u << kEmulatedRankShift) - 1));
}

inline uint32_t shared_address(const void* pointer)
{
    const auto offset = static_cast<uint32_t>(static_cast<const unsigned char*>(pointer) - reinterpret_cast<const unsigned char*>(emulated_dynamic_shared));
    return (static_cast<uint32_t>(emulated_rank) << kEmulatedRankShift) | offset;
}

inline int cluster_block_rank() { return emulated_rank; }
inline int cluster_block_count() { return emulated_cluster_size; }

inline uint32_t map_to_block(uint32_t local, int rank)
{
    return (static_cast<uint32_t>(rank) << kEmulatedRankShift) | (local & ((1u << kEmulatedRankShift) - 1));
}

inline void cluster_arrive_release() { emulated_cluster_token.emplace(emulated_cluster->cluster_barrier->arrive()); }

inline void cluster_wait_acquire()
{
    emulated_cluster->cluster_barrier->wait(std::move(*emulated_cluster_token));
    emulated_cluster_token.reset();
}

inline void cluster_sync_all()
{
    cluster_arrive_release();
    cluster_wait_acquire();
}

/* Completes the phase when nothing is pending; the caller holds the mutex. */
inline void emulated_settle(EmulatedCluster::Mbarrier& barrier)
{
    if (barrier.pending == 0 && barrier.transaction_bytes == 0) {
        barrier.phase += 1;
        barrier.pending = barrier.expected;
    }
}

inline void mbarrier_init(uint32_t address, uint32_t arrivals)
{
    std::lock_guard<std::mutex> lock(emulated_cluster->mutex);
    EmulatedCluster::Mbarrier& barrier = emulated_cluster->mbarriers[address];
    barrier = EmulatedCluster::Mbarrier{static_cast<int>(arrivals), static_cast<int>(arrivals), 0, 0};
}

inline void fence_mbarrier_init_cluster() {}

inline void emulated_arrive(uint32_t address, long long expected_bytes)
{
    std::lock_guard<std::mutex> lock(emulated_cluster->mutex);
    EmulatedCluster::Mbarrier& barrier = emulated_cluster->mbarriers.at(address);
    barrier.transaction_bytes += expected_bytes;
    barrier.pending -= 1;
    emulated_settle(barrier);
}

inline void mbarrier_arm(uint32_t address, uint32_t bytes) { emulated_arrive(address, bytes); }
inline void mbarrier_arrive_remote(uint32_t address) { emulated_arrive(address, 0); }

/* Lands one operation in flight, chosen at random; the caller holds the mutex. */
inline void emulated_deliver_one()
{
    std::vector<EmulatedCluster::InFlight>& in_flight = emulated_cluster->in_flight;
    if (in_flight.empty()) {
        return;
    }
    const size_t index = emulated_cluster->random() % in_flight.size();
    const EmulatedCluster::InFlight operation = in_flight[index];
    in_flight[index] = in_flight.back();
    in_flight.pop_back();
    if (operation.copy) {
        std::memmove(emulated_resolve(operation.destination), emulated_resolve(operation.source), operation.bytes);
    } else {
        std::memcpy(emulated_resolve(operation.destination), &operation.value, sizeof operation.value);
    }
    EmulatedCluster::Mbarrier& barrier = emulated_cluster->mbarriers.at(operation.barrier);
    barrier.transaction_bytes -= operation.bytes;
    emulated_settle(barrier);
}

inline bool mbarrier_try_wait_parity(uint32_t address, uint32_t parity)
{
    bool done = false;
    {
        std::lock_guard<std::mutex> lock(emulated_cluster->mutex);
        done = (emulated_cluster->mbarriers.at(address).phase & 1u) != parity;
        if (!done) {
            emulated_deliver_one(); /* waiting threads move the traffic along */
        }
    }
    if (!done) {
        std::this_thread::yield();
    }
    return done;
}

inline void store_remote(uint32_t remote, double value) { std::memcpy(emulated_resolve(remote), &value, sizeof value); }

inline double load_remote(uint32_t remote)
{
    double value;
    std::memcpy(&value, emulated_resolve(remote), sizeof value);
    return value;
}

inline void store_async(uint32_t remote, double value, uint32_t remote_barrier)
{
    std::lock_guard<std::mutex> lock(emulated_cluster->mutex);
    emulated_cluster->in_flight.push_back({remote, 0, sizeof value, remote_barrier, value, false});
}

inline void fence_proxy_async_shared() { std::atomic_thread_fence(std::memory_order_seq_cst); }

inline void bulk_copy_to_block(uint32_t remote, uint32_t local, uint32_t bytes, uint32_t remote_barrier)
{
    std::lock_guard<std::mutex> lock(emulated_cluster->mutex);
    emulated_cluster->in_flight.push_back({remote, local, bytes, remote_barrier, 0.0, true});
}

}  // namespace holdfast

/* Runs body on `clusters` clusters of `blocks` blocks of `threads` CPU threads each (block index
 * cluster * blocks + rank); each block gets `shared_bytes` of shared memory filled with garbage (a
 * kernel must initialise what it reads). */
template <typename Body>
void emulate_clusters_launch(int clusters, int blocks, int threads, size_t shared_bytes, Body body)
{
    std::vector<std::unique_ptr<holdfast::EmulatedCluster>> all;
    std::vector<std::unique_ptr<std::barrier<>>> cluster_barriers;
    std::vector<std::unique_ptr<std::barrier<>>> block_barriers;
    std::vector<std::unique_ptr<std::atomic<int>>> block_votes;
    for (int c = 0; c < clusters; ++c) {
        all.emplace_back(new holdfast::EmulatedCluster);
        cluster_barriers.emplace_back(new std::barrier<>(blocks * threads));
        all.back()->cluster_barrier = cluster_barriers.back().get();
        for (int block = 0; block < blocks; ++block) {
            all.back()->shared.emplace_back(new unsigned char[shared_bytes + 16]);
            std::memset(all.back()->shared.back().get(), 0xa5, shared_bytes + 16);
            block_barriers.emplace_back(new std::barrier<>(threads));
            block_votes.emplace_back(new std::atomic<int>(0));
        }
    }
    std::vector<std::thread> workers;
    for (int c = 0; c < clusters; ++c) {
        for (int block = 0; block < blocks; ++block) {
            for (int thread = 0; thread < threads; ++thread) {
                workers.emplace_back([&, c, block, thread] {
                    const size_t index = static_cast<size_t>(c * blocks + block);
                    blockIdx.x = static_cast<unsigned int>(index);
                    gridDim.x = static_cast<unsigned int>(clusters * blocks);
                    threadIdx.x = static_cast<unsigned int>(thread);
                    blockDim.x = static_cast<unsigned int>(threads);
                    emulated_block_barrier = block_barriers[index].get();
                    emulated_block_vote = block_votes[index].get();
                    holdfast::emulated_cluster = all[static_cast<size_t>(c)].get();
                    emulated_dynamic_shared =
                        reinterpret_cast<double*>(holdfast::emulated_cluster->shared[static_cast<size_t>(block)].get());
                    holdfast::emulated_rank = block;
                    holdfast::emulated_cluster_size = blocks;
                    body();
                    emulated_block_barrier = nullptr;
                    emulated_block_vote = nullptr;
                    holdfast::emulated_cluster = nullptr;
                });
            }
        }
    }
    for (std::thread& worker : workers) {
        worker.join();
    }
    /* A kernel that ends with bytes still in flight lost them (the hardware would write into a
     * block that has left). */
    for (const auto& cluster : all) {
        if (!cluster->in_flight.empty()) {
            std::printf("emulation: %zu asynchronous stores or copies never landed\n", cluster->in_flight.size());
            std::abort();
        }
    }
}

/* One cluster of `blocks` blocks. */
template <typename Body>
void emulate_cluster_launch(int blocks, int threads, size_t shared_bytes, Body body)
{
    emulate_clusters_launch(1, blocks, threads, shared_bytes, body);
}

#endif /* HOLDFAST_TESTS_CLUSTER_EMULATION_H */
