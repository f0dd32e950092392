/*
 * ll_line.h: a double that carries its own flag (the LL protocol of NCCL).
 *
 * A line is 16 bytes: {low half of the value, flag, high half, flag}. The writer stores the value
 * and the flag of the exchange together; the reader polls the line until both flags equal the
 * flag it expects, and then the value is the writer's: no separate flag, no fence, no second
 * round trip. Flags only grow within a launch and the caller gives each launch its own range, so
 * a line is never reset: a stale line simply carries another flag.
 *
 * Three ways to move a line, chosen by the kernel (LLAccess):
 * - kVector64x2: one 16-byte vector store and load of two 64-bit elements
 *   (st/ld.relaxed.gpu.global.v2.b64). The PTX memory model treats a vector access as one scalar
 *   access per element, in no given order, so each aligned 8-byte {data, flag} element is
 *   single-copy atomic by the rules: a reader that sees an element's flag sees that element's
 *   data. Checking both flags catches a line whose two elements arrived apart. The library's
 *   form on CUDA.
 * - kVector64x2System: the same at system scope (st/ld.relaxed.sys.global.v2.b64), for lines that
 *   another GPU writes through a peer pointer (the band kernels, kernels/persistent_bands.h): the
 *   writer and the reader are then on different GPUs, and .gpu scope would not cover them both.
 * - kVector16: the same 16 bytes as four 32-bit elements (st/ld.volatile.global.v4.u32, NCCL's
 *   storeLL/readLL). PTX promises atomicity per 32-bit element only, so a {data, flag} pair may
 *   tear in principle; NCCL relies on the hardware moving each 8-byte half as one piece. Kept
 *   for the exchange probe's before/after (hf_probe_halo_exchange_form) and the prototypes.
 * - kWords8: each {data, flag} half as its own relaxed 64-bit atomic store and load: two
 *   accesses per line. HIP and the CPU emulation always take this path.
 * All are relaxed (volatile counts as relaxed at system scope): the line is its own
 * synchronisation, and nothing else the writer did is published by it.
 */
#ifndef HOLDFAST_DEVICE_LL_LINE_H
#define HOLDFAST_DEVICE_LL_LINE_H

#include <stdint.h>

namespace holdfast {

struct alignas(16) LLLine {
    uint64_t low;  /* low 32 bits of the value | flag << 32 */
    uint64_t high; /* high 32 bits of the value | flag << 32 */
};
static_assert(sizeof(LLLine) == 16, "an LL line is 16 bytes");

enum class LLAccess { kVector16, kWords8, kVector64x2, kVector64x2System };

__host__ __device__ __forceinline__ uint64_t ll_word(uint32_t data, uint32_t flag)
{
    return static_cast<uint64_t>(data) | (static_cast<uint64_t>(flag) << 32);
}

union DoubleBits {
    double value;
    uint64_t bits;
};

__device__ __forceinline__ uint64_t double_bits(double value)
{
    DoubleBits both;
    both.value = value;
    return both.bits;
}

__device__ __forceinline__ double bits_double(uint64_t bits)
{
    DoubleBits both;
    both.bits = bits;
    return both.value;
}

template <LLAccess Access>
__device__ __forceinline__ void ll_store(LLLine* line, double value, uint32_t flag)
{
    const uint64_t bits = double_bits(value);
    const uint32_t low = static_cast<uint32_t>(bits);
    const uint32_t high = static_cast<uint32_t>(bits >> 32);
#if defined(__CUDA_ARCH__)
    if (Access == LLAccess::kVector64x2) {
        asm volatile("st.relaxed.gpu.global.v2.b64 [%0], {%1, %2};" ::"l"(line), "l"(ll_word(low, flag)),
                     "l"(ll_word(high, flag))
                     : "memory");
    } else if (Access == LLAccess::kVector64x2System) {
        asm volatile("st.relaxed.sys.global.v2.b64 [%0], {%1, %2};" ::"l"(line), "l"(ll_word(low, flag)),
                     "l"(ll_word(high, flag))
                     : "memory");
    } else if (Access == LLAccess::kVector16) {
        asm volatile("st.volatile.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(line), "r"(low), "r"(flag), "r"(high),
                     "r"(flag)
                     : "memory");
    } else {
        asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(&line->low), "l"(ll_word(low, flag)) : "memory");
        asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(&line->high), "l"(ll_word(high, flag)) : "memory");
    }
#elif defined(HF_RUNTIME_CUDA)
    (void)line, (void)low, (void)high, (void)flag; /* the host pass of a CUDA build: never runs */
#else
    __hip_atomic_store(&line->low, ll_word(low, flag), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_store(&line->high, ll_word(high, flag), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#endif
}

/* Loads the line as it is now (both halves). A caller with several lines to read issues every
 * load before it looks at any result, so that their round trips overlap. */
template <LLAccess Access>
__device__ __forceinline__ void ll_load(const LLLine* line, uint64_t* low, uint64_t* high)
{
#if defined(__CUDA_ARCH__)
    if (Access == LLAccess::kVector64x2) {
        asm volatile("ld.relaxed.gpu.global.v2.b64 {%0, %1}, [%2];" : "=l"(*low), "=l"(*high) : "l"(line) : "memory");
    } else if (Access == LLAccess::kVector64x2System) {
        asm volatile("ld.relaxed.sys.global.v2.b64 {%0, %1}, [%2];" : "=l"(*low), "=l"(*high) : "l"(line) : "memory");
    } else if (Access == LLAccess::kVector16) {
        uint32_t data_low, flag_low, data_high, flag_high;
        asm volatile("ld.volatile.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(data_low), "=r"(flag_low), "=r"(data_high), "=r"(flag_high)
                     : "l"(line)
                     : "memory");
        *low = ll_word(data_low, flag_low);
        *high = ll_word(data_high, flag_high);
    } else {
        asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(*low) : "l"(&line->low) : "memory");
        asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(*high) : "l"(&line->high) : "memory");
    }
#elif defined(HF_RUNTIME_CUDA)
    (void)line; /* the host pass of a CUDA build: never runs */
    *low = 0;
    *high = 0;
#else
    *low = __hip_atomic_load(&line->low, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    *high = __hip_atomic_load(&line->high, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#endif
}

/* Whether both halves of a loaded line carry `flag`: then the value is the writer's. */
__device__ __forceinline__ bool ll_carries(uint64_t low, uint64_t high, uint32_t flag)
{
    return static_cast<uint32_t>(low >> 32) == flag && static_cast<uint32_t>(high >> 32) == flag;
}

__device__ __forceinline__ double ll_value(uint64_t low, uint64_t high)
{
    return bits_double((low & 0xffffffffull) | (high << 32));
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_LL_LINE_H */
