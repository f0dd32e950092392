/*
 * device.h: what the library asks the current device, and the plain memory helpers of the tests.
 * Declarations only need plain types, so the planner (and its host-only test, which supplies its
 * own device) can include this without a GPU runtime.
 */
#ifndef HOLDFAST_DEVICE_H
#define HOLDFAST_DEVICE_H

#include <cstdint>

#include "holdfast_native.h"
#include "variant_table.h"

namespace holdfast {

/* What the planner needs to know about the current device and one kernel on it. */
struct DeviceFacts {
    int device;
    int blocks_per_sm;    /* occupancy of the kernel at the block size, no dynamic shared memory */
    int sm_count;
    bool cooperative;     /* the device supports cooperative launch */
    int64_t shared_limit; /* dynamic shared bytes a block may opt in to */
    int64_t shared_per_sm; /* shared memory of one multiprocessor, for the blocks it holds together */
    int max_cluster_blocks; /* largest thread-block cluster (16 where non-portable sizes are allowed); 0: none */
    int warp_size;
};

/* The current device; HF_ERR_NO_DEVICE when there is none. */
hf_status current_device(int* device);

/* Number of devices; HF_ERR_NO_DEVICE, with the reason, when there are none. */
hf_status device_count(int* count);

hf_status runtime_versions(int* runtime_version, int* driver_version);

hf_status cooperative_launch_supported(int* supported);

/* The facts of `kernel` (a kernel symbol of this library) at `threads` per block. */
hf_status query_device_facts(const void* kernel, int threads, DeviceFacts* facts);

/* The facts of a row's kernel (plan_run's PlanDevice): threads 0 for a row that sizes its block. */
hf_status query_row_facts(const VariantRow& row, int threads, DeviceFacts* facts);

/* Whether a finished plan can launch: for a cluster plan, cluster launch is supported and the
 * occupancy API finds room for one cluster of the plan's size, block and shared memory
 * (HF_ERR_NOT_CORESIDENT, or HF_ERR_UNSUPPORTED, before anything is launched). */
hf_status check_cluster_fits(const VariantRow& row, const hf_plan& plan);

/* How many clusters of a cluster plan's shape (its kernel, cluster size, block and shared memory)
 * the occupancy API finds room for at once (plan_run's PlanDevice::active_clusters). */
hf_status count_active_clusters(const VariantRow& row, const hf_plan& plan, int* clusters);

/* Clusters of `cluster_size` blocks (`blocks` in all) of `threads` threads with `shared_bytes` of
 * dynamic shared memory each that can be resident at once (0: none). Sets what a launch of
 * `kernel` needs first: its shared-memory limit, and the non-portable size above 8 blocks.
 * HF_ERR_UNSUPPORTED on HIP. */
hf_status max_active_clusters(const void* kernel, int blocks, int cluster_size, int threads, int64_t shared_bytes,
                              int* clusters);

/* Launches `kernel` as `blocks` blocks in clusters of `cluster_size` (the cluster dimension as a
 * launch attribute, cudaLaunchKernelEx) on `stream`; max_active_clusters has set its attributes.
 * HF_ERR_UNSUPPORTED on HIP. */
hf_status launch_clusters(const void* kernel, int blocks, int cluster_size, int threads, int64_t shared_bytes,
                          void* stream, void** arguments);

/* The rate of the device's wall clock (what the watchdog counts), in kHz. */
hf_status wall_clock_rate_khz(int device, int* rate);

hf_status device_alloc(int64_t bytes, void** pointer);
hf_status device_free(void* pointer);
hf_status copy_to_device(void* device_destination, const void* host_source, int64_t bytes);
hf_status copy_to_host(void* host_destination, const void* device_source, int64_t bytes);

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_H */
