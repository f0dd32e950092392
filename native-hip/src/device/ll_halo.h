/*
 * ll_halo.h: halo rows between blocks as self-flagged LL lines (ll_line.h), one line per double.
 *
 * A halo is a few rows of one colour in the block's colour-split shared memory (HaloRows: row
 * after row, `width` doubles each, `stride` doubles apart). The sender's threads store their
 * share of the values with the exchange's flag and go on: no fence, nothing to wait for. The
 * receiver's threads poll their share until every line carries the flag and copy the values
 * into shared memory. A thread keeps several lines in flight at once (kLinesInFlight): polling
 * one line at a time would pay one L2 round trip per line. Every wait is bounded by the
 * watchdog; the caller makes a failure block-wide (__syncthreads_or) and leaves.
 *
 * The threads that share the lines are the block's (the resident kernels), or any set of threads
 * numbered 0 .. count - 1 (LLWorkers: the band kernels spread a halo over every block of a band).
 *
 * A mailbox slot may be rewritten only after its reader has finished with it. The caller
 * alternates two slots per direction and lets a block write exchange e + 2 only after it has
 * received its neighbour's exchange e + 1, which the neighbour sends after reading exchange e.
 */
#ifndef HOLDFAST_DEVICE_LL_HALO_H
#define HOLDFAST_DEVICE_LL_HALO_H

#include "ll_line.h"
#include "watchdog.h"

namespace holdfast {

constexpr int kLinesInFlight = 4;

/* Unrolled on the GPU (the lines in flight stay in registers); the CPU emulation ignores it. */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HF_LL_UNROLL _Pragma("unroll")
#else
#define HF_LL_UNROLL
#endif

/* `rows` rows of `width` doubles in shared memory, `stride` doubles from one row to the next:
 * one colour of a few colour-split rows. Value i is line i of a mailbox. */
struct HaloRows {
    double* first;
    int width;
    int stride;
    int rows;

    __device__ __forceinline__ int count() const { return rows * width; }
    __device__ __forceinline__ double& operator[](int i) const { return first[(i / width) * stride + i % width]; }
};

/* The threads that share a halo's lines: this one is `index` of `count`. */
struct LLWorkers {
    int index;
    int count;
};

__device__ __forceinline__ LLWorkers block_workers()
{
    return LLWorkers{static_cast<int>(threadIdx.x), static_cast<int>(blockDim.x)};
}

/* The workers send `values` into lines[0 .. values.count()). */
template <LLAccess Access>
__device__ __forceinline__ void ll_send(LLLine* lines, const HaloRows& values, uint32_t flag, LLWorkers workers)
{
    const int count = values.count();
    for (int i = workers.index; i < count; i += workers.count) {
        ll_store<Access>(&lines[i], values[i], flag);
    }
}

/* The block's threads send `values` into lines[0 .. values.count()). */
template <LLAccess Access>
__device__ __forceinline__ void ll_send(LLLine* lines, const HaloRows& values, uint32_t flag)
{
    ll_send<Access>(lines, values, flag, block_workers());
}

/* Lines arriving from one neighbour, and where their values go. An empty `values` (rows 0): no
 * such neighbour. */
struct LLIncoming {
    const LLLine* lines;
    HaloRows values;
    int peer; /* the sending block, for the watchdog's report */
};

/* The workers receive both neighbours' lines (upper first, then lower, as one list). Each
 * thread loads kLinesInFlight lines before it looks at the first (NCCL's readLLBeginAll and
 * readLLFinish), then polls each line that is not there yet. Returns false in a thread whose
 * wait expired or saw another block's error. */
template <LLAccess Access>
__device__ bool ll_receive(const LLIncoming& upper, const LLIncoming& lower, uint32_t flag,
                           const PersistentArgs& args, int step, LLWorkers workers)
{
    const int upper_count = upper.values.count();
    const int total = upper_count + lower.values.count();
    const int stride = workers.count;
    for (int base = workers.index; base < total; base += kLinesInFlight * stride) {
        uint64_t low[kLinesInFlight];
        uint64_t high[kLinesInFlight];
HF_LL_UNROLL
        for (int slot = 0; slot < kLinesInFlight; ++slot) {
            const int line = base + slot * stride;
            if (line < total) {
                ll_load<Access>(line < upper_count ? &upper.lines[line] : &lower.lines[line - upper_count], &low[slot],
                                &high[slot]);
            }
        }
HF_LL_UNROLL
        for (int slot = 0; slot < kLinesInFlight; ++slot) {
            const int line = base + slot * stride;
            if (line >= total) {
                break;
            }
            /* Fields picked one by one: a reference to upper or lower would put both in memory. */
            const bool from_upper = line < upper_count;
            const LLLine* source = from_upper ? &upper.lines[line] : &lower.lines[line - upper_count];
            if (!ll_carries(low[slot], high[slot], flag) &&
                !wait_until(
                    [&] {
                        ll_load<Access>(source, &low[slot], &high[slot]);
                        return ll_carries(low[slot], high[slot], flag);
                    },
                    args, HF_WAIT_NEIGHBOUR, step, from_upper ? upper.peer : lower.peer)) {
                return false;
            }
            (from_upper ? upper.values[line] : lower.values[line - upper_count]) = ll_value(low[slot], high[slot]);
        }
    }
    return true;
}

/* The block's threads receive both neighbours' lines. */
template <LLAccess Access>
__device__ bool ll_receive(const LLIncoming& upper, const LLIncoming& lower, uint32_t flag,
                           const PersistentArgs& args, int step)
{
    return ll_receive<Access>(upper, lower, flag, args, step, block_workers());
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_LL_HALO_H */
