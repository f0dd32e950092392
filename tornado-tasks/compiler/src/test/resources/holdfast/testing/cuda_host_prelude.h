// CUDA C on the host, for testing: what the Holdfast kernel compiler's output needs from CUDA,
// defined for g++ so that a generated .cu compiles as C++ and runs on the CPU.
//
// Blocks run one after another; the threads of a block run one after another too, unless the
// kernel waits at the block barrier, in which case each thread of the block is a pthread and
// __syncthreads() is a pthread barrier. __shared__ arrays are static: with one block at a time,
// every thread of the running block sees the same array, as on the GPU.
//
// A persistent kernel runs cooperatively: every thread of every block is a pthread, all at once, so
// that blocks can wait for each other, and each block has its own barrier. Its __shared__ arrays
// would be shared by all blocks, so it may declare them only when it runs as one block.
//
// Dynamic shared memory is one buffer, as static shared arrays are: HostKernels replaces the
// generated extern __shared__ declaration by a pointer to it, sized by hf_host_set_dynamic_shared. The device
// primitives (HF_HOST_EMULATION) are GCC atomics with the same order, and a monotonic clock;
// clusters are not emulated.
//
// Compile with -ffp-contract=off (CUDA is compiled with --fmad=false) and -fwrapv (the generated
// code assumes two's-complement wrap-around, as the GPU does in practice).
#pragma once

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __shared__ static
#define __launch_bounds__(...)
#define HF_HOST_EMULATION 1

struct hf_dim3 {
    unsigned int x, y, z;
};

static thread_local hf_dim3 threadIdx;
static thread_local hf_dim3 blockIdx;
static hf_dim3 blockDim;
static hf_dim3 gridDim;
static thread_local pthread_barrier_t* hf_block_barrier;
// The block's two vote slots for hf_block_any (one per block of a cooperative launch), and how many
// votes this thread has cast: the slots alternate, so that a slot is reset two votes before its next use.
static thread_local int* hf_block_votes;
static thread_local unsigned hf_votes_cast;

static inline void __syncthreads() { pthread_barrier_wait(hf_block_barrier); }

// __syncwarp: the block's barrier (the Java CPU backend's meaning too): the same for a block of one
// warp, stronger for a larger one.
static inline void __syncwarp() { __syncthreads(); }

// __syncthreads_or: a block barrier that says whether any thread passed true.
static inline bool hf_block_any(bool value) {
    int* slot = &hf_block_votes[hf_votes_cast++ % 2];
    if (value) {
        __atomic_store_n(slot, 1, __ATOMIC_RELAXED);
    }
    __syncthreads();
    bool any = __atomic_load_n(slot, __ATOMIC_RELAXED) != 0;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
        __atomic_store_n(slot, 0, __ATOMIC_RELAXED);
    }
    return any;
}

// The kernel is over for this thread (every thread of its block calls it at once).
static inline void hf_stop_thread() { pthread_exit(nullptr); }

// hf_opaque_s32: the value (what the GPU compiler may not see through changes nothing on the CPU).
static inline int hf_opaque_s32(int value) { return value; }

static unsigned char* hf_host_dynamic_shared;

// Sizes the dynamic shared memory of the next launches (zeroed; the GPU leaves it undefined).
extern "C" int hf_host_set_dynamic_shared(long long bytes)
{
    free(hf_host_dynamic_shared);
    hf_host_dynamic_shared = (unsigned char*) aligned_alloc(16, (size_t) ((bytes + 15) / 16 * 16 + 16));
    return hf_host_dynamic_shared == NULL;
}

