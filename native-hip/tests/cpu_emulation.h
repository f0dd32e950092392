/*
 * cpu_emulation.h: just enough of the GPU for the kernels' headers to run on CPU threads.
 *
 * One CPU thread plays one block of ONE thread (blockDim.x = 1): __shared__ becomes per-thread
 * storage (dynamic shared memory too: emulate_launch's shared_bytes) and __syncthreads() has
 * nothing to wait for (cluster_emulation.h runs blocks of several threads, with a real block
 * barrier). What this checks is the logic between
 * blocks, which is where persistent kernels go wrong: the row bands, the two-slot barrier, the
 * dataflow counters, the host flags and the watchdog, each against the sequential reference.
 * The atomics map to the compiler's, with the source's memory orders (the scope is dropped: a
 * CPU is one coherent "system"). It does not check the GPU's memory model: compute-sanitizer
 * and the full-array diff on the H200 do.
 */
#ifndef HOLDFAST_TESTS_CPU_EMULATION_H
#define HOLDFAST_TESTS_CPU_EMULATION_H

#include <atomic>
#include <barrier>
#include <chrono>
#include <thread>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
/* At block scope thread_local implies static: one copy per "block". */
#define __shared__ thread_local

#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5

struct EmulatedDim3 {
    unsigned int x = 0, y = 0, z = 0;
};

inline thread_local EmulatedDim3 blockIdx;
inline thread_local EmulatedDim3 threadIdx;
inline thread_local EmulatedDim3 blockDim;
inline thread_local EmulatedDim3 gridDim;

inline constexpr int warpSize = 32;

/* A launch of one-thread blocks leaves it null; a launch of blocks of several CPU threads
 * (cluster_emulation.h) gives each thread its block's barrier. */
inline thread_local std::barrier<>* emulated_block_barrier = nullptr;

inline void __syncthreads()
{
    if (emulated_block_barrier != nullptr) {
        emulated_block_barrier->arrive_and_wait();
    }
}
/* A launch of blocks of several CPU threads gives each thread its block's vote word (zero between
 * votes). */
inline thread_local std::atomic<int>* emulated_block_vote = nullptr;

/* One-thread blocks: the predicate is the block's own. Several threads: a barrier before the vote
 * (the last vote's readers are done), the votes, a barrier, the reading, a barrier, and thread 0
 * clears the word for the next vote (before anyone passes the next vote's first barrier). */
inline int __syncthreads_or(int predicate)
{
    if (emulated_block_barrier == nullptr) {
        return predicate;
    }
    emulated_block_barrier->arrive_and_wait();
    if (predicate != 0) {
        emulated_block_vote->fetch_or(1);
    }
    emulated_block_barrier->arrive_and_wait();
    const int result = emulated_block_vote->load();
    emulated_block_barrier->arrive_and_wait();
    if (threadIdx.x == 0) {
        emulated_block_vote->store(0);
    }
    return result;
}

/* Dynamic shared memory: each emulated block gets its own buffer (emulate_launch's shared_bytes,
 * cluster_emulation.h's per-block buffers). */
inline thread_local double* emulated_dynamic_shared = nullptr;
#define HF_DYNAMIC_SHARED(type, name) type* const name = reinterpret_cast<type*>(emulated_dynamic_shared)

/* Orders are the compiler's __ATOMIC_* values already; only the scope argument is extra. */
template <typename T>
T __hip_atomic_load(const T* address, int order, int)
{
    return order == __ATOMIC_RELAXED ? __atomic_load_n(address, __ATOMIC_RELAXED)
                                     : __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

template <typename T>
void __hip_atomic_store(T* address, T value, int order, int)
{
    if (order == __ATOMIC_RELAXED) {
        __atomic_store_n(address, value, __ATOMIC_RELAXED);
    } else {
        __atomic_store_n(address, value, __ATOMIC_RELEASE);
    }
}

/* CUDA's relaxed atomicAdd (the standard twin kernels' work count). */
inline int atomicAdd(int* address, int increment) { return __atomic_fetch_add(address, increment, __ATOMIC_RELAXED); }

template <typename T>
T __hip_atomic_fetch_add(T* address, T increment, int, int)
{
    return __atomic_fetch_add(address, increment, __ATOMIC_ACQ_REL);
}

template <typename T>
bool __hip_atomic_compare_exchange_strong(T* address, T* expected, T desired, int, int, int)
{
    return __atomic_compare_exchange_n(address, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

#define __builtin_amdgcn_fence(order, scope) __atomic_thread_fence(__ATOMIC_ACQ_REL)
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* Nanoseconds; the poll loops call it every few polls, so it also lets the other "blocks" run
 * when there are more of them than cores. */
inline long long hf_wall_clock()
{
    std::this_thread::yield();
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

namespace cooperative_groups {

inline std::barrier<>* emulated_grid_barrier = nullptr;

struct grid_group {
    void sync() { emulated_grid_barrier->arrive_and_wait(); }
};

inline grid_group this_grid() { return grid_group{}; }

}  // namespace cooperative_groups

namespace cg = cooperative_groups;

/* Runs body once per block, each on its own CPU thread as a one-thread block with shared_bytes
 * of dynamic shared memory, and joins them. */
template <typename Body>
void emulate_launch(int blocks, size_t shared_bytes, Body body)
{
    std::barrier<> grid(blocks);
    cooperative_groups::emulated_grid_barrier = &grid;
    std::vector<std::thread> threads;
    for (int block = 0; block < blocks; ++block) {
        threads.emplace_back([=] {
            std::vector<double> shared((shared_bytes + sizeof(double) - 1) / sizeof(double));
            emulated_dynamic_shared = shared.data();
            blockIdx.x = static_cast<unsigned int>(block);
            gridDim.x = static_cast<unsigned int>(blocks);
            threadIdx.x = 0;
            blockDim.x = 1;
            body();
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    cooperative_groups::emulated_grid_barrier = nullptr;
}

template <typename Body>
void emulate_launch(int blocks, Body body)
{
    emulate_launch(blocks, 0, body);
}

#endif /* HOLDFAST_TESTS_CPU_EMULATION_H */
