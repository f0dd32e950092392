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
 * - A run solves one problem (hf_problem), by red-black Gauss-Seidel: HF_PROBLEM_POISSON_2D, u and f
 *   n x n doubles, row-major, point (i, j) at [i * n + j], red where i + j is even; or
 *   HF_PROBLEM_POISSON_3D, u and f n x n x n doubles, point (i, j, k) at [(i * n + j) * n + k], red
 *   where i + j + k is even. One iteration is a red half-sweep then a black one, in place. Each row of
 *   the variant table solves one problem (hf_variant_info.problem); a session runs the row of its
 *   problem, mode and variant.
 *
 * A persistent run is one session, which the library owns from open to close:
 *   hf_session_open(&problem, &config, stream, &s)  plans (variant, blocks, k, on chip or not) and
 *                                                   allocates everything the chosen variant needs
 *                                                   (control block, host flags, mailbox, scratch
 *                                                   array, events); fixes n and h2
 *   hf_session_plan(s, &plan)                       what runs, for reports (a copy: nothing reads it back)
 *   hf_session_run(s, u, f, iterations, &report)    as often as wanted; the result is in u, always;
 *                                                   allocates nothing
 *   hf_session_close(s)
 * hf_run() does it all once; hf_plan_run() says what a session would run without opening one, and
 * hf_plan_twin() plans a kernel outside the library by a variant's rule (the Java twins). The
 * variants (problem, mode, variant name, kernel, traits) are the rows of one table: hf_variant_count() and
 * hf_variant_at().
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

#define HF_ABI_VERSION 8

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
    HF_ERR_INCOMPLETE_WORK = 8,  /* the kernel ended, but its blocks did not all run every half-sweep asked for
                                    (hf_run_report.work_*); the message names the block and the counts */
    HF_STATUS_COUNT = 9
};

/* ---------------------------------------------------------------- the problem */

/* The problems the library's kernels solve (hf_problem.kind). */
enum {
    HF_PROBLEM_POISSON_2D = 0, /* -Laplace(u) = f on the unit square, n x n points, 5-point stencil, red-black */
    HF_PROBLEM_POISSON_3D = 1, /* -Laplace(u) = f on the unit cube, n x n x n points, 7-point stencil, red-black */
    HF_PROBLEM_COUNT = 2
};

/* What a session solves: the problem, its size and its spacing. */
typedef struct hf_problem {
    int32_t kind; /* HF_PROBLEM_* */
    int32_t n;    /* points per side, boundary included (3 <= n <= 46340 in 2D, 1290 in 3D: the points fit an int) */
    double h2;    /* d * d, d = 1 / (n - 1): the caller's value, so that the kernels use the reference's bits */
} hf_problem;

/* ---------------------------------------------------------------- variants and their traits */

/* What a variant is (hf_variant_info.traits), one bit each. */
enum {
    HF_TRAIT_HOST_FLAGS = 1,  /* the host drives the blocks through flags in mapped pinned memory */
    HF_TRAIT_COOPERATIVE = 2, /* launched cooperatively: refused when the device cannot */
    HF_TRAIT_CLUSTER = 4,     /* launched in thread-block clusters (hf_plan.cluster_size) */
    HF_TRAIT_WATCHDOG = 8,    /* every wait of its own is bounded by the watchdog */
    HF_TRAIT_CUDA_ONLY = 16,  /* needs a CUDA-only feature: unsupported in a HIP build */
    HF_TRAIT_TWO_BUFFERS = 32, /* runs from u into a scratch array and back; the session owns the scratch array */
    HF_TRAIT_SWEEPS = 64,     /* takes more than one half-sweep per exchange (hf_run_config.sweeps_per_exchange) */
    HF_TRAIT_BANDS_ON_CHIP = 128, /* every block keeps its band of u in shared memory for the whole run, so shared
                                     memory, not HBM, is its limit (hf_plan.on_chip says so of one block or cluster) */
    HF_TRAIT_COUNT = 8        /* number of trait bits */
};

/* How the blocks share a half-sweep, and so which blocks have work (hf_plan.active_blocks). */
enum {
    HF_SPLIT_GRID_STRIDE = 0, /* every thread of the grid strides over the points: all blocks are active */
    HF_SPLIT_ROW_BANDS = 1,   /* block b owns a band of rows (of planes for the cube): blocks beyond the n - 2 interior rows (planes) own none */
    HF_SPLIT_COUNT = 2
};

