/*
 * nccl_band_window.cpp: libholdfast_nccl_bands (holdfast_nccl_bands.h): a band's receive buffer in
 * an NCCL symmetric memory window, and the peers' buffers as this GPU addresses them (NCCL's LSA
 * pointers), for hf_band_run. Built only where NCCL 2.28 or newer with its device API is found.
 * CUDA only; the calls are checked and a failure is a status and a message (never an exit).
 */
#include <dlfcn.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>
#include <nccl.h>
#include <nccl_device.h>

#include "hf_errors.h" /* HF_RETURN_IF_FAILED */
#include "holdfast_nccl_bands.h"
#include "nccl_glue_message.h"

#if NCCL_VERSION_CODE < 22800
#error "the band windows need NCCL 2.28 or newer (its device API)"
#endif

struct hf_nccl_band_window {
    ncclComm_t comm;
    void* buffer;
    ncclWindow_t window;
    ncclDevComm dev_comm; /* the device communicator NCCL's device API asks for before a kernel uses a window */
    bool has_dev_comm;
    int rank;
    int ranks;
    mutable std::string route; /* how the peers' pointers were found (hf_nccl_band_window_route) */
};

namespace {

thread_local std::string last_message;

hf_status fail(hf_status status, const char* format, ...) __attribute__((format(printf, 2, 3)));

hf_status fail(hf_status status, const char* format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    const hf_status recorded = holdfast::record_message(last_message, status, format, arguments);
    va_end(arguments);
    return recorded;
}

hf_status nccl_failure(ncclResult_t result, const char* call)
{
    return fail(result == ncclInvalidArgument || result == ncclInvalidUsage ? HF_ERR_INVALID_ARGUMENT : HF_ERR_RUNTIME,
                "%s failed: %s", call, ncclGetErrorString(result));
}

hf_status cuda_failure(cudaError_t error, const char* call)
{
    return fail(error == cudaErrorMemoryAllocation ? HF_ERR_OUT_OF_MEMORY : HF_ERR_RUNTIME, "%s failed: %s", call,
                cudaGetErrorString(error));
}

#define HF_NCCL(call)                                    \
    do {                                                 \
        const ncclResult_t hf_result_ = (call);          \
        if (hf_result_ != ncclSuccess) {                 \
            return nccl_failure(hf_result_, #call);      \
        }                                                \
    } while (0)

#define HF_CUDA(call)                                    \
    do {                                                 \
        const cudaError_t hf_error_ = (call);            \
        if (hf_error_ != cudaSuccess) {                  \
            return cuda_failure(hf_error_, #call);       \
        }                                                \
    } while (0)

/* pointers[r] = rank r's window as this GPU addresses it; local = its own (to check that LSA rank
 * and communicator rank agree). One thread: this runs once per window. */
__global__ void resolve_lsa_pointers(ncclWindow_t window, int ranks, void** pointers, void** local)
{
    for (int rank = 0; rank < ranks; ++rank) {
        pointers[rank] = ncclGetLsaPointer(window, 0, rank);
    }
    *local = ncclGetLocalPointer(window, 0);
}

/* ncclGetPeerDevicePointer (host side, newer NCCL than the 2.28 this builds against at least): looked up
 * at run time so that one build serves the NCCL it finds; null where the library lacks it. */
using PeerDevicePointer = ncclResult_t (*)(ncclWindow_t, size_t, int, void**);

PeerDevicePointer peer_device_pointer()
{
    return reinterpret_cast<PeerDevicePointer>(dlsym(RTLD_DEFAULT, "ncclGetPeerDevicePointer"));
}

/* A kernel that reads the window handle faults (and poisons the context) when NCCL handed out one the
 * GPU cannot read: ask the driver first. */
bool device_can_read(const void* pointer)
{
    cudaPointerAttributes attributes{};
    if (cudaPointerGetAttributes(&attributes, pointer) != cudaSuccess) {
        cudaGetLastError(); /* not a CUDA pointer at all: clear the sticky-free error and say no */
        return false;
    }
    return attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged ||
           (attributes.type == cudaMemoryTypeHost && attributes.devicePointer == pointer);
}

/* Every rank's buffer by communicator rank, through the host call where NCCL has it. */
hf_status peers_from_host(const hf_nccl_band_window& window, PeerDevicePointer resolve, void** pointers)
{
    for (int rank = 0; rank < window.ranks; ++rank) {
        void* pointer = nullptr;
        HF_NCCL(resolve(window.window, 0, rank, &pointer));
        if (pointer == nullptr) {
            return fail(HF_ERR_UNSUPPORTED, "hf_nccl_band_window_peers: rank %d's window is not load/store accessible "
                                            "from rank %d (one node, NVLink or P2P needed)", rank, window.rank);
        }
        pointers[rank] = pointer;
    }
    return HF_OK;
}

/* The same through the device API (ncclGetLsaPointer in a one-thread kernel), checking that LSA rank and
 * communicator rank agree. */
hf_status peers_from_device(const hf_nccl_band_window& window, void** pointers)
{
    const int ranks = window.ranks;
    void** resolved = nullptr;
    HF_CUDA(cudaMalloc(reinterpret_cast<void**>(&resolved), sizeof(void*) * (static_cast<size_t>(ranks) + 1)));
    resolve_lsa_pointers<<<1, 1>>>(window.window, ranks, resolved, resolved + ranks);
    std::vector<void*> host(static_cast<size_t>(ranks) + 1);
    cudaError_t error = cudaGetLastError();
    if (error == cudaSuccess) {
        error = cudaMemcpy(host.data(), resolved, sizeof(void*) * host.size(), cudaMemcpyDeviceToHost);
    }
    const cudaError_t freed = cudaFree(resolved);
    HF_CUDA(error);
    HF_CUDA(freed);
    if (host[static_cast<size_t>(window.rank)] != host[static_cast<size_t>(ranks)]) {
        return fail(HF_ERR_UNSUPPORTED, "hf_nccl_band_window_peers: rank %d is not its own LSA rank: the ranks are "
                                        "not all load/store accessible (one node, NVLink or P2P)", window.rank);
    }
    std::memcpy(pointers, host.data(), sizeof(void*) * static_cast<size_t>(ranks));
    return HF_OK;
}

/* The device communicator (collective, as the window's registration). Zero requirements: the band kernel
 * uses no NCCL barrier or multimem, only the window's LSA addresses, which the device API hands out
 * once a device communicator exists. */
ncclResult_t create_dev_comm(hf_nccl_band_window& window)
{
#ifdef NCCL_DEV_COMM_REQUIREMENTS_INITIALIZER
    ncclDevCommRequirements requirements = NCCL_DEV_COMM_REQUIREMENTS_INITIALIZER;
#else
    ncclDevCommRequirements requirements;
    std::memset(&requirements, 0, sizeof requirements);
#endif
    const ncclResult_t created = ncclDevCommCreate(window.comm, &requirements, &window.dev_comm);
    window.has_dev_comm = created == ncclSuccess;
    return created;
}

}  // namespace

extern "C" {

hf_status hf_nccl_band_window_open(void* comm, int64_t bytes, hf_nccl_band_window** window)
{
    last_message.clear();
    if (comm == nullptr || window == nullptr || bytes < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_nccl_band_window_open: comm and window must not be null and bytes "
                                             "not negative, got %lld bytes", static_cast<long long>(bytes));
    }
    hf_nccl_band_window opened{};
    opened.comm = static_cast<ncclComm_t>(comm);
    HF_NCCL(ncclCommCount(opened.comm, &opened.ranks));
    HF_NCCL(ncclCommUserRank(opened.comm, &opened.rank));
    /* Whole pages of NCCL's window alignment, at least one: a band that receives nothing (one rank, or
     * one band of one) still opens a window, so that every rank registers one (the call is collective). */
    const size_t size = (static_cast<size_t>(bytes > 0 ? bytes : 1) + NCCL_WIN_REQUIRED_ALIGNMENT - 1) /
                        NCCL_WIN_REQUIRED_ALIGNMENT * NCCL_WIN_REQUIRED_ALIGNMENT;
    HF_NCCL(ncclMemAlloc(&opened.buffer, size));
    cudaError_t zeroed = cudaMemset(opened.buffer, 0, size);
    if (zeroed == cudaSuccess) {
        zeroed = cudaDeviceSynchronize();
    }
    if (zeroed != cudaSuccess) {
        ncclMemFree(opened.buffer);
        return cuda_failure(zeroed, "cudaMemset(window buffer)");
    }
    const ncclResult_t registered =
        ncclCommWindowRegister(opened.comm, opened.buffer, size, &opened.window, NCCL_WIN_COLL_SYMMETRIC);
    if (registered != ncclSuccess) {
        ncclMemFree(opened.buffer);
        return nccl_failure(registered, "ncclCommWindowRegister");
    }
    /* One rank has no peer to address, and NCCL gives a communicator of one rank no symmetric memory
     * (2.28.3 says so and refuses the device communicator; 2.28.9 then refuses the next window too), so
     * none is asked for. Otherwise a failed device communicator is not yet a failure: where NCCL resolves
     * peers on the host none is used; peers reports what it lacked. */
    if (opened.ranks == 1) {
        opened.route = "one rank";
    } else if (const ncclResult_t dev_comm = create_dev_comm(opened); dev_comm != ncclSuccess) {
        opened.route = std::string("no device communicator (ncclDevCommCreate: ") + ncclGetErrorString(dev_comm) + ")";
    }
    *window = new hf_nccl_band_window(opened);
    return HF_OK;
}

hf_status hf_nccl_band_window_peers(const hf_nccl_band_window* window, int32_t ranks, void** pointers)
{
    last_message.clear();
    if (window == nullptr || pointers == nullptr || ranks != window->ranks) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_nccl_band_window_peers: a window and %d pointers (the communicator's "
                                             "size) needed, got %d", window == nullptr ? 0 : window->ranks, ranks);
    }
    if (window->ranks == 1) {
        /* One rank's only peer is itself, and its buffer is its own allocation. */
        pointers[0] = window->buffer;
        window->route = "one rank: its own buffer (no peer to address, no device communicator)";
        return HF_OK;
    }
    if (const PeerDevicePointer resolve = peer_device_pointer(); resolve != nullptr) {
        HF_RETURN_IF_FAILED(peers_from_host(*window, resolve, pointers));
        window->route = "peers by ncclGetPeerDevicePointer";
        return HF_OK;
    }
    if (window->has_dev_comm && device_can_read(window->window)) {
        HF_RETURN_IF_FAILED(peers_from_device(*window, pointers));
        window->route = "peers by ncclGetLsaPointer in a kernel";
        return HF_OK;
    }
    const std::string lacked = window->has_dev_comm ? "a window handle the GPU can read" : window->route;
    return fail(HF_ERR_UNSUPPORTED, "hf_nccl_band_window_peers: NCCL %d cannot give the peers' addresses: %s",
                NCCL_VERSION_CODE, lacked.c_str());
}

const char* hf_nccl_band_window_route(const hf_nccl_band_window* window)
{
    return window == nullptr ? "" : window->route.c_str();
}

hf_status hf_nccl_band_window_close(hf_nccl_band_window* window)
{
    last_message.clear();
    if (window == nullptr) {
        return HF_OK;
    }
    const ncclResult_t destroyed =
        window->has_dev_comm ? ncclDevCommDestroy(window->comm, &window->dev_comm) : ncclSuccess;
    const ncclResult_t deregistered = ncclCommWindowDeregister(window->comm, window->window);
    const ncclResult_t freed = ncclMemFree(window->buffer);
    delete window;
    HF_NCCL(destroyed);
    HF_NCCL(deregistered);
    HF_NCCL(freed);
    return HF_OK;
}

int64_t hf_nccl_bands_last_error(char* buffer, int64_t capacity)
{
    return holdfast::copy_message(last_message, buffer, capacity);
}

}  // extern "C"