// The device primitives, with GCC's atomics in the same memory order (scope has no meaning here).
static inline int hf_ld_acquire_s32(const int* a) { return __atomic_load_n(a, __ATOMIC_ACQUIRE); }
static inline long long hf_ld_acquire_s64(const long long* a) { return __atomic_load_n(a, __ATOMIC_ACQUIRE); }
static inline int hf_ld_relaxed_s32(const int* a) { return __atomic_load_n(a, __ATOMIC_RELAXED); }
static inline void hf_st_release_s32(int* a, int v) { __atomic_store_n(a, v, __ATOMIC_RELEASE); }
static inline void hf_st_release_s64(long long* a, long long v) { __atomic_store_n(a, v, __ATOMIC_RELEASE); }
static inline void hf_st_relaxed_s32(int* a, int v) { __atomic_store_n(a, v, __ATOMIC_RELAXED); }
static inline int hf_atom_add_s32(int* a, int v) { return __atomic_fetch_add(a, v, __ATOMIC_ACQ_REL); }
static inline long long hf_atom_add_s64(long long* a, long long v) { return __atomic_fetch_add(a, v, __ATOMIC_ACQ_REL); }
static inline bool hf_atom_cas_s32(int* a, int e, int d) {
    return __atomic_compare_exchange_n(a, &e, d, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
static inline bool hf_atom_cas_s64(long long* a, long long e, long long d) {
    return __atomic_compare_exchange_n(a, &e, d, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
static inline bool hf_atom_cas_relaxed_s32(int* a, int e, int d) {
    return __atomic_compare_exchange_n(a, &e, d, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}
// A self-flagged line: each half a relaxed 64-bit atomic (native-hip's kWords8 form, its CPU emulation's).
static inline void hf_st_line_v2(long long* line, long long low, long long high) {
    __atomic_store_n(&line[0], low, __ATOMIC_RELAXED);
    __atomic_store_n(&line[1], high, __ATOMIC_RELAXED);
}
static inline void hf_ld_line_v2(const long long* line, long long& low, long long& high) {
    low = __atomic_load_n(&line[0], __ATOMIC_RELAXED);
    high = __atomic_load_n(&line[1], __ATOMIC_RELAXED);
}
static inline long long hf_globaltimer() {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long) now.tv_sec * 1000000000LL + now.tv_nsec;
}
static inline void hf_no_clusters() {
    fprintf(stderr, "cuda_host_prelude.h: thread-block clusters are not emulated\n");
    abort();
}
static inline int hf_cluster_rank() { hf_no_clusters(); return 0; }
static inline int hf_cluster_size() { hf_no_clusters(); return 1; }
static inline int hf_cluster_index() { hf_no_clusters(); return 0; }
static inline void hf_cluster_barrier() { hf_no_clusters(); }
static inline void hf_cluster_arrive() { hf_no_clusters(); }
static inline void hf_cluster_wait() { hf_no_clusters(); }
template <typename T>
static inline T* hf_map_shared_rank(T* shared, int rank) { hf_no_clusters(); return shared; }
// mbarriers and st.async exist only between the blocks of a cluster: not emulated either.
static inline void hf_mbarrier_init(long long* barrier, int arrivals) { hf_no_clusters(); }
static inline void hf_mbarrier_arrive_expect_tx(long long* barrier, int bytes) { hf_no_clusters(); }
static inline void hf_st_async(double* remote, double value, long long* barrier) { hf_no_clusters(); }
static inline bool hf_mbarrier_try_wait_parity(long long* barrier, int parity) { hf_no_clusters(); return true; }

// Warp shuffles over the block's threads (which run as pthreads when a kernel shuffles): each thread
// leaves its value in a slot, the block waits, each reads its partner's slot within its 32-lane warp
// (or keeps its own value, as CUDA does), and the block waits again before the slots are reused.
template <typename T>
static inline T hf_host_shuffle(T value, int offset) {
    static T slots[1024];
    unsigned t = threadIdx.x;
    slots[t] = value;
    __syncthreads();
    int lane = (int) (t % 32);
    T result = lane + offset >= 0 && lane + offset < 32 && t + offset < blockDim.x ? slots[t + offset] : value;
    __syncthreads();
    return result;
}
template <typename T>
static inline T __shfl_up_sync(unsigned, T value, int delta) { return hf_host_shuffle(value, -delta); }
template <typename T>
static inline T __shfl_down_sync(unsigned, T value, int delta) { return hf_host_shuffle(value, delta); }

static inline int min(int a, int b) { return a < b ? a : b; }
static inline int max(int a, int b) { return a > b ? a : b; }
static inline long long llmin(long long a, long long b) { return a < b ? a : b; }
static inline long long llmax(long long a, long long b) { return a > b ? a : b; }

static inline double __longlong_as_double(long long x) { double d; memcpy(&d, &x, sizeof d); return d; }
static inline long long __double_as_longlong(double d) { long long x; memcpy(&x, &d, sizeof x); return x; }
static inline float __int_as_float(int x) { float f; memcpy(&f, &x, sizeof f); return f; }
static inline int __float_as_int(float f) { int x; memcpy(&x, &f, sizeof x); return x; }

template <typename F>
struct hf_thread_start {
    F* body;
    hf_dim3 block;
    hf_dim3 index;
    pthread_barrier_t* barrier;
    int* votes;
};

template <typename F>
static void* hf_thread_main(void* arg) {
    hf_thread_start<F>* start = static_cast<hf_thread_start<F>*>(arg);
    blockIdx = start->block;
    threadIdx = start->index;
    hf_block_barrier = start->barrier;
    hf_block_votes = start->votes;
    hf_votes_cast = 0;
    (*start->body)();
    return nullptr;
}

// Runs body() once per thread of the grid, every thread of every block at once (a persistent kernel).
template <typename F>
static int hf_run_grid_cooperative(const int* grid, const int* block, F body) {
    gridDim = {(unsigned) grid[0], (unsigned) grid[1], (unsigned) grid[2]};
    blockDim = {(unsigned) block[0], (unsigned) block[1], (unsigned) block[2]};
    unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    unsigned blocks = gridDim.x * gridDim.y * gridDim.z;
    std::vector<pthread_barrier_t> barriers(blocks);
    std::vector<int> votes(2 * blocks, 0);
    std::vector<pthread_t> ids(blocks * threads);
    std::vector<hf_thread_start<F>> starts(blocks * threads);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 18);
    for (unsigned b = 0; b < blocks; b++) {
        pthread_barrier_init(&barriers[b], nullptr, threads);
        hf_dim3 index = {b % gridDim.x, (b / gridDim.x) % gridDim.y, b / (gridDim.x * gridDim.y)};
        for (unsigned t = 0; t < threads; t++) {
            unsigned k = b * threads + t;
            starts[k] = {&body, index, {t % blockDim.x, (t / blockDim.x) % blockDim.y, t / (blockDim.x * blockDim.y)}, &barriers[b], &votes[2 * b]};
            if (pthread_create(&ids[k], &attr, hf_thread_main<F>, &starts[k]) != 0) {
                fprintf(stderr, "hf_run_grid_cooperative: cannot start thread %u of %u\n", k, blocks * threads);
                abort();
            }
        }
    }
    for (unsigned k = 0; k < blocks * threads; k++) {
        pthread_join(ids[k], nullptr);
    }
    for (unsigned b = 0; b < blocks; b++) {
        pthread_barrier_destroy(&barriers[b]);
    }
    pthread_attr_destroy(&attr);
    return 0;
}

// Runs body() once per thread of the grid, with threadIdx, blockIdx, blockDim and gridDim set.
template <typename F>
static int hf_run_grid(const int* grid, const int* block, bool uses_barrier, F body) {
    gridDim = {(unsigned) grid[0], (unsigned) grid[1], (unsigned) grid[2]};
    blockDim = {(unsigned) block[0], (unsigned) block[1], (unsigned) block[2]};
    unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    std::vector<pthread_t> ids(threads);
    std::vector<hf_thread_start<F>> starts(threads);
    pthread_barrier_t barrier;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 20);
    for (unsigned bz = 0; bz < gridDim.z; bz++) {
        for (unsigned by = 0; by < gridDim.y; by++) {
            for (unsigned bx = 0; bx < gridDim.x; bx++) {
                blockIdx = {bx, by, bz};
                if (!uses_barrier) {
                    for (unsigned tz = 0; tz < blockDim.z; tz++) {
                        for (unsigned ty = 0; ty < blockDim.y; ty++) {
                            for (unsigned tx = 0; tx < blockDim.x; tx++) {
                                threadIdx = {tx, ty, tz};
                                body();
                            }
                        }
                    }
                    continue;
                }
                pthread_barrier_init(&barrier, nullptr, threads);
                for (unsigned t = 0; t < threads; t++) {
                    starts[t] = {&body, blockIdx, {t % blockDim.x, (t / blockDim.x) % blockDim.y, t / (blockDim.x * blockDim.y)}, &barrier};
                    if (pthread_create(&ids[t], &attr, hf_thread_main<F>, &starts[t]) != 0) {
                        // The threads already started would wait at the barrier for ever.
                        fprintf(stderr, "hf_run_grid: cannot start thread %u of a block of %u\n", t, threads);
                        abort();
                    }
                }
                for (unsigned t = 0; t < threads; t++) {
                    pthread_join(ids[t], nullptr);
                }
                pthread_barrier_destroy(&barrier);
            }
        }
    }
    pthread_attr_destroy(&attr);
    return 0;
}