/* How the host polls the done flags of a HF_TRAIT_HOST_FLAGS variant. */
enum {
    HF_POLL_BUSY = 0,  /* spin on the flags */
    HF_POLL_SLEEP = 1, /* sleep 1 us between empty passes, timer slack set to 1 us for the run */
    HF_POLL_COUNT = 2
};

/* Faults a test can inject to force the watchdog; hf_variant_info.faults says which a variant
 * accepts (bit 1 << HF_FAULT_*). fault_block names the block. */
enum {
    HF_FAULT_NONE = 0,
    HF_FAULT_SKIP_GRID_BARRIER = 1, /* persistent-grid two-slot: the block leaves before its first barrier */
    HF_FAULT_NEVER_PUBLISH = 2,     /* persistent-dataflow: the block never publishes its step counter (resident:
                                       never sends its halo); persistent-host relay: the block never counts in */
    HF_FAULT_NEVER_SIGNAL = 3,      /* persistent-host: the host never signals the block (relay: the host stops
                                       after the first half-sweep; fault_block is not used) */
    HF_FAULT_SKIP_HALF_SWEEP = 4,   /* every variant: the block skips the run's last half-sweep and counts
                                       honestly: the run fails with HF_ERR_INCOMPLETE_WORK */
    HF_FAULT_OUTLAST_DEADLINE = 5,  /* persistent-grid cg: block 0 spins, ignoring the watchdog, for three times
                                       the host's deadline after its work, then ends: the host gives up
                                       waiting first (HF_WAIT_KERNEL_EXIT) */
    HF_FAULT_COUNT = 6
};

/* Which wait expired (hf_run_report.error_code). */
enum {
    HF_WAIT_NONE = 0,
    HF_WAIT_GRID_BARRIER = 1,   /* device: a block waited at the two-slot grid barrier */
    HF_WAIT_NEIGHBOUR = 2,      /* device: a block waited for a neighbour (dataflow step counter, cluster halo, resident LL halo line) (error_peer) */
    HF_WAIT_HOST_TASK = 3,      /* device: a block waited for the host's task flag (relay: block 0 for the step word, the others for block 0's relay, error_peer 0) */
    HF_WAIT_DEVICE_DONE = 4,    /* host: the host waited for a block's done flag */
    HF_WAIT_KERNEL_EXIT = 5,    /* host: the kernel did not end after an abort, or within the run's deadline */
    HF_WAIT_COUNT = 6
};

/* The form of a self-flagged LL halo line (hf_probe_halo_exchange_form). */
enum {
    HF_LL_LINE_V2_B64 = 0, /* one 16-byte access of two 64-bit elements (.v2.b64): atomic per {data, flag} word by
                              the PTX rules; the library's form on CUDA */
    HF_LL_LINE_V4_U32 = 1, /* one 16-byte access of four 32-bit elements (.v4.u32, NCCL's): atomic per 32 bits only */
    HF_LL_LINE_TWO_B64 = 2, /* two 64-bit accesses per line; HIP's form (on HIP every form is this one) */
    HF_LL_LINE_COUNT = 3
};

/* ---------------------------------------------------------------- structs */

/* One row of the variant table. Names are the command line's. */
typedef struct hf_variant_info {
    char mode[32];         /* "persistent-grid" */
    char name[32];         /* "two-slot" */
    char kernel[48];       /* the kernel it launches, e.g. "persistent_grid_two_slot" */
    char planner[32];      /* the planning rule it uses, e.g. "plan_alone_on_chip" */
    char description[128]; /* one line for --help and the README */
    int32_t traits;        /* HF_TRAIT_* bits */
    int32_t faults;        /* bit (1 << HF_FAULT_*) for each fault it accepts */
    int32_t work_split;    /* HF_SPLIT_* */
    int32_t default_threads;
    int32_t is_default;    /* 1: the mode's default: what "auto" falls back to */
    int32_t supported;     /* 1: this build can run it (0: a CUDA-only variant in a HIP build) */
    int32_t problem;       /* HF_PROBLEM_*: the problem its kernels solve (a name may have a row per problem) */
} hf_variant_info;

