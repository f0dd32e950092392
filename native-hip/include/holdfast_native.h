/*
 * holdfast_native.h: the C ABI of libholdfast_native, the persistent-kernel side of Holdfast.
 *
 * Conventions
 * - Every function that can fail returns an hf_status. On failure it also leaves a readable
 *   message (call text, file:line, the runtime's error string) in a thread-local buffer that
 *   hf_last_error() copies out. A successful call clears it. Nothing here calls exit() or abort().
 * - Device pointers are the caller's: the library never frees what it did not allocate.
 * - Streams are CUDA/HIP streams passed as void*; NULL means the legacy default stream.
 * - All calls use the calling thread's current device (device 0 unless the caller changed it);
 *   the runtime shares the driver API's primary context, so pointers and functions from a
 *   driver-API caller on that context work here.
 * - The grid is u and f, n x n doubles, row-major, point (i, j) at [i * n + j]. One iteration is
 *   a red half-sweep ((i + j) even) then a black one, in place.
 *
 * The Java bridge (persistent-bridge, org.holdfast.bridge.raw) mirrors this file; bump
 * HF_ABI_VERSION whenever a signature, struct or enum value changes.
 */
#ifndef HOLDFAST_NATIVE_H
#define HOLDFAST_NATIVE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define HF_API __attribute__((visibility("default")))
#else
#define HF_API
#endif

#define HF_ABI_VERSION 1

/* ---------------------------------------------------------------- status codes */

typedef int32_t hf_status;

enum {
    HF_OK = 0,
    HF_ERR_INVALID_ARGUMENT = 1, /* a bad argument; nothing was launched */
    HF_ERR_NO_DEVICE = 2,        /* no GPU, or no (or too old a) driver */
    HF_ERR_UNSUPPORTED = 3,      /* the device or this build cannot do it (no cooperative launch, HIP) */
    HF_ERR_NOT_CORESIDENT = 4,   /* more blocks asked for than can be resident at once; refused before launch */
    HF_ERR_WATCHDOG = 5,         /* a wait timed out (device spin or host poll); the report names block and step */
    HF_ERR_OUT_OF_MEMORY = 6,    /* a device or pinned host allocation failed */
    HF_ERR_RUNTIME = 7,          /* any other runtime error; the message has the runtime's own text */
    HF_STATUS_COUNT = 8
};

/* ---------------------------------------------------------------- persistent modes */

enum {
    HF_MODE_GRID_COOPERATIVE_GROUPS = 0, /* persistent-grid, barrier: cooperative groups' grid.sync() */
    HF_MODE_GRID_TWO_SLOT = 1,           /* persistent-grid, barrier: our arrival count + release generation */
    HF_MODE_HOST_LOCKSTEP = 2,           /* persistent-host, the host signals every block, then waits for all */
    HF_MODE_HOST_NEIGHBOUR = 3,          /* persistent-host, block b starts step s once b-1 and b+1 finished s-1 */
    HF_MODE_DATAFLOW = 4,                /* persistent-dataflow, blocks wait on their neighbours' step counters */
    HF_MODE_COUNT = 5
};

/* How the host polls the done flags in the host modes. */
enum {
    HF_POLL_BUSY = 0,  /* spin on the flags */
    HF_POLL_SLEEP = 1, /* sleep 1 us between empty passes, timer slack set to 1 us for the run */
    HF_POLL_COUNT = 2
};

/* Faults a test can inject to force the watchdog. fault_block names the block. */
enum {
    HF_FAULT_NONE = 0,
    HF_FAULT_SKIP_GRID_BARRIER = 1, /* HF_MODE_GRID_TWO_SLOT: the block leaves before its first barrier */
    HF_FAULT_NEVER_PUBLISH = 2,     /* HF_MODE_DATAFLOW: the block never publishes its step counter */
    HF_FAULT_NEVER_SIGNAL = 3,      /* HF_MODE_HOST_*: the host never signals the block */
    HF_FAULT_COUNT = 4
};

