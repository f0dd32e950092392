/*
 * work_check.cpp: the host's side of the kernels' work count (work_check.h).
 */
#include "work_check.h"

#include "planner.h"
#include "runtime_check.h"

namespace holdfast {

hf_status check_work(const hf_session& session, int steps, hf_run_report* report)
{
    WorkTally tally{};
    HF_CHECK(hipMemcpyAsync(&tally, &session.control()->work, sizeof tally, hipMemcpyDeviceToHost, session.stream));
    HF_CHECK(hipStreamSynchronize(session.stream));
    return judge_work(tally, steps, session.plan.active_blocks, label_of(session.plan), session.plan.n, report);
}

hf_status judge_work(const WorkTally& tally, int steps, int blocks, const char* label, int n, hf_run_report* report)
{
    const bool any = tally.blocks > 0;
    report->work_expected = steps;
    report->work_blocks_expected = blocks;
    report->work_blocks = static_cast<int32_t>(tally.blocks);
    /* lowest holds ~count << 32 | block, highest count << 32 | block (device/work_count.h). */
    report->work_fewest = any ? static_cast<int32_t>(~static_cast<uint32_t>(tally.lowest >> 32)) : -1;
    report->work_fewest_block = any ? static_cast<int32_t>(tally.lowest & 0xffffffffu) : -1;
    report->work_most = any ? static_cast<int32_t>(tally.highest >> 32) : -1;
    report->work_most_block = any ? static_cast<int32_t>(tally.highest & 0xffffffffu) : -1;
    if (report->work_blocks != blocks) {
        return fail(HF_ERR_INCOMPLETE_WORK, "%s at n = %d: %d of %d blocks with work reported their half-sweeps (each must run %d)",
                    label, n, report->work_blocks, blocks, steps);
    }
    if (report->work_fewest != steps) {
        return fail(HF_ERR_INCOMPLETE_WORK, "%s at n = %d: block %d ran %d of %d half-sweeps (blocks ran %d to %d)",
                    label, n, report->work_fewest_block, report->work_fewest, steps, report->work_fewest,
                    report->work_most);
    }
    if (report->work_most != steps) {
        return fail(HF_ERR_INCOMPLETE_WORK, "%s at n = %d: block %d ran %d half-sweeps, %d were asked for", label, n,
                    report->work_most_block, report->work_most, steps);
    }
    return HF_OK;
}

hf_run_report empty_run_report()
{
    hf_run_report report{};
    report.error_block = -1;
    report.error_step = -1;
    report.error_peer = -1;
    report.work_fewest = -1;
    report.work_fewest_block = -1;
    report.work_most = -1;
    report.work_most_block = -1;
    return report;
}

}  // namespace holdfast
