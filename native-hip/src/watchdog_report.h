/*
 * watchdog_report.h: what a run that timed out reports: the wait, the block, the step, and which
 * block held the others up, in the report's error_* fields and in the thread's message.
 */
#ifndef HOLDFAST_WATCHDOG_REPORT_H
#define HOLDFAST_WATCHDOG_REPORT_H

#include "host_scheduler.h"
#include "session.h"

namespace holdfast {

/* Polls the event until it completes (*ended = true) or `seconds` have passed (*ended = false). */
hf_status wait_for_event(hipEvent_t event, double seconds, bool* ended);

/* How long the host waits for a kernel to end after an abort: every wait of the kernel is bounded
 * by the watchdog and the relay's blocks wait twice as long, so twice the watchdog plus a second. */
inline double exit_bound_seconds(const hf_plan& plan) { return 2.0 * plan.watchdog_seconds + 1.0; }

/* The slowest rate at which a first run that makes progress updates points, far under every
 * variant measured; later runs of a session go by its own last rate instead. */
constexpr double kSlowestPointsPerSecond = 1e9;

/* How long the host waits for a run of `steps` half-sweeps to end, from its launch: the exit bound
 * plus the run's work at ten times the session's last measured time per half-sweep (at the
 * slowest rate above before its first run), so a long run or one under a sanitizer ends in time
 * and a kernel stuck at a wait no watchdog bounds (grid.sync(), a hardware cluster barrier) is
 * stopped by this. */
double run_deadline_seconds(const hf_session& session, int steps);

/* The kernel did not end within the run's deadline: the session refuses further runs (the kernel
 * may still use its memory) and the run fails with HF_ERR_WATCHDOG, HF_WAIT_KERNEL_EXIT, in one line. */
hf_status report_kernel_overdue(hf_session& session, double deadline_seconds, hf_run_report* report);

/* Copies the control block's error word back (after the kernel has ended). */
hf_status read_device_error(const hf_session& session, DeviceError* error);

/* A device-side wait expired: HF_ERR_WATCHDOG naming it. */
hf_status report_device_watchdog(const hf_session& session, const DeviceError& error, int steps,
                                 hf_run_report* report);

/* The host gave up waiting for a block: tells every block to leave, waits (bounded) for the
 * kernel and reports HF_ERR_WATCHDOG. A kernel that still does not end marks the session stuck. */
hf_status report_host_watchdog(hf_session& session, const HostScheduleOutcome& outcome, hf_run_report* report);

}  // namespace holdfast

#endif /* HOLDFAST_WATCHDOG_REPORT_H */
