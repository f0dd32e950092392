/*
 * holdfast_nccl_probe.h: the overhead breakdown's halo exchange between two GPUs of one node (issue 24,
 * item 5), in libholdfast_nccl_bands (built only where NCCL 2.28+ with its device API is found).
 *
 * Two ways to move `lines` doubles from one GPU to the other, each timed as a ping-pong of `rounds`
 * round trips and reported per one-way exchange (round trip / 2):
 *
 *   HF_NCCL_HALO_IN_KERNEL  one persistent one-block kernel per GPU (HF_NCCL_PROBE_THREADS threads) writes
 *                           `lines` self-flagged 16-byte LL lines into the peer's NCCL symmetric window
 *                           (holdfast_nccl_bands.h) at system scope, as the band kernel does, and polls
 *                           its own window for the peer's answer; every wait bounded by the watchdog.
 *                           Timed by device events around the launch (after a warm-up launch).
 *   HF_NCCL_HALO_HOST       ncclSend / ncclRecv of the same bytes (lines x 8) from the host: rank 0 sends
 *                           and then receives, rank 1 receives and then sends, each call its own group
 *                           on the rank's stream, every round queued, timed by device events around the
 *                           queue (after a warm-up queue).
 *
 * What a band sends per exchange: whole rows (N doubles at k = 1: 8193 at N = 8193); one colour of a row
 * of N = 8193 is 4096 doubles; 1 line is the latency alone.
 *
 *   hf_nccl_halo_probe_rank(comm, ...)  per rank: one host thread per GPU, both threads at once (it is
 *                                       collective: the window is opened and closed inside); the
 *                                       communicator's ranks must be exactly 0 and 1
 *   hf_nccl_halo_probe_pair(a, b, ...)  the whole probe in one call: a communicator over GPUs a and b
 *                                       (ncclCommInitAll), a thread per GPU, every size and both ways,
 *                                       the communicator destroyed again; for callers without NCCL
 *                                       of their own (the Java overhead breakdown)
 *
 * Errors are a status and a message (hf_nccl_probe_last_error), never an exit.
 */
#ifndef HOLDFAST_NCCL_PROBE_H
#define HOLDFAST_NCCL_PROBE_H

#include "holdfast_native.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How the lines travel (hf_nccl_halo_probe_rank's transport). */
enum {
    HF_NCCL_HALO_IN_KERNEL = 0, /* LL lines stored into the peer's NCCL window from inside a kernel */
    HF_NCCL_HALO_HOST = 1,      /* ncclSend / ncclRecv queued from the host */
    HF_NCCL_HALO_COUNT = 2
};

/* Threads of the in-kernel probe's one block per GPU (the resident kernel's block). */
#define HF_NCCL_PROBE_THREADS 512

/* The most lines one exchange may carry (a whole row of N = 65537). */
#define HF_NCCL_PROBE_MAX_LINES 65537

/* One rank's side of `rounds` round trips of `lines` doubles; comm: an ncclComm_t of the calling thread's
 * current GPU whose ranks are 0 and 1 (HF_ERR_UNSUPPORTED with the count otherwise). stream: the rank's
 * stream (0: the default). *seconds_per_exchange: this rank's device time over the timed rounds / (2 rounds).
 * The two ranks' figures differ by the start of the later kernel or queue; the pair takes the smaller. */
HF_API hf_status hf_nccl_halo_probe_rank(void* comm, int32_t transport, int32_t lines, int32_t rounds, void* stream,
                                         double* seconds_per_exchange);

/* Both ways for every lines[i] (0 <= i < count) between GPUs gpu_a (rank 0) and gpu_b (rank 1), on one
 * communicator: in_kernel_seconds[i] and host_seconds[i], per one-way exchange, the smaller of the two
 * ranks' figures. HF_ERR_UNSUPPORTED where the machine has fewer than two GPUs ("needs 2 GPUs, found 1"),
 * HF_ERR_NO_DEVICE where it has none. */
HF_API hf_status hf_nccl_halo_probe_pair(int32_t gpu_a, int32_t gpu_b, int32_t count, const int32_t* lines,
                                         int32_t rounds, double* in_kernel_seconds, double* host_seconds);

/* The calling thread's last message of the probe ("" after a successful call); the message's length. */
HF_API int64_t hf_nccl_probe_last_error(char* buffer, int64_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* HOLDFAST_NCCL_PROBE_H */
