/*
 * overhead_probe.h: costs the overhead breakdown measures on their own, in the same run as the
 * modes (the C ABI's hf_probe_*).
 */
#ifndef HOLDFAST_OVERHEAD_PROBE_H
#define HOLDFAST_OVERHEAD_PROBE_H

#include "holdfast_native.h"

namespace holdfast {

/* hf_probe_halo_exchange: the self-flagged halo exchange between multiprocessors alone. */
hf_status probe_halo_exchange(int blocks, int threads, int lines, int rounds, void* stream, double* seconds_per_round);

}  // namespace holdfast

#endif /* HOLDFAST_OVERHEAD_PROBE_H */
