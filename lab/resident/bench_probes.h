/*
 * bench_probes.h: the costs the variants are made of, measured in the same run.
 *
 * - host ping-pong: one GPU thread and the host trade a step through two mapped words, no work:
 *   the floor under a host-driven half-sweep;
 * - self-flagged halo exchange: every block of a one-per-SM grid sends `lines` LL lines to each
 *   neighbour and waits for theirs, round after round, no work (ll_halo.h, as the resident kernel
 *   uses it): microseconds per exchange; and its two halves alone, to tell the stores, the loads
 *   and the waiting apart: sending only (stores, nobody reads), and receiving lines that are
 *   already there (loads that never wait);
 * - grid barrier: cooperative groups' grid.sync() on the same grid, for comparison.
 */
#ifndef HOLDFAST_TOOLS_RESIDENT_BENCH_PROBES_H
#define HOLDFAST_TOOLS_RESIDENT_BENCH_PROBES_H

#include <algorithm>
#include <vector>

#include "bench_runs.h"
#include "kernels/halo_exchange_probe.h"

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

using holdfast::HaloProbe;

inline const char* halo_probe_name(HaloProbe probe)
{
    return probe == HaloProbe::kExchange ? "exchange" : probe == HaloProbe::kSendOnly ? "send only" : "receive ready";
}

/* The library's probe body (kernels/halo_exchange_probe.h) in all three forms. */
template <LLAccess Access, HaloProbe Probe>
__global__ void __launch_bounds__(1024) ll_exchange_probe(holdfast::PersistentArgs args, int lines, int rounds)
{
    holdfast::run_halo_probe<Access, Probe>(args, lines, rounds);
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

template <LLAccess Access, HaloProbe Probe>
double ll_probe_micros(DeviceContext& context, int blocks, int threads, int lines, int rounds)
{
    if (!context.ensure_mailbox(holdfast::halo_probe_mailbox_lines(blocks, lines)).empty()) {
        return -1;
    }
    const size_t bytes = holdfast::halo_probe_shared_bytes(lines);
    const void* kernel = reinterpret_cast<const void*>(&ll_exchange_probe<Access, Probe>);
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)) !=
            cudaSuccess ||
        !coresident(context, kernel, blocks, threads, bytes).empty()) {
        (void)cudaGetLastError();
        return -1;
    }
    return median_micros_per_round(context, rounds, [&] {
        holdfast::PersistentArgs args = context.args(nullptr, nullptr, 3, 0.0, 0, 0, 0, 1, context.take_flags(rounds));
        void* arguments[] = {&args, &lines, &rounds};
        return cudaLaunchCooperativeKernel(kernel, dim3(blocks), dim3(threads), arguments, bytes, context.stream) ==
               cudaSuccess;
    });
}

inline double ll_probe_micros(DeviceContext& context, HaloProbe probe, int blocks, int threads, int lines, int rounds)
{
    switch (probe) {
    case HaloProbe::kExchange:
        return ll_probe_micros<LLAccess::kVector16, HaloProbe::kExchange>(context, blocks, threads, lines, rounds);
    case HaloProbe::kSendOnly:
        return ll_probe_micros<LLAccess::kVector16, HaloProbe::kSendOnly>(context, blocks, threads, lines, rounds);
    default:
        return ll_probe_micros<LLAccess::kVector16, HaloProbe::kReceiveReady>(context, blocks, threads, lines, rounds);
    }
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
