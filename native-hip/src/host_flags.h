/*
 * host_flags.h: the flags the host and the persistent-host kernel talk through.
 *
 * They live in mapped, pinned host memory: the GPU reads the task flags over the bus and writes
 * the done flags; the host reads the done flags from its own cache. Each flag has a 128-byte line
 * to itself, so one block's write never invalidates another block's flag. Block b owns the pair
 * flags[2b] (task) and flags[2b + 1] (done), adjacent so the whole table stays compact.
 *
 * Values carry the step, so nothing is ever reset: the host writes s + 1 to the task flag to ask
 * for half-sweep s; the block writes s + 1 to its done flag after finishing it. A negative task
 * tells the block to leave.
 */
#ifndef HOLDFAST_HOST_FLAGS_H
#define HOLDFAST_HOST_FLAGS_H

/* The flag indexing is shared by the kernel and the plain C++ scheduler. */
#if defined(__CUDACC__) || defined(__HIPCC__)
#include "hf_gpu.h" /* __host__ and __device__ */
#define HF_HOST_DEVICE __host__ __device__
#else
#define HF_HOST_DEVICE
#endif

namespace holdfast {

constexpr int kFlagLineBytes = 128;

struct alignas(kFlagLineBytes) HostFlag {
    int value;
};
static_assert(sizeof(HostFlag) == kFlagLineBytes, "one flag per line");

constexpr int kTaskAbort = -1;

HF_HOST_DEVICE inline int task_flag_index(int block) { return 2 * block; }
HF_HOST_DEVICE inline int done_flag_index(int block) { return 2 * block + 1; }
HF_HOST_DEVICE inline int host_flag_count(int blocks) { return 2 * blocks; }

/* persistent-host with device-combined completion uses two flags whatever the block count: the
 * host writes s + 1 to the step word to ask for half-sweep s (kTaskAbort to stop), and the last
 * block to finish it writes s + 1 to the done word. */
constexpr int kStepWord = 0;
constexpr int kDoneWord = 1;
constexpr int kStepWordCount = 2;

}  // namespace holdfast

#endif /* HOLDFAST_HOST_FLAGS_H */
