/*
 * bands_cases.c: the self-test's cases of the band kernels on one GPU (see bands_cases.h).
 */
#include "bands_cases.h"

#include <stdio.h>
#include <string.h>

#include "holdfast_bands.h"
#include "test_support.h"

/* The fault cases' watchdog, and how soon a faulted run must return. */
#define BANDS_FAULT_WATCHDOG_SECONDS 0.2
#define BANDS_FAULT_RETURN_SECONDS 3.0

static hf_bands_config config_of(int bands, int k, int blocks, double watchdog)
{
    hf_bands_config config;
    memset(&config, 0, sizeof config);
    config.bands = bands;
    config.ghost_rows = k;
    config.blocks_per_band = blocks;
    config.watchdog_seconds = watchdog;
    return config;
}

static hf_bands_config temporal_config_of(int bands, int k, int blocks, double watchdog)
{
    hf_bands_config config = config_of(bands, k, blocks, watchdog);
    config.pass = HF_BAND_PASS_TEMPORAL;
    return config;
}

static const char* pass_name(const hf_bands_config* config)
{
    return config->pass == HF_BAND_PASS_TEMPORAL ? "temporal " : "";
}

/* One run of the problem as bands, compared with its reference. */
static void run_one_of(Problem* problem, const hf_bands_config* given, CaseRecord record, void* tally)
{
    const hf_problem shape = problem_of(problem->n);
    const hf_bands_config config = *given;
    const int bands = config.bands;
    const int k = config.ghost_rows;
    const int blocks = config.blocks_per_band;
    hf_run_report run;
    double max_diff = 0.0;
    int identical = 0;
    const int reset = problem_reset(problem);
    const hf_status status = hf_bands_run_one_device(&shape, &config, problem->device_u, problem->device_f,
                                                     problem->iterations, NULL, &run);
    if (!reset || status != HF_OK) {
        record_case(record, tally, 0, "bands %sN=%d G=%d k=%d blocks/band=%d iterations=%d: %s: %s", pass_name(&config),
               problem->n, bands, k, blocks, problem->iterations, hf_status_name(status), last_error());
        return;
    }
    const int checked = problem_check(problem, &max_diff, &identical);
    record_case(record, tally, checked && identical,
           "bands %sN=%d G=%d k=%d blocks/band=%d iterations=%d: %s (max diff %.3g, sensitivity %.3g)", pass_name(&config),
           problem->n, bands, k, blocks, problem->iterations, identical ? "bit for bit" : "DIFFERS", max_diff,
           problem->sensitivity);
}

static void run_one(Problem* problem, int bands, int k, int blocks, double watchdog, CaseRecord record, void* tally)
{
    const hf_bands_config config = config_of(bands, k, blocks, watchdog);
    run_one_of(problem, &config, record, tally);
}

/* N = 3 has one interior row: two bands are refused before anything runs. */
static void run_refusal(CaseRecord record, void* tally)
{
    hf_band_layout layout;
    const hf_status status = hf_band_layout_of(3, 2, 1, 0, &layout);
    record_case(record, tally, status == HF_ERR_INVALID_ARGUMENT, "bands N=3 G=2: refused (%s: %s)", hf_status_name(status),
           last_error());
}

/* Band 1 of 3 never sends its halos: the watchdog names band 1, and the call returns promptly. */
static void run_never_publish(int n, int k, int pass, CaseRecord record, void* tally)
{
    Problem problem;
    if (!problem_create(&problem, n, 7) || !problem_reset(&problem)) {
        record_case(record, tally, 0, "bands fault never-publish N=%d k=%d: setup failed: %s", n, k, last_error());
        problem_destroy(&problem);
        return;
    }
    const hf_problem shape = problem_of(n);
    hf_bands_config config = config_of(3, k, 2, BANDS_FAULT_WATCHDOG_SECONDS);
    config.pass = pass;
    config.fault = HF_FAULT_NEVER_PUBLISH;
    config.fault_band = 1;
    hf_run_report run;
    const double start = seconds_now();
    const hf_status status = hf_bands_run_one_device(&shape, &config, problem.device_u, problem.device_f, 7, NULL, &run);
    const double seconds = seconds_now() - start;
    const int passed = status == HF_ERR_WATCHDOG && run.error_code == HF_WAIT_NEIGHBOUR && run.error_peer == 1 &&
                       run.error_block / 2 != 1 && seconds < BANDS_FAULT_RETURN_SECONDS;
    record_case(record, tally, passed, "bands %sfault never-publish N=%d G=3 k=%d band 1: %s in %.2f s: %s",
           pass_name(&config), n, k, hf_status_name(status), seconds, last_error());
    problem_destroy(&problem);
}

