/*
 * overhead_probe.cpp: the overhead probes (overhead_probe.h). Each allocates what it needs, runs
 * a warm-up launch and a timed one between events, checks the watchdog's error word and frees
 * everything again: a probe is not a measured call of a session.
 */
#include "overhead_probe.h"

#include "hf_gpu.h"

#include "device.h"
#include "device/halo_probe_layout.h"
#include "device/ll_line.h"
#include "persistent_args.h"
#include "planner.h"
#include "runtime_check.h"
#include "variant_table.h"

namespace holdfast {
namespace {

/* What one probe launch needs, freed by the destructor (the first failure's message is kept). */
struct ProbeResources {
    ControlBlock* control = nullptr;
    LLLine* mailbox = nullptr;
    int* mismatches = nullptr;
    hipEvent_t start = nullptr;
    hipEvent_t stop = nullptr;

    hf_status acquire_events()
    {
        HF_ALLOCATE(hipEventCreate(&start));
        HF_ALLOCATE(hipEventCreate(&stop));
        return HF_OK;
    }

    hf_status acquire(size_t mailbox_lines)
    {
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&control), sizeof(ControlBlock)));
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&mailbox), sizeof(LLLine) * mailbox_lines));
        HF_CHECK(hipMemset(mailbox, 0, sizeof(LLLine) * mailbox_lines));
        return acquire_events();
    }

    /* The cluster probes': a zeroed mismatch counter. */
    hf_status acquire_counter()
    {
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&mismatches), sizeof(int)));
        HF_CHECK(hipMemset(mismatches, 0, sizeof(int)));
        return acquire_events();
    }

    hf_status read_counter(int* count) const
    {
        HF_CHECK(hipMemcpy(count, mismatches, sizeof(int), hipMemcpyDeviceToHost));
        return HF_OK;
    }

    hf_status release(hf_status status)
    {
        if (stop != nullptr) {
            HF_CHECK_AFTER(status, hipEventDestroy(stop));
        }
        if (start != nullptr) {
            HF_CHECK_AFTER(status, hipEventDestroy(start));
        }
        if (mismatches != nullptr) {
            HF_CHECK_AFTER(status, hipFree(mismatches));
        }
        if (mailbox != nullptr) {
            HF_CHECK_AFTER(status, hipFree(mailbox));
        }
        if (control != nullptr) {
            HF_CHECK_AFTER(status, hipFree(control));
        }
        return status;
    }

    /* Runs launch() between the events and waits: the device's time in seconds. */
    template <typename Launch>
    hf_status time(hipStream_t stream, Launch launch, double* seconds) const
    {
        HF_CHECK(hipEventRecord(start, stream));
        HF_RETURN_IF_FAILED(launch());
        HF_CHECK(hipEventRecord(stop, stream));
        HF_CHECK(hipEventSynchronize(stop));
        float milliseconds = 0.0f;
        HF_CHECK(hipEventElapsedTime(&milliseconds, start, stop));
        *seconds = milliseconds * 1e-3;
        return HF_OK;
    }
};

/* One launch of `rounds` rounds with flags above `flag_base`; the device's time in seconds. */
hf_status launch_halo_probe(const ProbeResources& resources, const void* kernel, int blocks, int threads, int lines, int rounds,
                            unsigned int flag_base, long long timeout_ticks, hipStream_t stream, double* seconds)
{
    HF_CHECK(hipMemsetAsync(resources.control, 0, sizeof(ControlBlock), stream));
    PersistentArgs args{Problem{nullptr, nullptr, 3, 0.0}, 0, resources.control, nullptr, nullptr, timeout_ticks,
                        HF_FAULT_NONE, 0, 1, resources.mailbox, flag_base, nullptr, StreamGeometry{}, 0};
    void* arguments[] = {&args, &lines, &rounds};
    HF_RETURN_IF_FAILED(resources.time(
        stream,
        [&]() -> hf_status {
            HF_CHECK(hipLaunchCooperativeKernel(kernel,
                                                dim3(static_cast<unsigned int>(blocks)),
                                                dim3(static_cast<unsigned int>(threads)), arguments,
                                                static_cast<unsigned int>(halo_probe_shared_bytes(lines)), stream));
            return HF_OK;
        },
        seconds));
    DeviceError error{};
    HF_CHECK(hipMemcpy(&error, &resources.control->error, sizeof error, hipMemcpyDeviceToHost));
    if (error.code != 0) {
        return fail(HF_ERR_WATCHDOG, "hf_probe_halo_exchange: block %d waited for block %d in round %d", error.block,
                    error.peer, error.step);
    }
    return HF_OK;
}

hf_status check_coresident(const void* kernel, int blocks, int threads, size_t shared_bytes)
{
    DeviceFacts facts{};
    HF_RETURN_IF_FAILED(query_device_facts(kernel, threads, &facts));
    if (!facts.cooperative) {
        return fail(HF_ERR_UNSUPPORTED, "hf_probe_halo_exchange: device %d does not support cooperative launch",
                    facts.device);
    }
    if (shared_bytes > static_cast<size_t>(facts.shared_limit)) {
        return fail(HF_ERR_UNSUPPORTED, "hf_probe_halo_exchange: %zu bytes of shared memory per block, at most %lld",
                    shared_bytes, static_cast<long long>(facts.shared_limit));
    }
    HF_CHECK(hipFuncSetAttribute(kernel, hipFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_bytes)));
    int per_sm = 0;
    HF_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared_bytes));
    if (static_cast<int64_t>(per_sm) * facts.sm_count < blocks) {
        return fail(HF_ERR_NOT_CORESIDENT, "hf_probe_halo_exchange: %d blocks asked, at most %d per SM x %d SMs",
                    blocks, per_sm, facts.sm_count);
    }
    return HF_OK;
}