/* What the caller asks for. Zero-initialise, then set mode: every zero field means "choose". */
typedef struct hf_run_config {
    const char* mode;            /* "persistent-grid", "persistent-host", "persistent-dataflow" */
    const char* variant;         /* a variant of that mode for the run's problem (hf_variant_info.name), or NULL / "auto" */
    int32_t blocks;              /* 0 = the planner's rule; > 0 = exactly this many (refused beyond co-residency) */
    int32_t threads_per_block;   /* 0 = the variant's default (hf_variant_info.default_threads); the variants that
                                    size their block (default_threads 0) ignore it; with variant "auto", the auto
                                    rule's block size for the chosen variant, where it gives one, replaces it */
    int32_t sweeps_per_exchange; /* half-sweeps between halo exchanges (k ghost rows); 0 = the planner's (1, or the
                                    auto rule's k for the variant at n, or the variant's own default; the rules:
                                    docs/persistent-variants.md); > 1 only where the variant has HF_TRAIT_SWEEPS */
    int32_t host_polling;        /* HF_POLL_* (host-flag variants only) */
    double watchdog_seconds;     /* bound on every wait, device and host; <= 0 = 10 s; at most 1e6 */
    int32_t fault;               /* HF_FAULT_*; tests only */
    int32_t fault_block;         /* the block the fault hits */
} hf_run_config;

/* What a session runs (hf_session_plan), or would run (hf_plan_run, hf_plan_twin): a description
 * for reports; no call of the library takes it back. */
typedef struct hf_plan {
    char mode[32];
    char variant[32];            /* resolved: never "auto" */
    char kernel[48];             /* the kernel launched: the variant's, its one-block on-chip kernel, its sized instance (block, cluster) or its per-k instance (temporal) */
    char note[64];               /* for reports: how it runs ("on chip", "one warp, 2 points per thread", "cluster of 16, k = 8, 4 points per thread", "k = 3, f on chip"), or empty */
    int32_t n;
    int32_t blocks;              /* grid size */
    int32_t active_blocks;       /* blocks with work (HF_SPLIT_ROW_BANDS: at most n - 2) */
    int32_t threads_per_block;
    int32_t cluster_size;        /* blocks per cluster; 1 = no clusters */
    int32_t sweeps_per_exchange;
    int64_t shared_bytes;        /* dynamic shared memory per block */
    int32_t blocks_per_sm;       /* occupancy of the variant's kernel at this block size, no dynamic shared memory */
    int32_t sm_count;            /* co-resident maximum = blocks_per_sm * sm_count */
    int32_t on_chip;             /* 1: the whole grid is held on chip: one block (on-chip kernel, block) or one cluster (cluster) */
    int32_t f_on_chip;           /* h2 * f is held in shared memory too (on chip, resident); else read from global memory */
    int32_t host_polling;        /* from the config */
    int32_t fault;               /* from the config */
    double watchdog_seconds;     /* resolved (> 0) */
    int32_t fault_block;         /* from the config */
    int32_t device;              /* the device planned for: the current one when planned */
    int32_t problem;             /* HF_PROBLEM_*: what it solves */
} hf_plan;

/* What one run did. Filled on success and, as far as known, on failure. */
typedef struct hf_run_report {
    double device_ms;    /* between events recorded around the kernel on the session's stream */
    double host_ms;      /* host wall time from just before the launch to the kernel's end */
    int64_t handshakes;  /* host-flag variants: (block, half-sweep) pairs signalled and seen done; relay: half-sweeps */
    int32_t error_code;  /* HF_WAIT_* of the first wait that expired, 0 when none */
    int32_t error_block; /* device waits: the block whose wait expired first; host waits: the block the
                            host waited for; -1 when none */
    int32_t error_step;  /* the half-sweep it was at; -1 when none */
    int32_t error_peer;  /* HF_WAIT_NEIGHBOUR: the neighbour it waited for; relay HF_WAIT_HOST_TASK: 0 (block 0) for blocks > 0; -1 otherwise */
    /* The half-sweeps the kernel's blocks ran, counted by each block (each band with work) and combined
     * on the device; filled when the kernel ended. A run counts only when every block with work
     * reported and work_fewest == work_most == work_expected, else HF_ERR_INCOMPLETE_WORK. */
    int32_t work_expected;       /* half-sweeps each block must run: 2 * iterations */
    int32_t work_blocks_expected; /* blocks that must report: hf_plan.active_blocks */
    int32_t work_blocks;         /* blocks that reported */
    int32_t work_fewest;         /* the smallest count reported (-1: none reported) */
    int32_t work_fewest_block;   /* a block that reported it (-1: none) */
    int32_t work_most;           /* the largest count reported (-1: none reported) */
    int32_t work_most_block;     /* a block that reported it (-1: none) */
} hf_run_report;