/* Block 0 skips the run's last half-sweep: the work count says so (HF_ERR_INCOMPLETE_WORK). */
static void run_skip_half_sweep(int pass, CaseRecord record, void* tally)
{
    Problem problem;
    if (!problem_create(&problem, 101, 7) || !problem_reset(&problem)) {
        record_case(record, tally, 0, "bands fault skip-half-sweep: setup failed: %s", last_error());
        problem_destroy(&problem);
        return;
    }
    const hf_problem shape = problem_of(101);
    hf_bands_config config = config_of(2, 2, 2, BANDS_FAULT_WATCHDOG_SECONDS);
    config.pass = pass;
    config.fault = HF_FAULT_SKIP_HALF_SWEEP;
    config.fault_band = 0;
    hf_run_report run;
    const hf_status status = hf_bands_run_one_device(&shape, &config, problem.device_u, problem.device_f, 7, NULL, &run);
    record_case(record, tally, status == HF_ERR_INCOMPLETE_WORK && run.work_fewest == 13 && run.work_fewest_block == 0,
           "bands %sfault skip-half-sweep N=101 G=2 k=2 block 0: %s: %s", pass_name(&config), hf_status_name(status),
           last_error());
    problem_destroy(&problem);
}

/* One run of `iterations` on an open session: load from the problem's initial u (when `load`), run,
 * unload into the problem's device u. */
static hf_status session_step(hf_bands_session* session, Problem* problem, int load, int iterations, hf_run_report* run)
{
    hf_status status = HF_OK;
    if (load) {
        status = problem_reset(problem) ? hf_bands_session_load(session, problem->device_u, problem->device_f)
                                        : HF_ERR_RUNTIME;
    }
    if (status == HF_OK) {
        status = hf_bands_session_run(session, iterations, run);
    }
    return status != HF_OK ? status : hf_bands_session_unload(session, problem->device_u);
}

/* A session's runs against the reference of problem->iterations: a run split in two (a then the rest,
 * each count off the k grid where it can be), then the whole count again from a fresh load, on the
 * same session (the flags go on growing); and the session's loads and runs allocate nothing. */
static void run_session(Problem* problem, hf_bands_session* session, const char* what, CaseRecord record, void* tally)
{
    const int first = problem->iterations / 2;
    hf_run_report run;
    double max_diff = 0.0;
    int identical = 0;
    const int64_t allocations = hf_allocation_count();
    hf_status status = session_step(session, problem, 1, first, &run);
    if (status == HF_OK) {
        status = session_step(session, problem, 0, problem->iterations - first, &run);
    }
    const int split = status == HF_OK && problem_check(problem, &max_diff, &identical);
    const double device_ms = run.device_ms;
    if (status == HF_OK) {
        status = session_step(session, problem, 1, problem->iterations, &run);
    }
    const int whole = status == HF_OK && problem_check(problem, &max_diff, &identical);
    const int64_t allocated = hf_allocation_count() - allocations;
    hf_bands_session_info info;
    hf_bands_session_info_of(session, &info);
    record_case(record, tally, split && whole && allocated == 0 && device_ms > 0.0,
                "bands session %s iterations=%d+%d, then %d: %s (%s; max diff %.3g; %lld allocations in the runs; "
                "%d runs, flag base %u; %d blocks/band)",
                what, first, problem->iterations - first, problem->iterations,
                split && whole ? "bit for bit" : "DIFFERS", status == HF_OK ? "ok" : last_error(), max_diff,
                (long long)allocated, info.runs, info.flag_base, info.blocks_per_band);
}

/* All G bands in one session on this GPU. */
static void run_one_device_session(Problem* problem, int bands, int k, int pass, CaseRecord record, void* tally)
{
    const hf_problem shape = problem_of(problem->n);
    hf_bands_config config = config_of(bands, k, 0, 0.0);
    config.pass = pass;
    char what[96];
    snprintf(what, sizeof what, "%sN=%d G=%d k=%d", pass_name(&config), problem->n, bands, k);
    hf_bands_session* session = NULL;
    const hf_status status = hf_bands_session_open(&shape, &config, NULL, &session);
    if (status != HF_OK) {
        record_case(record, tally, 0, "bands session %s: open: %s: %s", what, hf_status_name(status), last_error());
        return;
    }
    run_session(problem, session, what, record, tally);
    hf_bands_session_close(session);
}

