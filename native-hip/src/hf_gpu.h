/*
 * hf_gpu.h: picks the GPU runtime for the HIP-style sources.
 *
 * CMake defines HF_RUNTIME_CUDA or HF_RUNTIME_HIP from its GPU_RUNTIME cache variable. With CUDA
 * the HIP names come from hip_compat_cuda.h; with HIP they are HIP's own. The host-only tests
 * define HF_RUNTIME_CPU_EMULATION: the kernels' code then runs on CPU threads
 * (tests/cpu_emulation.h), which is enough for the variant table and the planner.
 */
#ifndef HOLDFAST_HF_GPU_H
#define HOLDFAST_HF_GPU_H

#if defined(HF_RUNTIME_CUDA)
#include "hip_compat_cuda.h"
#define HF_RUNTIME_NAME "CUDA"
#define HF_HAS_WALL_CLOCK_RATE_ATTRIBUTE 1
#elif defined(HF_RUNTIME_HIP)
#include <hip/hip_runtime.h>
/* after hip_runtime.h, which it needs */
#include <hip/hip_cooperative_groups.h>
#define HF_RUNTIME_NAME "HIP"
/* hipDeviceAttributeWallClockRate arrived in ROCm 5.3. */
#define HF_HAS_WALL_CLOCK_RATE_ATTRIBUTE (HIP_VERSION >= 50300000)
#elif defined(HF_RUNTIME_CPU_EMULATION)
#include "cpu_emulation.h"
#define HF_RUNTIME_NAME "CPU emulation"
#else
#error "define HF_RUNTIME_CUDA or HF_RUNTIME_HIP (CMake does, from GPU_RUNTIME)"
#endif

#if !defined(HF_RUNTIME_CPU_EMULATION) /* the emulation brings its own */
namespace cg = cooperative_groups;

/* The block's dynamic shared memory as an array `name` of `type` (the CPU emulation of tests/
 * gives each emulated block a buffer instead). */
#define HF_DYNAMIC_SHARED(type, name) extern __shared__ __align__(128) type name[]

/* The device's constant-rate clock, in ticks of the wall-clock rate
 * (hipDeviceAttributeWallClockRate, kHz). ROCm 5.2 declares wall_clock64() for the device pass
 * only, and clang parses kernel bodies in the host pass too, hence the guard. */
__device__ __forceinline__ long long hf_wall_clock()
{
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
    return wall_clock64();
#else
    return 0;
#endif
}
#endif

#endif /* HOLDFAST_HF_GPU_H */
