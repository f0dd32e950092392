/*
 * hip_compat_cuda.h: the HIP names the library's sources use, mapped to CUDA (private: hf_gpu.h
 * includes it).
 *
 * The source is written once against HIP. For GPU_RUNTIME=CUDA this header supplies what
 * <hip/hip_runtime.h> would: runtime calls and types, cooperative groups, the wall clock, and
 * the clang atomic builtins (__hip_atomic_*, __builtin_amdgcn_fence) with explicit memory order
 * and scope, spelled here as inline PTX so the order and scope are exactly what the source says.
 * Only what the source uses is mapped.
 */
#ifndef HOLDFAST_HIP_COMPAT_CUDA_H
#define HOLDFAST_HIP_COMPAT_CUDA_H

#include <cooperative_groups.h>
#include <cuda_runtime.h>

/* ---------------------------------------------------------------- runtime types and codes */

typedef cudaError_t hipError_t;
typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;

#define hipSuccess cudaSuccess
#define hipErrorNotReady cudaErrorNotReady
#define hipErrorNoDevice cudaErrorNoDevice
#define hipErrorInsufficientDriver cudaErrorInsufficientDriver
#define hipErrorOutOfMemory cudaErrorMemoryAllocation
#define hipErrorCooperativeLaunchTooLarge cudaErrorCooperativeLaunchTooLarge

#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipMemcpyDefault cudaMemcpyDefault

#define hipHostMallocMapped cudaHostAllocMapped
/* AMD needs coherent (fine-grained) host memory for system-scope atomics; CUDA's is always. */
#define hipHostMallocCoherent 0u

/* ---------------------------------------------------------------- runtime calls */

#define hipGetErrorName cudaGetErrorName
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipGetDeviceCount cudaGetDeviceCount
#define hipGetDevice cudaGetDevice
#define hipRuntimeGetVersion cudaRuntimeGetVersion
#define hipDriverGetVersion cudaDriverGetVersion
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemset cudaMemset
#define hipMemsetAsync cudaMemsetAsync
#define hipHostFree cudaFreeHost
#define hipHostGetDevicePointer cudaHostGetDevicePointer
#define hipEventCreate cudaEventCreate
#define hipEventDestroy cudaEventDestroy
#define hipEventRecord cudaEventRecord
#define hipEventQuery cudaEventQuery
#define hipEventSynchronize cudaEventSynchronize
#define hipEventElapsedTime cudaEventElapsedTime
#define hipStreamSynchronize cudaStreamSynchronize
#define hipOccupancyMaxActiveBlocksPerMultiprocessor cudaOccupancyMaxActiveBlocksPerMultiprocessor

static inline hipError_t hipHostMalloc(void** pointer, size_t bytes, unsigned int flags)
{
    return cudaHostAlloc(pointer, bytes, flags);
}

static inline hipError_t hipLaunchCooperativeKernel(const void* kernel, dim3 grid, dim3 block, void** arguments,
                                                    unsigned int shared_bytes, hipStream_t stream)
{
    return cudaLaunchCooperativeKernel(kernel, grid, block, arguments, shared_bytes, stream);
}

static inline hipError_t hipLaunchKernel(const void* kernel, dim3 grid, dim3 block, void** arguments,
                                         size_t shared_bytes, hipStream_t stream)
{
    return cudaLaunchKernel(kernel, grid, block, arguments, shared_bytes, stream);
}

/* Device attributes. CUDA has no wall-clock rate: wall_clock64() below reads %globaltimer,
 * which counts nanoseconds, so the rate is 1e6 kHz. */
typedef int hipDeviceAttribute_t;
#define hipDeviceAttributeCooperativeLaunch cudaDevAttrCooperativeLaunch
#define hipDeviceAttributeMultiprocessorCount cudaDevAttrMultiProcessorCount
#define hipDeviceAttributeSharedMemPerBlockOptin cudaDevAttrMaxSharedMemoryPerBlockOptin
#define hipDeviceAttributeMaxSharedMemoryPerMultiprocessor cudaDevAttrMaxSharedMemoryPerMultiprocessor
#define hipDeviceAttributeWarpSize cudaDevAttrWarpSize
#define hipFuncSetAttribute cudaFuncSetAttribute
#define hipFuncAttributeMaxDynamicSharedMemorySize cudaFuncAttributeMaxDynamicSharedMemorySize
#define hipDeviceAttributeWallClockRate (-1)

static inline hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attribute, int device)
{
    if (attribute == hipDeviceAttributeWallClockRate) {
        *value = 1000000;
        return cudaSuccess;
    }
    return cudaDeviceGetAttribute(value, static_cast<cudaDeviceAttr>(attribute), device);
}

/* ---------------------------------------------------------------- device: wall clock */

__device__ __forceinline__ long long wall_clock64()
{
    unsigned long long nanoseconds;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(nanoseconds));
    return static_cast<long long>(nanoseconds);
}

/* ---------------------------------------------------------------- device: scoped atomics */

/* The values clang gives these on AMD; only AGENT (the whole GPU) and SYSTEM are mapped. */
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5

/* One PTX statement per (order, scope); the order and scope arguments are constants at every
 * call site, so each call folds to one instruction. */
#define HF_PTX_SCOPED(scope, gpu_statement, sys_statement) \
    do {                                                    \
        if ((scope) == __HIP_MEMORY_SCOPE_SYSTEM) {         \
            sys_statement;                                  \
        } else {                                            \
            gpu_statement;                                  \
        }                                                   \
    } while (0)

