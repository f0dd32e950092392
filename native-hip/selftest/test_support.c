/*
 * test_support.c: the problem, the reference and the helpers of test_support.h.
 */
#include "test_support.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const Variant VARIANTS[] = {
    {"standard", NULL, NULL, HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-cooperative-groups", "persistent-grid", "cg", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-two-slot", "persistent-grid", "two-slot", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-temporal", "persistent-grid", "temporal", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-k3", "persistent-grid", "temporal", HF_POLL_BUSY, 3, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-cg", "persistent-grid", "temporal-cg", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-cg-k2", "persistent-grid", "temporal-cg", HF_POLL_BUSY, 2, HF_PROBLEM_POISSON_2D},
    /* The deep passes: f's ring in shared memory holds 10 rows, deeper levels read f from global
     * memory; 24 and 32 run one block per multiprocessor. */
    {"grid-temporal-k12", "persistent-grid", "temporal", HF_POLL_BUSY, 12, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-k16", "persistent-grid", "temporal", HF_POLL_BUSY, 16, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-k24", "persistent-grid", "temporal", HF_POLL_BUSY, 24, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-k32", "persistent-grid", "temporal", HF_POLL_BUSY, 32, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-cg-k16", "persistent-grid", "temporal-cg", HF_POLL_BUSY, 16, HF_PROBLEM_POISSON_2D},
    /* Three blocks per SM (k from the planner: 8), and f's and out's pairs in 16-byte accesses (odd
     * and even N take different forms; k = 3 has passes whose first colour is odd). */
    {"grid-temporal-3blocks", "persistent-grid", "temporal-3blocks", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-3blocks-k2", "persistent-grid", "temporal-3blocks", HF_POLL_BUSY, 2, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-3blocks-k6", "persistent-grid", "temporal-3blocks", HF_POLL_BUSY, 6, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-paired", "persistent-grid", "temporal-paired", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-paired-k3", "persistent-grid", "temporal-paired", HF_POLL_BUSY, 3, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-paired-k6", "persistent-grid", "temporal-paired", HF_POLL_BUSY, 6, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-paired-k12", "persistent-grid", "temporal-paired", HF_POLL_BUSY, 12, HF_PROBLEM_POISSON_2D},
    {"grid-temporal-paired-k16", "persistent-grid", "temporal-paired", HF_POLL_BUSY, 16, HF_PROBLEM_POISSON_2D},
    /* Every SM a band, in several clusters (k from the planner, and asked; whole clusters only: odd
     * block counts are refused, as are bands thinner than k). */
    {"grid-cluster-bands", "persistent-grid", "cluster-bands", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-cluster-bands-k1", "persistent-grid", "cluster-bands", HF_POLL_BUSY, 1, HF_PROBLEM_POISSON_2D},
    {"grid-cluster-bands-k2", "persistent-grid", "cluster-bands", HF_POLL_BUSY, 2, HF_PROBLEM_POISSON_2D},
    {"grid-cluster-bands-k3", "persistent-grid", "cluster-bands", HF_POLL_BUSY, 3, HF_PROBLEM_POISSON_2D},
    {"grid-cluster-bands-k5", "persistent-grid", "cluster-bands", HF_POLL_BUSY, 5, HF_PROBLEM_POISSON_2D},
    {"host-lockstep-busy", "persistent-host", "lockstep", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"host-lockstep-sleep", "persistent-host", "lockstep", HF_POLL_SLEEP, 0, HF_PROBLEM_POISSON_2D},
    {"host-neighbour-busy", "persistent-host", "neighbour", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"host-neighbour-sleep", "persistent-host", "neighbour", HF_POLL_SLEEP, 0, HF_PROBLEM_POISSON_2D},
    {"host-relay-busy", "persistent-host", "relay", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"host-relay-sleep", "persistent-host", "relay", HF_POLL_SLEEP, 0, HF_PROBLEM_POISSON_2D},
    {"dataflow", "persistent-dataflow", "counters", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"dataflow-resident", "persistent-dataflow", "resident", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"dataflow-resident-k1", "persistent-dataflow", "resident", HF_POLL_BUSY, 1, HF_PROBLEM_POISSON_2D},
    {"dataflow-resident-k2", "persistent-dataflow", "resident", HF_POLL_BUSY, 2, HF_PROBLEM_POISSON_2D},
    {"dataflow-resident-k5", "persistent-dataflow", "resident", HF_POLL_BUSY, 5, HF_PROBLEM_POISSON_2D},
    /* The cube's (at --cube-sizes; their on-chip register variant, cube-grid-block, is the self-test's
     * ON_CHIP list's). */
    {"cube-grid-cooperative-groups", "persistent-grid", "cg", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    {"cube-grid-two-slot", "persistent-grid", "two-slot", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    {"cube-host-lockstep-busy", "persistent-host", "lockstep", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    {"cube-host-lockstep-sleep", "persistent-host", "lockstep", HF_POLL_SLEEP, 0, HF_PROBLEM_POISSON_3D},
    {"cube-host-neighbour-busy", "persistent-host", "neighbour", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    {"cube-host-neighbour-sleep", "persistent-host", "neighbour", HF_POLL_SLEEP, 0, HF_PROBLEM_POISSON_3D},
    {"cube-host-relay-busy", "persistent-host", "relay", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    {"cube-host-relay-sleep", "persistent-host", "relay", HF_POLL_SLEEP, 0, HF_PROBLEM_POISSON_3D},
    {"cube-dataflow", "persistent-dataflow", "counters", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    /* the cube's slabs of planes (k from the planner; resident3d_cases.c sweeps k, blocks and N) */
    {"cube-dataflow-resident", "persistent-dataflow", "resident", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
};
const int VARIANT_COUNT = (int)(sizeof VARIANTS / sizeof VARIANTS[0]);

int parse_list(const char* text, IntList* list)
{
    list->count = 0;
    const char* cursor = text;
    while (*cursor != '\0' && list->count < MAX_LIST) {
        char* end = NULL;
        const long value = strtol(cursor, &end, 10);
        if (end == cursor) {
            return 0;
        }
        list->values[list->count++] = (int)value;
        cursor = *end == ',' ? end + 1 : end;
    }
    if (*cursor != '\0' && list->count == MAX_LIST) {
        fprintf(stderr, "a list takes at most %d values: %s\n", MAX_LIST, text);
    }
    return list->count > 0 && *cursor == '\0';
}

int selected(const char* list, const char* name)
{
    if (list == NULL) {
        return 1;
    }
    const size_t length = strlen(name);
    const char* item = list;
    while (item != NULL) {
        if (strncmp(item, name, length) == 0 && (item[length] == ',' || item[length] == '\0')) {
            return 1;
        }
        /* "prefix*": every name that starts with prefix (cube-* for the cube's cases) */
        const char* star = strchr(item, '*');
        const char* comma_after = strchr(item, ',');
        if (star != NULL && (comma_after == NULL || star < comma_after) && (star[1] == ',' || star[1] == '\0') &&
            strncmp(item, name, (size_t)(star - item)) == 0) {
            return 1;
        }
        const char* comma = strchr(item, ',');
        item = comma != NULL ? comma + 1 : NULL;
    }
    return 0;
}

hf_problem problem_of(int n) { return problem_of_kind(HF_PROBLEM_POISSON_2D, n); }

hf_problem problem_of_kind(int kind, int n)
{
    const double d = 1.0 / (n - 1);
    hf_problem problem;
    memset(&problem, 0, sizeof problem);
    problem.kind = kind;
    problem.n = n;
    problem.h2 = d * d;
    return problem;
}

hf_status runner_open(Runner* runner, const Variant* variant, int n, int blocks, int threads, double watchdog)
{
    memset(runner, 0, sizeof *runner);
    runner->variant = variant;
    if (variant->mode == NULL) {
        const int points = (n - 2) * ((n - 1) / 2);
        runner->plan.blocks = blocks > 0 ? blocks : (points + threads - 1) / threads;
        runner->plan.active_blocks = runner->plan.blocks;
        runner->plan.threads_per_block = threads;
        runner->plan.n = n;
        return HF_OK;
    }
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = variant->mode;
    config.variant = variant->variant;
    config.blocks = blocks;
    config.threads_per_block = threads;
    config.host_polling = variant->polling;
    config.sweeps_per_exchange = variant->sweeps;
    config.watchdog_seconds = watchdog;
    const hf_problem problem = problem_of_kind(variant->problem, n);
    const hf_status opened = hf_session_open(&problem, &config, NULL, &runner->session);
    return opened != HF_OK ? opened : hf_session_plan(runner->session, &runner->plan);
}

hf_status runner_run(Runner* runner, void* device_u, void* device_f, int iterations, double h2,
                     hf_run_report* report)
{
    memset(report, 0, sizeof *report);
    if (runner->variant->mode == NULL) {
        return hf_launch_standard(device_u, device_f, runner->plan.n, iterations, h2, runner->plan.blocks,
                                  runner->plan.threads_per_block, NULL);
    }
    return hf_session_run(runner->session, device_u, device_f, iterations, report);
}

void runner_close(Runner* runner)
{
    if (runner->session != NULL) {
        hf_session_close(runner->session);
    }
    memset(runner, 0, sizeof *runner);
}

double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

const char* last_error(void)
{
    static char message[2048];
    hf_last_error(message, (int64_t)sizeof message);
    return message;
}

/* The sequential red-black reference, in the kernels' arithmetic order. */
static void solve_reference(double* u, const double* f, int n, double h2, int iterations)
{
    for (int iteration = 0; iteration < iterations; ++iteration) {
        for (int colour = 0; colour < 2; ++colour) {
            for (int i = 1; i < n - 1; ++i) {
                for (int j = 1; j < n - 1; ++j) {
                    if (((i + j) & 1) == colour) {
                        const int c = i * n + j;
                        u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                    }
                }
            }
        }
    }
}

/* The cube's sequential red-black reference (ReferenceSolver3D): plane by plane, row by row, the
 * neighbours in planes i + 1, i - 1, rows j + 1, j - 1, columns k + 1, k - 1, minus h2 f, / 6. */
static void solve_reference_3d(double* u, const double* f, int n, double h2, int iterations)
{
    const size_t plane = (size_t)n * (size_t)n;
    for (int iteration = 0; iteration < iterations; ++iteration) {
        for (int colour = 0; colour < 2; ++colour) {
            for (int i = 1; i < n - 1; ++i) {
                for (int j = 1; j < n - 1; ++j) {
                    for (int k = 1; k < n - 1; ++k) {
                        if (((i + j + k) & 1) == colour) {
                            const size_t c = ((size_t)i * n + j) * n + k;
                            u[c] = (u[c + plane] + u[c - plane] + u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) /
                                   6.0;
                        }
                    }
                }
            }
        }
    }
}

static void solve_reference_of(const Problem* problem, double* u, int iterations)
{
    if (problem->kind == HF_PROBLEM_POISSON_3D) {
        solve_reference_3d(u, problem->f, problem->n, problem->h2, iterations);
    } else {
        solve_reference(u, problem->f, problem->n, problem->h2, iterations);
    }
}

/* Points of u (and f): n^2, or n^3 for the cube. */
static size_t problem_cells(const Problem* problem)
{
    const size_t side = (size_t)problem->n;
    return problem->kind == HF_PROBLEM_POISSON_3D ? side * side * side : side * side;
}

static int64_t problem_bytes(const Problem* problem)
{
    return (int64_t)problem_cells(problem) * (int64_t)sizeof(double);
}

int problem_create(Problem* problem, int n, int iterations)
{
    return problem_create_of(problem, HF_PROBLEM_POISSON_2D, n, iterations);
}

int problem_create_of(Problem* problem, int kind, int n, int iterations)
{
    const double pi = 3.14159265358979323846;
    const double d = 1.0 / (double)(n - 1);
    memset(problem, 0, sizeof *problem);
    problem->kind = kind;
    problem->n = n;
    problem->iterations = iterations;
    problem->h2 = d * d;
    const size_t count = problem_cells(problem);
    problem->initial = calloc(count, sizeof(double));
    problem->f = calloc(count, sizeof(double));
    problem->expected = calloc(count, sizeof(double));
    problem->actual = calloc(count, sizeof(double));
    if (!problem->initial || !problem->f || !problem->expected || !problem->actual) {
        return 0;
    }
    const int cube = kind == HF_PROBLEM_POISSON_3D;
    uint64_t seed = 0x9E3779B97F4A7C15ull ^ (uint64_t)n ^ (cube ? 0x3Dull << 32 : 0); /* an LCG: the same interior for every run */
    for (size_t cell = 0; cell < count; ++cell) {
        /* (i, j) of the square, (i, j, k) of the cube, from the cell's index */
        const int k = cube ? (int)(cell % (size_t)n) : 0;
        const size_t row = cube ? cell / (size_t)n : cell;
        const int i = (int)(row / (size_t)n);
        const int j = (int)(row % (size_t)n);
        const int boundary = i == 0 || j == 0 || i == n - 1 || j == n - 1 || (cube && (k == 0 || k == n - 1));
        const double exact = cube ? sin(pi * (double)i * d) * sin(pi * (double)j * d) * cos(pi * (double)k * d)
                                  : sin(2.0 * pi * (double)j * d) * cos(2.0 * pi * (double)i * d);
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        const double random = (double)(seed >> 11) * 0x1.0p-53 * 2.0 - 1.0;
        problem->initial[cell] = boundary ? exact : random;
        problem->f[cell] = (cube ? 3.0 : -8.0) * pi * pi * exact;
    }
    memcpy(problem->expected, problem->initial, count * sizeof(double));
    if (iterations > 0) {
        solve_reference_of(problem, problem->expected, iterations - 1);
        memcpy(problem->actual, problem->expected, count * sizeof(double));
        solve_reference_of(problem, problem->expected, 1);
        for (size_t k = 0; k < count; ++k) {
            const double change = fabs(problem->expected[k] - problem->actual[k]);
            problem->sensitivity = change > problem->sensitivity ? change : problem->sensitivity;
        }
    }
    const int64_t bytes = problem_bytes(problem);
    return hf_device_alloc(bytes, &problem->device_u) == HF_OK && hf_device_alloc(bytes, &problem->device_f) == HF_OK &&
           hf_copy_to_device(problem->device_f, problem->f, bytes) == HF_OK;
}

void problem_destroy(Problem* problem)
{
    if (problem->device_u) {
        hf_device_free(problem->device_u);
    }
    if (problem->device_f) {
        hf_device_free(problem->device_f);
    }
    free(problem->initial);
    free(problem->f);
    free(problem->expected);
    free(problem->actual);
    memset(problem, 0, sizeof *problem);
}

int problem_reset(Problem* problem)
{
    return hf_copy_to_device(problem->device_u, problem->initial, problem_bytes(problem)) == HF_OK;
}

int problem_check(Problem* problem, double* max_diff, int* identical)
{
    if (hf_copy_to_host(problem->actual, problem->device_u, problem_bytes(problem)) != HF_OK) {
        return 0;
    }
    const size_t count = problem_cells(problem);
    *max_diff = 0.0;
    *identical = memcmp(problem->actual, problem->expected, count * sizeof(double)) == 0;
    for (size_t k = 0; k < count; ++k) {
        const double diff = fabs(problem->actual[k] - problem->expected[k]);
        if (!(diff <= *max_diff)) { /* also catches NaN */
            *max_diff = isnan(diff) ? INFINITY : diff;
        }
    }
    return *identical;
}

int parse_grid_option(CaseGrid* grid, const char* option, const char* value)
{
    if (strcmp(option, "--sizes") == 0) {
        return parse_list(value, &grid->sizes) ? 1 : -1;
    }
    if (strcmp(option, "--blocks") == 0) {
        return parse_list(value, &grid->blocks) ? 1 : -1;
    }
    if (strcmp(option, "--threads") == 0) {
        return parse_list(value, &grid->threads) ? 1 : -1;
    }
    if (strcmp(option, "--iterations") == 0) {
        grid->iterations = atoi(value);
        return grid->iterations >= 0 ? 1 : -1;
    }
    if (strcmp(option, "--cube-sizes") == 0) {
        return parse_list(value, &grid->cube_sizes) ? 1 : -1;
    }
    if (strcmp(option, "--cube-iterations") == 0) {
        grid->cube_iterations = atoi(value);
        return grid->cube_iterations >= 0 ? 1 : -1;
    }
    if (strcmp(option, "--variants") == 0) {
        grid->variants = value;
        return 1;
    }
    return 0;
}

int gpu_available(void)
{
    int32_t devices = 0;
    if (hf_device_count(&devices) != HF_OK) {
        printf("SKIP no GPU: %s\n", last_error());
        return 0;
    }
    return 1;
}

int for_each_case(const CaseGrid* grid, CaseFunction run_one, void* context)
{
    static const int KINDS[] = {HF_PROBLEM_POISSON_2D, HF_PROBLEM_POISSON_3D};
    int failures = 0;
    for (size_t kind_index = 0; kind_index < sizeof KINDS / sizeof KINDS[0]; ++kind_index) {
        const int kind = KINDS[kind_index];
        int any = 0;
        for (int v = 0; v < VARIANT_COUNT; ++v) {
            any = any || (VARIANTS[v].problem == kind && selected(grid->variants, VARIANTS[v].name));
        }
        const int cube = kind == HF_PROBLEM_POISSON_3D;
        const IntList* sizes = cube ? &grid->cube_sizes : &grid->sizes;
        const int iterations = cube ? grid->cube_iterations : grid->iterations;
        for (int s = 0; any && s < sizes->count; ++s) {
            Problem problem;
            if (!problem_create_of(&problem, kind, sizes->values[s], iterations)) {
                printf("FAIL setup %sn=%d: %s\n", cube ? "cube " : "", sizes->values[s], last_error());
                problem_destroy(&problem);
                ++failures;
                continue;
            }
            printf("---- %sn=%d: %d iterations, sensitivity max|ref(%d) - ref(%d)| = %.3g\n", cube ? "cube " : "",
                   problem.n, iterations, iterations, iterations - 1, problem.sensitivity);
            for (int v = 0; v < VARIANT_COUNT; ++v) {
                if (VARIANTS[v].problem != kind || !selected(grid->variants, VARIANTS[v].name)) {
                    continue;
                }
                for (int t = 0; t < grid->threads.count; ++t) {
                    for (int b = 0; b < grid->blocks.count; ++b) {
                        failures += run_one(context, &problem, &VARIANTS[v], grid->blocks.values[b],
                                            grid->threads.values[t])
                                        ? 0
                                        : 1;
                    }
                }
            }
            problem_destroy(&problem);
        }
    }
    return failures;
}

void record_case(CaseRecord record, void* tally, int passed, const char* format, ...)
{
    char line[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    record(tally, passed, line);
}
