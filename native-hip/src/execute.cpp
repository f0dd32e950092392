/*
 * execute.cpp: one run of a session: zero the control block on the stream (and give a two-buffer
 * variant its starting arrays), record the start
 * event, launch, drive the host flags where the variant has them, record the stop event, wait
 * (never longer than the run's deadline), check the error word and the blocks' work count.
 * Nothing is allocated here.
 */
#include <chrono>
#include <cstring>

#include "host_scheduler.h"
#include "planner.h"
#include "runtime_check.h"
#include "device/problems.h"
#include "session.h"
#include "watchdog_report.h"
#include "work_check.h"

namespace holdfast {
namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/* Thread-block clusters (CUDA only): the launch names the cluster size as an attribute. */
hf_status launch_in_clusters(const hf_session& session, dim3 grid, dim3 block, void** arguments)
{
#if defined(HF_RUNTIME_CUDA)
    cudaLaunchAttribute attributes[2] = {};
    attributes[0].id = cudaLaunchAttributeClusterDimension;
    attributes[0].val.clusterDim.x = static_cast<unsigned int>(session.plan.cluster_size);
    attributes[0].val.clusterDim.y = 1;
    attributes[0].val.clusterDim.z = 1;
    attributes[1].id = cudaLaunchAttributeCooperative;
    attributes[1].val.cooperative = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = grid;
    config.blockDim = block;
    config.dynamicSmemBytes = static_cast<size_t>(session.plan.shared_bytes);
    config.stream = session.stream;
    config.attrs = attributes;
    config.numAttrs = session.row->has(HF_TRAIT_COOPERATIVE) ? 2 : 1;
    HF_CHECK(cudaLaunchKernelExC(&config, session.kernel, arguments));
    return HF_OK;
#else
    (void)grid, (void)block, (void)arguments;
    return fail(HF_ERR_UNSUPPORTED, "%s: thread-block clusters are CUDA only", label_of(session.plan));
#endif
}

/* Every persistent kernel takes (PersistentArgs) or (PersistentArgs, int f_on_chip); the runtime
 * reads as many arguments as the kernel has. */
hf_status launch(const hf_session& session, PersistentArgs& args, int& f_on_chip)
{
    void* arguments[] = {&args, &f_on_chip};
    const dim3 grid(static_cast<unsigned int>(session.plan.blocks));
    const dim3 block(static_cast<unsigned int>(session.plan.threads_per_block));
    const auto shared_bytes = static_cast<unsigned int>(session.plan.shared_bytes);
    if (session.plan.cluster_size > 1) {
        return launch_in_clusters(session, grid, block, arguments);
    }
    if (session.row->has(HF_TRAIT_COOPERATIVE)) {
        HF_CHECK(hipLaunchCooperativeKernel(session.kernel, grid, block, arguments, shared_bytes, session.stream));
    } else {
        HF_CHECK(hipLaunchKernel(session.kernel, grid, block, arguments, shared_bytes, session.stream));
    }
    return HF_OK;
}

/* The run's LL flag base: above every flag an earlier run of the session sent. When the flags
 * would wrap, the lines are zeroed again and the flags start over. */
hf_status take_flag_base(hf_session& session, int steps, unsigned int* base)
{
    const unsigned int needed = static_cast<unsigned int>(steps) + 1u;
    if (session.next_flag_base > ~0u - needed) {
        HF_CHECK(hipMemsetAsync(session.mailbox, 0, session.mailbox_bytes, session.stream));
        session.next_flag_base = 0;
    }
    *base = session.next_flag_base;
    session.next_flag_base += needed;
    return HF_OK;
}

/* Drives the host flags of a HF_TRAIT_HOST_FLAGS variant for the whole run. */
HostScheduleOutcome drive_host(const hf_session& session, int steps)
{
    const hf_plan& plan = session.plan;
    if (session.row->host_order == HostOrder::kDeviceCombined) {
        /* HF_FAULT_NEVER_SIGNAL: the host stops after the first half-sweep. */
        return run_host_steps(HostStepSchedule{session.host_flags, steps, plan.host_polling == HF_POLL_SLEEP,
                                               plan.watchdog_seconds, plan.fault == HF_FAULT_NEVER_SIGNAL ? 1 : -1});
    }
    return run_host_schedule(HostSchedule{session.host_flags,
                                          plan.active_blocks,
                                          steps,
                                          session.row->host_order == HostOrder::kNeighbourAware,
                                          plan.host_polling == HF_POLL_SLEEP,
                                          plan.watchdog_seconds,
                                          plan.fault == HF_FAULT_NEVER_SIGNAL ? plan.fault_block : -1});
}

hf_status check_arrays(const double* u, const double* f)
{
    if (u == nullptr || f == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "u and f must be device pointers, got u = %p, f = %p",
                    static_cast<const void*>(u), static_cast<const void*>(f));
    }
    return HF_OK;
}

