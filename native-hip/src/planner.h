/*
 * planner.h: the one owner of a persistent run's plan.
 *
 * hf_plan_run resolves the variant, asks the device what the variant's kernel can have
 * (occupancy, shared memory, cooperative launch), lets the row's planner hook choose the blocks
 * and the placement, refuses a grid that cannot be co-resident, and fills the hf_plan that the
 * caller shows and passes back unchanged. The rules read only plain values, so the host-only
 * test (tests/planner_test.cpp) checks them against a pretend H200.
 */
#ifndef HOLDFAST_PLANNER_H
#define HOLDFAST_PLANNER_H

#include "device.h"
#include "variant_table.h"

namespace holdfast {

constexpr int kMaxN = 46340; /* n * n must fit in an int, as in the Java kernels */
constexpr double kDefaultWatchdogSeconds = 10.0;
constexpr double kMaxWatchdogSeconds = 1e6; /* keeps the deadline in ticks well inside 64 bits */

/* Points of one colour per thread up to which one block holding the grid on chip is the fastest
 * grid (when u and f fit in its shared memory). On the H200 one block beat every multi-block
 * grid up to about that load (N = 33 at 256 threads, 2 points per thread: 1.06 us against 2.2 us
 * per iteration; its cost grows by about 0.8 ns per point of a colour) and lost well beyond it
 * (N = 101, 20 points per thread: 8.1 us against 2.6 us). */
constexpr int kOnChipPointsPerThread = 5;

/* Planner hooks (VariantRow::planner). */

/* As many blocks as are useful (HF_SPLIT_GRID_STRIDE: one thread per point of a colour;
 * HF_SPLIT_ROW_BANDS: one row each) and co-resident, or exactly the requested number. */
hf_status plan_spread(const PlanInput& input, PlanChoice* choice);

/* plan_spread, except that a small grid goes to one block that holds u and f in shared memory
 * (at most kOnChipPointsPerThread points of a colour per thread); and a grid of one block, chosen
 * or requested, runs on chip whenever u fits (f too when it also fits). */
hf_status plan_alone_on_chip(const PlanInput& input, PlanChoice* choice);

/* persistent-dataflow resident (resident_plan.cpp): one block per SM holding its band, k from
 * the caller or the auto rule, f on chip when it fits; refuses a band that does not fit. */
hf_status plan_resident(const PlanInput& input, PlanChoice* choice);

/* The LL mailbox of a resident plan (VariantRow::mailbox_lines). */
int64_t resident_mailbox_lines_of(const hf_plan& plan);

/* hf_plan_run: checks the config, then plans on the current device; "auto" tries the candidates
 * of the auto rule (auto_rule.h) in turn. */
hf_status plan_run(const hf_run_config& config, int n, hf_plan* plan);

/* The plan for this row on a device with these facts (the part of plan_run after the device
 * was asked). */
hf_status plan_from_facts(const hf_run_config& config, int n, int row_index, const DeviceFacts& facts,
                          hf_plan* plan);

/* The row a plan names, after checking that the plan is one hf_plan_run made (for
 * hf_session_open). */
hf_status check_plan(const hf_plan& plan, const VariantRow** row);

/* The checks that need the iteration count: a fault needs a half-sweep to wait at. */
hf_status check_run(const hf_plan& plan, int iterations);

/* The mode (variant) label of messages, e.g. "persistent-grid (two-slot)". */
const char* label_of(const hf_plan& plan);

}  // namespace holdfast

#endif /* HOLDFAST_PLANNER_H */
