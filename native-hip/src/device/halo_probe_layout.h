/*
 * halo_probe_layout.h: the sizes of the halo exchange probe (kernels/halo_exchange_probe.h), for
 * the kernel and for the host code that launches it.
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

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_HALO_PROBE_LAYOUT_H */