/* A two-buffer variant's passes alternate: pass i reads `from` and writes the other array when i is
 * even, the other way round when it is odd. The run starts from whichever array makes its last
 * pass write u, after a copy of u into the scratch array (so that both hold the boundary and the
 * state); the copy is queued before the start event and is not timed. */
struct PassArrays {
    double* from;
    double* other;
};

hf_status prepare_two_buffers(const hf_session& session, double* u, int steps, PassArrays* arrays)
{
    *arrays = PassArrays{u, session.scratch};
    if (session.scratch == nullptr || steps == 0) {
        return HF_OK;
    }
    const size_t bytes = sizeof(double) * static_cast<size_t>(array_points_of(session.problem.kind, session.problem.n));
    HF_CHECK(hipMemcpyAsync(session.scratch, u, bytes, hipMemcpyDeviceToDevice, session.stream));
    if (temporal_result_in_scratch(steps, session.plan.sweeps_per_exchange)) {
        *arrays = PassArrays{session.scratch, u};
    }
    return HF_OK;
}

}  // namespace

hf_status run_session(hf_session& session, double* u, const double* f, int iterations, hf_run_report* report)
{
    *report = empty_run_report();
    const hf_plan& plan = session.plan;
    if (session.kernel_stuck) {
        return fail(HF_ERR_RUNTIME, "%s: an earlier run's kernel did not end; this session cannot run again",
                    label_of(plan));
    }
    HF_RETURN_IF_FAILED(check_arrays(u, f));
    HF_RETURN_IF_FAILED(check_run(plan, iterations));
    const int steps = 2 * iterations;
    PassArrays arrays{};
    HF_RETURN_IF_FAILED(prepare_two_buffers(session, u, steps, &arrays));

    /* Flag values carry the step, so each run starts from zeroed flags and a zeroed control block. */
    if (session.host_flags != nullptr) {
        std::memset(static_cast<void*>(session.host_flags), 0, session.flag_bytes);
    }
    HF_CHECK(hipMemsetAsync(session.control_memory, 0, session.control_bytes, session.stream));
    unsigned int flag_base = 0;
    if (session.mailbox != nullptr) {
        HF_RETURN_IF_FAILED(take_flag_base(session, steps, &flag_base));
    }
    PersistentArgs args{Problem{arrays.from, f, plan.n, session.problem.h2},
                        steps,
                        session.control(),
                        session.counters(),
                        session.device_flags,
                        session.timeout_ticks,
                        plan.fault,
                        plan.fault_block,
                        plan.sweeps_per_exchange,
                        session.mailbox,
                        flag_base,
                        arrays.other,
                        session.items,
                        plan.fault == HF_FAULT_OUTLAST_DEADLINE
                            ? static_cast<long long>(3.0 * run_deadline_seconds(session, steps) / plan.watchdog_seconds *
                                                     static_cast<double>(session.timeout_ticks))
                            : 0};
    args.items_3d = session.items_3d; /* temporal3d: the cube's temporal variant */
    int f_on_chip = plan.f_on_chip;

    HF_CHECK(hipEventRecord(session.start, session.stream));
    const auto host_start = Clock::now();
    HF_RETURN_IF_FAILED(launch(session, args, f_on_chip));
    HF_CHECK(hipEventRecord(session.stop, session.stream));

    if (session.row->has(HF_TRAIT_HOST_FLAGS)) {
        const HostScheduleOutcome outcome = drive_host(session, steps);
        report->handshakes = outcome.handshakes;
        if (!outcome.completed) {
            const hf_status status = report_host_watchdog(session, outcome, report);
            report->host_ms = milliseconds_since(host_start);
            return status;
        }
    }
    /* Bounded: a kernel that never ends must not hang the process (run_deadline_seconds). */
    bool ended = false;
    const double deadline = run_deadline_seconds(session, steps);
    HF_RETURN_IF_FAILED(wait_for_event(session.stop, deadline, &ended));
    report->host_ms = milliseconds_since(host_start);
    if (!ended) {
        return report_kernel_overdue(session, deadline, report);
    }
    float device_ms = 0.0f;
    HF_CHECK(hipEventElapsedTime(&device_ms, session.start, session.stop));
    report->device_ms = device_ms;
    session.last_seconds_per_step = 1e-3 * device_ms / steps;

    DeviceError device_error{};
    HF_RETURN_IF_FAILED(read_device_error(session, &device_error));
    if (device_error.code != 0) {
        return report_device_watchdog(session, device_error, steps, report);
    }
    /* Before the run's time counts: every block with work ran every half-sweep. */
    return check_work(session, steps, report);
}

}  // namespace holdfast
