/* kernels_stream_shared_128.cu: the stream kernels with the shared exchange and 128 threads per block,
 * K = 1, 2, 3, 4, 6, 8, 12, 16 (kStreamKernelsPerTable). */
#include "kernel_tables.h"

namespace temporal_tools {

using holdfast::StreamExchange;

const StreamKernels kStreamShared128[] = {
    stream_kernels<1, 128, StreamExchange::kShared>(),  stream_kernels<2, 128, StreamExchange::kShared>(),
    stream_kernels<3, 128, StreamExchange::kShared>(),  stream_kernels<4, 128, StreamExchange::kShared>(),
    stream_kernels<6, 128, StreamExchange::kShared>(),  stream_kernels<8, 128, StreamExchange::kShared>(),
    stream_kernels<12, 128, StreamExchange::kShared>(), stream_kernels<16, 128, StreamExchange::kShared>(),
};
static_assert(sizeof kStreamShared128 / sizeof kStreamShared128[0] == kStreamKernelsPerTable, "one entry per K");

}  // namespace temporal_tools