/* Which wait expired (hf_run_report.error_code). */
enum {
    HF_WAIT_NONE = 0,
    HF_WAIT_GRID_BARRIER = 1,   /* device: a block waited at the two-slot grid barrier */
    HF_WAIT_NEIGHBOUR = 2,      /* device: a block waited for a neighbour's step counter (error_peer) */
    HF_WAIT_HOST_TASK = 3,      /* device: a block waited for the host's task flag */
    HF_WAIT_DEVICE_DONE = 4,    /* host: the host waited for a block's done flag */
    HF_WAIT_KERNEL_EXIT = 5,    /* host: the kernel did not end after an abort */
    HF_WAIT_COUNT = 6
};

/* ---------------------------------------------------------------- structs */

/* Run configuration. Zero-initialise, then set mode: every zero field means its default. */
typedef struct hf_run_config {
    int32_t mode;              /* HF_MODE_* */
    int32_t blocks;            /* grid size; 0 = every block that can be co-resident */
    int32_t threads_per_block; /* 0 = 256 */
    int32_t host_polling;      /* HF_POLL_* (host modes only) */
    double watchdog_seconds;   /* bound on every wait, device and host; <= 0 = 10 s; at most 1e6 */
    int32_t fault;             /* HF_FAULT_*; tests only */
    int32_t fault_block;       /* the block the fault hits */
} hf_run_config;

/* What a run did. Filled on success and, as far as known, on failure. */
typedef struct hf_run_report {
    double device_ms;          /* between events recorded around the kernel on the run's stream */
    double host_ms;            /* host wall time from just before the launch to the kernel's end */
    int64_t handshakes;        /* host modes: (block, half-sweep) pairs signalled and seen done */
    int32_t blocks;            /* blocks launched */
    int32_t active_blocks;     /* blocks that own rows (host, dataflow) or all blocks (grid) */
    int32_t threads_per_block;
    int32_t blocks_per_sm;     /* occupancy of this kernel at this thread count */
    int32_t sm_count;
    int32_t error_code;        /* HF_WAIT_* of the first wait that expired, 0 when none */
    int32_t error_block;       /* device waits: the block whose wait expired first; host waits: the
                                  block the host waited for; -1 when none */
    int32_t error_step;        /* the half-sweep it was at; -1 when none */
    int32_t error_peer;        /* HF_WAIT_NEIGHBOUR: the neighbour it waited for; -1 otherwise */
    int32_t on_chip;           /* 1 when one block held the whole grid in shared memory (grid, dataflow) */
} hf_run_report;

/* Occupancy of one persistent kernel. The caller multiplies: co-resident = blocks_per_sm * sm_count. */
typedef struct hf_capacity {
    int32_t blocks_per_sm;
    int32_t sm_count;
    int32_t cooperative_launch; /* 1 when the device supports cooperative launch */
    int32_t device;             /* the device queried (the current one) */
} hf_capacity;

/* Driver-API handles (CUfunction) of the hand-written standard kernels, loaded in the primary
 * context of the current device. Signatures:
 *   hf_red(double* u, const double* f, int n, double h2), hf_black(same), hf_empty(void). */
typedef struct hf_standard_kernels {
    void* red;
    void* black;
    void* empty;
} hf_standard_kernels;

/* ---------------------------------------------------------------- library and device */

HF_API const char* hf_version(void);            /* library version, e.g. "0.1.0" */
HF_API int32_t hf_abi_version(void);            /* HF_ABI_VERSION the library was built with */
HF_API const char* hf_runtime_name(void);       /* "CUDA" or "HIP" */
HF_API const char* hf_status_name(hf_status status); /* "HF_OK", ..., "HF_STATUS_UNKNOWN" */
HF_API const char* hf_mode_name(int32_t mode);  /* "persistent-grid (cooperative groups)", ... */

/* Copies the calling thread's last error message (NUL-terminated, truncated to fit) into buffer.
 * Returns the message's full length without the NUL; 0 when the last call succeeded. */
