/*
 * bench_probes.h: the costs the variants are made of, measured in the same run.
 *
 * - host ping-pong: one GPU thread and the host trade a step through two mapped words, no work:
 *   the floor under a host-driven half-sweep;
 * - self-flagged halo exchange: every block of a one-per-SM grid sends `lines` LL lines to each
 *   neighbour and waits for theirs, round after round, no work (ll_halo.h, as the resident kernel
 *   uses it): microseconds per exchange;
 * - grid barrier: cooperative groups' grid.sync() on the same grid, for comparison.
 */
#ifndef HOLDFAST_TOOLS_RESIDENT_BENCH_PROBES_H
#define HOLDFAST_TOOLS_RESIDENT_BENCH_PROBES_H

#include <algorithm>
#include <vector>

#include "bench_runs.h"

namespace bench {

__global__ void ping_pong_device(holdfast::HostFlag* words, int rounds)
{
    for (int round = 1; round <= rounds; ++round) {
        while (__hip_atomic_load(&words[holdfast::kStepWord].value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM) !=
               round) {
        }
        __hip_atomic_store(&words[holdfast::kDoneWord].value, round, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
    }
}

/* Microseconds per round trip, or a negative value when the launch failed. */
inline double ping_pong_micros(DeviceContext& context, int rounds)
{
    if (!context.reset_control().empty()) {
        return -1;
    }
    ping_pong_device<<<1, 1, 0, context.stream>>>(context.device_flags, rounds);
    if (cudaGetLastError() != cudaSuccess) {
        return -1;
    }
    holdfast::HostFlag* words = context.host_flags;
    const auto start = Clock::now();
    for (int round = 1; round <= rounds; ++round) {
        __atomic_store_n(&words[holdfast::kStepWord].value, round, __ATOMIC_RELEASE);
        while (__atomic_load_n(&words[holdfast::kDoneWord].value, __ATOMIC_ACQUIRE) != round) {
        }
    }
    const double micros = std::chrono::duration<double, std::micro>(Clock::now() - start).count() / rounds;
    return cudaStreamSynchronize(context.stream) == cudaSuccess ? micros : -1;
}

/* Each block swaps `lines` lines with each neighbour per round; a chain of blocks, as the bands. */
template <LLAccess Access>
__global__ void __launch_bounds__(1024) ll_exchange_probe(holdfast::ResidentArgs args, int lines, int rounds)
{
    HF_DYNAMIC_SHARED(double, probe_shared); /* send up, send down, receive up, receive down */
    const int block = static_cast<int>(blockIdx.x);
    const int blocks = static_cast<int>(gridDim.x);
    for (int i = static_cast<int>(threadIdx.x); i < 2 * lines; i += static_cast<int>(blockDim.x)) {
        probe_shared[i] = block + 0.5 * i;
    }
    __syncthreads();
    for (int round = 1; round <= rounds; ++round) {
        const uint32_t flag = args.flag_base + static_cast<uint32_t>(round);
        holdfast::LLLine* mine = args.mailbox + static_cast<size_t>(block) * 4 * lines;
        if (block > 0) {
            holdfast::ll_send<Access>(mine - 4 * lines + (2 + (round & 1)) * lines, probe_shared, lines, flag);
        }
        if (block + 1 < blocks) {
            holdfast::ll_send<Access>(mine + 4 * lines + (round & 1) * lines, probe_shared + lines, lines, flag);
        }
        const holdfast::LLIncoming upper{mine + (round & 1) * lines, probe_shared + 2 * lines, block > 0 ? lines : 0,
                                         block - 1};
        const holdfast::LLIncoming lower{mine + (2 + (round & 1)) * lines, probe_shared + 3 * lines,
                                         block + 1 < blocks ? lines : 0, block + 1};
        const bool received = holdfast::ll_receive<Access>(upper, lower, flag, args.common, round);
        if (__syncthreads_or(received ? 0 : 1) != 0) {
            return;
        }
    }
}

__global__ void grid_sync_probe(int rounds)
{
    cg::grid_group grid = cg::this_grid();
    for (int round = 0; round < rounds; ++round) {
        grid.sync();
    }
}

/* Median microseconds per round of 5 launches, or a negative value on failure. */
template <typename Launch>
double median_micros_per_round(DeviceContext& context, int rounds, Launch launch)
{
    std::vector<double> samples;
    for (int repeat = 0; repeat < 6; ++repeat) {
        if (!context.reset_control().empty() || cudaEventRecord(context.start, context.stream) != cudaSuccess ||
            !launch() || cudaEventRecord(context.stop, context.stream) != cudaSuccess ||
            cudaEventSynchronize(context.stop) != cudaSuccess || !context.device_error().empty()) {
            (void)cudaGetLastError();
            return -1;
        }
        float ms = 0;
        cudaEventElapsedTime(&ms, context.start, context.stop);
        if (repeat > 0) { /* the first is the warm-up */
            samples.push_back(ms * 1000.0 / rounds);
        }
    }
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

template <LLAccess Access>
double ll_exchange_micros(DeviceContext& context, int blocks, int threads, int lines, int rounds)
{
    if (!context.ensure_mailbox(static_cast<size_t>(blocks) * 4 * lines).empty()) {
        return -1;
    }
    const size_t bytes = 4 * static_cast<size_t>(lines) * sizeof(double);
    const void* kernel = reinterpret_cast<const void*>(&ll_exchange_probe<Access>);
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)) !=
            cudaSuccess ||
        !coresident(context, kernel, blocks, threads, bytes).empty()) {
        (void)cudaGetLastError();
        return -1;
    }
    return median_micros_per_round(context, rounds, [&] {
        holdfast::ResidentArgs args{context.args(nullptr, nullptr, 3, 0.0, 0), context.mailbox, 1,
                                    context.take_flags(rounds)};
        void* arguments[] = {&args, &lines, &rounds};
        return cudaLaunchCooperativeKernel(kernel, dim3(blocks), dim3(threads), arguments, bytes, context.stream) ==
               cudaSuccess;
    });
}

inline double grid_sync_micros(DeviceContext& context, int blocks, int threads, int rounds)
{
    const void* kernel = reinterpret_cast<const void*>(&grid_sync_probe);
    if (!coresident(context, kernel, blocks, threads, 0).empty()) {
        return -1;
    }
    return median_micros_per_round(context, rounds, [&] {
        void* arguments[] = {&rounds};
        return cudaLaunchCooperativeKernel(kernel, dim3(blocks), dim3(threads), arguments, 0, context.stream) ==
               cudaSuccess;
    });
}

}  // namespace bench

#endif /* HOLDFAST_TOOLS_RESIDENT_BENCH_PROBES_H */
