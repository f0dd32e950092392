/*
 * standard_launch.cpp: the hand-written standard kernels launched through the runtime, one
 * red and one black launch per iteration: a reference for tests and the sanitizer runs.
 */
#include "standard_launch.h"

#include "device.h"
#include "runtime_check.h"
#include "variant_table.h"

namespace holdfast {

hf_status launch_standard(double* u, const double* f, int n, int iterations, double h2, int blocks, int threads,
                          void* stream)
{
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    const hipStream_t run_stream = static_cast<hipStream_t>(stream);
    void* arguments[] = {&u, &f, &n, &h2};
    for (int iteration = 0; iteration < iterations; ++iteration) {
        for (const KernelRef* kernel : {&red_kernel(), &black_kernel()}) {
            HF_CHECK(hipLaunchKernel(kernel->symbol, dim3(static_cast<unsigned int>(blocks)),
                                     dim3(static_cast<unsigned int>(threads)), arguments, 0, run_stream));
        }
    }
    HF_CHECK(hipStreamSynchronize(run_stream));
    return HF_OK;
}

}  // namespace holdfast