/* Whether the device can hold one cluster of `cluster_size` blocks of the probe: HF_ERR_UNSUPPORTED,
 * with the reason, where it cannot. Sets the kernel's attributes the launch needs. */
hf_status check_one_cluster(const char* probe, const void* kernel, int cluster_size, int threads, size_t shared_bytes)
{
    DeviceFacts facts{};
    HF_RETURN_IF_FAILED(query_device_facts(kernel, threads, &facts));
    if (facts.max_cluster_blocks < cluster_size) {
        return fail(HF_ERR_UNSUPPORTED, "%s: device %d does not launch thread-block clusters", probe, facts.device);
    }
    if (shared_bytes > static_cast<size_t>(facts.shared_limit)) {
        return fail(HF_ERR_UNSUPPORTED, "%s: %zu bytes of shared memory per block, at most %lld", probe, shared_bytes,
                    static_cast<long long>(facts.shared_limit));
    }
    int clusters = 0;
    HF_RETURN_IF_FAILED(max_active_clusters(kernel, cluster_size, cluster_size, threads,
                                            static_cast<int64_t>(shared_bytes), &clusters));
    if (clusters < 1) {
        return fail(HF_ERR_UNSUPPORTED, "%s: device %d cannot hold a cluster of %d blocks of %d threads%s", probe,
                    facts.device, cluster_size, threads, cluster_size > 8 ? " (a non-portable size)" : "");
    }
    return HF_OK;
}

/* A cluster probe: checks, a warm-up launch, a timed one, the receivers' check. `width` and the
 * shared memory are the DSMEM exchange's (0 for the barrier). */
hf_status probe_one_cluster(const char* probe, const KernelRef& kernel, int cluster_size, int threads, int width,
                            size_t shared_bytes, int rounds, void* stream, double* seconds_per_round)
{
    if (kernel.symbol == nullptr) {
        return fail(HF_ERR_UNSUPPORTED, "%s: thread-block clusters are CUDA only (this is a %s build)", probe,
                    HF_RUNTIME_NAME);
    }
    HF_RETURN_IF_FAILED(check_one_cluster(probe, kernel.symbol, cluster_size, threads, shared_bytes));
    const auto run_stream = static_cast<hipStream_t>(stream);
    ProbeResources resources;
    hf_status status = resources.acquire_counter();
    double seconds = 0.0;
    for (const int launch_rounds : {rounds < 100 ? rounds : 100, rounds}) {
        if (status == HF_OK) {
            status = resources.time(
                run_stream,
                [&]() -> hf_status {
                    /* Every cluster probe kernel takes (rounds) or (rounds, width, mismatches): the
                     * runtime reads as many arguments as the kernel has. */
                    int kernel_rounds = launch_rounds;
                    int kernel_width = width;
                    int* counter = resources.mismatches;
                    void* arguments[] = {&kernel_rounds, &kernel_width, &counter};
                    return launch_clusters(kernel.symbol, cluster_size, cluster_size, threads,
                                           static_cast<int64_t>(shared_bytes), stream, arguments);
                },
                &seconds);
        }
    }
    int mismatches = 0;
    if (status == HF_OK) {
        status = resources.read_counter(&mismatches);
    }
    if (status == HF_OK && mismatches != 0) {
        status = fail(HF_ERR_RUNTIME, "%s: %d threads read an edge row other than the one their neighbour sent", probe,
                      mismatches);
    }
    if (status == HF_OK) {
        *seconds_per_round = seconds / rounds;
    }
    return resources.release(status);
}

}  // namespace

hf_status probe_halo_exchange(int form, int blocks, int threads, int lines, int rounds, void* stream,
                              double* seconds_per_round)
{
    const void* kernel = halo_exchange_probe_kernel(form).symbol;
    HF_RETURN_IF_FAILED(check_coresident(kernel, blocks, threads, halo_probe_shared_bytes(lines)));
    int device = 0;
    int rate_khz = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    HF_RETURN_IF_FAILED(wall_clock_rate_khz(device, &rate_khz));
    const long long timeout_ticks = static_cast<long long>(kDefaultWatchdogSeconds * rate_khz * 1000.0);
    const auto run_stream = static_cast<hipStream_t>(stream);
    ProbeResources resources;
    hf_status status = resources.acquire(halo_probe_mailbox_lines(blocks, lines));
    const int warm_up = rounds < 100 ? rounds : 100;
    double seconds = 0.0;
    if (status == HF_OK) {
        status = launch_halo_probe(resources, kernel, blocks, threads, lines, warm_up, 0, timeout_ticks, run_stream,
                                   &seconds);
    }
    if (status == HF_OK) {
        status = launch_halo_probe(resources, kernel, blocks, threads, lines, rounds, static_cast<unsigned int>(warm_up),
                                   timeout_ticks, run_stream, &seconds);
    }
    if (status == HF_OK) {
        *seconds_per_round = seconds / rounds;
    }
    return resources.release(status);
}

hf_status probe_cluster_barrier(int cluster_size, int threads, int rounds, void* stream, double* seconds_per_round)
{
    return probe_one_cluster("hf_probe_cluster_barrier", cluster_barrier_probe_kernel(), cluster_size, threads, 0, 0,
                             rounds, stream, seconds_per_round);
}

hf_status probe_dsmem_exchange(int cluster_size, int threads, int width, int rounds, void* stream,
                               double* seconds_per_round)
{
    return probe_one_cluster("hf_probe_dsmem_exchange", dsmem_exchange_probe_kernel(), cluster_size, threads, width,
                             dsmem_probe_shared_bytes(width), rounds, stream, seconds_per_round);
}

}  // namespace holdfast
