/*
 * test_support.h: what the self-test and the benchmark share: the Poisson problem with its
 * sequential reference in device memory, the list of kernel variants, and small helpers. Only
 * the public ABI (holdfast_native.h) is used.
 */
#ifndef HOLDFAST_SELFTEST_TEST_SUPPORT_H
#define HOLDFAST_SELFTEST_TEST_SUPPORT_H

#include <stdint.h>

#include "holdfast_native.h"

#define MAX_LIST 32

typedef struct {
    int values[MAX_LIST];
    int count;
} IntList;

/* Parses "3,4,11" into list; 0 when the text is not such a list. */
int parse_list(const char* text, IntList* list);

/* Whether name is one of the comma-separated names in list (every name when list is NULL); an item
 * "prefix*" stands for every name that starts with prefix ("cube-*": the cube's cases). */
int selected(const char* list, const char* name);

/* A persistent variant (mode and variant names as the command line's) with its host polling and
 * half-sweeps per exchange (0: the planner's), or the standard kernels (mode NULL); the problem it
 * solves (HF_PROBLEM_*: 0, the square, where not named; the cube's are named cube-...). */
typedef struct {
    const char* name;
    const char* mode;
    const char* variant;
    int polling;
    int sweeps;
    int problem;
} Variant;

extern const Variant VARIANTS[];
extern const int VARIANT_COUNT;

/* A variant ready to run on one problem: planned and in an open session (persistent), or the
 * standard kernels' grid. */
typedef struct {
    const Variant* variant;
    hf_plan plan;        /* persistent; for the standard kernels only blocks and threads_per_block */
    hf_session* session; /* persistent */
} Runner;

/* The 2D Poisson problem of n points per side, h2 as the Java side computes it. */
hf_problem problem_of(int n);

/* The problem of kind `kind` (HF_PROBLEM_*) of n points per side, h2 as the Java side computes it. */
hf_problem problem_of_kind(int kind, int n);

/* Plans and opens a session for variant (blocks 0 = the planner's choice; for the standard kernels
 * one thread per point). On failure nothing stays open. */
hf_status runner_open(Runner* runner, const Variant* variant, int n, int blocks, int threads, double watchdog);

/* `iterations` iterations on the problem's device array (hf_session_run, or hf_launch_standard,
 * whose report has only zeros). */
hf_status runner_run(Runner* runner, void* device_u, void* device_f, int iterations, double h2,
                     hf_run_report* report);

void runner_close(Runner* runner);

double seconds_now(void);

/* The calling thread's last library error (a static buffer). */
const char* last_error(void);

/* The problem of DESIGN.md (or the cube, kind HF_PROBLEM_POISSON_3D): boundary from the exact
 * solution, a seeded random interior (so that a skipped or repeated half-sweep shows), in device
 * memory, with the sequential reference after `iterations` iterations on the host; sensitivity is
 * max |ref(iterations) - ref(iterations - 1)|. */
typedef struct {
    int kind; /* HF_PROBLEM_* */
    int n;
    int iterations; /* those of the reference: what a case runs */
    double h2;
    double sensitivity;
    double* initial;
    double* f;
    double* expected;
    double* actual;
    void* device_u;
    void* device_f;
} Problem;

/* 1 on success; problem_destroy() in every case. The square, or the problem of `kind`. */
int problem_create(Problem* problem, int n, int iterations);
int problem_create_of(Problem* problem, int kind, int n, int iterations);
void problem_destroy(Problem* problem);

/* Copies the initial array to the device. */
int problem_reset(Problem* problem);

/* Copies the result back and compares the whole array with the reference: a match is bit for
 * bit (every kernel does the reference's arithmetic in its order); max_diff says how far off. */
int problem_check(Problem* problem, double* max_diff, int* identical);

/* 1 when there is a GPU; otherwise prints "SKIP no GPU: <reason>" and returns 0 (exit 77). */
int gpu_available(void);

/* The cases to run: every size x selected variant x thread count x block count; the cube's
 * variants at their own sizes and iterations. */
typedef struct {
    IntList sizes;
    IntList blocks;
    IntList threads;
    int iterations;
    IntList cube_sizes; /* the sizes of the cube's variants (none: no cube cases) */
    int cube_iterations;
    const char* variants; /* comma-separated names, NULL for all */
} CaseGrid;

/* Takes "--sizes", "--blocks", "--threads", "--cube-sizes" (lists), "--iterations",
 * "--cube-iterations" and "--variants" with their value. Returns 1 when it took the option, 0 when
 * the option is not one of these, -1 when the value is bad. */
int parse_grid_option(CaseGrid* grid, const char* option, const char* value);

/* How the self-test records a case: its PASS/FAIL line and its tally. */
typedef void (*CaseRecord)(void* tally, int passed, const char* line);

/* Records a case whose line is printf-style. */
void record_case(CaseRecord record, void* tally, int passed, const char* format, ...)
    __attribute__((format(printf, 4, 5)));

/* One case; returns 1 when it passed. */
typedef int (*CaseFunction)(void* context, Problem* problem, const Variant* variant, int blocks, int threads);

/* Runs run_one for every case of grid on a problem of each size (with its reference after
 * grid->iterations iterations; the cube's variants on the cube at grid->cube_sizes after
 * grid->cube_iterations). Returns the number of failed cases and setups. */
int for_each_case(const CaseGrid* grid, CaseFunction run_one, void* context);

#endif /* HOLDFAST_SELFTEST_TEST_SUPPORT_H */
