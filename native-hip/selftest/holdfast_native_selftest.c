/*
 * holdfast_native_selftest: runs every kernel and persistent mode of libholdfast_native at small
 * sizes against a sequential CPU reference, through the public ABI only (plan, session, run), and
 * prints one PASS/FAIL line per case; also the variant table, sessions run several times without
 * allocating, the co-residency refusal, the kernel handles, the cluster probes of the overhead
 * breakdown, and the watchdog faults. Exit status: 0 all passed, 1 a case failed, 2 bad usage, 77 no GPU.
 *
 *   holdfast_native_selftest [--sizes 3,4,11,12,33] [--blocks 1,2,7,0] [--threads 256,64]
 *                            [--iterations 10] [--watchdog 10] [--variants grid-two-slot,dataflow,...]
 *                            [--cube-sizes 3,4,5,8,9,16,17,32,33,64,65,128,257] [--cube-iterations 9]
 *                            [--no-faults] [--verbose] [--only work-count|deadline|ll-forms|temporal3d|resident3d|bands|bands-temporal]
 *
 * work-count: every variant of the table (selected by --variants through the self-test's names;
 * the cube's rows on the cube) at N = 5, 1000 iterations (a converged grid: the array
 * matches the reference whatever the last half-sweep did) with HF_FAULT_SKIP_HALF_SWEEP in block 0
 * must fail with HF_ERR_INCOMPLETE_WORK, and without the fault pass. deadline: a kernel that
 * outlasts the host's deadline (HF_FAULT_OUTLAST_DEADLINE) must fail in one line, promptly, with
 * HF_WAIT_KERNEL_EXIT, and the session must refuse another run; it runs last (the kernel spins on
 * for a few seconds; the process exits once it has ended). ll-forms: the self-flagged halo exchange
 * probe in each LL line form, side by side (the before/after of the 64-bit elements). --only
 * runs just that group; by default work-count and deadline run with the faults (not under
 * --no-faults, as scripts/sanitize.sh runs it), and ll-forms, a measurement, only when asked.
 * temporal3d: persistent-grid temporal on the cube at every k (temporal3d_cases.c), at --cube-sizes
 * (default 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 257), with its faults unless --no-faults.
 * resident3d: persistent-dataflow resident on the cube (resident3d_cases.c) at --cube-sizes and the
 * largest N it plans (N = 96 on the H200; not with --no-largest), every block count it accepts, k from the planner and
 * k = 1, 2, 3 (cube-dataflow-resident, -k1, -k2, -k3), after 1, 7 and --cube-iterations iterations.
 * bands: the persistent band kernels (holdfast_bands.h, issue 24) on one GPU, G = 2, 3 bands in one
 * launch exchanging halos from inside the kernel, N = 3 (refused), 5, 11, 12, 101, 1001, k = 1, 2, 4, and
 * the faults of a band that never sends and a block that skips a half-sweep (bands_cases.c), then the
 * temporal band pass; bands-temporal: only the temporal band pass, at --sizes (G = 1 .. 3, every k it is
 * built for).
 *
 * Variants: standard, grid-cooperative-groups, grid-two-slot, grid-temporal (k from the planner),
 * grid-temporal-k3, -k12, -k16, -k24, -k32, grid-temporal-cg, grid-temporal-cg-k2, -k16 (the deep
 * passes want --iterations 37 or so: several passes, the last shorter), grid-temporal-3blocks (k from
 * the planner), -k2, -k6, grid-temporal-paired (k from the planner), -k3, -k6, -k12, -k16 (three
 * blocks per SM; 16-byte pairs: try odd and even --sizes), grid-cluster-bands (k from the
 * planner), grid-cluster-bands-k1, -k2, -k3, -k5 (every SM a band, in clusters of up to 16: try
 * --sizes 129,257,513,1001 --blocks 0,32,120 --iterations 11), host-lockstep-busy,
 * host-lockstep-sleep, host-neighbour-busy, host-neighbour-sleep, host-relay-busy,
 * host-relay-sleep, dataflow, dataflow-resident (k from the planner), dataflow-resident-k1, -k2,
 * -k5. A configuration the planner refuses (k beyond the bands, a band beyond shared memory) is
 * a SKIP line, counted apart. And the on-chip ones (grid-block, grid-cluster, dataflow-cluster),
 * which size their blocks and run at --on-chip-sizes (default 3,4,5,11,12,33,34,101,102,257) plus
 * the largest N each accepts, with every block count they accept (1, or 1 .. 16 for a cluster).
 *
 * The cube (HF_PROBLEM_POISSON_3D): the cube-... variants (cube-grid-cooperative-groups,
 * cube-grid-two-slot, cube-host-lockstep-busy/-sleep, cube-host-neighbour-busy/-sleep,
 * cube-host-relay-busy/-sleep, cube-dataflow, cube-dataflow-resident) run at --cube-sizes after --cube-iterations (odd, and
 * unconverged but at N = 3) with every --blocks and --threads; cube-grid-block, the register kernel,
 * at --cube-sizes and the largest N it accepts (N = 22), one block; and cg, two-slot and the
 * counters on one block at the largest N they hold on chip with f (N = 24) and u alone (N = 30),
 * unless --no-largest. The cube's clusters (cube-grid-cluster, cube-dataflow-cluster, and their -kK
 * rows asking for k = K) at --cube-sizes and the largest N each accepts (N = 50), every cluster size
 * 0 .. 16 it accepts. --variants cube-grid-block,cube-dataflow (say) selects only those: the 2D
 * cases of the selected groups then run nothing; --variants 'cube-grid-cluster*,cube-dataflow-cluster*'
 * only the cube's clusters.
 *
 * Block count 0 means "auto": the variant's planner hook chooses (useful co-resident blocks, one
 * block or one cluster on chip, one per SM for resident), one thread per point for the standard kernels. It is what compute-sanitizer runs (scripts/sanitize.sh).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holdfast_native.h"
#include "bands_cases.h"
#include "resident3d_cases.h"
#include "temporal3d_cases.h"
#include "test_support.h"

#define FAULT_WATCHDOG_SECONDS 0.2
#define FAULT_RETURN_LIMIT_SECONDS 3.0

typedef struct {
    CaseGrid grid;
    IntList on_chip_sizes; /* the on-chip variants' sizes (and the largest each accepts) */
    int largest;           /* also run the on-chip variants at the largest N each accepts */
    double watchdog_seconds;
    int faults;
    int verbose;
    const char* only; /* NULL: every group; else "work-count", "deadline", "ll-forms", "temporal3d", "resident3d" or
                         "bands" */
} Options;

