/*
 * runtime_check.cpp: runtime errors as status codes and messages; the allocation count.
 */
#include "runtime_check.h"

#include <atomic>

namespace holdfast {
namespace {

std::atomic<int64_t> allocations{0};

hf_status status_of(hipError_t error)
{
    switch (error) {
    case hipErrorNoDevice:
    case hipErrorInsufficientDriver:
#if defined(HF_RUNTIME_CUDA)
    case cudaErrorStubLibrary:
    case cudaErrorSystemDriverMismatch:
#endif
        return HF_ERR_NO_DEVICE;
    case hipErrorOutOfMemory: return HF_ERR_OUT_OF_MEMORY;
    case hipErrorCooperativeLaunchTooLarge: return HF_ERR_NOT_CORESIDENT;
    default: return HF_ERR_RUNTIME;
    }
}

}  // namespace

hf_status runtime_failure(hipError_t error, const char* call, const char* file, int line)
{
    /* The runtime also keeps this error as its "last error"; take it off, or the next launch
     * check would report it again. Its return value is this same error. */
    (void)hipGetLastError();
    const hf_status status = status_of(error);
    fail(status, "%s failed at %s:%d: %s (%s)", call, base_name(file), line, hipGetErrorString(error),
         hipGetErrorName(error));
    if (status == HF_ERR_NO_DEVICE) {
        append_error(" [no usable GPU: no device, or no " HF_RUNTIME_NAME " driver, on this machine]");
    }
    return status;
}

hf_status check_after(hf_status earlier, hipError_t error, const char* call, const char* file, int line)
{
    if (error == hipSuccess || earlier != HF_OK) {
        return earlier;
    }
    return runtime_failure(error, call, file, line);
}

void count_allocation() { allocations.fetch_add(1, std::memory_order_relaxed); }

int64_t allocation_count() { return allocations.load(std::memory_order_relaxed); }

}  // namespace holdfast
