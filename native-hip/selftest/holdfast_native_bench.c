/*
 * holdfast_native_bench: times the persistent modes (and the standard kernels, host time only)
 * from C, as a reference for the Java harness: one plan and session per case, the median of
 * repeated runs after a warm-up, the array checked against the sequential reference after the
 * last run.
 *
 *   holdfast_native_bench [--sizes 11,33,101,257] [--blocks 1,8,0] [--threads 256]
 *                         [--iterations 1000] [--repeats 5] [--variants name,...]
 *                         [--cube-sizes 16,32] [--cube-iterations 1000]
 *
 * The cube's variants (cube-...) run only at --cube-sizes (none by default).
 *
 * Columns: device us/iteration (events around the kernel), host us/iteration (launch to end),
 * and for persistent-host the host time per half-sweep (every block's handshake of one step) and
 * per handshake (host time / handshakes). Exit status 1 when a result does not match.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holdfast_native.h"
#include "test_support.h"

#define MAX_REPEATS 64

typedef struct {
    CaseGrid grid;
    int repeats;
} Options;

static int parse_options(int argc, char** argv, Options* options)
{
    CaseGrid* grid = &options->grid;
    parse_list("11,33,101,257", &grid->sizes);
    parse_list("1,8,0", &grid->blocks);
    parse_list("256", &grid->threads);
    grid->iterations = 1000;
    grid->cube_sizes.count = 0;
    grid->cube_iterations = 1000;
    grid->variants = NULL;
    options->repeats = 5;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--repeats") == 0) {
            options->repeats = atoi(argv[i + 1]);
        } else if (parse_grid_option(grid, argv[i], argv[i + 1]) != 1) {
            return 0;
        }
    }
    return argc % 2 == 1 && grid->iterations > 0 && grid->cube_iterations > 0 && options->repeats > 0 && options->repeats <= MAX_REPEATS;
}

static int compare_doubles(const void* a, const void* b)
{
    const double x = *(const double*)a;
    const double y = *(const double*)b;
    return (x > y) - (x < y);
}

static double median(double* values, int count)
{
    qsort(values, (size_t)count, sizeof(double), compare_doubles);
    return count % 2 == 1 ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2]);
}

/* One timed run; host time from here for the standard kernels, from the report otherwise. */
static int run_once(Problem* problem, Runner* runner, hf_run_report* report, double* host_ms)
{
    const Variant* variant = runner->variant;
    if (!problem_reset(problem)) {
        printf("| %s | %d | reset failed: %s |\n", variant->name, problem->n, last_error());
        return 0;
    }
    const double start = seconds_now();
    const hf_status status =
        runner_run(runner, problem->device_u, problem->device_f, problem->iterations, problem->h2, report);
    *host_ms = variant->mode == NULL ? (seconds_now() - start) * 1e3 : report->host_ms;
    if (status != HF_OK) {
        printf("| %s | %d | %d | %s: %s |\n", variant->name, problem->n, runner->plan.blocks, hf_status_name(status),
               last_error());
        return 0;
    }
    return 1;
}

/* Plan and session, warm-up, repeats, the check, one table row. */
static int bench_case(void* context, Problem* problem, const Variant* variant, int blocks, int threads)
{
    const Options* options = context;
    Runner runner;
    const hf_status opened = runner_open(&runner, variant, problem->n, blocks, threads, 0.0);
    if (opened != HF_OK) {
        printf("| %s | %d | %d | %s: %s |\n", variant->name, problem->n, blocks, hf_status_name(opened), last_error());
        runner_close(&runner);
        return 0;
    }
    hf_run_report report;
    double host_ms = 0.0;
    double device[MAX_REPEATS];
    double host[MAX_REPEATS];
    for (int r = -1; r < options->repeats; ++r) { /* run -1 is the warm-up */
        if (!run_once(problem, &runner, &report, &host_ms)) {
            runner_close(&runner);
            return 0;
        }
        if (r >= 0) {
            device[r] = report.device_ms;
            host[r] = host_ms;
        }
    }
    double max_diff = 0.0;
    int identical = 0;
    const int matches = problem_check(problem, &max_diff, &identical);
    const double host_median_ms = median(host, options->repeats);
    const double us_per_iteration = 1e3 / problem->iterations;
    char device_column[32] = "-";
    if (variant->mode != NULL) {
        snprintf(device_column, sizeof device_column, "%.2f", median(device, options->repeats) * us_per_iteration);
    }
    char handshake_columns[64] = "- | -";
    if (report.handshakes > 0) {
        snprintf(handshake_columns, sizeof handshake_columns, "%.2f | %.2f",
                 host_median_ms * us_per_iteration / 2.0, host_median_ms * 1e3 / (double)report.handshakes);
    }
    printf("| %s | %d | %d (%d)%s%s | %d | %s | %.2f | %s | %.3g%s |\n", variant->name, problem->n, runner.plan.blocks,
           runner.plan.active_blocks, runner.plan.on_chip ? ", " : "", runner.plan.on_chip ? runner.plan.note : "",
           threads, device_column, host_median_ms * us_per_iteration, handshake_columns, max_diff,
           matches ? "" : " MISMATCH");
    fflush(stdout);
    runner_close(&runner);
    return matches;
}

int main(int argc, char** argv)
{
    Options options;
    if (!parse_options(argc, argv, &options)) {
        fprintf(stderr,
                "usage: %s [--sizes 11,33,101,257] [--blocks 1,8,0] [--threads 256] [--iterations 1000]\n"
                "          [--repeats 5 (at most %d)] [--variants name,...] [--cube-sizes 16,32] [--cube-iterations 1000]\n",
                argv[0], MAX_REPEATS);
        return 2;
    }
    if (!gpu_available()) {
        return 77;
    }
    double queued = 0.0;
    double synced = 0.0;
    if (hf_launch_benchmark(1000, NULL, &queued, &synced) == HF_OK &&
        hf_launch_benchmark(10000, NULL, &queued, &synced) == HF_OK) {
        printf("empty kernel through cuLaunchKernel from C: %.2f us queued, %.2f us with a sync after each\n\n",
               queued * 1e6, synced * 1e6);
    } else {
        printf("launch benchmark: %s\n\n", last_error());
    }
    printf("%d iterations, median of %d runs after a warm-up\n\n", options.grid.iterations, options.repeats);
    printf("| variant | n | blocks (with rows) | threads | device us/iter | host us/iter | host us/half-sweep "
           "| host us/handshake | max diff |\n");
    printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    return for_each_case(&options.grid, bench_case, &options) == 0 ? 0 : 1;
}
