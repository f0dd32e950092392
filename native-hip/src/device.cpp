/*
 * device.cpp: device queries (count, versions, occupancy, shared memory, clock rate) and the
 * plain memory helpers of the tests, each runtime call checked.
 */
#include "device.h"

#include "runtime_check.h"

namespace holdfast {

hf_status current_device(int* device)
{
    int count = 0;
    HF_RETURN_IF_FAILED(device_count(&count));
    HF_CHECK(hipGetDevice(device));
    return HF_OK;
}

hf_status device_count(int* count)
{
    *count = 0;
    int devices = 0;
    HF_CHECK(hipGetDeviceCount(&devices));
    if (devices == 0) {
        return fail(HF_ERR_NO_DEVICE, "no GPU: the %s runtime reports 0 devices", HF_RUNTIME_NAME);
    }
    *count = devices;
    return HF_OK;
}

hf_status runtime_versions(int* runtime_version, int* driver_version)
{
    HF_CHECK(hipRuntimeGetVersion(runtime_version));
    HF_CHECK(hipDriverGetVersion(driver_version));
    return HF_OK;
}

hf_status cooperative_launch_supported(int* supported)
{
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    int cooperative = 0;
    HF_CHECK(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, device));
    *supported = cooperative != 0 ? 1 : 0;
    return HF_OK;
}

hf_status query_device_facts(const void* kernel, int threads, DeviceFacts* facts)
{
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    int cooperative = 0;
    int sm_count = 0;
    int blocks_per_sm = 0;
    int shared_limit = 0;
    int shared_per_sm = 0;
    HF_CHECK(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, device));
    HF_CHECK(hipDeviceGetAttribute(&sm_count, hipDeviceAttributeMultiprocessorCount, device));
    HF_CHECK(hipDeviceGetAttribute(&shared_limit, hipDeviceAttributeSharedMemPerBlockOptin, device));
    HF_CHECK(hipDeviceGetAttribute(&shared_per_sm, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, device));
    HF_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, kernel, threads, 0));
    int warp_size = 0;
    HF_CHECK(hipDeviceGetAttribute(&warp_size, hipDeviceAttributeWarpSize, device));
    int max_cluster_blocks = 0;
#if defined(HF_RUNTIME_CUDA)
    int cluster_launch = 0;
    HF_CHECK(cudaDeviceGetAttribute(&cluster_launch, cudaDevAttrClusterLaunch, device));
    max_cluster_blocks = cluster_launch != 0 ? 16 : 0; /* check_cluster_fits asks the occupancy API per plan */
#endif
    *facts = DeviceFacts{device, blocks_per_sm, sm_count, cooperative != 0, shared_limit, shared_per_sm,
                         max_cluster_blocks, warp_size};
    return HF_OK;
}

hf_status query_row_facts(const VariantRow& row, int threads, DeviceFacts* facts)
{
    /* A row that sizes its block is asked at one warp: only the device's facts matter for it. */
    return query_device_facts(row.kernel.symbol, threads > 0 ? threads : 32, facts);
}

#if defined(HF_RUNTIME_CUDA)
/* A launch of `blocks` blocks in clusters of `cluster_size`: the cluster dimension is the one
 * attribute (the caller keeps it alive). */
cudaLaunchConfig_t cluster_config(cudaLaunchAttribute* attribute, int blocks, int cluster_size, int threads,
                                  int64_t shared_bytes, cudaStream_t stream)
{
    *attribute = cudaLaunchAttribute{};
    attribute->id = cudaLaunchAttributeClusterDimension;
    attribute->val.clusterDim.x = static_cast<unsigned int>(cluster_size);
    attribute->val.clusterDim.y = 1;
    attribute->val.clusterDim.z = 1;
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(static_cast<unsigned int>(blocks));
    config.blockDim = dim3(static_cast<unsigned int>(threads));
    config.dynamicSmemBytes = static_cast<size_t>(shared_bytes);
    config.stream = stream;
    config.attrs = attribute;
    config.numAttrs = 1;
    return config;
}
#endif

hf_status max_active_clusters(const void* kernel, int blocks, int cluster_size, int threads, int64_t shared_bytes,
                              int* clusters)
{
#if defined(HF_RUNTIME_CUDA)
    HF_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_bytes)));
    if (cluster_size > 8) {
        HF_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    }
    cudaLaunchAttribute attribute;
    const cudaLaunchConfig_t config = cluster_config(&attribute, blocks, cluster_size, threads, shared_bytes, nullptr);
    HF_CHECK(cudaOccupancyMaxActiveClusters(clusters, kernel, &config));
    return HF_OK;
