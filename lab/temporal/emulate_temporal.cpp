/*
 * emulate_temporal: the temporal kernels' own device code on CPU threads, against the sequential
 * reference, bit for bit. Runs here, without a GPU (build.sh builds and runs it). The library's
 * design ("twin", src/device/stream_pass.h: the Java kernel's by hand) runs as the standard launch
 * runs it (one block per item) and as the persistent kernel does (a few blocks walking the items, the
 * shared memory and registers reused from item to item); the phase-1 prototypes (prototype/) too.
 *
 * A block is T std::threads: __syncthreads() is a std::barrier, a warp shuffle goes through a
 * slot per thread and two warp barriers. cp.async is emulated twice: copies land when issued
 * (catches a ring slot refilled while still needed) or only at the wait that must see them
 * (catches a slot read before its copy has landed); the GPU lands each copy somewhere in between.
 * Shared memory and the interior of the second buffer start as NaN, so a value used before it is
 * written, or an interior point no block writes, shows in the diff. Blocks of one pass run one
 * after another (they are independent: that is what the two buffers are for).
 *
 * What it cannot see: the GPU memory model (compute-sanitizer and the device run check that).
 *
 *   emulate_temporal [--quick | --deep | --paired]   (--deep: only the library's deep passes, k = 12 .. 32;
 *                                                    --paired [N,N,...]: only temporal-paired's, StreamAccess::kPaired)
 */
#include <barrier>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

/* ------------------------------------------------------------------ just enough of the GPU */

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(threads)

struct EmulatedDim3 {
    unsigned int x = 0, y = 0, z = 0;
};
inline thread_local EmulatedDim3 threadIdx;
inline thread_local EmulatedDim3 blockIdx;
inline EmulatedDim3 blockDim; /* one block runs at a time */
inline EmulatedDim3 gridDim;

struct EmulatedBlock {
    std::barrier<> block;
    std::vector<std::unique_ptr<std::barrier<>>> warps;
    std::vector<double> slots;

    explicit EmulatedBlock(int threads) : block(threads), slots(size_t(threads))
    {
        for (int w = 0; w < threads / 32; ++w) {
            warps.push_back(std::make_unique<std::barrier<>>(32));
        }
    }
};
inline EmulatedBlock* current_block = nullptr;

inline void __syncthreads() { current_block->block.arrive_and_wait(); }

template <typename T>
T emulated_shuffle(T value, int delta)
{
    const int thread = int(threadIdx.x);
    const int lane = thread & 31;
    std::barrier<>& warp = *current_block->warps[size_t(thread >> 5)];
    current_block->slots[size_t(thread)] = value;
    warp.arrive_and_wait();
    const int source = lane + delta;
    const T result = source >= 0 && source < 32 ? current_block->slots[size_t(thread + delta)] : value;
    warp.arrive_and_wait();
    return result;
}
template <typename T>
T __shfl_up_sync(unsigned int, T value, int delta) { return emulated_shuffle(value, -delta); }
template <typename T>
T __shfl_down_sync(unsigned int, T value, int delta) { return emulated_shuffle(value, delta); }
#define HF_HAS_WARP_SHUFFLE_SYNC 1
#define HF_HAS_STREAM_SHUFFLE 1

struct PendingCopy {
    double* destination;
    const double* source;
};
inline bool copies_land_early = true;
inline thread_local std::vector<PendingCopy> open_group;
inline thread_local std::deque<std::vector<PendingCopy>> committed_groups;

inline void hf_emulated_copy_async_8(double* destination, const double* source)
{
    if (copies_land_early) {
        *destination = *source;
    } else {
        open_group.push_back({destination, source});
    }
}
inline void hf_emulated_async_commit()
{
    committed_groups.push_back(std::move(open_group));
    open_group.clear();
}
inline void hf_emulated_async_wait(int pending)
{
    while (int(committed_groups.size()) > pending) {
        for (const PendingCopy& copy : committed_groups.front()) {
            *copy.destination = *copy.source;
        }
        committed_groups.pop_front();
    }
}
#define HF_EMULATED_ASYNC_COPY 1

/* A 16-byte access of StreamAccess::kPaired: the GPU faults where it is not aligned, so must we. */
inline void hf_emulated_check_pair_aligned(const void* address)
{
    if ((reinterpret_cast<uintptr_t>(address) & 15) != 0) {
        std::fprintf(stderr, "emulate_temporal: a paired access at %p is not 16-byte aligned\n", address);
        std::abort();
    }
}

