/*
 * cube_cluster_cases.c: the cube's cluster against the sequential 3D reference (cube_cluster_cases.h).
 */
#include "cube_cluster_cases.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cube is test_support.h's Problem with n^3 points: boundary from an exact solution, a seeded
 * random interior, in device memory, with the reference after CUBE_CLUSTER_ITERATIONS iterations
 * (problem_destroy frees it). */
static size_t cube_points(const Problem* cube) { return (size_t)cube->n * cube->n * cube->n; }

static hf_problem cube_problem(int n)
{
    const double d = 1.0 / (n - 1);
    hf_problem problem;
    memset(&problem, 0, sizeof problem);
    problem.kind = HF_PROBLEM_POISSON_3D;
    problem.n = n;
    problem.h2 = d * d;
    return problem;
}

/* One red-black iteration in the kernels' arithmetic: planes i + 1, i - 1, rows j + 1, j - 1,
 * columns k + 1, k - 1, minus h2 f, divided by 6 (seven_point_update). */
static void cube_reference_iteration(double* u, const double* f, int n, double h2)
{
    const size_t plane = (size_t)n * n;
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

static int cube_create(Problem* cube, int n)
{
    const double pi = 3.14159265358979323846;
    const double d = 1.0 / (double)(n - 1);
    memset(cube, 0, sizeof *cube);
    cube->n = n;
    cube->h2 = d * d;
    const size_t points = cube_points(cube);
    cube->initial = calloc(points, sizeof(double));
    cube->f = calloc(points, sizeof(double));
    cube->expected = calloc(points, sizeof(double));
    cube->actual = calloc(points, sizeof(double));
    if (!cube->initial || !cube->f || !cube->expected || !cube->actual) {
        return 0;
    }
    uint64_t seed = 0xD1B54A32D192ED03ull ^ (uint64_t)n; /* an LCG: the same interior for every run */
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            for (int k = 0; k < n; ++k) {
                const size_t c = ((size_t)i * n + j) * n + k;
                const double exact = sin(pi * i * d) * sin(pi * j * d) * cos(pi * k * d);
                const int boundary = i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1;
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                const double random = (double)(seed >> 11) * 0x1.0p-53 * 2.0 - 1.0;
                cube->initial[c] = boundary ? exact : random;
                cube->f[c] = 3.0 * pi * pi * exact;
            }
        }
    }
    memcpy(cube->expected, cube->initial, points * sizeof(double));
    for (int iteration = 0; iteration < CUBE_CLUSTER_ITERATIONS; ++iteration) {
        memcpy(cube->actual, cube->expected, points * sizeof(double));
        cube_reference_iteration(cube->expected, cube->f, n, cube->h2);
    }
    for (size_t c = 0; c < points; ++c) {
        const double change = fabs(cube->expected[c] - cube->actual[c]);
        cube->sensitivity = change > cube->sensitivity ? change : cube->sensitivity;
    }
    const int64_t bytes = (int64_t)(points * sizeof(double));
    return hf_device_alloc(bytes, &cube->device_u) == HF_OK && hf_device_alloc(bytes, &cube->device_f) == HF_OK &&
           hf_copy_to_device(cube->device_f, cube->f, bytes) == HF_OK;
}

/* The cube's cluster rows: the hardware cluster barrier, and st.async halos with mbarriers. */
typedef struct {
    const char* name;
    const char* mode;
} CubeCluster;

static const CubeCluster CUBE_CLUSTERS[] = {
    {"cube-grid-cluster", "persistent-grid"},
    {"cube-dataflow-cluster", "persistent-dataflow"},
};

static hf_run_config cluster_config(const CubeCluster* variant, int blocks, int sweeps, double watchdog_seconds)
{
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = variant->mode;
    config.variant = "cluster";
    config.blocks = blocks;
    config.sweeps_per_exchange = sweeps;
    config.watchdog_seconds = watchdog_seconds;
    return config;
}

/* The largest N the planner accepts with its own cluster and k, or 0. */
static int largest_cube(const CubeCluster* variant)
{
    int largest = 0;
    for (int n = 3; n <= 128; ++n) {
        const hf_problem problem = cube_problem(n);
        const hf_run_config config = cluster_config(variant, 0, 0, 0.0);
        hf_plan plan;
        largest = hf_plan_run(&problem, &config, &plan) == HF_OK ? n : largest;
    }
    return largest;
}

static void record(CubeClusterTally* tally, int passed)
{
    tally->passed += passed ? 1 : 0;
    tally->failed += passed ? 0 : 1;
}

