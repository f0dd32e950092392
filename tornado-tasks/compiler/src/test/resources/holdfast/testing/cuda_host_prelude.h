// CUDA C on the host, for testing: what the Holdfast kernel compiler's output needs from CUDA,
// defined for g++ so that a generated .cu compiles as C++ and runs on the CPU.
//
// Blocks run one after another; the threads of a block run one after another too, unless the
// kernel waits at the block barrier, in which case each thread of the block is a pthread and
// __syncthreads() is a pthread barrier. __shared__ arrays are static: with one block at a time,
// every thread of the running block sees the same array, as on the GPU.
//
// Compile with -ffp-contract=off (CUDA is compiled with --fmad=false) and -fwrapv (the generated
// code assumes two's-complement wrap-around, as the GPU does in practice).
#pragma once

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static

struct hf_dim3 {
    unsigned int x, y, z;
};

static thread_local hf_dim3 threadIdx;
static hf_dim3 blockIdx;
static hf_dim3 blockDim;
static hf_dim3 gridDim;
static pthread_barrier_t hf_block_barrier;

static inline void __syncthreads() { pthread_barrier_wait(&hf_block_barrier); }

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
    hf_dim3 index;
};

template <typename F>
static void* hf_thread_main(void* arg) {
    hf_thread_start<F>* start = static_cast<hf_thread_start<F>*>(arg);
    threadIdx = start->index;
    (*start->body)();
    return nullptr;
}

// Runs body() once per thread of the grid, with threadIdx, blockIdx, blockDim and gridDim set.
template <typename F>
static int hf_run_grid(const int* grid, const int* block, bool barrier, F body) {
    gridDim = {(unsigned) grid[0], (unsigned) grid[1], (unsigned) grid[2]};
    blockDim = {(unsigned) block[0], (unsigned) block[1], (unsigned) block[2]};
    unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    std::vector<pthread_t> ids(threads);
    std::vector<hf_thread_start<F>> starts(threads);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 20);
    for (unsigned bz = 0; bz < gridDim.z; bz++) {
        for (unsigned by = 0; by < gridDim.y; by++) {
            for (unsigned bx = 0; bx < gridDim.x; bx++) {
                blockIdx = {bx, by, bz};
                if (!barrier) {
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
                pthread_barrier_init(&hf_block_barrier, nullptr, threads);
                for (unsigned t = 0; t < threads; t++) {
                    starts[t] = {&body, {t % blockDim.x, (t / blockDim.x) % blockDim.y, t / (blockDim.x * blockDim.y)}};
                    if (pthread_create(&ids[t], &attr, hf_thread_main<F>, &starts[t]) != 0) {
                        // The threads already started would wait at the barrier for ever.
                        fprintf(stderr, "hf_run_grid: cannot start thread %u of a block of %u\n", t, threads);
                        abort();
                    }
                }
                for (unsigned t = 0; t < threads; t++) {
                    pthread_join(ids[t], nullptr);
                }
                pthread_barrier_destroy(&hf_block_barrier);
            }
        }
    }
    pthread_attr_destroy(&attr);
    return 0;
}
