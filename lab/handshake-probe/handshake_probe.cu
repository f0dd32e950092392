/*
 * handshake_probe.cu: the floor under a host handshake on this machine.
 *
 * One GPU thread and the host play ping-pong through two flags in mapped, pinned host memory,
 * each on its own 128-byte line, exactly as persistent-host's flags: the host writes round r to
 * the task flag, the thread polls it over the bus, then writes r to the done flag, which the host
 * polls in its own memory. No work in between. The variants differ in what the thread does
 * between seeing the task and answering: nothing, a GPU-scope fence, or a system-scope fence
 * (what an acquire and a release at system scope cost). Prints microseconds per round trip.
 *
 *   handshake_probe [rounds]     (CUDA only; not part of the library)
 */
#include <cuda/atomic>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr int kLine = 32; /* ints per 128-byte line */

enum Fence { kNone = 0, kGpu = 1, kSystem = 2 };

__global__ void answer(int* flags, int rounds, int fence)
{
    cuda::atomic_ref<int, cuda::thread_scope_system> task(flags[0]);
    cuda::atomic_ref<int, cuda::thread_scope_system> done(flags[kLine]);
    for (int round = 1; round <= rounds; ++round) {
        while (task.load(cuda::memory_order_relaxed) != round) {
        }
        if (fence == kGpu) {
            cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
        } else if (fence == kSystem) {
            cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_system);
        }
        done.store(round, cuda::memory_order_relaxed);
    }
}

bool check(cudaError_t error, const char* call)
{
    if (error != cudaSuccess) {
        std::fprintf(stderr, "%s failed: %s\n", call, cudaGetErrorString(error));
        return false;
    }
    return true;
}

double round_trip_micros(int* host_flags, int* device_flags, int rounds, int fence)
{
    host_flags[0] = 0;
    host_flags[kLine] = 0;
    answer<<<1, 1>>>(device_flags, rounds, fence);
    if (!check(cudaGetLastError(), "launch")) {
        return -1;
    }
    cuda::atomic_ref<int, cuda::thread_scope_system> task(host_flags[0]);
    cuda::atomic_ref<int, cuda::thread_scope_system> done(host_flags[kLine]);
    const auto start = std::chrono::steady_clock::now();
    for (int round = 1; round <= rounds; ++round) {
        task.store(round, cuda::memory_order_release);
        while (done.load(cuda::memory_order_acquire) != round) {
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return check(cudaDeviceSynchronize(), "cudaDeviceSynchronize") ? seconds * 1e6 / rounds : -1;
}

}  // namespace

int main(int argc, char** argv)
{
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 20000;
    int* host_flags = nullptr;
    int* device_flags = nullptr;
    if (!check(cudaHostAlloc(reinterpret_cast<void**>(&host_flags), 2 * kLine * sizeof(int), cudaHostAllocMapped),
               "cudaHostAlloc") ||
        !check(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_flags), host_flags, 0),
               "cudaHostGetDevicePointer")) {
        return 1;
    }
    const char* names[] = {"no fence", "GPU-scope fence", "system-scope fence"};
    std::printf("| between seeing the task and answering | us per round trip (%d rounds, median of 5) |\n", rounds);
    std::printf("| --- | --- |\n");
    for (int fence = kNone; fence <= kSystem; ++fence) {
        double samples[5];
        for (double& sample : samples) {
            sample = round_trip_micros(host_flags, device_flags, rounds, fence);
        }
        std::sort(samples, samples + 5);
        std::printf("| %s | %.2f |\n", names[fence], samples[2]);
    }
    cudaFreeHost(host_flags);
    return 0;
}
