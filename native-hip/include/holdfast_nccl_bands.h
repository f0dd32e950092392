/*
 * holdfast_nccl_bands.h: the receive buffers of the band kernels (holdfast_bands.h) on G GPUs, as
 * NCCL symmetric memory windows: libholdfast_nccl_bands, built only where NCCL's headers with the
 * device API (nccl_device.h, NCCL 2.28 or newer) and libnccl are found (CMakeLists.txt), so that
 * libholdfast_native itself never needs NCCL.
 *
 * Per GPU (rank r of a communicator whose ranks are all load/store accessible to each other: one
 * node, NVLink or P2P, so that NCCL's LSA team is the communicator and LSA rank r is rank r):
 *
 *   hf_nccl_band_window_open(comm, bytes, &w)   collective: every rank, the same bytes (the largest
 *                                               receive_bytes of the split's bands, hf_band_layout_of);
 *                                               one thread driving several ranks wraps the calls in
 *                                               ncclGroupStart / ncclGroupEnd
 *   hf_nccl_band_window_peers(w, ranks, p)      p[b]: rank b's buffer as this GPU addresses it
 *                                               (p[r] is its own): hf_band_run's receive
 *   hf_nccl_band_window_close(w)                collective, after the last run
 *
 * NCCL calls used, all in 2.28: ncclMemAlloc, ncclCommWindowRegister (NCCL_WIN_COLL_SYMMETRIC),
 * ncclDevCommCreate / ncclDevCommDestroy (zero requirements: a kernel may use a window's device API only
 * once a device communicator exists), ncclCommCount, ncclCommUserRank, ncclCommWindowDeregister,
 * ncclMemFree, ncclGetErrorString; for the peers' addresses the host call ncclGetPeerDevicePointer where
 * the loaded NCCL has it (looked up at run time), otherwise ncclGetLsaPointer and ncclGetLocalPointer on
 * the device (one thread, once), after checking that the GPU can read the window handle.
 */
#ifndef HOLDFAST_NCCL_BANDS_H
#define HOLDFAST_NCCL_BANDS_H

#include "holdfast_native.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_nccl_band_window hf_nccl_band_window;

/* comm: an ncclComm_t of the calling thread's current GPU. bytes: 0 or more, rounded up to whole 4 KiB
 * pages (NCCL_WIN_REQUIRED_ALIGNMENT), at least one. The buffer is zeroed. */
HF_API hf_status hf_nccl_band_window_open(void* comm, int64_t bytes, hf_nccl_band_window** window);

/* pointers[0 .. ranks - 1]; ranks must be the communicator's size. HF_ERR_UNSUPPORTED when the
 * window's LSA rank is not the communicator rank (ranks on several nodes). */
HF_API hf_status hf_nccl_band_window_peers(const hf_nccl_band_window* window, int32_t ranks, void** pointers);

/* How peers found the addresses (after a successful peers; "" before): "peers by
 * ncclGetPeerDevicePointer" (the host call, where the NCCL loaded has it), "peers by ncclGetLsaPointer in
 * a kernel" (the device API, on the window's device communicator), or, for one rank, "one rank: its own
 * buffer (no peer to address, no device communicator)": NCCL gives one rank no symmetric memory, and
 * none is needed. Valid until the window is closed. */
HF_API const char* hf_nccl_band_window_route(const hf_nccl_band_window* window);

HF_API hf_status hf_nccl_band_window_close(hf_nccl_band_window* window);

/* The calling thread's last message of this library (its own, apart from hf_last_error). */
HF_API int64_t hf_nccl_bands_last_error(char* buffer, int64_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* HOLDFAST_NCCL_BANDS_H */
