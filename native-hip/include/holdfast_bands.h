/*
 * holdfast_bands.h: the persistent band kernels of libholdfast_native (issue 24: the square split
 * into G bands of rows, one per GPU, each band one persistent kernel that exchanges its halo rows
 * with the other bands from inside the kernel, docs/multi-gpu.md). The same conventions as
 * holdfast_native.h (status codes, hf_last_error, no exit); not mirrored by the Java bridge yet,
 * so this header is apart and can change without HF_ABI_VERSION.
 *
 * A split is BandSplit's (n, bands G, ghost rows k): band b owns interior rows 1 + m b / G to
 * 1 + m (b + 1) / G - 1 (m = n - 2) and holds them with up to k ghost rows each side in an array
 * of its own, rows [low_row, high_row) of the grid, n doubles each. The halos are exchanged
 * after every k-th half-sweep of a run and after its last. Each band receives into a buffer of
 * self-flagged LL lines (receive_bytes) that the other bands write into directly.
 *
 *   hf_bands_run_one_device   all G bands on the current GPU in one cooperative launch,
 *                             blocks_per_band blocks each, through the same buffers and protocol
 *                             (the test of the kernels without several GPUs)
 *   hf_band_run               one band on the current GPU, the others elsewhere: the peers'
 *                             receive buffers as this GPU addresses them (NCCL's symmetric
 *                             memory window, libholdfast_nccl_bands: holdfast_nccl_bands.h)
 */
#ifndef HOLDFAST_BANDS_H
#define HOLDFAST_BANDS_H

#include "holdfast_native.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A band launch: the split and how it runs. Zero fields: the defaults. */
typedef struct hf_bands_config {
    int32_t bands;             /* G, 1 .. n - 2 */
    int32_t ghost_rows;        /* k, 1 .. 16: ghost rows each side and half-sweeps between exchanges */
    int32_t blocks_per_band;   /* 0: the co-resident blocks shared out among the bands, no more than a band's
                                  points of one colour need */
    int32_t threads_per_block; /* 0: 256 */
    double watchdog_seconds;   /* 0: 10 s */
    int32_t fault;             /* HF_FAULT_NONE; HF_FAULT_NEVER_PUBLISH: band fault_band never sends its halos;
                                  HF_FAULT_SKIP_HALF_SWEEP: block fault_band skips the run's last half-sweep */
    int32_t fault_band;
} hf_bands_config;

/* Band `band` of a split: rows owned [first_row, end_row), held [low_row, high_row), and the
 * bytes of its receive buffer (two slots of a 16-byte line per double it receives). */
typedef struct hf_band_layout {
    int32_t first_row;
    int32_t end_row;
    int32_t low_row;
    int32_t high_row;
    int64_t receive_bytes;
} hf_band_layout;

/* Needs no device. HF_ERR_INVALID_ARGUMENT for a split BandSplit refuses. */
HF_API hf_status hf_band_layout_of(int32_t n, int32_t bands, int32_t ghost_rows, int32_t band, hf_band_layout* layout);

/* Exchanges in a run of `iterations` iterations: a run uses LL flags flag_base + 1 .. + this. */
HF_API int32_t hf_band_exchange_count(int32_t iterations, int32_t ghost_rows);

/* `iterations` iterations of the square (u, f: n x n, device memory) as G bands on the current
 * device: u's rows copied into the bands' arrays, one cooperative launch of G x blocks_per_band
 * blocks, every band's owned rows copied back into u. Allocates and frees what it needs on each
 * call (a test, not a measured path). Watchdog: HF_ERR_WATCHDOG with report->error_block the
 * waiting block, error_peer the band it waited for (HF_WAIT_NEIGHBOUR) or its own band (at its
 * band's barrier, HF_WAIT_GRID_BARRIER); the message names both bands. */
HF_API hf_status hf_bands_run_one_device(const hf_problem* problem, const hf_bands_config* config, double* u,
                                         const double* f, int32_t iterations, void* stream, hf_run_report* report);

/* One band's kernel on the current device: `iterations` iterations over band_u and band_f (the
 * band's held rows, hf_band_layout_of, device memory), exchanging with the other bands through
 * receive[0 .. bands - 1]: band b's receive buffer as this device addresses it (its own for
 * b = band, zeroed before its first run). Every band of the split runs the same call at the same
 * time with the same flag_base, which must be above every flag an earlier run on these buffers
 * used (0 on fresh buffers; then + hf_band_exchange_count per run). Waits for the kernel (bounded).
 * The watchdog's report names the band: error_peer as for hf_bands_run_one_device. */
HF_API hf_status hf_band_run(const hf_problem* problem, const hf_bands_config* config, int32_t band, double* band_u,
                             const double* band_f, void* const* receive, uint32_t flag_base, int32_t iterations,
                             void* stream, hf_run_report* report);

#ifdef __cplusplus
}
#endif

#endif /* HOLDFAST_BANDS_H */
