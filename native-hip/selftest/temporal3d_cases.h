/*
 * temporal3d_cases.h: the self-test's cases of persistent-grid temporal on the cube
 * (HF_PROBLEM_POISSON_3D), through the public ABI only: the standard twins' handles; every k at sizes 3 .. 257 with the planner's
 * blocks and with fewer (blocks that take several items), against the sequential 3D reference bit for
 * bit; a session run twice; a block that skips a half-sweep caught by the work count; a block that
 * skips the grid barrier caught by the watchdog. `holdfast_native_selftest --only temporal3d` runs just
 * these (what compute-sanitizer runs for the cube's temporal kernels).
 */
#ifndef HOLDFAST_SELFTEST_TEMPORAL3D_CASES_H
#define HOLDFAST_SELFTEST_TEMPORAL3D_CASES_H

#include "test_support.h" /* CaseRecord */

/* Runs the cases at `sizes` (count of them; NULL: the default list), `iterations` iterations each
 * (at least 1), with the faults when `faults`; records one line per case. */
void run_temporal3d_cases(const int* sizes, int size_count, int iterations, double watchdog_seconds, int faults,
                          CaseRecord record, void* tally);

#endif /* HOLDFAST_SELFTEST_TEMPORAL3D_CASES_H */
