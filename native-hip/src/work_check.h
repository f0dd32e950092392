/*
 * work_check.h: after a run, whether the kernel's blocks ran every half-sweep asked for
 * (device/work_count.h): the counts go into the report, a shortfall or a surplus is
 * HF_ERR_INCOMPLETE_WORK naming the variant, the block and the counts.
 */
#ifndef HOLDFAST_WORK_CHECK_H
#define HOLDFAST_WORK_CHECK_H

#include "session.h"

namespace holdfast {

/* Reads the control block's tally (after the kernel has ended), fills report->work_*, and
 * returns HF_OK when every block with work reported exactly `steps` half-sweeps. */
hf_status check_work(const hf_session& session, int steps, hf_run_report* report);

/* The same judgement of a tally already read: `blocks` must each report exactly `steps`
 * half-sweeps; the message names `label` (the variant, or a launch outside a session). */
hf_status judge_work(const WorkTally& tally, int steps, int blocks, const char* label, int n, hf_run_report* report);

/* A report before the run: nothing known (the -1s of "none"). */
hf_run_report empty_run_report();

}  // namespace holdfast

#endif /* HOLDFAST_WORK_CHECK_H */