/* One configuration: plan, open, run from the initial array, compare the whole array. */
static void run_cube_case(const CubeClusterOptions* options, const CubeCluster* variant, Problem* cube, int blocks,
                          int sweeps, CubeClusterTally* tally)
{
    const hf_problem problem = cube_problem(cube->n);
    const hf_run_config config = cluster_config(variant, blocks, sweeps, options->watchdog_seconds);
    hf_session* session = NULL;
    hf_status status = hf_session_open(&problem, &config, NULL, &session);
    if (status == HF_ERR_UNSUPPORTED || status == HF_ERR_INVALID_ARGUMENT || status == HF_ERR_NOT_CORESIDENT) {
        if (options->verbose) {
            printf("     %s n=%d blocks=%d k=%d refused (%s): %s\n", variant->name, cube->n, blocks, sweeps,
                   hf_status_name(status), last_error());
        }
        tally->refused++;
        return;
    }
    hf_plan plan;
    memset(&plan, 0, sizeof plan);
    hf_run_report report;
    memset(&report, 0, sizeof report);
    const int64_t bytes = (int64_t)(cube_points(cube) * sizeof(double));
    if (status == HF_OK) {
        status = hf_session_plan(session, &plan);
    }
    if (status == HF_OK) {
        status = hf_copy_to_device(cube->device_u, cube->initial, bytes);
    }
    if (status == HF_OK) {
        status = hf_session_run(session, cube->device_u, cube->device_f, CUBE_CLUSTER_ITERATIONS, &report);
    }
    char message[1024] = "";
    if (status != HF_OK) {
        snprintf(message, sizeof message, "%s", last_error());
    }
    if (status == HF_OK) {
        status = hf_copy_to_host(cube->actual, cube->device_u, bytes);
    }
    int identical = 0;
    double max_diff = 0.0;
    if (status == HF_OK) {
        identical = memcmp(cube->actual, cube->expected, (size_t)bytes) == 0;
        for (size_t c = 0; c < cube_points(cube); ++c) {
            const double diff = fabs(cube->actual[c] - cube->expected[c]);
            max_diff = diff <= max_diff ? max_diff : isnan(diff) ? INFINITY : diff;
        }
    }
    const int passed = status == HF_OK && identical && report.work_fewest == 2 * CUBE_CLUSTER_ITERATIONS &&
                       report.work_most == 2 * CUBE_CLUSTER_ITERATIONS && report.work_blocks == plan.active_blocks;
    record(tally, passed);
    printf("%s %s n=%-3d blocks=%-2d k=%d -> %d blocks of %d, k = %d, kernel %s, %lld shared bytes: "
           "%s max|diff|=%.3g%s, %d blocks ran %d .. %d half-sweeps %s\n",
           passed ? "PASS" : "FAIL", variant->name, cube->n, blocks, sweeps, plan.blocks, plan.threads_per_block,
           plan.sweeps_per_exchange, plan.kernel, (long long)plan.shared_bytes, hf_status_name(status), max_diff,
           identical ? " (bit-identical)" : "", report.work_blocks, report.work_fewest, report.work_most, message);
    fflush(stdout);
    hf_session_close(session);
}

/* Block 0 skips its last half-sweep: the array may not show it, the work count must (the run fails
 * with HF_ERR_INCOMPLETE_WORK naming block 0 and one half-sweep short). */
static void run_cube_skip_case(const CubeClusterOptions* options, const CubeCluster* variant, Problem* cube,
                               CubeClusterTally* tally)
{
    const hf_problem problem = cube_problem(cube->n);
    hf_run_config config = cluster_config(variant, 0, 0, options->watchdog_seconds);
    config.fault = HF_FAULT_SKIP_HALF_SWEEP;
    config.fault_block = 0;
    hf_run_report report;
    memset(&report, 0, sizeof report);
    hf_status status = hf_copy_to_device(cube->device_u, cube->initial, (int64_t)(cube_points(cube) * sizeof(double)));
    if (status == HF_OK) {
        status = hf_run(&problem, &config, cube->device_u, cube->device_f, CUBE_CLUSTER_ITERATIONS, NULL, NULL, &report);
    }
    const int passed = status == HF_ERR_INCOMPLETE_WORK && report.work_fewest == 2 * CUBE_CLUSTER_ITERATIONS - 1 &&
                       report.work_fewest_block == 0 && report.work_most == 2 * CUBE_CLUSTER_ITERATIONS;
    record(tally, passed);
    printf("%s %s n=%d, block 0 skips a half-sweep -> %s, %d .. %d half-sweeps (fewest: block %d): %s\n",
           passed ? "PASS" : "FAIL", variant->name, cube->n, hf_status_name(status), report.work_fewest, report.work_most,
           report.work_fewest_block, last_error());
    fflush(stdout);
}

