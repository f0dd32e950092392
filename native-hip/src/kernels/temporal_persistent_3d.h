/*
 * temporal_persistent_3d.h: persistent-grid (temporal) on the cube (HF_PROBLEM_POISSON_3D), the
 * persistent counterpart of the standard twins hf_stream_pass_3d_k<k> (kernels/temporal_stream_3d.h):
 * one cooperative launch runs every pass of k half-sweeps (device/stream_pass_3d.h, the same device
 * code), the blocks share a pass's items, and the two-slot grid barrier between passes publishes a
 * pass's writes before the next reads them as ghost points (run_temporal_passes, the square's loop).
 * Two buffers, as the square's: pass i reads u and writes scratch when i is even, back when odd.
 * Each block takes stream_3d_shared_bytes(K) of dynamic shared memory (the planner sets it).
 */
#ifndef HOLDFAST_KERNELS_TEMPORAL_PERSISTENT_3D_H
#define HOLDFAST_KERNELS_TEMPORAL_PERSISTENT_3D_H

#include "../device/stream_pass_3d.h"
#include "temporal_persistent.h"

namespace holdfast {

/* Two blocks an SM up to k = 4 (64 registers a thread), one above, as the standard twins. The row
 * runs the two-slot barrier; the CPU emulation of blocks of many threads runs cooperative groups'
 * (the two-slot barrier's static shared flag is per thread there). */
template <int K, PassBarrier B = PassBarrier::kTwoSlot>
__global__ void __launch_bounds__(kStream3dThreads, K <= 4 ? kStream3dBlocksPerSm : 1)
    temporal_stream_persistent_3d(PersistentArgs args)
{
    HF_DYNAMIC_SHARED(double, stream_3d_persistent_ring);
    const Problem& problem = args.problem;
    const StreamGeometry3d& items = args.items_3d;
    run_temporal_passes<K, B>(
        args, stream_3d_blocks(items), [&](const double* in, double* out, int sweeps, int first_colour, int item) {
            stream_pass_3d_item<K>(in, out, problem.f, problem.n, problem.h2, sweeps, first_colour, items.tiles_j,
                                   items.tiles_k, items.segment_planes, item, stream_3d_persistent_ring);
        });
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_TEMPORAL_PERSISTENT_3D_H */
