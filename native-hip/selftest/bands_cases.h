/*
 * bands_cases.h: the self-test's cases of the persistent band kernels (holdfast_bands.h, issue
 * 24), on one GPU: G bands of rows in one cooperative launch, each band in arrays of its own and
 * exchanging its halo rows with the others from inside the kernel through the receive buffers and
 * the LL protocol that G GPUs use; against the sequential reference bit for bit from a random
 * interior. N = 3 (refused: one interior row cannot make two bands), 5, 11, 12, 101, 1001; G = 2, 3;
 * k = 1, 2, 4; 1 and 7 iterations (14 half-sweeps: not a multiple of k = 4; one iteration at k = 4:
 * no exchange but the run's last); the planner's blocks per band and 2. Faults (unless --no-faults):
 * band 1 never sends (the watchdog names band 1, promptly), a block skips the last half-sweep (the
 * work count catches it). Sessions (hf_bands_session_open: N = 5, 11, 12, 101, 1001; G = 2, 3;
 * k = 1 .. 4): 3 then 4 iterations on one load, then 7 from a fresh load, on one session, bit for
 * bit, the runs allocating nothing; one band of one through hf_band_session_open; a session whose
 * band 1 never sends, twice. The temporal pass (HF_BAND_PASS_TEMPORAL): N = 3 .. 2049, G = 1 .. 3, every
 * k it is built for, 1, 7 and 13 iterations, one and three blocks per band; its refusals (a k it is not
 * built for, 128 threads, an unknown pass); sessions through both opens; both faults.
 * `holdfast_native_selftest --only bands` runs just these.
 */
#ifndef HOLDFAST_SELFTEST_BANDS_CASES_H
#define HOLDFAST_SELFTEST_BANDS_CASES_H

#include "temporal3d_cases.h" /* CaseRecord */

void run_bands_cases(double watchdog_seconds, int faults, CaseRecord record, void* tally);

/* The temporal pass (HF_BAND_PASS_TEMPORAL) at the given sizes (run_bands_cases runs them at N = 3, 5,
 * 11, 12, 33, 101, 257, 1001, 2049): G = 1 .. 3 (no more than the interior rows), every k it is built
 * for, 1, 7 and 13 iterations (2, 14 and 26 half-sweeps: passes shorter than k, odd and even pass
 * counts, so that a run starts from either array), the planner's blocks per band, one and three at
 * k = 4 (blocks walking several items); its refusals; sessions at N = 11, 101, 1001 through both opens;
 * the faults unless `faults` is 0. `holdfast_native_selftest --only bands-temporal --sizes ...` runs
 * just these. */
void run_bands_temporal_cases(const int* sizes, int size_count, double watchdog_seconds, int faults, CaseRecord record,
                              void* tally);

#endif /* HOLDFAST_SELFTEST_BANDS_CASES_H */
