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
 * band 1 never sends, twice. `holdfast_native_selftest --only bands` runs just these.
 */
#ifndef HOLDFAST_SELFTEST_BANDS_CASES_H
#define HOLDFAST_SELFTEST_BANDS_CASES_H

#include "temporal3d_cases.h" /* CaseRecord */

void run_bands_cases(double watchdog_seconds, int faults, CaseRecord record, void* tally);

#endif /* HOLDFAST_SELFTEST_BANDS_CASES_H */
