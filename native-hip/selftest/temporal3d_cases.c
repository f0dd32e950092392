/*
 * temporal3d_cases.c: the self-test's cases of persistent-grid temporal on the cube (see
 * temporal3d_cases.h). The cube is the Java problem's (Poisson3DProblem): u = sin(2 pi x) cos(2 pi y)
 * cos(2 pi z) on the boundary, a seeded random interior, f = -12 pi^2 u; the reference adds the six
 * neighbours in the kernels' order (i + 1, i - 1, j + 1, j - 1, k + 1, k - 1), subtracts h2 f and
 * divides by 6, so a correct kernel equals it bit for bit.
 */
#include "temporal3d_cases.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holdfast_native.h"
#include "test_support.h"

static const int DEFAULT_SIZES[] = {3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 257};
static const int SWEEPS[] = {1, 2, 3, 4, 6, 8};

typedef struct {
    CaseRecord record;
    void* tally;
} Counts;

static void report(Counts* counts, int passed, const char* format, ...) __attribute__((format(printf, 3, 4)));

static void report(Counts* counts, int passed, const char* format, ...)
{
    char line[4096];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    counts->record(counts->tally, passed, line);
}

/* The cube's points, n^3. */
static size_t count_of(const Problem* cube) { return (size_t)cube->n * (size_t)cube->n * (size_t)cube->n; }

static hf_problem cube_problem(const Problem* cube)
{
    hf_problem problem;
    memset(&problem, 0, sizeof problem);
    problem.kind = HF_PROBLEM_POISSON_3D;
    problem.n = cube->n;
    problem.h2 = cube->h2;
    return problem;
}

static size_t at(int n, int i, int j, int k) { return ((size_t)i * (size_t)n + (size_t)j) * (size_t)n + (size_t)k; }

static void reference_half_sweep(double* u, const double* f, int n, double h2, int colour)
{
    for (int i = 1; i < n - 1; ++i) {
        for (int j = 1; j < n - 1; ++j) {
            for (int k = 1; k < n - 1; ++k) {
                if (((i + j + k) & 1) == colour) {
                    const size_t c = at(n, i, j, k);
                    u[c] = (u[at(n, i + 1, j, k)] + u[at(n, i - 1, j, k)] + u[at(n, i, j + 1, k)] + u[at(n, i, j - 1, k)] +
                            u[at(n, i, j, k + 1)] + u[at(n, i, j, k - 1)] - h2 * f[c]) /
                           6.0;
                }
            }
        }
    }
}

/* 1 on success; problem_destroy() in every case. The reference after `iterations` iterations. */
static int cube_create(Problem* cube, int n, int iterations)
{
    const double pi = 3.14159265358979323846;
    const double d = 1.0 / (double)(n - 1);
    memset(cube, 0, sizeof *cube);
    cube->n = n;
    cube->h2 = d * d;
    const size_t count = count_of(cube);
    cube->initial = calloc(count, sizeof(double));
    cube->f = calloc(count, sizeof(double));
    cube->expected = calloc(count, sizeof(double));
    cube->actual = calloc(count, sizeof(double));
    if (!cube->initial || !cube->f || !cube->expected || !cube->actual) {
        return 0;
    }
    uint64_t seed = 0xD1B54A32D192ED03ull ^ (uint64_t)n; /* an LCG: the same interior for every run */
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            for (int k = 0; k < n; ++k) {
                const double exact = sin(2.0 * pi * k * d) * cos(2.0 * pi * j * d) * cos(2.0 * pi * i * d);
                const int boundary = i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1;
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                const double random = (double)(seed >> 11) * 0x1.0p-53 * 2.0 - 1.0;
                cube->initial[at(n, i, j, k)] = boundary ? exact : random;
                cube->f[at(n, i, j, k)] = -12.0 * pi * pi * exact;
            }
        }
    }
    memcpy(cube->expected, cube->initial, count * sizeof(double));
    for (int step = 0; step < 2 * iterations; ++step) {
        reference_half_sweep(cube->expected, cube->f, n, cube->h2, step & 1);
    }
    const int64_t bytes = (int64_t)(count * sizeof(double));
    return hf_device_alloc(bytes, &cube->device_u) == HF_OK && hf_device_alloc(bytes, &cube->device_f) == HF_OK &&
           hf_copy_to_device(cube->device_f, cube->f, bytes) == HF_OK;
}

static int cube_reset(Problem* cube)
{
    return hf_copy_to_device(cube->device_u, cube->initial, (int64_t)(count_of(cube) * sizeof(double))) == HF_OK;
}

/* Whether the device array equals the reference bit for bit. */
static int cube_matches(Problem* cube)
{
    return hf_copy_to_host(cube->actual, cube->device_u, (int64_t)(count_of(cube) * sizeof(double))) == HF_OK &&
           memcmp(cube->actual, cube->expected, count_of(cube) * sizeof(double)) == 0;
}

static hf_run_config config_of(int k, int blocks, double watchdog_seconds)
{
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = "persistent-grid";
    config.variant = "temporal";
    config.blocks = blocks;
    config.sweeps_per_exchange = k;
    config.watchdog_seconds = watchdog_seconds;
    return config;
}

