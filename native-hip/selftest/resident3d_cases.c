/*
 * resident3d_cases.c: the self-test's sweep of the cube's resident row (see resident3d_cases.h).
 */
#include "resident3d_cases.h"

#include <stdio.h>
#include <string.h>

#include "holdfast_native.h"
#include "test_support.h"

/* The row with k from the planner, and with k asked. */
static const Variant RESIDENT3D[] = {
    {"cube-dataflow-resident", "persistent-dataflow", "resident", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    {"cube-dataflow-resident-k1", "persistent-dataflow", "resident", HF_POLL_BUSY, 1, HF_PROBLEM_POISSON_3D},
    {"cube-dataflow-resident-k2", "persistent-dataflow", "resident", HF_POLL_BUSY, 2, HF_PROBLEM_POISSON_3D},
    {"cube-dataflow-resident-k3", "persistent-dataflow", "resident", HF_POLL_BUSY, 3, HF_PROBLEM_POISSON_3D},
};
enum { RESIDENT3D_COUNT = (int)(sizeof RESIDENT3D / sizeof RESIDENT3D[0]) };

/* Whether the planner takes the variant at n on `blocks` (0: its own count). */
static int planned(const Variant* variant, int n, int blocks)
{
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = variant->mode;
    config.variant = variant->variant;
    config.blocks = blocks;
    config.sweeps_per_exchange = variant->sweeps;
    const hf_problem problem = problem_of_kind(variant->problem, n);
    hf_plan plan;
    return hf_plan_run(&problem, &config, &plan) == HF_OK;
}

/* The largest N the planner takes with its own block count and k. */
static int largest_accepted(void)
{
    int largest = 0;
    for (int n = 3; n <= 300; ++n) {
        largest = planned(&RESIDENT3D[0], n, 0) ? n : largest;
    }
    return largest;
}

/* One variant on one problem at every block count the planner accepts: one line. */
static void run_block_counts(const Variant* variant, Problem* problem, double watchdog, CaseRecord record, void* tally)
{
    const int n = problem->n;
    int ran = 0;
    int matched = 0;
    int refused = 0;
    int first_wrong = -1;
    char wrong[512] = "";
    for (int blocks = 0; blocks <= n - 1; ++blocks) {
        if (!planned(variant, n, blocks)) {
            ++refused;
            continue;
        }
        Runner runner;
        hf_run_report run;
        hf_status status = runner_open(&runner, variant, n, blocks, 0, watchdog);
        if (status == HF_OK) {
            status = problem_reset(problem) ? runner_run(&runner, problem->device_u, problem->device_f,
                                                         problem->iterations, problem->h2, &run)
                                            : HF_ERR_RUNTIME;
        }
        double max_diff = 0.0;
        int identical = 0;
        const int matches = status == HF_OK && problem_check(problem, &max_diff, &identical) && identical;
        ++ran;
        matched += matches;
        if (!matches && first_wrong < 0) {
            first_wrong = blocks;
            snprintf(wrong, sizeof wrong, "%s, max|diff| = %.3g: %s", hf_status_name(status), max_diff,
                     status == HF_OK ? "" : last_error());
        }
        runner_close(&runner);
    }
    /* The planner's own choice must be taken at every N up to the largest. */
    const int own_taken = variant->sweeps > 0 || planned(variant, n, 0);
    record_case(record, tally, ran == matched && own_taken,
           "%-26s cube n=%-3d i=%-2d: %d of %d block counts bit-identical (0 and 1 .. %d; %d refused by the planner)%s%s",
           variant->name, n, problem->iterations, matched, ran, n - 1, refused, first_wrong >= 0 ? ", first wrong: " : "",
           first_wrong >= 0 ? wrong : "");
}

void run_resident3d_cases(const int* sizes, int size_count, int with_largest, int iterations, const char* variants,
                          double watchdog_seconds, CaseRecord record, void* tally)
{
    int any = 0;
    for (int v = 0; v < RESIDENT3D_COUNT; ++v) {
        any = any || selected(variants, RESIDENT3D[v].name);
    }
    if (!any) {
        return;
    }
    const int largest = largest_accepted();
    printf("     cube-dataflow-resident: largest N planned = %d\n", largest);
    const int counts[] = {1, 7, iterations};
    for (int s = 0; s < size_count + (with_largest ? 1 : 0); ++s) {
        const int n = s < size_count ? sizes[s] : largest;
        if (n < 3 || n > largest) {
            printf("     cube-dataflow-resident n=%d: beyond the largest N planned, skipped\n", n);
            continue;
        }
        for (int c = 0; c < 3; ++c) {
            if (counts[c] < 1 || (c == 2 && (counts[2] == 1 || counts[2] == 7))) {
                continue;
            }
            Problem problem;
            if (!problem_create_of(&problem, HF_PROBLEM_POISSON_3D, n, counts[c])) {
                record_case(record, tally, 0, "cube-dataflow-resident n=%d setup: %s", n, last_error());
                problem_destroy(&problem);
                continue;
            }
            for (int v = 0; v < RESIDENT3D_COUNT; ++v) {
                if (selected(variants, RESIDENT3D[v].name)) {
                    run_block_counts(&RESIDENT3D[v], &problem, watchdog_seconds, record, tally);
                }
            }
            problem_destroy(&problem);
        }
    }
}