#include "device/stream_pass.h"
#include "plan.h"
#include "problem.h"
#include "prototype/prototype_stream.h"
#include "prototype/prototype_tile.h"

using namespace holdfast::prototype;
using namespace temporal_tools;

namespace {

/* 38 half-sweeps: every K but 1 and 2 ends with a shorter pass; K = 12, 16 run several full passes */
constexpr int kIterations = 19;

/* Runs every block of one launch, one after another, each as `threads` CPU threads. */
template <typename Body>
bool emulate_launch(int blocks, int threads, size_t shared_doubles, Body body)
{
    blockDim.x = unsigned(threads);
    gridDim.x = unsigned(blocks);
    bool clean = true;
    for (int block = 0; block < blocks; ++block) {
        EmulatedBlock state(threads);
        current_block = &state;
        std::vector<double> shared(shared_doubles, std::numeric_limits<double>::quiet_NaN());
        std::vector<int> leftovers(size_t(threads), 0);
        std::vector<std::thread> pool;
        for (int thread = 0; thread < threads; ++thread) {
            pool.emplace_back([&, thread] {
                threadIdx.x = unsigned(thread);
                blockIdx.x = unsigned(block);
                body(block, shared.data());
                leftovers[size_t(thread)] = int(committed_groups.size() + open_group.size());
                committed_groups.clear();
                open_group.clear();
            });
        }
        for (std::thread& thread : pool) {
            thread.join();
        }
        for (int count : leftovers) {
            clean = clean && count == 0; /* a copy still in flight when the block ends */
        }
        current_block = nullptr;
    }
    return clean;
}

struct Case {
    std::string design;
    int n;
    int sweeps_per_pass;
    int threads;
    int segments;
    int prefetch;
    bool early;
};

/* Runs the passes of kIterations iterations; returns the buffer holding the result. */
template <typename LaunchPass>
std::vector<double> run_passes(const HostProblem& problem, int sweeps_per_pass, bool* clean, LaunchPass launch_pass)
{
    const int n = problem.n;
    std::vector<double> start = problem.u;
    std::vector<double> scratch = problem.u;
    for (int i = 1; i < n - 1; ++i) {
        for (int j = 1; j < n - 1; ++j) {
            scratch[size_t(i) * n + j] = std::numeric_limits<double>::quiet_NaN(); /* must all be written */
        }
    }
    const int total = 2 * kIterations;
    const int passes = pass_count(total, sweeps_per_pass);
    for (int index = 0; index < passes; ++index) {
        const TemporalPass pass = temporal_pass_of(start.data(), scratch.data(), problem.f.data(), n, problem.h2, total,
                                                   sweeps_per_pass, index);
        *clean = launch_pass(pass) && *clean;
    }
    return passes % 2 == 0 ? start : scratch;
}

template <int K, StreamExchange kExchange, bool kAsyncCopies>
std::vector<double> run_stream(const HostProblem& problem, const Case& c, bool* clean)
{
    const StreamGeometry g = plan_stream(problem.n, K, c.threads, c.segments, c.prefetch);
    const size_t shared = size_t(stream_shared_doubles(K, c.threads, kExchange, g.u_ring, g.f_ring));
    return run_passes(problem, K, clean, [&](const TemporalPass& pass) {
        return emulate_launch(g.strips * g.segments, c.threads, shared, [&](int item, double* memory) {
            if (pass.sweeps == K) {
                stream_item<K, 0, false, kExchange, kAsyncCopies>(pass, g, item, memory);
            } else {
                stream_item<K, 0, true, kExchange, kAsyncCopies>(pass, g, item, memory);
            }
        });
    });
}

constexpr int kTileX = 8, kTileY = 6, kTileThreads = 32;

template <int K>
std::vector<double> run_tile(const HostProblem& problem, bool* clean)
{
    using Shape = TileShape<K, kTileX, kTileY, kTileThreads>;
    const TileGeometry g = plan_tile(problem.n, kTileX, kTileY);
    return run_passes(problem, K, clean, [&](const TemporalPass& pass) {
        return emulate_launch(g.tiles_x * g.tiles_y, kTileThreads, Shape::kSharedDoubles, [&](int item, double* memory) {
            tile_item<K, kTileX, kTileY, kTileThreads>(pass, g, item, memory);
        });
    });
}

/* The library's pass: items of plan_stream_geometry(n, K, target), each block walking items b, b + G, ...
 * (G = every item: the standard launch; fewer: the persistent kernel). c.segments is the target,
 * c.prefetch the block count G (0: one per item). */
template <int K, holdfast::StreamAccess A = holdfast::StreamAccess::kScalar>
std::vector<double> run_twin(const HostProblem& problem, const Case& c, bool* clean)
{
    const holdfast::StreamGeometry g = holdfast::plan_stream_geometry(problem.n, K, c.segments);
    const int items = g.strips * g.segments;
    const int blocks = c.prefetch > 0 ? std::min(c.prefetch, items) : items;
    const size_t shared = size_t(holdfast::stream_shared_doubles(K));
    return run_passes(problem, K, clean, [&](const TemporalPass& pass) {
        return emulate_launch(blocks, holdfast::kStreamThreads, shared, [&](int block, double* memory) {
            for (int item = block; item < items; item += blocks) {
                holdfast::stream_pass_item<K, A>(pass.in, pass.out, pass.f, pass.n, pass.n, pass.h2, pass.sweeps, pass.first_colour, g,
                                              item, memory, memory + holdfast::stream_ring_rows(K) * 2 * holdfast::kStreamThreads);
            }
        });
    });
}

template <int K>
std::vector<double> run_case(const HostProblem& problem, const Case& c, bool* clean)
{
    if (c.design == "twin") {
        return run_twin<K>(problem, c, clean);
    }
    if (c.design == "twin-paired") { /* the persistent rows temporal-paired: 16-byte pairs of f and out */
        return run_twin<K, holdfast::StreamAccess::kPaired>(problem, c, clean);
    }
    if (c.design == "stream-shared") {
        return run_stream<K, StreamExchange::kShared, true>(problem, c, clean);
    }
    if (c.design == "stream-plain") {
        return run_stream<K, StreamExchange::kShared, false>(problem, c, clean);
    }
    if (c.design == "stream-shuffle") {
        return run_stream<K, StreamExchange::kShuffle, true>(problem, c, clean);
    }
    return run_tile<K>(problem, clean);
}

std::vector<double> dispatch(const HostProblem& problem, const Case& c, bool* clean)
{
    switch (c.sweeps_per_pass) {
    case 1: return run_case<1>(problem, c, clean);
    case 2: return run_case<2>(problem, c, clean);
    case 3: return run_case<3>(problem, c, clean);
    case 4: return run_case<4>(problem, c, clean);
    case 6: return run_case<6>(problem, c, clean);
    case 8: return run_case<8>(problem, c, clean);
    case 12: return run_case<12>(problem, c, clean);
    case 16: return run_case<16>(problem, c, clean);
    case 24: return run_twin<24>(problem, c, clean); /* the library's kernels only */
    default: return run_twin<32>(problem, c, clean);
    }
}

}  // namespace

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    std::setvbuf(stdout, nullptr, _IOLBF, 0); /* progress shows as it goes */
    const bool deep_only = argc > 1 && std::strcmp(argv[1], "--deep") == 0; /* the library's deep passes alone */
    const bool paired_only = argc > 1 && std::strcmp(argv[1], "--paired") == 0; /* temporal-paired's pass alone */
    const std::vector<int> sizes = quick ? std::vector<int>{3, 12, 33} : std::vector<int>{3, 4, 5, 11, 12, 33, 100};
    const std::vector<int> stream_ks = quick ? std::vector<int>{1, 3, 8} : std::vector<int>{1, 2, 3, 4, 6, 8, 12, 16};
    const std::vector<int> tile_ks = quick ? std::vector<int>{1, 3} : std::vector<int>{1, 2, 3, 4, 8};
    const std::vector<int> twin_ks = quick ? std::vector<int>{1, 3, 8, 16} : std::vector<int>{1, 2, 3, 4, 6, 8, 12, 16, 24, 32};

    std::vector<Case> cases;
    /* The library's design: 256 threads, so one strip up to N = 497 at k = 8; N = 520 has two. */
    for (int n : quick || paired_only ? std::vector<int>{3, 12, 33} : std::vector<int>{3, 4, 5, 11, 12, 33, 34, 100, 101, 520}) {
        for (int k : paired_only ? std::vector<int>{} : twin_ks) {
            if ((n == 520 && k != 8 && k != 3 && k < 12) || (deep_only && k < 12)) {
                continue;
            }
            cases.push_back({"twin", n, k, 256, 5, 0, true});  /* standard: one block per item */
            cases.push_back({"twin", n, k, 256, 7, 2, true});  /* persistent: 2 blocks walk the items */
        }
    }
    /* temporal-paired (persistent only), odd and even N; N = 520 and 521 have two strips, so pairs
     * straddle the strips' borders. */
    std::vector<int> paired_sizes = quick ? std::vector<int>{4, 33} : std::vector<int>{3, 4, 5, 11, 12, 33, 34, 100, 101, 520, 521};
    if (paired_only && argc > 2) { /* --paired 521,101: those sizes alone */
        paired_sizes.clear();
        for (const char* at = argv[2]; *at != '\0';) {
            char* end = nullptr;
            paired_sizes.push_back(int(std::strtol(at, &end, 10)));
            if (end == at) {
                break; /* not a number: the sizes so far */
            }
            at = *end == ',' ? end + 1 : end;
        }
    }
    for (int n : paired_sizes) {
        for (int k : quick ? std::vector<int>{3, 8} : std::vector<int>{2, 3, 4, 6, 8, 12, 16}) {
            if ((n >= 520 && k != 8 && k != 3) || deep_only) {
                continue;
            }
            cases.push_back({"twin-paired", n, k, 256, 7, 2, true});
            cases.push_back({"twin-paired", n, k, 256, 5, 0, true});
        }
    }
    for (int n : deep_only || paired_only ? std::vector<int>{} : sizes) {
        for (int k : stream_ks) {
            /* Few threads (any count works with the shared exchange): several strips even at small N,
             * so the ghost columns between strips are exercised. */
            const int narrow = stream_halo(k) + 3;
            cases.push_back({"stream-shared", n, k, narrow, 4, 2, false});
            cases.push_back({"stream-shared", n, k, narrow, 2, 1, true});
            cases.push_back({"stream-plain", n, k, narrow, 3, 1, true});
            cases.push_back({"stream-plain", n, k, narrow, 2, 4, true});
        }
        for (const char* design : {"stream-shared", "stream-shuffle"}) {
            for (int k : stream_ks) {
                cases.push_back({design, n, k, 32, 3, 3, false});
                if (n == sizes.back()) {
                    cases.push_back({design, n, k, 64, 1, 1, true});
                    cases.push_back({design, n, k, 64, 5, 2, false});
                }
            }
        }
        for (int k : tile_ks) {
            cases.push_back({"tile", n, k, kTileThreads, 0, 0, true});
        }
    }

    int failures = 0;
    int last_n = 0;
    HostProblem problem{0, 0.0, {}, {}};
    std::vector<double> expected;
    for (const Case& c : cases) {
        if (c.n != last_n) {
            last_n = c.n;
            problem = make_problem(c.n, 0x5eed + uint64_t(c.n));
            std::vector<double> one_iteration_short = problem.u;
            reference_half_sweeps(one_iteration_short, problem.f, c.n, problem.h2, 0, 2 * kIterations - 2, 1);
            std::vector<double> one_sweep_short = one_iteration_short;
            reference_half_sweeps(one_sweep_short, problem.f, c.n, problem.h2, 2 * kIterations - 2, 1, 1);
            expected = one_sweep_short;
            reference_half_sweeps(expected, problem.f, c.n, problem.h2, 2 * kIterations - 1, 1, 1);
            std::printf("N = %3d: sensitivity max|ref(%d) - ref(%d)| = %.3g, one half-sweep short %.3g\n", c.n,
                        kIterations, kIterations - 1, max_abs_diff(expected, one_iteration_short),
                        max_abs_diff(expected, one_sweep_short));
        }
        copies_land_early = c.early;
        bool clean = true;
        const std::vector<double> result = dispatch(problem, c, &clean);
        const bool equal = std::memcmp(result.data(), expected.data(), result.size() * sizeof(double)) == 0;
        if (!equal || !clean) {
            ++failures;
            std::printf("FAIL %-14s N = %3d k = %2d T = %2d segments = %d prefetch = %d copies land %s: %s (max diff %.3g)\n",
                        c.design.c_str(), c.n, c.sweeps_per_pass, c.threads, c.segments, c.prefetch,
                        c.early ? "early" : "late", equal ? "copies left in flight" : "differs from the reference",
                        max_abs_diff(result, expected));
        }
    }
    std::printf("emulate_temporal: %zu cases, %d failed\n", cases.size(), failures);
    return failures == 0 ? 0 : 1;
}
