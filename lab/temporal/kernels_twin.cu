/* kernels_twin.cu: the library's temporally blocked kernels (src/kernels/temporal_stream.h and
 * temporal_persistent.h, the twins of the Java kernel), K = 1, 2, 3, 4, 6, 8, built into the probe
 * from the same headers as libholdfast_native. */
#include "kernel_tables.h"
/* after kernel_tables.h (hf_gpu.h) */
#include "kernels/temporal_persistent.h"
#include "kernels/temporal_stream.h"

namespace temporal_tools {

const TwinKernels kTwinKernels[] = {
    {1, &hf_stream_pass_k1, &holdfast::temporal_stream_persistent<1>},
    {2, &hf_stream_pass_k2, &holdfast::temporal_stream_persistent<2>},
    {3, &hf_stream_pass_k3, &holdfast::temporal_stream_persistent<3>},
    {4, &hf_stream_pass_k4, &holdfast::temporal_stream_persistent<4>},
    {6, &hf_stream_pass_k6, &holdfast::temporal_stream_persistent<6>},
    {8, &hf_stream_pass_k8, &holdfast::temporal_stream_persistent<8>},
};
const int kTwinKernelCount = int(sizeof kTwinKernels / sizeof kTwinKernels[0]);

}  // namespace temporal_tools
