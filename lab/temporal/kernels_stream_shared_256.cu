/* kernels_stream_shared_256.cu: the stream kernels with the shared exchange and 256 threads per block,
 * K = 1, 2, 3, 4, 6, 8 (kStreamKernelsPerTable); the phase-1 prototype. */
#include "kernel_tables.h"

namespace temporal_tools {

using holdfast::prototype::StreamExchange;

const StreamKernels kStreamShared256[] = {
    stream_kernels<1, 256, StreamExchange::kShared>(),  stream_kernels<2, 256, StreamExchange::kShared>(),
    stream_kernels<3, 256, StreamExchange::kShared>(),  stream_kernels<4, 256, StreamExchange::kShared>(),
    stream_kernels<6, 256, StreamExchange::kShared>(),  stream_kernels<8, 256, StreamExchange::kShared>(),
};
static_assert(sizeof kStreamShared256 / sizeof kStreamShared256[0] == kStreamKernelsPerTable, "one entry per K");

}  // namespace temporal_tools
