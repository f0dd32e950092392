/*
 * prototype_async_copy.h: global-to-shared copies that complete later, so loads run ahead of the work.
 *
 * On NVIDIA sm_80 and newer a copy is one cp.async: the data goes from global memory to shared
 * memory without a register, and the thread goes on. Copies issued between two commits form a
 * group; wait(pending) returns once at most `pending` of the calling thread's groups are still in
 * flight. Only the calling thread's copies are covered: a block barrier after the wait makes them
 * visible to the other threads. Elsewhere (HIP, older GPUs) a copy is a plain load and store,
 * complete at once, and commit and wait do nothing. The CPU emulation of lab/temporal defines
 * HF_EMULATED_ASYNC_COPY and lands the copies as early or as late as these rules allow.
 *
 * cp.async is a weak memory operation: after a grid barrier's acquire it sees the other blocks'
 * writes like a plain load does. The 8-byte form must cache at all levels (.ca: .cg takes 16 bytes
 * only); a line it leaves in L1 is invalidated by that acquire.
 */
#ifndef HOLDFAST_PROTOTYPE_DEVICE_ASYNC_COPY_H
#define HOLDFAST_PROTOTYPE_DEVICE_ASYNC_COPY_H

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define HF_HAS_ASYNC_COPY 1
#else
#define HF_HAS_ASYNC_COPY 0
#endif

namespace holdfast::prototype {

/* Deepest wait the switch below spells out: how many row loads may be in flight. */
constexpr int kMaxPendingCopyGroups = 7;

__device__ __forceinline__ void copy_async_8(double* shared_destination, const double* global_source)
{
#if HF_HAS_ASYNC_COPY
    const unsigned int destination = static_cast<unsigned int>(__cvta_generic_to_shared(shared_destination));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(destination), "l"(global_source) : "memory");
#elif defined(HF_EMULATED_ASYNC_COPY)
    hf_emulated_copy_async_8(shared_destination, global_source);
#else
    *shared_destination = *global_source;
#endif
}

__device__ __forceinline__ void async_copy_commit()
{
#if HF_HAS_ASYNC_COPY
    asm volatile("cp.async.commit_group;" ::: "memory");
#elif defined(HF_EMULATED_ASYNC_COPY)
    hf_emulated_async_commit();
#endif
}

/* Waits until at most `pending` (0 .. kMaxPendingCopyGroups) of this thread's groups are in
 * flight. The count must be an immediate in PTX, hence the switch; it is uniform, so it costs
 * a branch. */
__device__ __forceinline__ void async_copy_wait(int pending)
{
#if HF_HAS_ASYNC_COPY
    switch (pending) {
    case 0: asm volatile("cp.async.wait_group 0;" ::: "memory"); break;
    case 1: asm volatile("cp.async.wait_group 1;" ::: "memory"); break;
    case 2: asm volatile("cp.async.wait_group 2;" ::: "memory"); break;
    case 3: asm volatile("cp.async.wait_group 3;" ::: "memory"); break;
    case 4: asm volatile("cp.async.wait_group 4;" ::: "memory"); break;
    case 5: asm volatile("cp.async.wait_group 5;" ::: "memory"); break;
    case 6: asm volatile("cp.async.wait_group 6;" ::: "memory"); break;
    default: asm volatile("cp.async.wait_group 7;" ::: "memory"); break;
    }
#elif defined(HF_EMULATED_ASYNC_COPY)
    hf_emulated_async_wait(pending);
#else
    (void)pending;
#endif
}

}  // namespace holdfast::prototype

#endif /* HOLDFAST_PROTOTYPE_DEVICE_ASYNC_COPY_H */