typedef struct {
    int passed;
    int failed;
    int refused; /* cases the planner refused (k beyond the bands, a band beyond shared memory, ...) */
} Tally;

typedef struct {
    const Options* options;
    Tally* tally;
} Session;

/* ------------------------------------------------------------------ small helpers */

static void record(Tally* tally, int passed, const char* format, ...) __attribute__((format(printf, 3, 4)));

static void record(Tally* tally, int passed, const char* format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    printf("%s ", passed ? "PASS" : "FAIL");
    vprintf(format, arguments);
    printf("\n");
    va_end(arguments);
    fflush(stdout);
    if (passed) {
        tally->passed++;
    } else {
        tally->failed++;
    }
}

/* record() for the cases of other files (temporal3d_cases.h). */
static void record_line(void* tally, int passed, const char* line) { record((Tally*)tally, passed, "%s", line); }

static int parse_options(int argc, char** argv, Options* options)
{
    CaseGrid* grid = &options->grid;
    parse_list("3,4,11,12,33", &grid->sizes);
    parse_list("1,2,7,0", &grid->blocks);
    parse_list("256,64", &grid->threads);
    grid->iterations = 10;
    parse_list("3,4,5,8,9,16,17,32,33,64,65,128,257", &grid->cube_sizes);
    grid->cube_iterations = 9;
    grid->variants = NULL;
    parse_list("3,4,5,11,12,33,34,101,102,257", &options->on_chip_sizes);
    options->largest = 1;
    options->watchdog_seconds = 10.0;
    options->faults = 1;
    options->verbose = 0;
    options->only = NULL;
    for (int i = 1; i < argc; ++i) {
        const char* option = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(option, "--no-largest") == 0) {
            options->largest = 0;
        } else if (strcmp(option, "--no-faults") == 0) {
            options->faults = 0;
        } else if (strcmp(option, "--verbose") == 0) {
            options->verbose = 1;
        } else if (value != NULL && strcmp(option, "--on-chip-sizes") == 0) {
            if (!parse_list(value, &options->on_chip_sizes)) {
                return 0;
            }
            ++i;
        } else if (value != NULL && strcmp(option, "--only") == 0) {
            if (strcmp(value, "work-count") != 0 && strcmp(value, "deadline") != 0 && strcmp(value, "ll-forms") != 0 &&
                strcmp(value, "temporal3d") != 0 && strcmp(value, "resident3d") != 0 && strcmp(value, "bands") != 0 &&
                strcmp(value, "bands-temporal") != 0) {
                return 0;
            }
            options->only = value;
            ++i;
        } else if (value != NULL && strcmp(option, "--watchdog") == 0) {
            options->watchdog_seconds = atof(value);
            ++i;
        } else if (value != NULL && parse_grid_option(grid, option, value) == 1) {
            ++i;
        } else {
            return 0;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------ cases */

/* One kernel variant on one problem: plans it, runs it in a session and diffs the whole array
 * against the reference. */
static int run_case(void* context, Problem* problem, const Variant* variant, int blocks, int threads)
{
    const Session* session = context;
    const Options* options = session->options;
    const int n = problem->n;
    if (variant->problem != problem->kind) {
        return 1; /* a variant of the other problem: not a case here */
    }
    Runner runner;
    hf_run_report report;
    hf_status status = runner_open(&runner, variant, n, blocks, threads, options->watchdog_seconds);
    const int refused = status == HF_ERR_INVALID_ARGUMENT || status == HF_ERR_UNSUPPORTED ||
                        status == HF_ERR_NOT_CORESIDENT;
    if (refused) {
        /* The planner's refusals are checked by tests/planner_test; here they only mean "not a
         * configuration this variant accepts". */
        printf("SKIP %-22s n=%-3d blocks=%-2d threads=%-4d refused (%s): %s\n", variant->name, n, blocks, threads,
               hf_status_name(status), last_error());
        session->tally->refused++;
        return 1;
    }
    if (status == HF_OK && !problem_reset(problem)) {
        record(session->tally, 0, "%-22s n=%-3d blocks=%-2d threads=%-4d reset: %s", variant->name, n, blocks, threads,
               last_error());
        runner_close(&runner);
        return 0;
    }
    if (status == HF_OK) {
        status = runner_run(&runner, problem->device_u, problem->device_f, problem->iterations, problem->h2, &report);
    }
    if (status != HF_OK) {
        record(session->tally, 0, "%-22s n=%-3d blocks=%-2d threads=%-4d %s: %s", variant->name, n, blocks, threads,
               hf_status_name(status), last_error());
        runner_close(&runner);
        return 0;
    }
    double max_diff = 0.0;
    int identical = 0;
    const int matches = problem_check(problem, &max_diff, &identical);
    record(session->tally, matches, "%-22s n=%-3d blocks=%-2d threads=%-4d max|diff|=%.3g%s%s%s", variant->name, n,
           blocks, threads, max_diff, identical ? " (bit-identical)" : "", runner.plan.note[0] ? ", " : "",
           runner.plan.note);
    if (options->verbose && variant->mode != NULL) {
        const hf_plan* plan = &runner.plan;
        printf("     %s (%s): %d blocks (%d with work, %d per SM x %d SMs), kernel %s%s%s, device %.3f ms, "
               "host %.3f ms, %lld handshakes\n",
               plan->mode, plan->variant, plan->blocks, plan->active_blocks, plan->blocks_per_sm, plan->sm_count,
               plan->kernel, plan->note[0] ? ", " : "", plan->note, report.device_ms, report.host_ms,
               (long long)report.handshakes);
    }
    runner_close(&runner);
    return matches;
}

/* The library's table names the variants this test runs, and nothing is missing. */
static void run_variant_table_case(Tally* tally)
{
    const int count = hf_variant_count();
    int found = 0;
    for (int v = 0; v < VARIANT_COUNT; ++v) {
        for (int index = 0; VARIANTS[v].mode != NULL && index < count; ++index) {
            hf_variant_info info;
            if (hf_variant_at(index, &info) == HF_OK && strcmp(info.mode, VARIANTS[v].mode) == 0 &&
                strcmp(info.name, VARIANTS[v].variant) == 0 && info.supported &&
                info.problem == VARIANTS[v].problem) {
                ++found;
            }
        }
    }
    hf_variant_info beyond;
    const hf_status refused = hf_variant_at(count, &beyond);
    /* 26 rows: the self-test's (persistent-grid temporal, temporal-cg, temporal-3blocks, temporal-paired and cluster-bands among them: their sessions
     * own the scratch array, and the cube's cg, two-slot, relay, lockstep, neighbour, counters and
     * resident), the on-chip ones (ON_CHIP, the cube's block and clusters among them) and the cube's
     * temporal. */
    record(tally, count == 26 && found == VARIANT_COUNT - 1 && refused == HF_ERR_INVALID_ARGUMENT,
           "variant table: %d rows, %d of the self-test's %d persistent variants found, row %d -> %s", count, found,
           VARIANT_COUNT - 1, count, hf_status_name(refused));
}

/* ------------------------------------------------------------------ the on-chip variants */

/* They size their blocks (the threads asked for do not apply); block runs one block, the
 * clusters take 1 .. 16 blocks. Runs each at the on-chip sizes and at the largest N it accepts,
 * with every block count it accepts (more blocks than rows included); a refusal because the grid
 * does not fit is reported as such, not as a failure. */
static const Variant ON_CHIP[] = {
    {"grid-block", "persistent-grid", "block", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"grid-cluster", "persistent-grid", "cluster", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    {"dataflow-cluster", "persistent-dataflow", "cluster", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_2D},
    /* the cube's register kernel: at --cube-sizes */
    {"cube-grid-block", "persistent-grid", "block", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    /* ---- the cube's clusters (slabs of planes), at --cube-sizes and their largest N, every cluster size,
     * k from the planner and as named (refused where a slab is thinner than k) */
    {"cube-grid-cluster", "persistent-grid", "cluster", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    {"cube-grid-cluster-k1", "persistent-grid", "cluster", HF_POLL_BUSY, 1, HF_PROBLEM_POISSON_3D},
    {"cube-grid-cluster-k2", "persistent-grid", "cluster", HF_POLL_BUSY, 2, HF_PROBLEM_POISSON_3D},
    {"cube-grid-cluster-k3", "persistent-grid", "cluster", HF_POLL_BUSY, 3, HF_PROBLEM_POISSON_3D},
    {"cube-grid-cluster-k4", "persistent-grid", "cluster", HF_POLL_BUSY, 4, HF_PROBLEM_POISSON_3D},
    {"cube-dataflow-cluster", "persistent-dataflow", "cluster", HF_POLL_BUSY, 0, HF_PROBLEM_POISSON_3D},
    {"cube-dataflow-cluster-k2", "persistent-dataflow", "cluster", HF_POLL_BUSY, 2, HF_PROBLEM_POISSON_3D},
    {"cube-dataflow-cluster-k3", "persistent-dataflow", "cluster", HF_POLL_BUSY, 3, HF_PROBLEM_POISSON_3D},
    /* ---- end of the cube's clusters */
};

/* Plans the variant at n with `blocks` and `threads` (0: its own choice) into *plan. */
static hf_status plan_variant(const Variant* variant, int blocks, int threads, int n, hf_plan* plan)
{
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = variant->mode;
    config.variant = variant->variant;
    config.blocks = blocks;
    config.threads_per_block = threads;
    const hf_problem problem = problem_of_kind(variant->problem, n);
    return hf_plan_run(&problem, &config, plan);
}

/* Plans the variant at n with `blocks` (0: its own choice). */
static hf_status plan_on_chip(const Variant* variant, int blocks, int n)
{
    hf_plan plan;
    return plan_variant(variant, blocks, 0, n, &plan);
}

/* The largest N the variant plans at with its own block count, or 0. */
static int largest_accepted(const Variant* variant)
{
    int largest = 0;
    for (int n = 3; n <= 600; ++n) {
        largest = plan_on_chip(variant, 0, n) == HF_OK ? n : largest;
    }
    return largest;
}

static void run_on_chip_size(const Options* options, Tally* tally, const Variant* variant, int n)
{
    Problem problem;
    const int cube = variant->problem == HF_PROBLEM_POISSON_3D;
    if (!problem_create_of(&problem, variant->problem, n, cube ? options->grid.cube_iterations : options->grid.iterations)) {
        record(tally, 0, "%s n=%d setup: %s", variant->name, n, last_error());
        problem_destroy(&problem);
        return;
    }
    const int most = strcmp(variant->variant, "block") == 0 ? 1 : 16;
    Session session = {options, tally};
    for (int blocks = 0; blocks <= most; ++blocks) {
        if (plan_on_chip(variant, blocks, n) == HF_ERR_UNSUPPORTED) {
            if (options->verbose) {
                printf("     %s n=%d blocks=%d refused: %s\n", variant->name, n, blocks, last_error());
            }
            continue;
        }
        run_case(&session, &problem, variant, blocks, 0);
    }
    problem_destroy(&problem);
}

static void run_on_chip_cases(const Options* options, Tally* tally)
{
    for (size_t v = 0; v < sizeof ON_CHIP / sizeof ON_CHIP[0]; ++v) {
        const Variant* variant = &ON_CHIP[v];
        if (!selected(options->grid.variants, variant->name)) {
            continue;
        }
        if (plan_on_chip(variant, 0, 11) == HF_ERR_UNSUPPORTED) {
            printf("SKIP %s: %s\n", variant->name, last_error());
            continue;
        }
        const IntList* sizes =
            variant->problem == HF_PROBLEM_POISSON_3D ? &options->grid.cube_sizes : &options->on_chip_sizes;
        for (int s = 0; s < sizes->count; ++s) {
            run_on_chip_size(options, tally, variant, sizes->values[s]);
        }
        const int largest = largest_accepted(variant);
        printf("     %s: largest N planned = %d\n", variant->name, largest);
        if (largest > 0 && options->largest) {
            run_on_chip_size(options, tally, variant, largest);
        }
    }
}

/* The largest N at which one block of the variant holds the cube on chip (with f, or u alone), or 0. */
static int largest_one_block_on_chip(const Variant* variant, int threads, int with_f)
{
    int largest = 0;
    for (int n = 3; n <= 64; ++n) {
        hf_plan plan;
        if (plan_variant(variant, 1, threads, n, &plan) == HF_OK && plan.on_chip && plan.f_on_chip == with_f) {
            largest = n;
        }
    }
    return largest;
}

/* The cube's cg, two-slot and counters on one block at the largest N each holds on chip, u and f
 * (N = 24) and u alone (N = 30): persistent_on_chip_3d at its shared-memory limit. */
static void run_cube_on_chip_largest(const Options* options, Tally* tally)
{
    Session session = {options, tally};
    for (int v = 0; v < VARIANT_COUNT; ++v) {
        const Variant* variant = &VARIANTS[v];
        const int on_chip_row = variant->problem == HF_PROBLEM_POISSON_3D &&
                                (strcmp(variant->variant, "cg") == 0 || strcmp(variant->variant, "two-slot") == 0 ||
                                 strcmp(variant->variant, "counters") == 0);
        if (!on_chip_row || !selected(options->grid.variants, variant->name)) {
            continue;
        }
        const int threads = options->grid.threads.values[0];
        for (int with_f = 1; with_f >= 0; --with_f) {
            const int n = largest_one_block_on_chip(variant, threads, with_f);
            printf("     %s: largest N on chip in one block%s = %d\n", variant->name, with_f ? " with f" : ", u alone", n);
            Problem problem;
            if (n > 0 && problem_create_of(&problem, variant->problem, n, options->grid.cube_iterations)) {
                run_case(&session, &problem, variant, 1, threads);
            } else if (n > 0) {
                record(tally, 0, "%s n=%d setup: %s", variant->name, n, last_error());
            }
            if (n > 0) {
                problem_destroy(&problem);
            }
        }
    }
}

/* One session, two runs, each from the initial array: both match the reference (the host flags,
 * the control block and, for the resident kernel, the LL flags start afresh each time) and no run
 * allocates. At the largest size, for the selected variants. */
static void run_session_reuse_of(const Options* options, Tally* tally, int kind);

static void run_session_reuse_cases(const Options* options, Tally* tally)
{
    for (int kind = HF_PROBLEM_POISSON_2D; kind <= HF_PROBLEM_POISSON_3D; ++kind) {
        run_session_reuse_of(options, tally, kind);
    }
}

static void run_session_reuse_of(const Options* options, Tally* tally, int kind)
{
    enum { RUNS = 2 };
    const int cube = kind == HF_PROBLEM_POISSON_3D;
    const IntList* sizes = cube ? &options->grid.cube_sizes : &options->grid.sizes;
    int any = 0;
    for (int v = 1; v < VARIANT_COUNT; ++v) {
        any = any || (VARIANTS[v].problem == kind && selected(options->grid.variants, VARIANTS[v].name));
    }
    if (!any || sizes->count == 0) {
        return;
    }
    int n = 3;
    for (int s = 0; s < sizes->count; ++s) {
        n = sizes->values[s] > n ? sizes->values[s] : n;
    }
    Problem problem;
    if (!problem_create_of(&problem, kind, n, cube ? options->grid.cube_iterations : options->grid.iterations)) {
        record(tally, 0, "session reuse setup: %s", last_error());
        problem_destroy(&problem);
        return;
    }
    for (int v = 1; v < VARIANT_COUNT; ++v) {
        if (VARIANTS[v].problem != kind || !selected(options->grid.variants, VARIANTS[v].name)) {
            continue;
        }
        for (int blocks = 0; blocks <= 7; blocks += 7) {
            Runner runner;
            hf_status status = runner_open(&runner, &VARIANTS[v], problem.n, blocks, 128, options->watchdog_seconds);
            if (status == HF_ERR_INVALID_ARGUMENT || status == HF_ERR_UNSUPPORTED || status == HF_ERR_NOT_CORESIDENT) {
                printf("SKIP session reuse %-22s n=%d blocks=%d refused (%s): %s\n", VARIANTS[v].name, problem.n, blocks,
                       hf_status_name(status), last_error());
                tally->refused++;
                continue;
            }
            const int64_t allocations = hf_allocation_count();
            int matching = 0;
            for (int run = 0; run < RUNS && status == HF_OK; ++run) {
                hf_run_report report;
                double max_diff = 0.0;
                int identical = 0;
                status = problem_reset(&problem) ? runner_run(&runner, problem.device_u, problem.device_f,
                                                              problem.iterations, problem.h2, &report)
                                                 : HF_ERR_RUNTIME;
                matching += status == HF_OK && problem_check(&problem, &max_diff, &identical) && identical ? 1 : 0;
            }
            const int64_t allocated = hf_allocation_count() - allocations;
            record(tally, status == HF_OK && matching == RUNS && allocated == 0,
                   "session reuse %-22s %sn=%d blocks=%d: %d of %d runs bit-identical, %lld allocations while running %s",
                   VARIANTS[v].name, cube ? "cube " : "", problem.n, runner.plan.blocks, matching, RUNS, (long long)allocated,
                   status == HF_OK ? "" : last_error());
            runner_close(&runner);
        }
    }
    problem_destroy(&problem);
}

typedef struct {
    const char* name;
    const char* mode;
    const char* variant;
    int fault;
    int fault_block;
    const char* names; /* what the message must say about the culprit, or NULL */
    int blocks;
} FaultCase;

/* A forced watchdog must come back as HF_ERR_WATCHDOG naming a block and a step, promptly. */
static void run_fault_case(Problem* problem, const FaultCase* fault, Tally* tally)
{
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = fault->mode;
    config.variant = fault->variant;
    config.blocks = fault->blocks;
    config.watchdog_seconds = FAULT_WATCHDOG_SECONDS;
    config.fault = fault->fault;
    config.fault_block = fault->fault_block;
    const hf_problem solved = problem_of(problem->n);
    hf_run_report report;
    problem_reset(problem);
    const double start = seconds_now();
    const hf_status status =
        hf_run(&solved, &config, problem->device_u, problem->device_f, 10, NULL, NULL, &report);
    const double elapsed = seconds_now() - start;
    const int passed = status == HF_ERR_WATCHDOG && report.error_block >= 0 && report.error_step >= 0 &&
                       elapsed < FAULT_RETURN_LIMIT_SECONDS && strstr(last_error(), "block") != NULL &&
                       (fault->names == NULL || strstr(last_error(), fault->names) != NULL);
    record(tally, passed, "watchdog %-28s -> %s in %.2f s (wait %d, block %d, step %d, peer %d): %s", fault->name,
           hf_status_name(status), elapsed, report.error_code, report.error_block, report.error_step,
           report.error_peer, last_error());
}

static void run_fault_cases(const Options* options, Tally* tally)
{
    static const FaultCase FAULTS[] = {
        {"grid-two-slot skip-barrier", "persistent-grid", "two-slot", HF_FAULT_SKIP_GRID_BARRIER, 1, NULL, 7},
        {"dataflow never-publish", "persistent-dataflow", "counters", HF_FAULT_NEVER_PUBLISH, 0, NULL, 7},
        {"dataflow-cluster never-publish", "persistent-dataflow", "cluster", HF_FAULT_NEVER_PUBLISH, 2, NULL, 7},
        {"host-lockstep never-signal", "persistent-host", "lockstep", HF_FAULT_NEVER_SIGNAL, 0, NULL, 7},
        {"host-neighbour never-signal", "persistent-host", "neighbour", HF_FAULT_NEVER_SIGNAL, 3, NULL, 7},
        /* resident: block 2 never sends its halo; the report names it as furthest behind. */
        {"dataflow-resident never-sends", "persistent-dataflow", "resident", HF_FAULT_NEVER_PUBLISH, 2,
         "block 2 is furthest behind", 7},
        /* cluster-bands: 3 clusters of 8; block 7, the last of the first cluster, never sends, so block 8 (in
         * the next cluster) waits for its lines in vain; the clusters' barriers still end. */
        {"grid-cluster-bands never-sends", "persistent-grid", "cluster-bands", HF_FAULT_NEVER_PUBLISH, 7,
         "block 7 is furthest behind", 24},
        /* relay: block 3 never counts in; the host names it from the blocks' counters. */
        {"host-relay never-counts-in", "persistent-host", "relay", HF_FAULT_NEVER_PUBLISH, 3,
         "block 3 did not finish half-sweep 0", 7},
        /* relay: the host stops after the first half-sweep; block 0 relays the host's step. */
        {"host-relay host-stops", "persistent-host", "relay", HF_FAULT_NEVER_SIGNAL, 0,
         "block 0 did not finish half-sweep 1", 7},
    };
    Problem problem;
    if (!problem_create(&problem, 33, 0)) {
        record(tally, 0, "watchdog setup: %s", last_error());
        problem_destroy(&problem);
        return;
    }
    for (size_t k = 0; k < sizeof FAULTS / sizeof FAULTS[0]; ++k) {
        run_fault_case(&problem, &FAULTS[k], tally);
    }
    problem_destroy(&problem);

    /* The device must still work after the faults. */
    Problem after;
    if (problem_create(&after, 33, options->grid.iterations)) {
        for (int v = 1; v < VARIANT_COUNT; ++v) {
            Session session = {options, tally};
            run_case(&session, &after, &VARIANTS[v], 7, 256);
        }
    } else {
        record(tally, 0, "after-watchdog setup: %s", last_error());
    }
    problem_destroy(&after);
}

/* A grid larger than the co-resident maximum is refused before launch, naming both numbers. */
static void run_coresidency_case(Tally* tally)
{
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = "persistent-grid";
    config.variant = "two-slot";
    config.blocks = 1;
    hf_plan plan;
    const hf_problem problem = problem_of(11);
    if (hf_plan_run(&problem, &config, &plan) != HF_OK) {
        record(tally, 0, "co-residency: planning one block: %s", last_error());
        return;
    }
    const int maximum = plan.blocks_per_sm * plan.sm_count;
    config.blocks = maximum;
    const hf_status at_maximum = hf_plan_run(&problem, &config, &plan);
    config.blocks = maximum + 1;
    const hf_status status = hf_plan_run(&problem, &config, &plan);
    char requested[32];
    char allowed[32];
    snprintf(requested, sizeof requested, "%d", maximum + 1);
    snprintf(allowed, sizeof allowed, "%d", maximum);
    const char* message = last_error();
    record(tally,
           at_maximum == HF_OK && status == HF_ERR_NOT_CORESIDENT && strstr(message, requested) &&
               strstr(message, allowed),
           "co-residency: %d blocks planned, %d (max %d = %d per SM x %d SMs) -> %s: %s", maximum, maximum + 1,
           maximum, plan.blocks_per_sm, plan.sm_count, hf_status_name(status), message);
}

static void run_standard_handles_case(Tally* tally)
{
    void* red = NULL;
    void* black = NULL;
    void* empty = NULL;
    void* unknown = NULL;
    const hf_status status = hf_get_kernel("hf_red", &red) != HF_OK     ? HF_ERR_RUNTIME
                             : hf_get_kernel("hf_black", &black) != HF_OK ? HF_ERR_RUNTIME
                                                                           : hf_get_kernel("hf_empty", &empty);
    const char* message = status == HF_OK ? "" : last_error();
    const hf_status refused = hf_get_kernel("hf_purple", &unknown);
    record(tally, status == HF_OK && red && black && empty && refused == HF_ERR_INVALID_ARGUMENT,
           "kernel handles by name: red=%p black=%p empty=%p, hf_purple -> %s %s", red, black, empty,
           hf_status_name(refused), message);
    double queued = 0.0;
    double synced = 0.0;
    const hf_status timed = hf_launch_benchmark(200, NULL, &queued, &synced);
    record(tally, timed == HF_OK && queued > 0.0 && synced > 0.0,
           "launch benchmark (200 empty launches): %.2f us queued, %.2f us with sync %s", queued * 1e6,
           synced * 1e6, timed == HF_OK ? "" : last_error());
}

/* The cluster probes of the overhead breakdown: a time per round, the DSMEM exchange's rows as
 * sent (the kernel checks them), a cluster of 17 refused as an argument. */
static void run_cluster_probe_cases(Tally* tally)
{
    for (int cluster = 2; cluster <= 16; cluster *= 8) {
        double seconds = 0.0;
        const hf_status barrier = hf_probe_cluster_barrier(cluster, 128, 200, NULL, &seconds);
        record(tally, barrier == HF_OK && seconds > 0.0, "cluster barrier probe, %d blocks of 128: %.3f us %s",
               cluster, seconds * 1e6, barrier == HF_OK ? "" : last_error());
        const hf_status exchange = hf_probe_dsmem_exchange(cluster, 128, 51, 200, NULL, &seconds);
        record(tally, exchange == HF_OK && seconds > 0.0,
               "DSMEM exchange probe, %d blocks of 128, 51 doubles per edge: %.3f us %s", cluster, seconds * 1e6,
               exchange == HF_OK ? "" : last_error());
    }
    double seconds = 0.0;
    const hf_status refused = hf_probe_cluster_barrier(17, 128, 10, NULL, &seconds);
    record(tally, refused == HF_ERR_INVALID_ARGUMENT, "cluster barrier probe, 17 blocks -> %s: %s",
           hf_status_name(refused), last_error());
}

/* ------------------------------------------------------------------ work count, deadline, LL forms */

#define WORK_N 5
#define WORK_ITERATIONS 1000
#define DEADLINE_WATCHDOG_SECONDS 0.5

/* Whether --variants selects a row of the table: by any self-test name for its (problem, mode,
 * variant) in VARIANTS or ON_CHIP; every row without --variants. */
static int row_selected(const Options* options, const hf_variant_info* info)
{
    if (options->grid.variants == NULL) {
        return 1;
    }
    for (int v = 0; v < VARIANT_COUNT; ++v) {
        const Variant* named = &VARIANTS[v];
        if (named->mode != NULL && named->problem == info->problem && strcmp(named->mode, info->mode) == 0 &&
            strcmp(named->variant, info->name) == 0 && selected(options->grid.variants, named->name)) {
            return 1;
        }
    }
    for (size_t v = 0; v < sizeof ON_CHIP / sizeof ON_CHIP[0]; ++v) {
        const Variant* named = &ON_CHIP[v];
        if (named->problem == info->problem && strcmp(named->mode, info->mode) == 0 &&
            strcmp(named->variant, info->name) == 0 && selected(options->grid.variants, named->name)) {
            return 1;
        }
    }
    return 0;
}

/* The message of run_counted's run, kept before the session's close clears the thread's last error. */
static char run_counted_error[2048];

/* One run of row `index` at WORK_N with `fault` in block 0 (the session owns what the variant needs).
 * The run's message, if it failed, is in run_counted_error. */
static hf_status run_counted(Problem* problem, int index, int fault, double watchdog_seconds, hf_plan* plan,
                             hf_run_report* report)
{
    run_counted_error[0] = '\0';
    hf_variant_info info;
    hf_variant_at(index, &info);
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = info.mode;
    config.variant = info.name;
    config.fault = fault;
    config.fault_block = 0;
    config.watchdog_seconds = watchdog_seconds; /* --watchdog: raised under the sanitizers, which slow the kernels */
    const hf_problem solved = problem_of_kind(info.problem, problem->n);
    hf_session* session = NULL;
    hf_status status = hf_session_open(&solved, &config, NULL, &session);
    if (status != HF_OK) {
        memset(plan, 0, sizeof *plan);
        return status;
    }
    hf_session_plan(session, plan);
    if (problem_reset(problem)) {
        status = hf_session_run(session, problem->device_u, problem->device_f, WORK_ITERATIONS, report);
        if (status != HF_OK) {
            snprintf(run_counted_error, sizeof run_counted_error, "%s", last_error());
        }
    }
    hf_session_close(session);
    return status;
}

/* Every variant counts its half-sweeps: a skipped one fails the run where the array cannot tell.
 * Each row on its problem (the square's and the cube's rows alike); --variants selects rows by the
 * self-test's name for them where it has one (cube-grid-block, cube-dataflow, ...). */
static void run_work_count_cases(const Options* options, Tally* tally)
{
    Problem problems[2]; /* by HF_PROBLEM_* */
    memset(problems, 0, sizeof problems);
    for (int kind = HF_PROBLEM_POISSON_2D; kind <= HF_PROBLEM_POISSON_3D; ++kind) {
        if (!problem_create_of(&problems[kind], kind, WORK_N, WORK_ITERATIONS)) {
            record(tally, 0, "work-count setup: %s", last_error());
            problem_destroy(&problems[HF_PROBLEM_POISSON_2D]);
            problem_destroy(&problems[HF_PROBLEM_POISSON_3D]);
            return;
        }
    }
    for (int index = 0; index < hf_variant_count(); ++index) {
        hf_variant_info info;
        hf_variant_at(index, &info);
        if (!info.supported || !row_selected(options, &info)) {
            continue;
        }
        Problem* problem = &problems[info.problem == HF_PROBLEM_POISSON_3D ? HF_PROBLEM_POISSON_3D : HF_PROBLEM_POISSON_2D];
        hf_plan plan;
        hf_run_report report;
        double max_diff = 0.0;
        int identical = 0;
        const hf_status clean = run_counted(problem, index, HF_FAULT_NONE, options->watchdog_seconds, &plan, &report);
        if (clean == HF_ERR_UNSUPPORTED || clean == HF_ERR_NOT_CORESIDENT) {
            printf("SKIP work count %s (%s) at N = %d: %s\n", info.mode, info.name, WORK_N, last_error());
            tally->refused++;
            continue;
        }
        const int clean_matches = clean == HF_OK && problem_check(problem, &max_diff, &identical) && identical;
        record(tally, clean == HF_OK && clean_matches && report.work_fewest == 2 * WORK_ITERATIONS &&
                          report.work_most == 2 * WORK_ITERATIONS && report.work_blocks == plan.active_blocks,
               "work count %s (%s) N=%d i=%d [%s]: %s, %d blocks ran %d .. %d half-sweeps %s", info.mode, info.name,
               WORK_N, WORK_ITERATIONS, plan.note, hf_status_name(clean), report.work_blocks, report.work_fewest,
               report.work_most, run_counted_error);
        const hf_status skipped = run_counted(problem, index, HF_FAULT_SKIP_HALF_SWEEP, options->watchdog_seconds, &plan, &report);
        const int converged = problem_check(problem, &max_diff, &identical) && identical;
        record(tally, skipped == HF_ERR_INCOMPLETE_WORK && report.work_fewest == 2 * WORK_ITERATIONS - 1 &&
                          report.work_fewest_block == 0 && strstr(run_counted_error, "block 0 ran") != NULL,
               "work count %s (%s) N=%d i=%d, block 0 skips a half-sweep -> %s (array %s the reference): %s",
               info.mode, info.name, WORK_N, WORK_ITERATIONS, hf_status_name(skipped),
               converged ? "still equals" : "differs from", run_counted_error);
    }
    problem_destroy(&problems[HF_PROBLEM_POISSON_2D]);
    problem_destroy(&problems[HF_PROBLEM_POISSON_3D]);
}

/* A kernel that ends only long after the host's deadline: one line, promptly, and a stuck session. */
static void run_deadline_case(Tally* tally)
{
    Problem problem;
    if (!problem_create(&problem, 33, 10) || !problem_reset(&problem)) {
        record(tally, 0, "deadline setup: %s", last_error());
        problem_destroy(&problem);
        return;
    }
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = "persistent-grid";
    config.variant = "cg";
    config.blocks = 2;
    config.watchdog_seconds = DEADLINE_WATCHDOG_SECONDS;
    config.fault = HF_FAULT_OUTLAST_DEADLINE;
    config.fault_block = 0;
    hf_plan plan;
    hf_session* session = NULL;
    hf_run_report report;
    memset(&report, 0, sizeof report);
    const hf_problem solved = problem_of(problem.n);
    hf_status status = hf_session_open(&solved, &config, NULL, &session);
    if (status == HF_OK) {
        status = hf_session_plan(session, &plan);
    }
    const double start = seconds_now();
    const hf_status ran =
        status == HF_OK ? hf_session_run(session, problem.device_u, problem.device_f, 10, &report) : status;
    const double elapsed = seconds_now() - start;
    char message[512];
    snprintf(message, sizeof message, "%s", last_error());
    const hf_status again =
        session != NULL ? hf_session_run(session, problem.device_u, problem.device_f, 10, &report) : status;
    const double deadline = 2.0 * DEADLINE_WATCHDOG_SECONDS + 1.0;
    record(tally, ran == HF_ERR_WATCHDOG && strchr(message, '\n') == NULL && strstr(message, "did not end within") &&
                      elapsed >= deadline && elapsed < deadline + 1.0 && again == HF_ERR_RUNTIME,
           "deadline: a kernel outlasting it -> %s after %.2f s (deadline %.1f s), then %s: %s", hf_status_name(ran),
           elapsed, deadline, hf_status_name(again), message);
    hf_session_close(session);
    /* The device memory stays allocated under the kernel that still runs (as the library leaves it). */
}

/* The LL halo exchange in each line form, interleaved so that clocks and neighbours drift alike. */
static void run_ll_form_cases(Tally* tally)
{
    static const char* const FORMS[HF_LL_LINE_COUNT] = {"v2.b64", "v4.u32", "two b64"};
    hf_run_config config;
    memset(&config, 0, sizeof config);
    config.mode = "persistent-dataflow";
    config.variant = "resident";
    hf_plan plan;
    const hf_problem problem = problem_of(1001);
    if (hf_plan_run(&problem, &config, &plan) != HF_OK) {
        record(tally, 0, "LL forms setup: %s", last_error());
        return;
    }
    const int line_counts[] = {1, 502};
    for (int l = 0; l < 2; ++l) {
        double best[HF_LL_LINE_COUNT] = {0.0, 0.0, 0.0};
        for (int repeat = 0; repeat < 3; ++repeat) {
            for (int form = 0; form < HF_LL_LINE_COUNT; ++form) {
                double seconds = 0.0;
                const hf_status status =
                    hf_probe_halo_exchange_form(form, plan.sm_count, 512, line_counts[l], 10000, NULL, &seconds);
                if (status != HF_OK) {
                    record(tally, 0, "LL form %s, %d lines: %s", FORMS[form], line_counts[l], last_error());
                    return;
                }
                best[form] = repeat == 0 || seconds < best[form] ? seconds : best[form];
            }
        }
        record(tally, 1, "LL halo exchange, %d blocks of 512, %d lines, best of 3 x 10000 rounds: v2.b64 %.3f us, "
                         "v4.u32 %.3f us, two b64 %.3f us",
               plan.sm_count, line_counts[l], best[0] * 1e6, best[1] * 1e6, best[2] * 1e6);
    }
}

int main(int argc, char** argv)
{
    Options options;
    if (!parse_options(argc, argv, &options)) {
        fprintf(stderr,
                "usage: %s [--sizes 3,4,11,12,33] [--blocks 1,2,7,0] [--threads 256,64] [--iterations 10]\n"
                "          [--watchdog seconds] [--variants name,...] [--on-chip-sizes 3,11,...] [--no-largest]\n"
                "          [--cube-sizes 3,4,5,8,...] [--cube-iterations 9]\n"
                "          [--no-faults] [--verbose] [--only work-count|deadline|ll-forms|temporal3d|resident3d|bands|bands-temporal]\n",
                argv[0]);
        return 2;
    }
    if (!gpu_available()) {
        return 77;
    }
    int32_t devices = 0;
    int32_t runtime = 0;
    int32_t driver = 0;
    hf_device_count(&devices);
    hf_runtime_version(&runtime, &driver);
    printf("holdfast_native %s (ABI %d), %s runtime %d, driver %d, %d device(s)\n", hf_version(), hf_abi_version(),
           hf_runtime_name(), runtime, driver, devices);

    Tally tally = {0, 0, 0};
    Session session = {&options, &tally};
    if (options.only != NULL) {
        if (strcmp(options.only, "work-count") == 0) {
            run_work_count_cases(&options, &tally);
        } else if (strcmp(options.only, "ll-forms") == 0) {
            run_ll_form_cases(&tally);
        } else if (strcmp(options.only, "resident3d") == 0) {
            run_resident3d_cases(options.grid.cube_sizes.values, options.grid.cube_sizes.count, options.largest,
                                 options.grid.cube_iterations, options.grid.variants, options.watchdog_seconds,
                                 record_line, &tally);
        } else if (strcmp(options.only, "bands") == 0) {
            run_bands_cases(options.watchdog_seconds, options.faults, record_line, &tally);
        } else if (strcmp(options.only, "bands-temporal") == 0) {
            run_bands_temporal_cases(options.grid.sizes.values, options.grid.sizes.count, options.watchdog_seconds,
                                     options.faults, record_line, &tally);
        } else if (strcmp(options.only, "temporal3d") == 0) {
            run_temporal3d_cases(options.grid.cube_sizes.values, options.grid.cube_sizes.count,
                                 options.grid.iterations, options.watchdog_seconds, options.faults, record_line, &tally);
        } else {
            run_deadline_case(&tally);
        }
        printf("%s: %d passed, %d failed\n", tally.failed == 0 ? "ALL PASSED" : "FAILURES", tally.passed, tally.failed);
        return tally.failed == 0 ? 0 : 1;
    }
    /* The failed cases, which run_case has counted already, plus failed setups. */
    tally.failed = for_each_case(&options.grid, run_case, &session);
    run_variant_table_case(&tally);
    run_on_chip_cases(&options, &tally);
    run_resident3d_cases(options.grid.cube_sizes.values, options.grid.cube_sizes.count, options.largest,
                         options.grid.cube_iterations,
                         options.grid.variants, options.watchdog_seconds, record_line, &tally);
    if (options.largest) {
        run_cube_on_chip_largest(&options, &tally);
    }
    run_session_reuse_cases(&options, &tally);
    run_coresidency_case(&tally);
    run_standard_handles_case(&tally);
    run_cluster_probe_cases(&tally);
    run_temporal3d_cases(options.grid.cube_sizes.values, options.grid.cube_sizes.count,
                         options.grid.iterations, options.watchdog_seconds, options.faults, record_line, &tally);
    run_bands_cases(options.watchdog_seconds, options.faults, record_line, &tally);
    if (options.faults) {
        run_work_count_cases(&options, &tally); /* the skip-half-sweep fault, in every variant */
        run_fault_cases(&options, &tally);
        run_deadline_case(&tally); /* last: its kernel spins on for a while */
    }
    printf("%s: %d passed, %d failed, %d refused by the planner\n", tally.failed == 0 ? "ALL PASSED" : "FAILURES",
           tally.passed, tally.failed, tally.refused);
    return tally.failed == 0 ? 0 : 1;
}
