/* kernels_stream_shuffle_128.cu: the stream kernels with the shuffle exchange and 128 threads per block,
 * K = 1, 2, 3, 4, 6, 8, 12, 16 (kStreamKernelsPerTable). */
#include "kernel_tables.h"

namespace temporal_tools {

using holdfast::StreamExchange;

const StreamKernels kStreamShuffle128[] = {
    stream_kernels<1, 128, StreamExchange::kShuffle>(),  stream_kernels<2, 128, StreamExchange::kShuffle>(),
    stream_kernels<3, 128, StreamExchange::kShuffle>(),  stream_kernels<4, 128, StreamExchange::kShuffle>(),
    stream_kernels<6, 128, StreamExchange::kShuffle>(),  stream_kernels<8, 128, StreamExchange::kShuffle>(),
    stream_kernels<12, 128, StreamExchange::kShuffle>(), stream_kernels<16, 128, StreamExchange::kShuffle>(),
};
static_assert(sizeof kStreamShuffle128 / sizeof kStreamShuffle128[0] == kStreamKernelsPerTable, "one entry per K");

}  // namespace temporal_tools