/* st.async halos: block 2 never sends, its neighbours' waits expire and the watchdog names a block. */
static void run_cube_never_publish_case(const CubeClusterOptions* options, Problem* cube, CubeClusterTally* tally)
{
    const hf_problem problem = cube_problem(cube->n);
    hf_run_config config = cluster_config(&CUBE_CLUSTERS[1], 0, 0, 0.2);
    config.fault = HF_FAULT_NEVER_PUBLISH;
    config.fault_block = 2;
    (void)options;
    hf_run_report report;
    memset(&report, 0, sizeof report);
    hf_status status = hf_copy_to_device(cube->device_u, cube->initial, (int64_t)(cube_points(cube) * sizeof(double)));
    if (status == HF_OK) {
        status = hf_run(&problem, &config, cube->device_u, cube->device_f, CUBE_CLUSTER_ITERATIONS, NULL, NULL, &report);
    }
    const int passed = status == HF_ERR_WATCHDOG && report.error_block >= 0 && strstr(last_error(), "block") != NULL;
    record(tally, passed);
    printf("%s %s n=%d, block 2 never publishes -> %s (block %d, step %d): %s\n", passed ? "PASS" : "FAIL",
           CUBE_CLUSTERS[1].name, cube->n, hf_status_name(status), report.error_block, report.error_step, last_error());
    fflush(stdout);
}

void cube_cluster_defaults(CubeClusterOptions* options)
{
    memset(options, 0, sizeof *options);
    parse_list("3,4,5,8,9,16,17,32,33", &options->sizes);
    options->largest = 1;
    options->faults = 1;
    options->watchdog_seconds = 10.0;
}

CubeClusterTally run_cube_cluster_cases(const CubeClusterOptions* options)
{
    CubeClusterTally tally = {0, 0, 0};
    IntList sizes = options->sizes;
    for (size_t v = 0; options->largest && v < sizeof CUBE_CLUSTERS / sizeof CUBE_CLUSTERS[0]; ++v) {
        const int largest = largest_cube(&CUBE_CLUSTERS[v]);
        printf("     %s: largest N planned = %d\n", CUBE_CLUSTERS[v].name, largest);
        int listed = 0;
        for (int s = 0; s < sizes.count; ++s) {
            listed = listed || sizes.values[s] == largest;
        }
        if (largest > 0 && !listed && sizes.count < MAX_LIST) {
            sizes.values[sizes.count++] = largest;
        }
    }
    for (int s = 0; s < sizes.count; ++s) {
        Problem cube;
        if (!cube_create(&cube, sizes.values[s])) {
            printf("FAIL cube-grid-cluster n=%d setup: %s\n", sizes.values[s], last_error());
            tally.failed++;
            problem_destroy(&cube);
            continue;
        }
        printf("---- cube n=%d: %d iterations, sensitivity max|ref(%d) - ref(%d)| = %.3g\n", cube.n,
               CUBE_CLUSTER_ITERATIONS, CUBE_CLUSTER_ITERATIONS, CUBE_CLUSTER_ITERATIONS - 1, cube.sensitivity);
        const int block_count = options->blocks.count > 0 ? options->blocks.count : 17;
        const int sweep_count = options->sweeps.count > 0 ? options->sweeps.count : 9;
        for (size_t v = 0; v < sizeof CUBE_CLUSTERS / sizeof CUBE_CLUSTERS[0]; ++v) {
            if (!selected(options->variants, "cube-cluster") && !selected(options->variants, CUBE_CLUSTERS[v].name)) {
                continue;
            }
            for (int b = 0; b < block_count; ++b) {
                for (int k = 0; k < sweep_count; ++k) {
                    run_cube_case(options, &CUBE_CLUSTERS[v], &cube,
                                  options->blocks.count > 0 ? options->blocks.values[b] : b,
                                  options->sweeps.count > 0 ? options->sweeps.values[k] : k, &tally);
                }
            }
            if (options->faults && cube.n == 17) {
                run_cube_skip_case(options, &CUBE_CLUSTERS[v], &cube, &tally);
            }
        }
        if (options->faults && cube.n == 17 &&
            (selected(options->variants, "cube-cluster") || selected(options->variants, CUBE_CLUSTERS[1].name))) {
            run_cube_never_publish_case(options, &cube, &tally);
        }
        problem_destroy(&cube);
    }
    return tally;
}
