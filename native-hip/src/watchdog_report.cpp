/*
 * watchdog_report.cpp: turning an expired wait into HF_ERR_WATCHDOG with a message that names
 * the variant, the wait, the block and the step.
 */
#include "watchdog_report.h"

#include <chrono>
#include <vector>

#include "planner.h"
#include "runtime_check.h"

namespace holdfast {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

hf_status wait_for_event(hipEvent_t event, double seconds, bool* ended)
{
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
        const hipError_t state = hipEventQuery(event);
        if (state == hipSuccess) {
            *ended = true;
            return HF_OK;
        }
        if (state != hipErrorNotReady) {
            return runtime_failure(state, "hipEventQuery(stop)", __FILE__, __LINE__);
        }
        if (Clock::now() > deadline) {
            *ended = false;
            return HF_OK;
        }
    }
}

namespace {

void describe_device_wait(const DeviceError& error)
{
    switch (error.code) {
    case HF_WAIT_GRID_BARRIER:
        append_error("block %d waited at the grid barrier after half-sweep %d", error.block, error.step);
        break;
    case HF_WAIT_NEIGHBOUR:
        append_error("block %d waited before half-sweep %d for neighbour block %d", error.block, error.step,
                     error.peer);
        break;
    case HF_WAIT_HOST_TASK:
        append_error("block %d waited for the host's signal for half-sweep %d", error.block, error.step);
        break;
    default: append_error("wait %d expired in block %d at half-sweep %d", error.code, error.block, error.step);
    }
}

/* Which block held the others up. The first wait to expire is often a neighbour of the block
 * that stopped, or a block further down a chain of waits: say how many blocks reached the stuck
 * barrier, or which block published the fewest half-sweeps. */
hf_status describe_progress(const hf_session& session, const DeviceError& error, int steps)
{
    if (error.code == HF_WAIT_GRID_BARRIER) {
        LineCounter arrivals{};
        HF_CHECK(hipMemcpyAsync(&arrivals, &session.control()->arrivals, sizeof(LineCounter), hipMemcpyDeviceToHost,
                                session.stream));
        HF_CHECK(hipStreamSynchronize(session.stream));
        append_error("; %u of %d blocks had arrived there", arrivals.value, session.plan.blocks);
    } else if (error.code == HF_WAIT_NEIGHBOUR) {
        std::vector<StepCounter> counters(static_cast<size_t>(session.plan.active_blocks));
        HF_CHECK(hipMemcpyAsync(counters.data(), session.counters(), sizeof(StepCounter) * counters.size(),
                                hipMemcpyDeviceToHost, session.stream));
        HF_CHECK(hipStreamSynchronize(session.stream));
        size_t behind = 0;
        for (size_t block = 1; block < counters.size(); ++block) {
            behind = counters[block].completed < counters[behind].completed ? block : behind;
        }
        append_error("; block %zu is furthest behind, having published %d of %d half-sweeps", behind,
                     counters[behind].completed, steps);
    }
    return HF_OK;
}

/* Device-combined completion (persistent-host relay): the block that held the half-sweep up is
 * the first whose counter (the half-sweeps it counted in for) stops short of it; when every
 * block counted in, the host itself stopped and block 0, which relays the host's step, waited. */
hf_status name_combined_block(const hf_session& session, const HostScheduleOutcome& outcome, hf_run_report* report,
                              const char** why)
{
    std::vector<StepCounter> counters(static_cast<size_t>(session.plan.blocks));
    HF_CHECK(hipMemcpyAsync(counters.data(), session.counters(), sizeof(StepCounter) * counters.size(),
                            hipMemcpyDeviceToHost, session.stream));
    HF_CHECK(hipStreamSynchronize(session.stream));
    report->error_block = 0;
    for (size_t block = 0; block < counters.size(); ++block) {
        if (counters[block].completed <= outcome.stuck_step) {
            report->error_block = static_cast<int>(block);
            *why = "signalled, it never counted in";
            return HF_OK;
        }
    }
    return HF_OK;
}

}  // namespace

