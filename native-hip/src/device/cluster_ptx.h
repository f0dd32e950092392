/*
 * cluster_ptx.h: the Hopper thread-block-cluster instructions the cluster kernels use (CUDA,
 * sm_90 and later; nothing here exists on AMD, and the HIP build never includes this file).
 *
 * Each helper is one PTX instruction with its memory order and scope written out:
 *   - the hardware cluster barrier, split into arrive (release: this thread's earlier writes,
 *     shared memory of other blocks included) and wait (acquire);
 *   - mbarriers in shared memory: init, arm (arrive + expect_tx bytes), wait on a phase parity
 *     (acquire at cluster scope: the data came from another block), and a remote arrive
 *     (release at cluster scope) on a neighbour's mbarrier;
 *   - distributed shared memory: an address of this block's shared memory mapped into another
 *     block of the cluster (mapa), plain stores and loads there, st.async (the store and the
 *     byte count it completes on the receiver's mbarrier travel together: no fence, no flag),
 *     and the bulk copy engine (cp.async.bulk, shared to a neighbour's shared, completing on the
 *     receiver's mbarrier), which reads what ordinary stores wrote only after
 *     fence.proxy.async.
 * Addresses are 32-bit shared-window addresses, as the instructions take them.
 */
#ifndef HOLDFAST_DEVICE_CLUSTER_PTX_H
#define HOLDFAST_DEVICE_CLUSTER_PTX_H

#include <cstdint>

#if !defined(HF_RUNTIME_CUDA)
#error "cluster_ptx.h is CUDA only: clusters and distributed shared memory do not exist on AMD"
#endif

/* The device pass for sm_90 or later emits the instructions; other passes see empty bodies and
 * the planner never launches a cluster kernel there. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define HF_CLUSTER_PTX 1
#else
#define HF_CLUSTER_PTX 0
#endif

namespace holdfast {

__device__ __forceinline__ uint32_t shared_address(const void* pointer)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(pointer));
}

__device__ __forceinline__ int cluster_block_rank()
{
    uint32_t rank = 0;
#if HF_CLUSTER_PTX
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
#endif
    return static_cast<int>(rank);
}

__device__ __forceinline__ int cluster_block_count()
{
    uint32_t count = 1;
#if HF_CLUSTER_PTX
    asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(count));
#endif
    return static_cast<int>(count);
}

/* The address `local` of this block's shared memory, in block `rank`'s shared memory. */
__device__ __forceinline__ uint32_t map_to_block(uint32_t local, int rank)
{
    uint32_t remote = local;
#if HF_CLUSTER_PTX
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(rank));
#endif
    return remote;
}

/* ---------------------------------------------------------------- hardware cluster barrier */

/* Every thread of the cluster executes both, in order, at the same points of a uniform loop
 * (hence .aligned). Arrive releases this thread's writes; wait acquires everyone's. */
__device__ __forceinline__ void cluster_arrive_release()
{
#if HF_CLUSTER_PTX
    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
#endif
}

__device__ __forceinline__ void cluster_wait_acquire()
{
#if HF_CLUSTER_PTX
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
#endif
}

__device__ __forceinline__ void cluster_sync_all()
{
    cluster_arrive_release();
    cluster_wait_acquire();
}

/* ---------------------------------------------------------------- mbarriers */

__device__ __forceinline__ void mbarrier_init(uint32_t barrier, uint32_t arrivals)
{
#if HF_CLUSTER_PTX
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(barrier), "r"(arrivals) : "memory");
#endif
}

/* Makes this thread's mbarrier.init visible to the other blocks of the cluster (their remote
 * arrives and complete_tx); a cluster barrier must follow before they use it. */
__device__ __forceinline__ void fence_mbarrier_init_cluster()
{
#if HF_CLUSTER_PTX
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}

/* The receiver's own arrival for a phase, announcing `bytes` to come from st.async or a bulk
 * copy; the phase completes when they have all landed. */
__device__ __forceinline__ void mbarrier_arm(uint32_t barrier, uint32_t bytes)
{
#if HF_CLUSTER_PTX
    asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(barrier), "r"(bytes)
                 : "memory");
#endif
}

/* Whether the phase with this parity has completed. Acquire at cluster scope: what the other
 * block wrote before completing the phase (its stores, st.async data, bulk-copied bytes) is
 * visible to this thread afterwards. The instruction may suspend the thread for a while. */
__device__ __forceinline__ bool mbarrier_try_wait_parity(uint32_t barrier, uint32_t parity)
{
    uint32_t done = 1;
#if HF_CLUSTER_PTX
    asm volatile(
        "{\n\t.reg .pred p;\n\t"
        "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\n\t"
        "selp.u32 %0, 1, 0, p;\n\t}"
        : "=r"(done)
        : "r"(barrier), "r"(parity)
        : "memory");
#endif
    return done != 0;
}

/* One arrival on a neighbour's mbarrier (remote: a mapped address). Release at cluster scope:
 * this thread's earlier writes, and those its block barrier has ordered before it, become
 * visible to whoever acquires the phase. */
__device__ __forceinline__ void mbarrier_arrive_remote(uint32_t remote_barrier)
{
#if HF_CLUSTER_PTX
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(remote_barrier) : "memory");
#endif
}

/* ---------------------------------------------------------------- distributed shared memory */

/* An ordinary (weak) store into another block's shared memory. */
__device__ __forceinline__ void store_remote(uint32_t remote, double value)
{
#if HF_CLUSTER_PTX
    asm volatile("st.shared::cluster.f64 [%0], %1;" ::"r"(remote), "d"(value) : "memory");
#endif
}

__device__ __forceinline__ double load_remote(uint32_t remote)
{
    double value = 0.0;
#if HF_CLUSTER_PTX
    asm volatile("ld.shared::cluster.f64 %0, [%1];" : "=d"(value) : "r"(remote) : "memory");
#endif
    return value;
}

/* Stores 8 bytes into another block's shared memory and counts them on that block's mbarrier
 * (remote_barrier) when they land: the complete_tx releases the data at cluster scope. */
__device__ __forceinline__ void store_async(uint32_t remote, double value, uint32_t remote_barrier)
{
#if HF_CLUSTER_PTX
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [%0], %1, [%2];" ::"r"(remote),
                 "l"(__double_as_longlong(value)), "r"(remote_barrier)
                 : "memory");
#endif
}

/* Orders this thread's ordinary shared-memory writes before later bulk-copy reads of them. */
__device__ __forceinline__ void fence_proxy_async_shared()
{
#if HF_CLUSTER_PTX
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

/* Copies `bytes` (a multiple of 16, both ends 16-byte aligned) from this block's shared memory
 * to another block's; the bytes complete on that block's mbarrier. */
__device__ __forceinline__ void bulk_copy_to_block(uint32_t remote, uint32_t local, uint32_t bytes,
                                                   uint32_t remote_barrier)
{
#if HF_CLUSTER_PTX
    asm volatile(
        "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(remote),
        "r"(local), "r"(bytes), "r"(remote_barrier)
        : "memory");
#endif
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_CLUSTER_PTX_H */