template <typename T>
__device__ __forceinline__ T __hip_atomic_load(const T* address, int order, int scope)
{
    static_assert(sizeof(T) == 4, "32-bit atomics only");
    unsigned int value;
    if (order == __ATOMIC_RELAXED) {
        HF_PTX_SCOPED(scope, asm volatile("ld.relaxed.gpu.b32 %0, [%1];" : "=r"(value) : "l"(address) : "memory"),
                      asm volatile("ld.relaxed.sys.b32 %0, [%1];" : "=r"(value) : "l"(address) : "memory"));
    } else {
        HF_PTX_SCOPED(scope, asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(value) : "l"(address) : "memory"),
                      asm volatile("ld.acquire.sys.b32 %0, [%1];" : "=r"(value) : "l"(address) : "memory"));
    }
    return static_cast<T>(value);
}

template <typename T>
__device__ __forceinline__ void __hip_atomic_store(T* address, T desired, int order, int scope)
{
    static_assert(sizeof(T) == 4, "32-bit atomics only");
    const unsigned int value = static_cast<unsigned int>(desired);
    if (order == __ATOMIC_RELAXED) {
        HF_PTX_SCOPED(scope, asm volatile("st.relaxed.gpu.b32 [%0], %1;" ::"l"(address), "r"(value) : "memory"),
                      asm volatile("st.relaxed.sys.b32 [%0], %1;" ::"l"(address), "r"(value) : "memory"));
    } else {
        HF_PTX_SCOPED(scope, asm volatile("st.release.gpu.b32 [%0], %1;" ::"l"(address), "r"(value) : "memory"),
                      asm volatile("st.release.sys.b32 [%0], %1;" ::"l"(address), "r"(value) : "memory"));
    }
}

template <typename T>
__device__ __forceinline__ T __hip_atomic_fetch_add(T* address, T increment, int order, int scope)
{
    static_assert(sizeof(T) == 4, "32-bit atomics only");
    unsigned int previous;
    const unsigned int value = static_cast<unsigned int>(increment);
    if (order == __ATOMIC_RELAXED) {
        HF_PTX_SCOPED(
            scope,
            asm volatile("atom.relaxed.gpu.add.u32 %0, [%1], %2;" : "=r"(previous) : "l"(address), "r"(value) : "memory"),
            asm volatile("atom.relaxed.sys.add.u32 %0, [%1], %2;" : "=r"(previous) : "l"(address), "r"(value) : "memory"));
    } else {
        HF_PTX_SCOPED(
            scope,
            asm volatile("atom.acq_rel.gpu.add.u32 %0, [%1], %2;" : "=r"(previous) : "l"(address), "r"(value) : "memory"),
            asm volatile("atom.acq_rel.sys.add.u32 %0, [%1], %2;" : "=r"(previous) : "l"(address), "r"(value) : "memory"));
    }
    return static_cast<T>(previous);
}

/* Strong compare-and-swap with one order for success and failure (acq_rel when either asks for
 * more than relaxed). */
template <typename T>
__device__ __forceinline__ bool __hip_atomic_compare_exchange_strong(T* address, T* expected, T desired,
                                                                     int success_order, int failure_order, int scope)
{
    static_assert(sizeof(T) == 4, "32-bit atomics only");
    const unsigned int compare = static_cast<unsigned int>(*expected);
    const unsigned int value = static_cast<unsigned int>(desired);
    unsigned int previous;
    if (success_order == __ATOMIC_RELAXED && failure_order == __ATOMIC_RELAXED) {
        HF_PTX_SCOPED(scope,
                      asm volatile("atom.relaxed.gpu.cas.b32 %0, [%1], %2, %3;"
                                   : "=r"(previous) : "l"(address), "r"(compare), "r"(value) : "memory"),
                      asm volatile("atom.relaxed.sys.cas.b32 %0, [%1], %2, %3;"
                                   : "=r"(previous) : "l"(address), "r"(compare), "r"(value) : "memory"));
    } else {
        HF_PTX_SCOPED(scope,
                      asm volatile("atom.acq_rel.gpu.cas.b32 %0, [%1], %2, %3;"
                                   : "=r"(previous) : "l"(address), "r"(compare), "r"(value) : "memory"),
                      asm volatile("atom.acq_rel.sys.cas.b32 %0, [%1], %2, %3;"
                                   : "=r"(previous) : "l"(address), "r"(compare), "r"(value) : "memory"));
    }
    *expected = static_cast<T>(previous);
    return previous == compare;
}

/* __builtin_amdgcn_fence(order, scope name): "" is system scope, "agent" the whole GPU.
 * PTX has no acquire-only or release-only fence before sm_90's lightweight forms, so both
 * become fence.acq_rel; seq_cst becomes fence.sc. */
__device__ __forceinline__ constexpr bool hf_compat_is_system_scope(const char* scope_name)
{
    return scope_name[0] == '\0';
}

#define __builtin_amdgcn_fence(order, scope_name) hf_compat_fence((order), hf_compat_is_system_scope(scope_name))

__device__ __forceinline__ void hf_compat_fence(int order, bool system_scope)
{
    if (order == __ATOMIC_SEQ_CST) {
        if (system_scope) {
            asm volatile("fence.sc.sys;" ::: "memory");
        } else {
            asm volatile("fence.sc.gpu;" ::: "memory");
        }
    } else {
        if (system_scope) {
            asm volatile("fence.acq_rel.sys;" ::: "memory");
        } else {
            asm volatile("fence.acq_rel.gpu;" ::: "memory");
        }
    }
}

#endif /* HOLDFAST_HIP_COMPAT_CUDA_H */
