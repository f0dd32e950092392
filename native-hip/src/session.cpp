/*
 * session.cpp: opening and closing a session: every allocation of a persistent run.
 */
#include "session.h"

#include <cstring>
#include <memory>
#include <new>

#include "device.h"
#include "planner.h"
#include "runtime_check.h"
#include "device/problems.h"

namespace holdfast {
namespace {

/* The kernel's launch attributes: the dynamic shared memory it may use, and clusters beyond the
 * portable 8 blocks. With the shared memory set, the occupancy API has the last word on whether
 * the planned grid is co-resident (the planner estimated it from the device's shared memory). */
hf_status set_kernel_attributes(const hf_session& session)
{
    const hf_plan& plan = session.plan;
    if (plan.shared_bytes > 0) {
        HF_CHECK(hipFuncSetAttribute(session.kernel, hipFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(plan.shared_bytes)));
        int per_sm = 0;
        HF_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, session.kernel, plan.threads_per_block,
                                                              static_cast<size_t>(plan.shared_bytes)));
        if (static_cast<int64_t>(per_sm) * plan.sm_count < plan.blocks) {
            return fail(HF_ERR_NOT_CORESIDENT,
                        "%s: %d blocks with %lld bytes of shared memory each cannot be co-resident: %d fit per SM "
                        "x %d SMs",
                        label_of(plan), plan.blocks, static_cast<long long>(plan.shared_bytes), per_sm,
                        plan.sm_count);
        }
    }
#if defined(HF_RUNTIME_CUDA)
    if (session.plan.cluster_size > 8) {
        HF_CHECK(cudaFuncSetAttribute(session.kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    }
#endif
    return HF_OK;
}

hf_status acquire(hf_session& session)
{
    HF_RETURN_IF_FAILED(set_kernel_attributes(session));
    session.control_bytes = sizeof(ControlBlock) + sizeof(StepCounter) * static_cast<size_t>(session.plan.blocks);
    HF_ALLOCATE(hipMalloc(&session.control_memory, session.control_bytes));
    if (session.row->has(HF_TRAIT_HOST_FLAGS)) {
        session.flag_bytes = sizeof(HostFlag) * static_cast<size_t>(host_flag_count(session.plan.blocks));
        void* flags = nullptr;
        HF_ALLOCATE(hipHostMalloc(&flags, session.flag_bytes, hipHostMallocMapped | hipHostMallocCoherent));
        session.host_flags = static_cast<HostFlag*>(flags);
        void* device_view = nullptr;
        HF_CHECK(hipHostGetDevicePointer(&device_view, flags, 0));
        session.device_flags = static_cast<HostFlag*>(device_view);
    }
    if (session.row->mailbox_lines != nullptr) {
        session.mailbox_bytes = sizeof(LLLine) * static_cast<size_t>(session.row->mailbox_lines(session.plan));
        void* lines = nullptr;
        HF_ALLOCATE(hipMalloc(&lines, session.mailbox_bytes));
        session.mailbox = static_cast<LLLine*>(lines);
        HF_CHECK(hipMemsetAsync(lines, 0, session.mailbox_bytes, session.stream));
        HF_CHECK(hipStreamSynchronize(session.stream));
    }
    if (session.row->has(HF_TRAIT_TWO_BUFFERS)) {
        void* scratch = nullptr;
        HF_ALLOCATE(hipMalloc(&scratch, sizeof(double) * static_cast<size_t>(array_points_of(session.problem.kind,
                                                                                          session.problem.n))));
        session.scratch = static_cast<double*>(scratch);
    }
    HF_ALLOCATE(hipEventCreate(&session.start));
    HF_ALLOCATE(hipEventCreate(&session.stop));
    return HF_OK;
}

/* Frees everything acquired, checking each call; keeps the earlier failure if there is one. */
hf_status release(hf_session& session, hf_status status)
{
    if (session.kernel_stuck) {
        return status;
    }
    if (session.stop != nullptr) {
        HF_CHECK_AFTER(status, hipEventDestroy(session.stop));
    }
    if (session.start != nullptr) {
        HF_CHECK_AFTER(status, hipEventDestroy(session.start));
    }
    if (session.scratch != nullptr) {
        HF_CHECK_AFTER(status, hipFree(session.scratch));
    }
    if (session.mailbox != nullptr) {
        HF_CHECK_AFTER(status, hipFree(session.mailbox));
    }
    if (session.host_flags != nullptr) {
        HF_CHECK_AFTER(status, hipHostFree(session.host_flags));
    }
    if (session.control_memory != nullptr) {
        HF_CHECK_AFTER(status, hipFree(session.control_memory));
    }
    return status;
}

}  // namespace

hf_status open_session(const hf_problem& problem, const hf_run_config& config, hipStream_t stream,
                       hf_session** session)
{
    hf_plan plan{};
    HF_RETURN_IF_FAILED(plan_run(problem, config, &plan));
    return open_planned_session(problem, plan, stream, session);
}

hf_status open_planned_session(const hf_problem& problem, const hf_plan& plan, hipStream_t stream, hf_session** session)
{
    const VariantRow* row = &variant_row(find_variant(plan.problem, plan.mode, plan.variant));
    int rate_khz = 0;
    HF_RETURN_IF_FAILED(wall_clock_rate_khz(plan.device, &rate_khz));

    std::unique_ptr<hf_session> opened(new (std::nothrow) hf_session{});
    if (!opened) {
        return fail(HF_ERR_OUT_OF_MEMORY, "hf_session_open: no host memory for the session");
    }
    opened->problem = problem;
    opened->plan = plan;
    opened->row = row;
    opened->kernel = find_kernel(plan.kernel)->symbol;
    opened->stream = stream;
    opened->timeout_ticks = static_cast<long long>(plan.watchdog_seconds * rate_khz * 1000.0);
    if (row->has(HF_TRAIT_TWO_BUFFERS)) {
        if (plan.problem == HF_PROBLEM_POISSON_3D) { /* temporal3d: the cube's pass */
            opened->items_3d = plan_stream_geometry_3d(plan.n, plan.sweeps_per_exchange, plan.blocks);
        } else {
            opened->items = plan_stream_geometry(plan.n, plan.sweeps_per_exchange, plan.blocks);
        }
    }
    const hf_status status = acquire(*opened);
    if (status != HF_OK) {
        return release(*opened, status);
    }
    *session = opened.release();
    return HF_OK;
}

hf_status close_session(hf_session* session)
{
    const std::unique_ptr<hf_session> closing(session);
    return release(*closing, HF_OK);
}

}  // namespace holdfast
