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
    hipEvent_t start = nullptr;
    hipEvent_t stop = nullptr;

    hf_status acquire(size_t mailbox_lines)
    {
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&control), sizeof(ControlBlock)));
        HF_ALLOCATE(hipMalloc(reinterpret_cast<void**>(&mailbox), sizeof(LLLine) * mailbox_lines));
        HF_CHECK(hipMemset(mailbox, 0, sizeof(LLLine) * mailbox_lines));
        HF_ALLOCATE(hipEventCreate(&start));
        HF_ALLOCATE(hipEventCreate(&stop));
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
        if (mailbox != nullptr) {
            HF_CHECK_AFTER(status, hipFree(mailbox));
        }
        if (control != nullptr) {
            HF_CHECK_AFTER(status, hipFree(control));
        }
        return status;
    }
};

/* One launch of `rounds` rounds with flags above `flag_base`; the device's time in seconds. */
hf_status launch_halo_probe(const ProbeResources& resources, int blocks, int threads, int lines, int rounds,
                            unsigned int flag_base, long long timeout_ticks, hipStream_t stream, double* seconds)
{
    HF_CHECK(hipMemsetAsync(resources.control, 0, sizeof(ControlBlock), stream));
    PersistentArgs args{Problem{nullptr, nullptr, 3, 0.0}, 0, resources.control, nullptr, nullptr, timeout_ticks,
                        HF_FAULT_NONE, 0, 1, resources.mailbox, flag_base, nullptr, StreamGeometry{}};
    void* arguments[] = {&args, &lines, &rounds};
    HF_CHECK(hipEventRecord(resources.start, stream));
    HF_CHECK(hipLaunchCooperativeKernel(halo_exchange_probe_kernel().symbol, dim3(static_cast<unsigned int>(blocks)),
                                        dim3(static_cast<unsigned int>(threads)), arguments,
                                        static_cast<unsigned int>(halo_probe_shared_bytes(lines)), stream));
    HF_CHECK(hipEventRecord(resources.stop, stream));
    HF_CHECK(hipEventSynchronize(resources.stop));
    float milliseconds = 0.0f;
    HF_CHECK(hipEventElapsedTime(&milliseconds, resources.start, resources.stop));
    DeviceError error{};
    HF_CHECK(hipMemcpy(&error, &resources.control->error, sizeof error, hipMemcpyDeviceToHost));
    if (error.code != 0) {
        return fail(HF_ERR_WATCHDOG, "hf_probe_halo_exchange: block %d waited for block %d in round %d", error.block,
                    error.peer, error.step);
    }
    *seconds = milliseconds * 1e-3;
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

}  // namespace

hf_status probe_halo_exchange(int blocks, int threads, int lines, int rounds, void* stream, double* seconds_per_round)
{
    const void* kernel = halo_exchange_probe_kernel().symbol;
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
        status = launch_halo_probe(resources, blocks, threads, lines, warm_up, 0, timeout_ticks, run_stream, &seconds);
    }
    if (status == HF_OK) {
        status = launch_halo_probe(resources, blocks, threads, lines, rounds, static_cast<unsigned int>(warm_up),
                                   timeout_ticks, run_stream, &seconds);
    }
    if (status == HF_OK) {
        *seconds_per_round = seconds / rounds;
    }
    return resources.release(status);
}

}  // namespace holdfast
