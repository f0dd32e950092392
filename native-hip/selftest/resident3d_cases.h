/*
 * resident3d_cases.h: the self-test's sweep of persistent-dataflow resident on the cube
 * (HF_PROBLEM_POISSON_3D, slabs of planes), through the public ABI only: at every size asked and
 * the largest N the planner accepts, every block count it accepts (its own, and 1 .. n - 1: one
 * past the interior planes), k from the planner and k = 1, 2, 3, and 1, 7 and the asked number of
 * iterations (no exchange at k >= 2 after one; a short last round at k = 3 after seven), each run
 * against the sequential 3D reference bit for bit. One line per variant, size and iteration count.
 */
#ifndef HOLDFAST_SELFTEST_RESIDENT3D_CASES_H
#define HOLDFAST_SELFTEST_RESIDENT3D_CASES_H

#include "temporal3d_cases.h" /* CaseRecord */

/* Runs the sweep for the variants `variants` selects (NULL: all; names cube-dataflow-resident and
 * cube-dataflow-resident-k1, -k2, -k3) at `sizes` (count of them) and, when `largest`, the largest N
 * accepted (--no-largest leaves it out: under a sanitizer its 96 block counts take minutes). */
void run_resident3d_cases(const int* sizes, int size_count, int largest, int iterations, const char* variants,
                          double watchdog_seconds, CaseRecord record, void* tally);

#endif /* HOLDFAST_SELFTEST_RESIDENT3D_CASES_H */
