/*
 * watchdog_report.h: what a run that timed out reports: the wait, the block, the step, and which
 * block held the others up, in the report's error_* fields and in the thread's message.
 */
#ifndef HOLDFAST_WATCHDOG_REPORT_H
#define HOLDFAST_WATCHDOG_REPORT_H

#include "host_scheduler.h"
#include "session.h"

namespace holdfast {

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
