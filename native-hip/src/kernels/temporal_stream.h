/*
 * temporal_stream.h: the hand-written twins of the Java kernel TemporalKernels.streamPass
 * (--kernels native with --sweeps-per-launch k): one pass of k half-sweeps per launch, one block
 * per item (device/stream_pass.h). Found by name through hf_get_kernel, "hf_stream_pass_k<k>", and
 * launched by the Java backend exactly as it launches the generated instance "streamPass_k<k>",
 * with the same parameters:
 *
 *   (const double* in, double* out, const double* f, const int* schedule, int* work, int pass,
 *    int n, double h2, int strip_width, int strips, int segment_rows)
 *
 * schedule[2 pass] is the pass's half-sweep count (0: the launch does nothing) and
 * schedule[2 pass + 1] the colour of its first half-sweep; grid = strips x segments blocks of
 * kStreamThreads threads. Each block's thread 0 adds the half-sweeps its block ran to work[0]
 * (one relaxed atomic per block and launch), as the Java kernel does: the runner checks the sum.
 */
#ifndef HOLDFAST_KERNELS_TEMPORAL_STREAM_H
#define HOLDFAST_KERNELS_TEMPORAL_STREAM_H

#include "../device/stream_pass.h"

namespace holdfast {

template <int K>
__device__ __forceinline__ void stream_pass_launch(const double* __restrict__ in, double* __restrict__ out,
                                                   const double* __restrict__ f, const int* __restrict__ schedule,
                                                   int* work, int pass, int n, double h2, int strip_width, int strips,
                                                   int segment_rows)
{
    static_assert(stream_shared_doubles(K) <= kStreamStaticSharedDoubles, "the ring and the edges fit static shared memory");
#if HF_HAS_STREAM_SHUFFLE
    __shared__ double f_ring[stream_ring_rows(K) * 2 * kStreamThreads];
    __shared__ double edges[2 * K * kStreamWarps];
    const int sweeps = schedule[2 * pass];
    const int first_colour = schedule[2 * pass + 1];
    if (sweeps > 0) {
        stream_pass_item<K>(in, out, f, n, n, h2, sweeps, first_colour, StreamGeometry{strip_width, strips, segment_rows, 0},
                            static_cast<int>(blockIdx.x), f_ring, edges);
        if (threadIdx.x == 0) {
            atomicAdd(work, sweeps); /* read by the host after the launch: no order needed */
        }
    }
#else
    (void)in, (void)out, (void)f, (void)schedule, (void)work, (void)pass, (void)n, (void)h2, (void)strip_width, (void)strips,
        (void)segment_rows;
#endif
}

}  // namespace holdfast

/* One extern "C" kernel per k: the driver API finds them by name. */
#define HF_STREAM_PASS_KERNEL(K)                                                                                       \
    extern "C" __global__ void __launch_bounds__(holdfast::kStreamThreads, holdfast::stream_blocks_per_sm(K))       \
        hf_stream_pass_k##K(const double* __restrict__ in, double* __restrict__ out, const double* __restrict__ f,     \
                            const int* __restrict__ schedule, int* work, int pass, int n, double h2, int strip_width,  \
                            int strips, int segment_rows)                                                              \
    {                                                                                                                  \
        holdfast::stream_pass_launch<K>(in, out, f, schedule, work, pass, n, h2, strip_width, strips, segment_rows);   \
    }

HF_STREAM_PASS_KERNEL(1)
HF_STREAM_PASS_KERNEL(2)
HF_STREAM_PASS_KERNEL(3)
HF_STREAM_PASS_KERNEL(4)
HF_STREAM_PASS_KERNEL(6)
HF_STREAM_PASS_KERNEL(8)
HF_STREAM_PASS_KERNEL(12)
HF_STREAM_PASS_KERNEL(16)

#undef HF_STREAM_PASS_KERNEL

#endif /* HOLDFAST_KERNELS_TEMPORAL_STREAM_H */