hf_status read_device_error(const hf_session& session, DeviceError* error)
{
    HF_CHECK(hipMemcpyAsync(error, &session.control()->error, sizeof(DeviceError), hipMemcpyDeviceToHost,
                            session.stream));
    HF_CHECK(hipStreamSynchronize(session.stream));
    return HF_OK;
}

hf_status report_device_watchdog(const hf_session& session, const DeviceError& error, int steps,
                                 hf_run_report* report)
{
    report->error_code = error.code;
    report->error_block = error.block;
    report->error_step = error.step;
    report->error_peer = error.peer;
    fail(HF_ERR_WATCHDOG, "%s: watchdog expired after %g s: ", label_of(session.plan), session.plan.watchdog_seconds);
    describe_device_wait(error);
    HF_RETURN_IF_FAILED(describe_progress(session, error, steps));
    return HF_ERR_WATCHDOG;
}

double run_deadline_seconds(const hf_session& session, int steps)
{
    const hf_plan& plan = session.plan;
    const double interior = static_cast<double>(plan.n - 2) * static_cast<double>(plan.n - 2);
    const double per_step =
        session.last_seconds_per_step > 0 ? 10.0 * session.last_seconds_per_step : interior / kSlowestPointsPerSecond;
    return exit_bound_seconds(plan) + steps * per_step;
}

hf_status report_kernel_overdue(hf_session& session, double deadline_seconds, hf_run_report* report)
{
    const hf_plan& plan = session.plan;
    session.kernel_stuck = true;
    report->error_code = HF_WAIT_KERNEL_EXIT;
    return fail(HF_ERR_WATCHDOG,
                "%s at n = %d: the kernel did not end within %.3g s (twice the watchdog of %g s, plus 1 s, plus ten times "
                "the run's work at the last run's rate, or at the slow floor before a first run); it is still running on "
                "the device, its buffers stay allocated and this session refuses further runs",
                label_of(plan), plan.n, deadline_seconds, plan.watchdog_seconds);
}

hf_status report_host_watchdog(hf_session& session, const HostScheduleOutcome& outcome, hf_run_report* report)
{
    const hf_plan& plan = session.plan;
    const bool combined = session.row->host_order == HostOrder::kDeviceCombined;
    if (combined) {
        abort_steps(session.host_flags);
    } else {
        abort_blocks(session.host_flags, plan.active_blocks);
    }
    report->error_code = HF_WAIT_DEVICE_DONE;
    report->error_block = combined ? 0 : outcome.stuck_block; /* combined: block 0 relays the host's step */
    report->error_step = outcome.stuck_step;
    bool ended = false;
    HF_RETURN_IF_FAILED(wait_for_event(session.stop, exit_bound_seconds(plan), &ended));
    const char* why = plan.fault == HF_FAULT_NEVER_SIGNAL && (combined || outcome.stuck_block == plan.fault_block)
                          ? "the host never signalled it (fault injection)"
                      : outcome.stuck_block_signalled ? "signalled, its done flag never came"
                                                      : "its neighbours never finished";
    if (!ended) {
        session.kernel_stuck = true;
        report->error_code = HF_WAIT_KERNEL_EXIT;
        return fail(HF_ERR_WATCHDOG,
                    "%s: watchdog expired after %g s: block %d did not finish half-sweep %d (%s); the kernel "
                    "did not end after the abort, its buffers are left allocated",
                    label_of(plan), plan.watchdog_seconds, report->error_block, outcome.stuck_step, why);
    }
    if (combined && outcome.stuck_block_signalled) {
        /* The host saw one done word: the blocks' own counters say which one did not count in. */
        HF_RETURN_IF_FAILED(name_combined_block(session, outcome, report, &why));
    }
    DeviceError device_error{};
    HF_RETURN_IF_FAILED(read_device_error(session, &device_error));
    fail(HF_ERR_WATCHDOG, "%s: watchdog expired after %g s: block %d did not finish half-sweep %d (%s)",
         label_of(plan), plan.watchdog_seconds, report->error_block, outcome.stuck_step, why);
    if (device_error.code != 0) {
        append_error("; on the device, ");
        describe_device_wait(device_error);
    }
    return HF_ERR_WATCHDOG;
}

}  // namespace holdfast