HF_API int64_t hf_last_error(char* buffer, int64_t capacity);

/* Runtime and driver versions as the runtime encodes them (1000 * major + 10 * minor).
 * driver_version is 0 when no driver is installed. */
HF_API hf_status hf_runtime_version(int32_t* runtime_version, int32_t* driver_version);

/* Number of GPUs. With none, or no driver: *count = 0 and HF_ERR_NO_DEVICE with the reason. */
HF_API hf_status hf_device_count(int32_t* count);

/* Whether the current device supports cooperative launch (0 or 1). */
HF_API hf_status hf_cooperative_launch_supported(int32_t* supported);

/* Occupancy of the kernel behind mode (HF_MODE_*) at this block size and dynamic shared memory
 * (the persistent kernels use none: pass 0). threads_per_block 0 = 256. */
HF_API hf_status hf_query_capacity(int32_t mode, int32_t threads_per_block, int64_t dynamic_shared_bytes,
                                   hf_capacity* capacity);

/* ---------------------------------------------------------------- persistent runs */

/* Runs `iterations` red-black iterations on u in one persistent launch and returns after the
 * kernel has ended. u and f are device pointers to n * n doubles; h2 = d * d with d = 1 / (n - 1);
 * 3 <= n <= 46340. The grid is refused before launch (HF_ERR_NOT_CORESIDENT) when it is larger
 * than the co-resident maximum. On HF_ERR_WATCHDOG the report's error_* fields name the wait,
 * the block and the step, and the message also says which block held the others up (the
 * barrier's arrival count, or the dataflow block that published the fewest half-sweeps).
 * HF_MODE_GRID_COOPERATIVE_GROUPS has no watchdog: grid.sync() cannot time out. */
HF_API hf_status hf_run(const hf_run_config* config, double* u, const double* f, int32_t n, int32_t iterations,
                        double h2, void* stream, hf_run_report* report);

/* ---------------------------------------------------------------- standard kernels */

/* The standard kernels' CUfunction handles, for launching them through the driver API like the
 * Java-compiled kernels. HF_ERR_UNSUPPORTED on HIP. */
HF_API hf_status hf_get_standard_kernels(hf_standard_kernels* kernels);

/* Queues `iterations` pairs of launches (hf_red, hf_black) with `blocks` x `threads_per_block`
 * (0 = 256) on stream through the runtime, then waits for the stream. A reference for tests and
 * the sanitizer runs, not a benchmark. */
HF_API hf_status hf_launch_standard(double* u, const double* f, int32_t n, int32_t iterations, double h2,
                                    int32_t blocks, int32_t threads_per_block, void* stream);

/* Launch overhead from C: launches hf_empty (1 block, 1 thread) `count` times through the
 * driver's cuLaunchKernel on stream. queued: all launches back to back, then one stream sync,
 * total host time / count. synced: a stream sync after every launch, total / count. Seconds per
 * launch. No warm-up: call it once first. HF_ERR_UNSUPPORTED on HIP. */
HF_API hf_status hf_launch_benchmark(int32_t count, void* stream, double* queued_seconds_per_launch,
                                     double* synced_seconds_per_launch);

/* ---------------------------------------------------------------- test and diagnostic helpers */

/* Plain device memory for self-contained tests; the harness allocates through the driver API. */
HF_API hf_status hf_device_alloc(int64_t bytes, void** pointer);
HF_API hf_status hf_device_free(void* pointer);
HF_API hf_status hf_copy_to_device(void* device_destination, const void* host_source, int64_t bytes);
HF_API hf_status hf_copy_to_host(void* host_destination, const void* device_source, int64_t bytes);

/* The ABI as this library was compiled, for binding checks: one item per line,
 *   "struct <name> <size> <alignment>", then "field <name> <offset> <size>" for each field,
 *   "enum <name> <count>" for each enum above (its *_COUNT). */
HF_API const char* hf_abi_describe(void);

#ifdef __cplusplus
}
#endif

#endif /* HOLDFAST_NATIVE_H */
