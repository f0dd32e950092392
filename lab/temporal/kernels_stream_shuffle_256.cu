/* kernels_stream_shuffle_256.cu: the stream kernels with the shuffle exchange and 256 threads per block,
 * K = 1, 2, 3, 4, 6, 8 (kStreamKernelsPerTable); the phase-1 prototype. */
#include "kernel_tables.h"

namespace temporal_tools {

using holdfast::prototype::StreamExchange;

const StreamKernels kStreamShuffle256[] = {
    stream_kernels<1, 256, StreamExchange::kShuffle>(),  stream_kernels<2, 256, StreamExchange::kShuffle>(),
    stream_kernels<3, 256, StreamExchange::kShuffle>(),  stream_kernels<4, 256, StreamExchange::kShuffle>(),
    stream_kernels<6, 256, StreamExchange::kShuffle>(),  stream_kernels<8, 256, StreamExchange::kShuffle>(),
};
static_assert(sizeof kStreamShuffle256 / sizeof kStreamShuffle256[0] == kStreamKernelsPerTable, "one entry per K");

}  // namespace temporal_tools
