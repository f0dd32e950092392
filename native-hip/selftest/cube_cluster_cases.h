/*
 * cube_cluster_cases.h: the self-test's cases for the cube's clusters (persistent-grid cluster and
 * persistent-dataflow cluster on HF_PROBLEM_POISSON_3D): the whole n^3 array against a sequential 3D
 * reference, bit for bit, at every size, cluster size and k the planner accepts; the skipped
 * half-sweep and (dataflow) the block that never publishes. Only the public ABI.
 */
#ifndef HOLDFAST_SELFTEST_CUBE_CLUSTER_CASES_H
#define HOLDFAST_SELFTEST_CUBE_CLUSTER_CASES_H

#include "test_support.h"

/* Iterations of every case: odd, far from converged from a random interior, and 10 half-sweeps,
 * which k = 3, 4, 6, 7 and 8 do not divide (a short last window). */
#define CUBE_CLUSTER_ITERATIONS 5

typedef struct {
    IntList sizes;      /* N; then the largest N the planner accepts, when `largest` */
    IntList blocks;     /* cluster sizes asked (0: the planner's); count 0: 0 .. 16 */
    IntList sweeps;     /* k asked (0: the planner's); count 0: 0 .. 8 */
    int largest;
    int faults;         /* also the skipped half-sweep (HF_FAULT_SKIP_HALF_SWEEP), which must fail the run */
    double watchdog_seconds;
    int verbose;
    const char* variants; /* --variants: cube-grid-cluster and cube-dataflow-cluster run where named (or
                           * cube-cluster, both); NULL: both */
} CubeClusterOptions;

typedef struct {
    int passed;
    int failed;
    int refused; /* configurations the planner refused (printed with --verbose) */
} CubeClusterTally;

/* The defaults: N = 3, 4, 5, 8, 9, 16, 17, 32, 33 and the largest, every cluster size and k, the fault. */
void cube_cluster_defaults(CubeClusterOptions* options);

/* Runs every case, printing one PASS/FAIL line each. */
CubeClusterTally run_cube_cluster_cases(const CubeClusterOptions* options);

#endif /* HOLDFAST_SELFTEST_CUBE_CLUSTER_CASES_H */