/* One band of one through hf_band_session_open, its own receive buffer given (nothing to exchange). */
static void run_band_session(Problem* problem, int k, int pass, CaseRecord record, void* tally)
{
    const hf_problem shape = problem_of(problem->n);
    hf_bands_config config = config_of(1, k, 0, 0.0);
    config.pass = pass;
    hf_band_layout layout;
    void* receive = NULL;
    char what[96];
    snprintf(what, sizeof what, "%sone band of one (hf_band_session_open) N=%d k=%d", pass_name(&config), problem->n, k);
    hf_status status = hf_band_layout_of(problem->n, 1, k, 0, &layout);
    if (status == HF_OK) {
        status = hf_device_alloc(layout.receive_bytes > 0 ? layout.receive_bytes : 16, &receive);
    }
    hf_bands_session* session = NULL;
    if (status == HF_OK) {
        status = hf_band_session_open(&shape, &config, 0, &receive, NULL, &session);
    }
    if (status != HF_OK) {
        record_case(record, tally, 0, "bands session %s: open: %s: %s", what, hf_status_name(status), last_error());
    } else {
        run_session(problem, session, what, record, tally);
    }
    hf_bands_session_close(session);
    hf_device_free(receive);
}

/* A session whose band 1 never sends: the watchdog names band 1 on every run, and the session still runs. */
static void run_session_never_publish(CaseRecord record, void* tally)
{
    Problem problem;
    if (!problem_create(&problem, 101, 7)) {
        record_case(record, tally, 0, "bands session fault never-publish: setup failed: %s", last_error());
        problem_destroy(&problem);
        return;
    }
    const hf_problem shape = problem_of(101);
    hf_bands_config config = config_of(3, 2, 2, BANDS_FAULT_WATCHDOG_SECONDS);
    config.fault = HF_FAULT_NEVER_PUBLISH;
    config.fault_band = 1;
    hf_bands_session* session = NULL;
    hf_run_report run;
    int passed = hf_bands_session_open(&shape, &config, NULL, &session) == HF_OK;
    for (int attempt = 0; passed && attempt < 2; ++attempt) {
        const double start = seconds_now();
        const hf_status status = session_step(session, &problem, 1, 7, &run);
        passed = status == HF_ERR_WATCHDOG && run.error_code == HF_WAIT_NEIGHBOUR && run.error_peer == 1 &&
                 seconds_now() - start < BANDS_FAULT_RETURN_SECONDS;
    }
    record_case(record, tally, passed, "bands session fault never-publish N=101 G=3 k=2 band 1, two runs: %s",
                last_error());
    hf_bands_session_close(session);
    problem_destroy(&problem);
}

/* Sessions: N = 5, 11, 12, 101, 1001; G = 2, 3 on one session each; k = 1 .. 4; 7 iterations (3 + 4, then 7:
 * 6, 8 and 14 half-sweeps, off the k grid at k = 3 and 4); one band of one through the per-GPU open. */
static void run_session_cases(CaseRecord record, void* tally)
{
    static const int sizes[] = {5, 11, 12, 101, 1001};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        Problem problem;
        if (!problem_create(&problem, sizes[s], 7)) {
            record_case(record, tally, 0, "bands session N=%d: setup failed: %s", sizes[s], last_error());
            problem_destroy(&problem);
            continue;
        }
        for (int bands = 2; bands <= 3; ++bands) {
            for (int k = 1; k <= 4; ++k) {
                run_one_device_session(&problem, bands, k, HF_BAND_PASS_HALF_SWEEPS, record, tally);
            }
        }
        if (sizes[s] == 11 || sizes[s] == 101) {
            run_band_session(&problem, 1, HF_BAND_PASS_HALF_SWEEPS, record, tally);
            run_band_session(&problem, 3, HF_BAND_PASS_HALF_SWEEPS, record, tally);
        }
        problem_destroy(&problem);
    }
}

/* What the temporal pass refuses: a k it is not built for, another block size, an unknown pass. */
static void run_temporal_refusals(CaseRecord record, void* tally)
{
    Problem problem;
    if (!problem_create(&problem, 101, 1) || !problem_reset(&problem)) {
        record_case(record, tally, 0, "bands temporal refusals: setup failed: %s", last_error());
        problem_destroy(&problem);
        return;
    }
    const hf_problem shape = problem_of(101);
    hf_bands_config configs[3];
    configs[0] = temporal_config_of(2, 5, 0, 0.0);
    configs[1] = temporal_config_of(2, 4, 0, 0.0);
    configs[1].threads_per_block = 128;
    configs[2] = config_of(2, 4, 0, 0.0);
    configs[2].pass = 7;
    static const hf_status expected[3] = {HF_ERR_UNSUPPORTED, HF_ERR_INVALID_ARGUMENT, HF_ERR_INVALID_ARGUMENT};
    static const char* what[3] = {"k=5", "128 threads", "pass 7"};
    for (int c = 0; c < 3; ++c) {
        hf_run_report run;
        const hf_status status =
            hf_bands_run_one_device(&shape, &configs[c], problem.device_u, problem.device_f, 1, NULL, &run);
        record_case(record, tally, status == expected[c], "bands temporal N=101 G=2 %s: refused (%s: %s)", what[c],
                    hf_status_name(status), last_error());
    }
    problem_destroy(&problem);
}

