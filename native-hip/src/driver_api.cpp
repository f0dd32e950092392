/*
 * driver_api.cpp: kernel handles for the driver API, and the launch benchmark from C.
 *
 * The library never links libcuda, so that it loads (and says "no GPU") where no driver is
 * installed: the driver functions the benchmark needs come from the runtime's entry points.
 */
#include "driver_api.h"

#include <chrono>

#include "device.h"
#include "runtime_check.h"
#include "variant_table.h"

#if defined(HF_RUNTIME_CUDA)
#include <cuda.h> /* driver types only */
#endif

namespace holdfast {
namespace {

#if defined(HF_RUNTIME_CUDA)

struct DriverApi {
    CUresult (*launch_kernel)(CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int,
                              unsigned int, unsigned int, CUstream, void**, void**);
    CUresult (*stream_synchronize)(CUstream);
    CUresult (*get_error_string)(CUresult, const char**);
};

hf_status driver_entry_point(const char* symbol, void** function)
{
    cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
    HF_CHECK(cudaGetDriverEntryPointByVersion(symbol, function, 12000, cudaEnableDefault, &found));
    if (found != cudaDriverEntryPointSuccess) {
        return fail(HF_ERR_UNSUPPORTED, "the CUDA driver has no entry point %s (query result %d)", symbol,
                    static_cast<int>(found));
    }
    return HF_OK;
}

hf_status load_driver_api(DriverApi* api)
{
    HF_RETURN_IF_FAILED(driver_entry_point("cuLaunchKernel", reinterpret_cast<void**>(&api->launch_kernel)));
    HF_RETURN_IF_FAILED(driver_entry_point("cuStreamSynchronize", reinterpret_cast<void**>(&api->stream_synchronize)));
    HF_RETURN_IF_FAILED(driver_entry_point("cuGetErrorString", reinterpret_cast<void**>(&api->get_error_string)));
    return HF_OK;
}

hf_status driver_failure(const DriverApi& api, CUresult result, const char* call, const char* file, int line)
{
    const char* text = nullptr;
    if (api.get_error_string(result, &text) != CUDA_SUCCESS || text == nullptr) {
        text = "unknown driver error";
    }
    return fail(HF_ERR_RUNTIME, "%s failed at %s:%d: %s (CUresult %d)", call, base_name(file), line, text,
                static_cast<int>(result));
}

#define HF_CHECK_DRIVER(api, call)                                                \
    do {                                                                          \
        const CUresult hf_result_ = (call);                                       \
        if (hf_result_ != CUDA_SUCCESS) {                                         \
            return driver_failure((api), hf_result_, #call, __FILE__, __LINE__);  \
        }                                                                         \
    } while (0)

hf_status function_of(const void* kernel, void** function)
{
    cudaFunction_t handle = nullptr;
    HF_CHECK(cudaGetFuncBySymbol(&handle, kernel));
    *function = reinterpret_cast<void*>(handle);
    return HF_OK;
}

hf_status time_empty_launches(const DriverApi& api, CUfunction empty, CUstream stream, int count, bool sync_each,
                              double* seconds_per_launch)
{
    const auto start = std::chrono::steady_clock::now();
    for (int launch = 0; launch < count; ++launch) {
        HF_CHECK_DRIVER(api, api.launch_kernel(empty, 1, 1, 1, 1, 1, 1, 0, stream, nullptr, nullptr));
        if (sync_each) {
            HF_CHECK_DRIVER(api, api.stream_synchronize(stream));
        }
    }
    HF_CHECK_DRIVER(api, api.stream_synchronize(stream));
    *seconds_per_launch = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / count;
    return HF_OK;
}

#endif /* HF_RUNTIME_CUDA */

}  // namespace

hf_status kernel_handle(const char* name, void** function)
{
    const KernelRef* kernel = find_kernel(name);
    if (kernel == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_get_kernel: the library has no kernel '%s'", name);
    }
#if defined(HF_RUNTIME_CUDA)
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    return function_of(kernel->symbol, function);
#else
    (void)function;
    return fail(HF_ERR_UNSUPPORTED, "hf_get_kernel: driver-API handles are CUDA only");
#endif
}

hf_status launch_benchmark(int count, void* stream, double* queued_seconds_per_launch,
                           double* synced_seconds_per_launch)
{
#if defined(HF_RUNTIME_CUDA)
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    DriverApi api{};
    HF_RETURN_IF_FAILED(load_driver_api(&api));
    void* empty = nullptr;
    HF_RETURN_IF_FAILED(function_of(empty_kernel().symbol, &empty));
    const CUstream driver_stream = static_cast<CUstream>(stream);
    HF_RETURN_IF_FAILED(time_empty_launches(api, static_cast<CUfunction>(empty), driver_stream, count, false,
                                            queued_seconds_per_launch));
    HF_RETURN_IF_FAILED(time_empty_launches(api, static_cast<CUfunction>(empty), driver_stream, count, true,
                                            synced_seconds_per_launch));
    return HF_OK;
#else
    (void)count, (void)stream, (void)queued_seconds_per_launch, (void)synced_seconds_per_launch;
    return fail(HF_ERR_UNSUPPORTED, "hf_launch_benchmark: the driver-API benchmark is CUDA only");
#endif
}

}  // namespace holdfast