#else
    (void)kernel, (void)blocks, (void)threads, (void)shared_bytes;
    *clusters = 0;
    return fail(HF_ERR_UNSUPPORTED, "clusters of %d blocks: thread-block clusters are CUDA only", cluster_size);
#endif
}

hf_status launch_clusters(const void* kernel, int blocks, int cluster_size, int threads, int64_t shared_bytes,
                          void* stream, void** arguments)
{
#if defined(HF_RUNTIME_CUDA)
    cudaLaunchAttribute attribute;
    const cudaLaunchConfig_t config = cluster_config(&attribute, blocks, cluster_size, threads, shared_bytes,
                                                     static_cast<cudaStream_t>(stream));
    HF_CHECK(cudaLaunchKernelExC(&config, kernel, arguments));
    return HF_OK;
#else
    (void)kernel, (void)blocks, (void)threads, (void)shared_bytes, (void)stream, (void)arguments;
    return fail(HF_ERR_UNSUPPORTED, "clusters of %d blocks: thread-block clusters are CUDA only", cluster_size);
#endif
}

hf_status count_active_clusters(const VariantRow& row, const hf_plan& plan, int* clusters)
{
    *clusters = 0;
#if defined(HF_RUNTIME_CUDA)
    const KernelRef* kernel = find_kernel(plan.kernel);
    if (kernel == nullptr) {
        return fail(HF_ERR_RUNTIME, "%s (%s): kernel %s is not in this build", row.mode, row.name, plan.kernel);
    }
    return max_active_clusters(kernel->symbol, plan.blocks, plan.cluster_size, plan.threads_per_block,
                               plan.shared_bytes, clusters);
#else
    return fail(HF_ERR_UNSUPPORTED, "%s (%s): thread-block clusters are CUDA only", row.mode, row.name);
#endif
}

hf_status check_cluster_fits(const VariantRow& row, const hf_plan& plan)
{
    if (plan.cluster_size <= 1) {
        return HF_OK;
    }
    int clusters = 0;
    HF_RETURN_IF_FAILED(count_active_clusters(row, plan, &clusters));
    /* Every cluster of the launch must be resident at once: they wait for each other. */
    const int needed = plan.blocks / plan.cluster_size;
    if (clusters < needed) {
        return fail(HF_ERR_NOT_CORESIDENT,
                    "%s (%s): %d cluster%s of %d blocks of %d threads with %lld shared bytes each cannot be resident "
                    "at once: the device holds %d",
                    row.mode, row.name, needed, needed == 1 ? "" : "s", plan.cluster_size, plan.threads_per_block,
                    static_cast<long long>(plan.shared_bytes), clusters);
    }
    return HF_OK;
}

hf_status wall_clock_rate_khz(int device, int* rate)
{
#if HF_HAS_WALL_CLOCK_RATE_ATTRIBUTE
    HF_CHECK(hipDeviceGetAttribute(rate, hipDeviceAttributeWallClockRate, device));
#else
    (void)device;
    *rate = 100000; /* gfx9 (MI100, MI200) counts wall_clock64() at 100 MHz */
#endif
    return HF_OK;
}

hf_status device_alloc(int64_t bytes, void** pointer)
{
    *pointer = nullptr;
    int device = 0;
    HF_RETURN_IF_FAILED(current_device(&device));
    HF_ALLOCATE(hipMalloc(pointer, static_cast<size_t>(bytes)));
    return HF_OK;
}

hf_status device_free(void* pointer)
{
    HF_CHECK(hipFree(pointer));
    return HF_OK;
}

hf_status copy_to_device(void* device_destination, const void* host_source, int64_t bytes)
{
    HF_CHECK(hipMemcpy(device_destination, host_source, static_cast<size_t>(bytes), hipMemcpyHostToDevice));
    return HF_OK;
}

hf_status copy_to_host(void* host_destination, const void* device_source, int64_t bytes)
{
    HF_CHECK(hipMemcpy(host_destination, device_source, static_cast<size_t>(bytes), hipMemcpyDeviceToHost));
    return HF_OK;
}

}  // namespace holdfast
