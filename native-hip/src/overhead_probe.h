/*
 * overhead_probe.h: costs the overhead breakdown measures on their own, in the same run as the
 * modes (the C ABI's hf_probe_*).
 */
#ifndef HOLDFAST_OVERHEAD_PROBE_H
#define HOLDFAST_OVERHEAD_PROBE_H

#include "holdfast_native.h"

namespace holdfast {

/* hf_probe_halo_exchange: the self-flagged halo exchange between multiprocessors alone. */
/* form: HF_LL_LINE_*, or HF_LL_LINE_COUNT for the library's own form (the resident kernel's). */
hf_status probe_halo_exchange(int form, int blocks, int threads, int lines, int rounds, void* stream,
                              double* seconds_per_round);

/* hf_probe_cluster_barrier: the hardware cluster barrier alone, in one cluster (CUDA only). */
hf_status probe_cluster_barrier(int cluster_size, int threads, int rounds, void* stream, double* seconds_per_round);

/* The widest edge row of hf_probe_dsmem_exchange: its check tells indices apart below 2^16
 * (dsmem_probe_value, kernels/cluster_probes.h). */
constexpr int kDsmemProbeMaxWidth = 1 << 16;

/* hf_probe_dsmem_exchange: edge rows into the neighbours' shared memory and the cluster barrier
 * after them, in one cluster (CUDA only). */
hf_status probe_dsmem_exchange(int cluster_size, int threads, int width, int rounds, void* stream,
                               double* seconds_per_round);

}  // namespace holdfast

#endif /* HOLDFAST_OVERHEAD_PROBE_H */
