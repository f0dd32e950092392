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

/* How long the host waits for a kernel to end, from its launch (or from an abort): every wait of
 * the kernel is bounded by the watchdog and the relay's blocks wait twice as long, so twice the
 * watchdog plus a second of margin. A whole run must end within it (raise the watchdog for longer
 * runs). */
inline double run_deadline_seconds(const hf_plan& plan) { return 2.0 * plan.watchdog_seconds + 1.0; }

/* The kernel did not end within the run's deadline: the session refuses further runs (the kernel
 * may still use its memory) and the run fails with HF_ERR_WATCHDOG, HF_WAIT_KERNEL_EXIT, in one line. */
hf_status report_kernel_overdue(hf_session& session, hf_run_report* report);

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