/* A planned run's resources on one stream (opaque). */
typedef struct hf_session hf_session;

/* ---------------------------------------------------------------- library and device */

HF_API const char* hf_version(void);                 /* library version, e.g. "0.1.0" */
HF_API int32_t hf_abi_version(void);                 /* HF_ABI_VERSION the library was built with */
HF_API const char* hf_runtime_name(void);            /* "CUDA" or "HIP" */
HF_API const char* hf_status_name(hf_status status); /* "HF_OK", ..., "HF_STATUS_UNKNOWN" */

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

/* ---------------------------------------------------------------- the variant table */

HF_API int32_t hf_variant_count(void);
/* Row `index` (0 .. hf_variant_count() - 1). Needs no device. */
HF_API hf_status hf_variant_at(int32_t index, hf_variant_info* info);

/* ---------------------------------------------------------------- persistent runs */

/* Opens a session that solves `problem` as `config` asks, on stream. Plans the run: resolves the
 * variant ("auto": the auto rule's variant for the mode and n, docs/persistent-variants.md; where
 * that one cannot be planned, the mode's default, then its other variants), the block count (0:
 * the variant's planner hook chooses: as many useful blocks as can be co-resident, or one block
 * holding a small grid on chip; one block or one cluster for the on-chip variants; one per SM for
 * resident, fewer where an asked k needs thicker bands; > 0: exactly that, HF_ERR_NOT_CORESIDENT
 * beyond the co-resident maximum), the shared memory and the active blocks; bad arguments are
 * refused before any device is asked. Then allocates everything runs of the plan need on the
 * current device: the control block, the host flags, the self-flagged halo lines, the scratch
 * array of a HF_TRAIT_TWO_BUFFERS variant, two events; and sets the kernel's attributes. */
HF_API hf_status hf_session_open(const hf_problem* problem, const hf_run_config* config, void* stream,
                                 hf_session** session);

/* A copy of what the session runs (variant, kernel, blocks, threads, k, note, ...). */
HF_API hf_status hf_session_plan(const hf_session* session, hf_plan* plan);

/* Runs `iterations` red-black iterations on u (a device pointer to the problem's n * n doubles, f
 * alike) in one persistent launch, and returns after the kernel has ended, with the result in u
 * (a variant that passes between u and its scratch array copies u into the scratch array before
 * the start event, so that its last pass writes u). Allocates nothing: zeroes the control block on
 * the stream, launches, records the events. On HF_ERR_WATCHDOG the report's error_* fields name the
 * wait, the block and the step, and the message also says which block held the others up. A
 * variant without HF_TRAIT_WATCHDOG (cooperative groups' grid.sync()) cannot time out. After
 * HF_WAIT_KERNEL_EXIT (the kernel did not end) the session refuses further runs. */
HF_API hf_status hf_session_run(hf_session* session, double* u, const double* f, int32_t iterations,
                                hf_run_report* report);

/* Frees the session's resources; NULL is a no-op. After a kernel that did not end, its memory is
 * left allocated on purpose (the kernel may still use it) and only the session itself is freed. */
HF_API hf_status hf_session_close(hf_session* session);

/* Open, run once, close. plan may be NULL; otherwise it receives what ran (as far as planned, also
 * when the run fails). */
HF_API hf_status hf_run(const hf_problem* problem, const hf_run_config* config, double* u, const double* f,
                        int32_t iterations, void* stream, hf_plan* plan, hf_run_report* report);

/* What hf_session_open would run, planned on the current device, without allocating anything. */
HF_API hf_status hf_plan_run(const hf_problem* problem, const hf_run_config* config, hf_plan* plan);

/* The rule of a variant (config->mode and config->variant, not "auto") applied to a kernel outside
 * the library that shares its design: the Java twins. The device's facts are the current device's,
 * except the co-resident blocks per multiprocessor, which are the caller's kernel's at
 * config->threads_per_block (blocks_per_sm > 0). The plan says blocks, on chip (one block holding u
 * in shared memory) and f on chip; its kernel field names the library's kernel of that shape. */
