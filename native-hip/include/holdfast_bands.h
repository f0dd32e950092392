/*
 * holdfast_bands.h: the persistent band kernels of libholdfast_native (issue 24: the square split
 * into G bands of rows, one per GPU, each band one persistent kernel that exchanges its halo rows
 * with the other bands from inside the kernel, docs/multi-gpu.md). The same conventions as
 * holdfast_native.h (status codes, hf_last_error, no exit). Mirrored by the Java bridge
 * (persistent-bridge, org.holdfast.bridge.raw.holdfast_bands_h) apart from holdfast_native.h: a
 * change here updates that mirror (HeaderMirrorTest checks the functions' names), not HF_ABI_VERSION.
 *
 * A split is BandSplit's (n, bands G, ghost rows k): band b owns interior rows 1 + m b / G to
 * 1 + m (b + 1) / G - 1 (m = n - 2) and holds them with up to k ghost rows each side in an array
 * of its own, rows [low_row, high_row) of the grid, n doubles each. The halos are exchanged
 * after every k-th half-sweep of a run and after its last. Each band receives into a buffer of
 * self-flagged LL lines (receive_bytes) that the other bands write into directly.
 *
 * A session keeps everything between runs, so that a run allocates nothing:
 *
 *   hf_bands_session_open(&p, &c, stream, &s)      all G bands on the current GPU: their arrays,
 *                                                  receive buffers, views, control block, events
 *   hf_band_session_open(&p, &c, b, recv, st, &s)  band b on the current GPU, the others elsewhere
 *                                                  (recv: every band's receive buffer as this GPU
 *                                                  addresses it); its arrays and launch memory
 *   hf_bands_session_load(s, u, f)                 the held rows of the grid into the bands' arrays
 *   hf_bands_session_run(s, iterations, &report)   one cooperative launch, device events around it
 *   hf_bands_session_unload(s, u)                  the owned rows back into the grid
 *   hf_bands_session_close(s)
 *
 * A run uses the LL flags flag_base + 1 .. + hf_band_exchange_count(iterations, k) and the session
 * then advances its flag base by that many, whatever the run's outcome: every band session of a
 * split starts at 0 and runs the same iteration counts, so their flag bases stay equal and the
 * buffers are never reset.
 *
 *   hf_bands_run_one_device   all G bands on the current GPU in one cooperative launch,
 *                             blocks_per_band blocks each, through the same buffers and protocol
 *                             (the test of the kernels without several GPUs)
 *   hf_band_run               one band on the current GPU, the others elsewhere: the peers'
 *                             receive buffers as this GPU addresses them (NCCL's symmetric
 *                             memory window, libholdfast_nccl_bands: holdfast_nccl_bands.h)
 * Both open a session for the one call (they allocate per call: test paths, not measured ones).
 */
#ifndef HOLDFAST_BANDS_H
#define HOLDFAST_BANDS_H

#include "holdfast_native.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a band computes the k half-sweeps between two exchanges (hf_bands_config.pass). */
#define HF_BAND_PASS_HALF_SWEEPS 0 /* each half-sweep over the band's rows, the band's barrier after each (the default) */
#define HF_BAND_PASS_TEMPORAL 1    /* one temporally blocked pass of the k half-sweeps (the temporal rows' pass, streamed
                                      down the band from one array into a second), the band's barrier after it: CUDA
                                      only; k one of HF_BAND_TEMPORAL_DEPTHS; 256 threads per block */
/* The k a temporal band pass is built for (as the standard temporal twins). */
#define HF_BAND_TEMPORAL_DEPTHS "1, 2, 3, 4, 6, 8, 12, 16"

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
    int32_t pass;              /* HF_BAND_PASS_HALF_SWEEPS (0) or HF_BAND_PASS_TEMPORAL */
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

/* ---------------------------------------------------------------- band sessions */

/* The bands of a split on one GPU and what their runs need, kept from open to close (opaque). */
typedef struct hf_bands_session hf_bands_session;

/* What a session runs, for reports. */
typedef struct hf_bands_session_info {
    int32_t n;
    int32_t bands;             /* G of the split */
    int32_t ghost_rows;        /* k */
    int32_t first_band;        /* the session's bands: first_band .. first_band + band_count - 1 */
    int32_t band_count;
    int32_t blocks_per_band;   /* resolved */
    int32_t threads_per_block; /* resolved */
    int32_t device;            /* the GPU it was opened on */
    double watchdog_seconds;   /* resolved */
    uint32_t flag_base;        /* the next run's flags start above it */
    int32_t runs;              /* runs launched so far */
    int32_t pass;              /* HF_BAND_PASS_HALF_SWEEPS or HF_BAND_PASS_TEMPORAL */
    int32_t items_per_band;    /* temporal: the items (strips x segments) of the widest band's pass; else 0 */
} hf_bands_session_info;

/* All G bands of (problem, config) on the current GPU: allocates their arrays, their receive buffers
 * (zeroed) and the launch memory (views, control block, two events), and plans the blocks (as
 * hf_bands_run_one_device). config's fault applies to every run. */
HF_API hf_status hf_bands_session_open(const hf_problem* problem, const hf_bands_config* config, void* stream,
                                       hf_bands_session** session);

/* Band `band` of the split on the current GPU: its arrays and launch memory; receive[b] is band b's
 * receive buffer as this GPU addresses it, for every b of the split (NCCL's window:
 * hf_nccl_band_window_peers); receive[band], its own, must be zero (a fresh window is) and serve this
 * one session. Every band of the split opens one, with the same config, and runs the same counts at
 * the same time. */
HF_API hf_status hf_band_session_open(const hf_problem* problem, const hf_bands_config* config, int32_t band,
                                      void* const* receive, void* stream, hf_bands_session** session);

HF_API hf_status hf_bands_session_info_of(const hf_bands_session* session, hf_bands_session_info* info);

/* Each band's held rows of u and f (the full n x n grid, boundary included) into its arrays, and waits
 * for the copies. u and f may be device memory of any GPU or host memory (unified addressing: the
 * runtime tells which from the pointer). Allocates nothing. */
HF_API hf_status hf_bands_session_load(hf_bands_session* session, const double* u, const double* f);

/* `iterations` iterations of the loaded bands in one cooperative launch on the session's stream, and
 * waits (bounded) for the kernel. report->device_ms: between events recorded around the kernel;
 * host_ms: host wall time from just before the launch to the kernel's end. Allocates nothing.
 * Watchdog and work count as hf_bands_run_one_device; after HF_WAIT_KERNEL_EXIT (the kernel did not
 * end) the session refuses everything but close. */
HF_API hf_status hf_bands_session_run(hf_bands_session* session, int32_t iterations, hf_run_report* report);

/* Each band's owned rows back into u (the full grid; its other rows are left as they are), and waits
 * for the copies. u as for load. Allocates nothing. */
HF_API hf_status hf_bands_session_unload(hf_bands_session* session, double* u);

/* Frees what the session allocated; NULL is a no-op. After a kernel that did not end, its memory is
 * left allocated on purpose and only the session itself is freed. */
HF_API hf_status hf_bands_session_close(hf_bands_session* session);

#ifdef __cplusplus
}
#endif

#endif /* HOLDFAST_BANDS_H */
