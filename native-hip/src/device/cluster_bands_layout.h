/*
 * cluster_bands_layout.h: what a block of the many-cluster kernel (kernels/cluster_bands.h) keeps in
 * shared memory, for the kernel and the planner alike (host and device).
 *
 * The resident kernel's layout (resident_layout.h: the band's stored rows of u, colour-split, then
 * h2 * f when it is on chip), then an inbox that the block's neighbours in its own cluster push
 * their edge rows into: [2 slots][2 sides] of k rows of one colour (colour_row_width doubles each).
 * Every block of the launch has the same layout (the largest band's), so an offset in one block's
 * shared memory names the same buffer in every other block of its cluster. Two slots, alternating
 * by exchange: a sender writes slot e % 2 again only at exchange e + 2, after the cluster barrier
 * of exchange e + 1, which the receiver reaches only after it has copied slot e % 2 out.
 * The edge rows between clusters travel through the resident kernel's mailbox of LL lines.
 */
#ifndef HOLDFAST_DEVICE_CLUSTER_BANDS_LAYOUT_H
#define HOLDFAST_DEVICE_CLUSTER_BANDS_LAYOUT_H

#include "resident_layout.h"

namespace holdfast {

/* Doubles of one inbox buffer: k rows of one colour. */
__host__ __device__ __forceinline__ int cluster_bands_box_doubles(int n, int k) { return k * colour_row_width(n); }

/* Offset in doubles of the inbox: right after u (and h2 * f). */
__host__ __device__ __forceinline__ size_t cluster_bands_inbox_offset(int bands, int n, int k, bool f_on_chip)
{
    return resident_shared_bytes(bands, n, k, f_on_chip) / sizeof(double);
}

/* Offset in doubles of the inbox buffer that receives slot `slot` on side `side` (0: from the band
 * above, 1: from the band below). */
__host__ __device__ __forceinline__ size_t cluster_bands_box(int bands, int n, int k, bool f_on_chip, int slot,
                                                            int side)
{
    return cluster_bands_inbox_offset(bands, n, k, f_on_chip) +
           static_cast<size_t>(slot * 2 + side) * static_cast<size_t>(cluster_bands_box_doubles(n, k));
}

/* Dynamic shared memory per block. */
__host__ __device__ __forceinline__ size_t cluster_bands_shared_bytes(int bands, int n, int k, bool f_on_chip)
{
    return (cluster_bands_inbox_offset(bands, n, k, f_on_chip) + 4 * static_cast<size_t>(cluster_bands_box_doubles(n, k))) *
           sizeof(double);
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_CLUSTER_BANDS_LAYOUT_H */