static const char* last_message(void)
{
    static char message[2048];
    hf_last_error(message, (int64_t)sizeof message);
    return message;
}

/* One session of k at `blocks` (0: the planner's), run `runs` times from the initial array. */
static void run_case(Counts* counts, Problem* cube, int k, int blocks, int iterations, int runs, double watchdog_seconds)
{
    const hf_problem problem = cube_problem(cube);
    const hf_run_config config = config_of(k, blocks, watchdog_seconds);
    hf_session* session = NULL;
    hf_plan plan;
    memset(&plan, 0, sizeof plan);
    hf_status status = hf_session_open(&problem, &config, NULL, &session);
    if (status == HF_OK) {
        status = hf_session_plan(session, &plan);
    }
    int matching = 0;
    for (int run = 0; run < runs && status == HF_OK; ++run) {
        hf_run_report run_report;
        status = cube_reset(cube) ? hf_session_run(session, cube->device_u, cube->device_f, iterations, &run_report)
                                  : HF_ERR_RUNTIME;
        matching += status == HF_OK && cube_matches(cube) ? 1 : 0;
    }
    report(counts, status == HF_OK && matching == runs,
           "temporal3d n=%-3d k=%d blocks=%-3d (asked %d, %d shared bytes, kernel %s): %d of %d runs bit-identical%s%s",
           cube->n, k, plan.blocks, blocks, (int)plan.shared_bytes, plan.kernel, matching, runs,
           status == HF_OK ? "" : ": ", status == HF_OK ? "" : last_message());
    if (session != NULL) {
        hf_session_close(session);
    }
}

/* HF_FAULT_SKIP_HALF_SWEEP must fail with HF_ERR_INCOMPLETE_WORK; HF_FAULT_SKIP_GRID_BARRIER with
 * HF_ERR_WATCHDOG, promptly. */
static void run_fault_cases(Counts* counts, Problem* cube)
{
    const hf_problem problem = cube_problem(cube);
    hf_run_config config = config_of(4, 3, 0.2);
    config.fault = HF_FAULT_SKIP_HALF_SWEEP;
    config.fault_block = 1;
    hf_run_report run_report;
    hf_status status = cube_reset(cube) ? hf_run(&problem, &config, cube->device_u, cube->device_f, 10, NULL, NULL, &run_report)
                                        : HF_ERR_RUNTIME;
    report(counts, status == HF_ERR_INCOMPLETE_WORK, "temporal3d n=%d k=4, block 1 skips a half-sweep -> %s: %s", cube->n,
           hf_status_name(status), last_message());
    config.fault = HF_FAULT_SKIP_GRID_BARRIER;
    const double start = seconds_now();
    status = cube_reset(cube) ? hf_run(&problem, &config, cube->device_u, cube->device_f, 10, NULL, NULL, &run_report)
                              : HF_ERR_RUNTIME;
    const double elapsed = seconds_now() - start;
    report(counts, status == HF_ERR_WATCHDOG && run_report.error_block >= 0 && elapsed < 3.0,
           "temporal3d n=%d k=4, block 1 skips the grid barrier -> %s in %.2f s (block %d, step %d): %s", cube->n,
           hf_status_name(status), elapsed, run_report.error_block, run_report.error_step, last_message());
}

void run_temporal3d_cases(const int* sizes, int size_count, int iterations, double watchdog_seconds, int faults,
                          CaseRecord record, void* tally)
{
    Counts counts = {record, tally};
    if (sizes == NULL) {
        sizes = DEFAULT_SIZES;
        size_count = (int)(sizeof DEFAULT_SIZES / sizeof DEFAULT_SIZES[0]);
    }
    iterations = iterations < 1 ? 1 : iterations;
    int handles = 0;
    for (size_t k = 0; k < sizeof SWEEPS / sizeof SWEEPS[0]; ++k) {
        char name[64];
        void* function = NULL;
        snprintf(name, sizeof name, "hf_stream_pass_3d_k%d", SWEEPS[k]);
        handles += hf_get_kernel(name, &function) == HF_OK && function != NULL ? 1 : 0;
    }
    report(&counts, handles == (int)(sizeof SWEEPS / sizeof SWEEPS[0]),
           "temporal3d: the standard twins hf_stream_pass_3d_k1 .. k8 found by name (%d of 6)", handles);
    for (int s = 0; s < size_count; ++s) {
        Problem cube;
        if (!cube_create(&cube, sizes[s], iterations)) {
            report(&counts, 0, "temporal3d n=%d setup: %s", sizes[s], last_message());
            problem_destroy(&cube);
            continue;
        }
        for (size_t k = 0; k < sizeof SWEEPS / sizeof SWEEPS[0]; ++k) {
            run_case(&counts, &cube, SWEEPS[k], 0, iterations, 2, watchdog_seconds);
            run_case(&counts, &cube, SWEEPS[k], 3, iterations, 1, watchdog_seconds); /* several items a block */
        }
        problem_destroy(&cube);
    }
    if (faults) {
        Problem cube;
        if (cube_create(&cube, 33, 0)) {
            run_fault_cases(&counts, &cube);
        } else {
            report(&counts, 0, "temporal3d faults setup: %s", last_message());
        }
        problem_destroy(&cube);
    }
}
