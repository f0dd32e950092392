/*
 * session.h: the resources of a planned persistent run on one stream.
 *
 * hf_session_open plans the run (planner.cpp) and allocates everything it needs: the control
 * block (error word, barrier slots, one step counter per block), the host flags of a
 * HF_TRAIT_HOST_FLAGS variant (mapped, pinned, one 128-byte line each), the self-flagged halo lines
 * of a variant that has them (zeroed once; each run takes flags above the last run's, so a stale
 * line never passes for a new one), the scratch array of a HF_TRAIT_TWO_BUFFERS variant and the two
 * timing events; it also sets the kernel's attributes. The session keeps the problem (n, h2) and
 * the plan; nobody outside can change either. hf_session_run (execute.cpp) then allocates nothing.
 */
#ifndef HOLDFAST_SESSION_H
#define HOLDFAST_SESSION_H

#include <cstddef>

#include "hf_gpu.h"
#include "device/ll_line.h"
#include "host_flags.h"
#include "persistent_args.h"
#include "variant_table.h"

/* The C ABI's opaque hf_session. */
struct hf_session {
    hf_problem problem;
    hf_plan plan;
    const holdfast::VariantRow* row = nullptr;
    const void* kernel = nullptr;       /* the plan's kernel */
    hipStream_t stream = nullptr;
    long long timeout_ticks = 0;        /* the watchdog, in the device's wall-clock ticks */

    void* control_memory = nullptr;     /* ControlBlock, then one StepCounter per block */
    size_t control_bytes = 0;
    holdfast::HostFlag* host_flags = nullptr;   /* host view of the mapped flags */
    holdfast::HostFlag* device_flags = nullptr; /* the device's view of the same memory */
    size_t flag_bytes = 0;
    holdfast::LLLine* mailbox = nullptr; /* VariantRow::mailbox_lines lines, zeroed at open */
    size_t mailbox_bytes = 0;
    double* scratch = nullptr;           /* HF_TRAIT_TWO_BUFFERS: the second array, n * n doubles */
    unsigned int next_flag_base = 0;     /* the next run's flag base: above every flag sent so far */
    hipEvent_t start = nullptr;
    hipEvent_t stop = nullptr;

    holdfast::StreamGeometry items{};   /* HF_TRAIT_TWO_BUFFERS (temporal) variants: how a pass is cut */
    holdfast::StreamGeometry3d items_3d{}; /* the cube's temporal variant: how a pass is cut */
    bool kernel_stuck = false;          /* a kernel did not end: its memory must outlive the session */
    double last_seconds_per_step = 0;   /* the last run's device time per half-sweep (its deadline) */

    holdfast::ControlBlock* control() const { return static_cast<holdfast::ControlBlock*>(control_memory); }
    holdfast::StepCounter* counters() const { return reinterpret_cast<holdfast::StepCounter*>(control() + 1); }
};

namespace holdfast {

/* Plans (problem, config) on the current device and allocates what the plan needs. */
hf_status open_session(const hf_problem& problem, const hf_run_config& config, hipStream_t stream,
                       hf_session** session);

/* Allocates what a plan that plan_run made for `problem` needs (hf_run, which has planned already). */
hf_status open_planned_session(const hf_problem& problem, const hf_plan& plan, hipStream_t stream, hf_session** session);

/* Frees the resources (not after a stuck kernel) and the session. */
hf_status close_session(hf_session* session);

/* One run of the session's plan on u and f (execute.cpp); the result is in u. */
hf_status run_session(hf_session& session, double* u, const double* f, int iterations, hf_run_report* report);

}  // namespace holdfast

#endif /* HOLDFAST_SESSION_H */