static const int kTemporalSizes[] = {3, 5, 11, 12, 33, 101, 257, 1001, 2049};

void run_bands_temporal_cases(const int* sizes, int size_count, double watchdog_seconds, int faults, CaseRecord record,
                              void* tally)
{
    static const int iteration_counts[] = {1, 7, 13};
    static const int ks[] = {1, 2, 3, 4, 6, 8, 12, 16};
    run_temporal_refusals(record, tally);
    for (int s = 0; s < size_count; ++s) {
        for (size_t i = 0; i < sizeof iteration_counts / sizeof iteration_counts[0]; ++i) {
            Problem problem;
            if (!problem_create(&problem, sizes[s], iteration_counts[i])) {
                record_case(record, tally, 0, "bands temporal N=%d: setup failed: %s", sizes[s], last_error());
                problem_destroy(&problem);
                continue;
            }
            for (int bands = 1; bands <= 3 && bands <= sizes[s] - 2; ++bands) {
                for (size_t k = 0; k < sizeof ks / sizeof ks[0]; ++k) {
                    const hf_bands_config config = temporal_config_of(bands, ks[k], 0, watchdog_seconds);
                    run_one_of(&problem, &config, record, tally);
                }
                for (int blocks = 1; blocks <= 3; blocks += 2) {
                    const hf_bands_config config = temporal_config_of(bands, 4, blocks, watchdog_seconds);
                    run_one_of(&problem, &config, record, tally);
                }
            }
            problem_destroy(&problem);
        }
    }
    static const int session_sizes[] = {11, 101, 1001};
    for (size_t s = 0; s < sizeof session_sizes / sizeof session_sizes[0]; ++s) {
        Problem problem;
        if (!problem_create(&problem, session_sizes[s], 7)) {
            record_case(record, tally, 0, "bands temporal session N=%d: setup failed: %s", session_sizes[s], last_error());
            problem_destroy(&problem);
            continue;
        }
        for (int bands = 1; bands <= 3; ++bands) {
            run_one_device_session(&problem, bands, 3, HF_BAND_PASS_TEMPORAL, record, tally);
            run_one_device_session(&problem, bands, 8, HF_BAND_PASS_TEMPORAL, record, tally);
        }
        run_band_session(&problem, 3, HF_BAND_PASS_TEMPORAL, record, tally);
        problem_destroy(&problem);
    }
    if (faults) {
        run_never_publish(1001, 4, HF_BAND_PASS_TEMPORAL, record, tally);
        run_skip_half_sweep(HF_BAND_PASS_TEMPORAL, record, tally);
    }
}

void run_bands_cases(double watchdog_seconds, int faults, CaseRecord record, void* tally)
{
    static const int sizes[] = {5, 11, 12, 101, 1001};
    static const int iteration_counts[] = {1, 7};
    static const int ks[] = {1, 2, 4};
    static const int block_counts[] = {0, 2};
    run_refusal(record, tally);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        for (size_t i = 0; i < sizeof iteration_counts / sizeof iteration_counts[0]; ++i) {
            Problem problem;
            if (!problem_create(&problem, sizes[s], iteration_counts[i])) {
                record_case(record, tally, 0, "bands N=%d: setup failed: %s", sizes[s], last_error());
                problem_destroy(&problem);
                continue;
            }
            for (int bands = 2; bands <= 3; ++bands) {
                for (size_t k = 0; k < sizeof ks / sizeof ks[0]; ++k) {
                    for (size_t b = 0; b < sizeof block_counts / sizeof block_counts[0]; ++b) {
                        run_one(&problem, bands, ks[k], block_counts[b], watchdog_seconds, record, tally);
                    }
                }
            }
            problem_destroy(&problem);
        }
    }
    run_session_cases(record, tally);
    if (faults) {
        run_never_publish(101, 1, HF_BAND_PASS_HALF_SWEEPS, record, tally);
        run_never_publish(1001, 4, HF_BAND_PASS_HALF_SWEEPS, record, tally);
        run_skip_half_sweep(HF_BAND_PASS_HALF_SWEEPS, record, tally);
        run_session_never_publish(record, tally);
    }
    run_bands_temporal_cases(kTemporalSizes, (int)(sizeof kTemporalSizes / sizeof kTemporalSizes[0]), watchdog_seconds,
                             faults, record, tally);
}
