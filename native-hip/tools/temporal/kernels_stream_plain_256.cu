/* kernels_stream_plain_256.cu: the stream kernels with the shared exchange and 256 threads, rows
 * loaded by plain loads held one step instead of cp.async (what a language without async copies
 * can write), K = 1, 2, 3, 4, 6, 8, 12, 16 (kStreamKernelsPerTable). */
#include "kernel_tables.h"

namespace temporal_tools {

using holdfast::StreamExchange;

const StreamKernels kStreamPlain256[] = {
    stream_kernels<1, 256, StreamExchange::kShared, false>(),  stream_kernels<2, 256, StreamExchange::kShared, false>(),
    stream_kernels<3, 256, StreamExchange::kShared, false>(),  stream_kernels<4, 256, StreamExchange::kShared, false>(),
    stream_kernels<6, 256, StreamExchange::kShared, false>(),  stream_kernels<8, 256, StreamExchange::kShared, false>(),
    stream_kernels<12, 256, StreamExchange::kShared, false>(), stream_kernels<16, 256, StreamExchange::kShared, false>(),
};
static_assert(sizeof kStreamPlain256 / sizeof kStreamPlain256[0] == kStreamKernelsPerTable, "one entry per K");

}  // namespace temporal_tools
