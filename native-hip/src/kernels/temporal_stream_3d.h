/*
 * temporal_stream_3d.h: the hand-written twins of the Java kernel TemporalKernels3D.streamPass
 * (--kernels native with --sweeps-per-launch k on the cube): one pass of k half-sweeps per launch,
 * one block per item (device/stream_pass_3d.h). Found by name through hf_get_kernel,
 * "hf_stream_pass_3d_k<k>", and launched by the Java backend exactly as it launches the generated
 * instance "streamPass_k<k>" of TemporalKernels3D, with the same parameters:
 *
 *   (const double* in, double* out, const double* f, const int* schedule, int* work, int pass,
 *    int n, double h2, int tiles_j, int tiles_k, int segment_planes)
 *
 * schedule[2 pass] is the pass's half-sweep count (0: the launch does nothing) and
 * schedule[2 pass + 1] the colour of its first half-sweep; grid = tiles_j x tiles_k x segments
 * blocks of kStream3dThreads threads, stream_3d_shared_bytes(k) bytes of dynamic shared memory each.
 * Each block's thread 0 adds the half-sweeps its block ran to work[0] (one relaxed atomic per block
 * and launch), as the Java kernel does: the runner checks the sum.
 */
#ifndef HOLDFAST_KERNELS_TEMPORAL_STREAM_3D_H
#define HOLDFAST_KERNELS_TEMPORAL_STREAM_3D_H

#include "../device/stream_pass_3d.h"

namespace holdfast {

template <int K>
__device__ __forceinline__ void stream_pass_3d_launch(const double* __restrict__ in, double* __restrict__ out,
                                                      const double* __restrict__ f, const int* __restrict__ schedule,
                                                      int* work, int pass, int n, double h2, int tiles_j, int tiles_k,
                                                      int segment_planes)
{
    HF_DYNAMIC_SHARED(double, stream_3d_ring);
    const int sweeps = schedule[2 * pass];
    const int first_colour = schedule[2 * pass + 1];
    if (sweeps > 0) {
        stream_pass_3d_item<K>(in, out, f, n, h2, sweeps, first_colour, tiles_j, tiles_k, segment_planes,
                               static_cast<int>(blockIdx.x), stream_3d_ring);
        if (threadIdx.x == 0) {
            atomicAdd(work, sweeps); /* read by the host after the launch: no order needed */
        }
    }
}

}  // namespace holdfast

/* One extern "C" kernel per k: the driver API finds them by name. Two blocks an SM up to k = 4 (64
 * registers a thread), one above, where the ring takes an SM's shared memory and the f held a step
 * ahead takes registers (the Java kernels streamPass and streamPassDeep). */
#define HF_STREAM_PASS_3D_KERNEL(K, BLOCKS_PER_SM)                                                                     \
    extern "C" __global__ void __launch_bounds__(holdfast::kStream3dThreads, BLOCKS_PER_SM)                            \
        hf_stream_pass_3d_k##K(const double* __restrict__ in, double* __restrict__ out,                                \
                               const double* __restrict__ f, const int* __restrict__ schedule, int* work, int pass,    \
                               int n, double h2, int tiles_j, int tiles_k, int segment_planes)                         \
    {                                                                                                                  \
        holdfast::stream_pass_3d_launch<K>(in, out, f, schedule, work, pass, n, h2, tiles_j, tiles_k, segment_planes); \
    }

HF_STREAM_PASS_3D_KERNEL(1, holdfast::kStream3dBlocksPerSm)
HF_STREAM_PASS_3D_KERNEL(2, holdfast::kStream3dBlocksPerSm)
HF_STREAM_PASS_3D_KERNEL(3, holdfast::kStream3dBlocksPerSm)
HF_STREAM_PASS_3D_KERNEL(4, holdfast::kStream3dBlocksPerSm)
HF_STREAM_PASS_3D_KERNEL(6, 1)
HF_STREAM_PASS_3D_KERNEL(8, 1)

#undef HF_STREAM_PASS_3D_KERNEL

#endif /* HOLDFAST_KERNELS_TEMPORAL_STREAM_3D_H */
