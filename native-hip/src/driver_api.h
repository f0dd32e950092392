/*
 * driver_api.h: the driver-API side of the library (CUDA only): kernels' CUfunction handles by
 * name, and the launch-overhead benchmark through cuLaunchKernel. On HIP both answer
 * HF_ERR_UNSUPPORTED.
 */
#ifndef HOLDFAST_DRIVER_API_H
#define HOLDFAST_DRIVER_API_H

#include "holdfast_native.h"

namespace holdfast {

hf_status kernel_handle(const char* name, void** function);

hf_status launch_benchmark(int count, void* stream, double* queued_seconds_per_launch,
                           double* synced_seconds_per_launch);

}  // namespace holdfast

#endif /* HOLDFAST_DRIVER_API_H */