HF_API hf_status hf_plan_twin(const hf_problem* problem, const hf_run_config* config, int32_t blocks_per_sm,
                              hf_plan* plan);

/* Device and pinned host allocations and event creations the library has made so far in this
 * process (for tests that a measured call allocates nothing). */
HF_API int64_t hf_allocation_count(void);

/* ---------------------------------------------------------------- kernels by name */

/* The driver-API handle (CUfunction) of a kernel of the library, in the primary context of the
 * current device. Standard kernels: "hf_red" and "hf_black" (double* u, const double* f, int n,
 * double h2), their 3D twins "hf_red_3d" and "hf_black_3d" (the same parameters, on the cube's
 * n x n x n arrays), "hf_empty" (no arguments), and the temporally blocked passes "hf_stream_pass_k<k>"
 * for k = 1, 2, 3, 4, 6, 8, 12, 16 (the twins of the Java kernel TemporalKernels.streamPass: const double*
 * in, double* out, const double* f, const int* schedule, int* work, int pass, int n, double h2,
 * int strip_width, int strips, int segment_rows; 256 threads per block), the cube's
 * "hf_stream_pass_3d_k<k>" for the same k (the twins of TemporalKernels3D.streamPass: in, out, f,
 * schedule, work, pass, n, h2 as above, then int tiles_j, int tiles_k, int segment_planes; 512
 * threads per block and the dynamic shared memory TemporalKernels3D.sharedBytes(k)); every
 * hf_plan.kernel too. HF_ERR_UNSUPPORTED on HIP. */
HF_API hf_status hf_get_kernel(const char* name, void** function);

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

/* ---------------------------------------------------------------- overhead probes */

/* The self-flagged halo exchange between multiprocessors on its own (what persistent-dataflow
 * resident pays per exchange, less its work): `blocks` blocks of `threads_per_block` threads in
 * a chain, each swapping `lines` 16-byte self-flagged lines (one double each) with each
 * neighbour, `rounds` times, nothing else. Seconds per round, from events around the launch,
 * after a warm-up launch. Allocates and frees what it needs (not for a measured region).
 * HF_ERR_NOT_CORESIDENT beyond co-residency; HF_ERR_WATCHDOG if a wait expired (10 s). */
HF_API hf_status hf_probe_halo_exchange(int32_t blocks, int32_t threads_per_block, int32_t lines, int32_t rounds,
                                        void* stream, double* seconds_per_round);

/* hf_probe_halo_exchange with the lines in form `form` (HF_LL_LINE_*), so that the forms can be
 * measured side by side in one process; hf_probe_halo_exchange is the library's form. */
HF_API hf_status hf_probe_halo_exchange_form(int32_t form, int32_t blocks, int32_t threads_per_block, int32_t lines,
                                             int32_t rounds, void* stream, double* seconds_per_round);

/* The hardware cluster barrier on its own (what persistent-grid cluster pays per half-sweep,
 * less its work): one thread-block cluster of `cluster_size` blocks (1 .. 16; above 8 the
 * non-portable size, where the device allows it) of `threads_per_block` threads, every thread
 * passing barrier.cluster.arrive.release + wait.acquire (cluster.sync()) `rounds` times. Seconds
 * per barrier, from events around the launch, after a warm-up launch. HF_ERR_UNSUPPORTED, with
 * the reason, where the device (or the build: HIP) cannot launch such a cluster. */
HF_API hf_status hf_probe_cluster_barrier(int32_t cluster_size, int32_t threads_per_block, int32_t rounds, void* stream,
                                          double* seconds_per_round);

/* A halo exchange through distributed shared memory on its own: one cluster of `cluster_size`
 * blocks (2 .. 16) in a chain; per round each block stores an edge row of `doubles_per_edge`
 * doubles (1 .. 65536, within the shared memory of a block: 4 rows) into each neighbour's shared
 * memory (st.shared::cluster), then passes the split cluster barrier (arrive.release, then
 * wait.acquire) that makes them visible, and reads and checks the rows it received. Seconds per
 * round as above; HF_ERR_RUNTIME if a row did not arrive as sent; HF_ERR_UNSUPPORTED as above. */
HF_API hf_status hf_probe_dsmem_exchange(int32_t cluster_size, int32_t threads_per_block, int32_t doubles_per_edge,
                                         int32_t rounds, void* stream, double* seconds_per_round);

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
