/*
 * halo_probe_layout.h: the sizes of the halo exchange probes, for the kernels and for the host
 * code that launches them: the self-flagged exchange between multiprocessors
 * (kernels/halo_exchange_probe.h) and the exchange through distributed shared memory
 * (kernels/cluster_probes.h, CUDA only).
 */
#ifndef HOLDFAST_DEVICE_HALO_PROBE_LAYOUT_H
#define HOLDFAST_DEVICE_HALO_PROBE_LAYOUT_H

#include <stddef.h>

namespace holdfast {

/* Lines of the probe's mailbox: per block, two slots from the block above, then two from below. */
__host__ __device__ __forceinline__ size_t halo_probe_mailbox_lines(int blocks, int lines)
{
    return static_cast<size_t>(blocks) * 4 * static_cast<size_t>(lines);
}

/* Dynamic shared memory of a probe block: send up, send down, receive from above, from below. */
__host__ __device__ __forceinline__ size_t halo_probe_shared_bytes(int lines)
{
    return 4 * static_cast<size_t>(lines) * sizeof(double);
}

/* Dynamic shared memory of a DSMEM probe block: [2 slots][from above, from below][width] doubles. */
__host__ __device__ __forceinline__ size_t dsmem_probe_shared_bytes(int width)
{
    return 4 * static_cast<size_t>(width) * sizeof(double);
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_HALO_PROBE_LAYOUT_H */
