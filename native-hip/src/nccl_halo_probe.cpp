/*
 * nccl_halo_probe.cpp: the halo exchange between two GPUs on its own (holdfast_nccl_probe.h), for the
 * overhead breakdown: self-flagged LL lines stored into the peer's NCCL window from inside a kernel, as
 * the band kernel exchanges its halos (kernels/persistent_bands.h), against ncclSend / ncclRecv queued
 * from the host, as the standard launches on bands do (NcclHaloTransport). Both are ping-pongs; a probe
 * allocates what it needs and frees it again. CUDA only (libholdfast_nccl_bands); a failure is a status
 * and a message, never an exit.
 */
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <condition_variable>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nccl.h>

#include "hf_gpu.h"

#include "hf_errors.h" /* HF_RETURN_IF_FAILED */

#include "device/ll_halo.h"
#include "device/ll_line.h"
#include "device/watchdog.h"
#include "holdfast_nccl_bands.h"
#include "holdfast_nccl_probe.h"
#include "nccl_glue_message.h"

namespace holdfast {
namespace {

/* The library's default watchdog (planner.h's kDefaultWatchdogSeconds): every wait of the probe, device or host. */
constexpr double kProbeWatchdogSeconds = 10.0;
/* Round trips of the warm-up launch or queue before the timed one (NCCL connects its peers in the first). */
constexpr int kWarmUpRounds = 100;
/* Window buffers are whole pages (NCCL_WIN_REQUIRED_ALIGNMENT). */
constexpr int64_t kWindowAlignment = 4096;

thread_local std::string last_message;

hf_status record_failure(hf_status status, const char* format, ...) __attribute__((format(printf, 2, 3)));

hf_status record_failure(hf_status status, const char* format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    const hf_status recorded = record_message(last_message, status, format, arguments);
    va_end(arguments);
    return recorded;
}

hf_status checked(ncclResult_t result, const char* call)
{
    return result == ncclSuccess ? HF_OK : record_failure(HF_ERR_RUNTIME, "%s: %s", call, ncclGetErrorString(result));
}

hf_status checked(cudaError_t error, const char* call)
{
    return error == cudaSuccess ? HF_OK
                                : record_failure(error == cudaErrorMemoryAllocation ? HF_ERR_OUT_OF_MEMORY : HF_ERR_RUNTIME,
                                       "%s: %s", call, cudaGetErrorString(error));
}

/* The window library's own message, as this library's. */
hf_status window_failure(hf_status status, const char* call)
{
    char line[512];
    hf_nccl_bands_last_error(line, sizeof line);
    return record_failure(status, "%s: %s", call, line);
}

/* Each value says whose it is and where it goes, so a receiver checks what arrived exactly. */
double probe_value(int rank, int index) { return (rank + 1) * 1.0e6 + index; }

/* ------------------------------------------------------------------ the in-kernel ping-pong */

/* One rank's side of the ping-pong through the windows. Round r carries flag flag_base + r + 1 in slot
 * r & 1 of the receiver's window (2 slots of `lines` lines). */
struct PingPong {
    LLLine* to_peer;         /* the peer's window as this GPU addresses it: this rank writes here */
    const LLLine* from_peer; /* this rank's own window: the peer writes here */
    double* outgoing;        /* the `lines` values sent every round */
    double* incoming;        /* the values of the last round received */
    int lines;
    int rounds;
    int opens;               /* 1 on rank 0, which sends round 0 before it waits */
    int peer;                /* the peer's rank, for the watchdog's report */
    unsigned int flag_base;
};

__device__ __forceinline__ HaloRows one_row(double* values, int lines) { return HaloRows{values, lines, lines, 1}; }

/* The block's threads store round `round`'s lines into the peer's window: relaxed stores at system scope,
 * value and flag in each 8-byte word (ll_line.h, the band kernel's form), nothing else published. */
__device__ __forceinline__ void send_round(const PingPong& p, int round)
{
    ll_send<LLAccess::kVector64x2System>(p.to_peer + static_cast<size_t>(round & 1) * p.lines,
                                         one_row(p.outgoing, p.lines), p.flag_base + round + 1);
}

/* The block's threads poll their share of round `round`'s lines in this rank's window until each carries
 * the round's flag (bounded by the watchdog, which names the peer and the round). */
__device__ __forceinline__ bool receive_round(const PingPong& p, const PersistentArgs& args, int round)
{
    const LLIncoming from_peer{p.from_peer + static_cast<size_t>(round & 1) * p.lines, one_row(p.incoming, p.lines),
                               p.peer};
    const LLIncoming nobody{nullptr, HaloRows{nullptr, 1, 1, 0}, -1};
    return ll_receive<LLAccess::kVector64x2System>(from_peer, nobody, p.flag_base + round + 1, args, round);
}

/* Between a round's receive and the next send. The first barrier orders every thread's loads of the
 * round before thread 0's fence; the fence (acq_rel, system scope) is the acquire of the peer's lines
 * just seen (and, through them, of the peer's own reads of the slot before it sent) and the release of
 * this block's reads of the round; the second barrier orders the fence before every thread's stores of
 * the next round. So a slot is rewritten (two rounds later) only after its reader's loads of it have
 * happened, by the PTX model's release and acquire patterns, and not only because the lines are
 * self-flagged (bar.sync orders the block's accesses among its threads; the fence is cumulative over
 * what thread 0 has so observed). Cost: one fence and two barriers per round; the band kernel, too, meets
 * at its band's barrier (release and acquire at GPU scope) around every exchange. */
__device__ __forceinline__ void order_round()
{
    if (threadIdx.x == 0) {
#if defined(__CUDA_ARCH__)
        asm volatile("fence.acq_rel.sys;" ::: "memory");
#endif
    }
    __syncthreads();
}

/* One block per GPU: rank 0 sends round 0, then every round each rank waits for the peer's lines and
 * answers (rank 0 with the next round, rank 1 with the same round), so the lines cross the link twice
 * per round. A failed wait (the watchdog, or the peer's error) ends the whole block. */
__global__ void __launch_bounds__(HF_NCCL_PROBE_THREADS) nccl_halo_ping_pong(PersistentArgs args, PingPong p)
{
    if (p.opens != 0 && p.rounds > 0) {
        send_round(p, 0);
    }
    for (int round = 0; round < p.rounds; ++round) {
        const bool received = receive_round(p, args, round);
        if (__syncthreads_or(received ? 0 : 1) != 0) {
            return;
        }
        order_round();
        const int next = p.opens != 0 ? round + 1 : round;
        if (next < p.rounds) {
            send_round(p, next);
        }
    }
}

/* What one rank's probe allocates, freed by release (the first failure is kept). */
struct RankResources {
    double* outgoing = nullptr;
    double* incoming = nullptr;
    ControlBlock* control = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    hf_nccl_band_window* window = nullptr;

    /* The values to send (this rank's), and space for the peer's. */
    hf_status acquire(int rank, int lines)
    {
        const size_t bytes = sizeof(double) * static_cast<size_t>(lines);
        HF_RETURN_IF_FAILED(checked(cudaMalloc(reinterpret_cast<void**>(&outgoing), bytes), "cudaMalloc(outgoing)"));
        HF_RETURN_IF_FAILED(checked(cudaMalloc(reinterpret_cast<void**>(&incoming), bytes), "cudaMalloc(incoming)"));
        HF_RETURN_IF_FAILED(checked(cudaMalloc(reinterpret_cast<void**>(&control), sizeof(ControlBlock)),
                                    "cudaMalloc(control block)"));
        std::vector<double> values(static_cast<size_t>(lines));
        for (int i = 0; i < lines; ++i) {
            values[static_cast<size_t>(i)] = probe_value(rank, i);
        }
        HF_RETURN_IF_FAILED(checked(cudaMemcpy(outgoing, values.data(), bytes, cudaMemcpyHostToDevice), "copy outgoing"));
        HF_RETURN_IF_FAILED(checked(cudaMemset(incoming, 0, bytes), "cudaMemset(incoming)"));
        HF_RETURN_IF_FAILED(checked(cudaEventCreate(&start), "cudaEventCreate"));
        return checked(cudaEventCreate(&stop), "cudaEventCreate");
    }

    /* Whether every value received is the peer's. */
    hf_status check_received(const char* probe, int rank, int peer, int lines) const
    {
        std::vector<double> values(static_cast<size_t>(lines));
        HF_RETURN_IF_FAILED(checked(cudaMemcpy(values.data(), incoming, sizeof(double) * values.size(),
                                               cudaMemcpyDeviceToHost), "copy incoming"));
        for (int i = 0; i < lines; ++i) {
            if (values[static_cast<size_t>(i)] != probe_value(peer, i)) {
                return record_failure(HF_ERR_RUNTIME, "%s: rank %d received %.17g as value %d of %d, rank %d sent %.17g", probe,
                            rank, values[static_cast<size_t>(i)], i, lines, peer, probe_value(peer, i));
            }
        }
        return HF_OK;
    }

    /* Frees everything; the window's close is collective, as its open. */
    hf_status release(hf_status status)
    {
        const std::string kept = last_message;
        hf_status later = HF_OK;
        if (window != nullptr && hf_nccl_band_window_close(window) != HF_OK && later == HF_OK) {
            later = window_failure(HF_ERR_RUNTIME, "hf_nccl_band_window_close");
        }
        for (cudaEvent_t event : {start, stop}) {
            if (event != nullptr && later == HF_OK) {
                later = checked(cudaEventDestroy(event), "cudaEventDestroy");
            }
        }
        for (void* pointer : {static_cast<void*>(outgoing), static_cast<void*>(incoming), static_cast<void*>(control)}) {
            if (pointer != nullptr && later == HF_OK) {
                later = checked(cudaFree(pointer), "cudaFree");
            }
        }
        if (status != HF_OK) {
            last_message = kept;
            return status;
        }
        return later;
    }
};

/* Waits for `stop`, bounded: a rank whose peer never answers (an NCCL receive that never matches) would
 * otherwise hold its thread for ever. Twice the watchdog and a second, so that a kernel's own watchdog
 * ends it first and names the wait. */
hf_status wait_for(cudaEvent_t stop, const char* probe, int rank)
{
    const double limit = 2.0 * kProbeWatchdogSeconds + 1.0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limit);
    for (;;) {
        const cudaError_t state = cudaEventQuery(stop);
        if (state == cudaSuccess) {
            return HF_OK;
        }
        if (state != cudaErrorNotReady) {
            return checked(state, "cudaEventQuery");
        }
        if (std::chrono::steady_clock::now() > deadline) {
            return record_failure(HF_ERR_WATCHDOG, "%s: rank %d's exchanges had not ended after %.0f s (its peer never answered)",
                        probe, rank, limit);
        }
        std::this_thread::yield();
    }
}

/* Runs queue() between the rank's events and waits, bounded: the device's seconds. */
template <typename Queue>
hf_status time_on_stream(const RankResources& resources, cudaStream_t stream, const char* probe, int rank, Queue queue,
                         double* seconds)
{
    HF_RETURN_IF_FAILED(checked(cudaEventRecord(resources.start, stream), "cudaEventRecord"));
    HF_RETURN_IF_FAILED(queue());
    HF_RETURN_IF_FAILED(checked(cudaEventRecord(resources.stop, stream), "cudaEventRecord"));
    HF_RETURN_IF_FAILED(wait_for(resources.stop, probe, rank));
    float milliseconds = 0.0f;
    HF_RETURN_IF_FAILED(checked(cudaEventElapsedTime(&milliseconds, resources.start, resources.stop), "cudaEventElapsedTime"));
    *seconds = milliseconds * 1e-3;
    return HF_OK;
}

/* What the in-kernel probe of one rank needs to launch. */
struct InKernelLaunch {
    RankResources* resources;
    PingPong pair;
    long long timeout_ticks;
    cudaStream_t stream;
    int rank;
};

/* One launch of `rounds` round trips with flags above `flag_base`; the device's seconds. */
hf_status launch_ping_pong(const InKernelLaunch& launch, int rounds, unsigned int flag_base, double* seconds)
{
    const char* probe = "hf_nccl_halo_probe_rank (in-kernel)";
    RankResources& resources = *launch.resources;
    HF_RETURN_IF_FAILED(checked(cudaMemsetAsync(resources.control, 0, sizeof(ControlBlock), launch.stream),
                                "cudaMemsetAsync(control block)"));
    PersistentArgs args{};
    args.control = resources.control;
    args.timeout_ticks = launch.timeout_ticks;
    PingPong pair = launch.pair;
    pair.rounds = rounds;
    pair.flag_base = flag_base;
    HF_RETURN_IF_FAILED(time_on_stream(
        resources, launch.stream, probe, launch.rank,
        [&]() -> hf_status {
            nccl_halo_ping_pong<<<1, HF_NCCL_PROBE_THREADS, 0, launch.stream>>>(args, pair);
            return checked(cudaGetLastError(), "launch nccl_halo_ping_pong");
        },
        seconds));
    DeviceError error{};
    HF_RETURN_IF_FAILED(checked(cudaMemcpy(&error, &resources.control->error, sizeof error, cudaMemcpyDeviceToHost),
                                "copy error word"));
    if (error.code != 0) {
        return record_failure(HF_ERR_WATCHDOG, "%s: rank %d waited %.0f s for rank %d's lines of round %d (of %d)", probe,
                    launch.rank, kProbeWatchdogSeconds, error.peer, error.step, rounds);
    }
    return HF_OK;
}

hf_status in_kernel_rank(ncclComm_t comm, int rank, int lines, int rounds, cudaStream_t stream, double* seconds)
{
    RankResources resources;
    hf_status status = resources.acquire(rank, lines);
    /* Collective from here on: both ranks open their windows (2 slots of `lines` lines) even after a
     * failure above would have been reported, so that the peer's open is not left waiting. */
    const int64_t bytes = (2 * static_cast<int64_t>(lines) * static_cast<int64_t>(sizeof(LLLine)) + kWindowAlignment - 1) /
                          kWindowAlignment * kWindowAlignment;
    if (hf_nccl_band_window_open(comm, bytes, &resources.window) != HF_OK) {
        return resources.release(status != HF_OK ? status : window_failure(HF_ERR_RUNTIME, "hf_nccl_band_window_open"));
    }
    void* windows[2] = {nullptr, nullptr};
    if (status == HF_OK && hf_nccl_band_window_peers(resources.window, 2, windows) != HF_OK) {
        status = window_failure(HF_ERR_UNSUPPORTED, "hf_nccl_band_window_peers");
    }
    const int peer = 1 - rank;
    const InKernelLaunch launch{&resources,
                                PingPong{static_cast<LLLine*>(windows[peer]), static_cast<const LLLine*>(windows[rank]),
                                         resources.outgoing, resources.incoming, lines, rounds, rank == 0 ? 1 : 0, peer, 0},
                                static_cast<long long>(kProbeWatchdogSeconds * 1e9), /* %globaltimer counts ns */
                                stream, rank};
    const int warm_up = rounds < kWarmUpRounds ? rounds : kWarmUpRounds;
    double warm_up_seconds = 0.0;
    if (status == HF_OK) {
        status = launch_ping_pong(launch, warm_up, 0, &warm_up_seconds);
    }
    if (status == HF_OK) {
        status = launch_ping_pong(launch, rounds, static_cast<unsigned int>(warm_up), seconds);
    }
    if (status == HF_OK) {
        status = resources.check_received("hf_nccl_halo_probe_rank (in-kernel)", rank, peer, lines);
    }
    return resources.release(status);
}

/* ------------------------------------------------------------------ ncclSend / ncclRecv from the host */

/* One NCCL call in a group of its own (the lone call's implicit group, written out). */
hf_status grouped(ncclResult_t (*call)(void*, size_t, ncclDataType_t, int, ncclComm_t, cudaStream_t), void* buffer,
                  int lines, int peer, ncclComm_t comm, cudaStream_t stream, const char* name)
{
    HF_RETURN_IF_FAILED(checked(ncclGroupStart(), "ncclGroupStart"));
    const hf_status called = checked(call(buffer, static_cast<size_t>(lines), ncclDouble, peer, comm, stream), name);
    const hf_status ended = checked(ncclGroupEnd(), "ncclGroupEnd");
    return called != HF_OK ? called : ended;
}

ncclResult_t send_call(void* buffer, size_t count, ncclDataType_t type, int peer, ncclComm_t comm, cudaStream_t stream)
{
    return ncclSend(buffer, count, type, peer, comm, stream);
}

ncclResult_t receive_call(void* buffer, size_t count, ncclDataType_t type, int peer, ncclComm_t comm, cudaStream_t stream)
{
    return ncclRecv(buffer, count, type, peer, comm, stream);
}

/* `rounds` round trips queued on the stream: rank 0 sends then receives, rank 1 receives then sends. */
hf_status queue_ping_pong(const RankResources& resources, ncclComm_t comm, int rank, int lines, int rounds,
                          cudaStream_t stream)
{
    const int peer = 1 - rank;
    for (int round = 0; round < rounds; ++round) {
        for (int half = 0; half < 2; ++half) {
            const bool sends = (half == 0) == (rank == 0);
            HF_RETURN_IF_FAILED(sends ? grouped(send_call, resources.outgoing, lines, peer, comm, stream, "ncclSend")
                                      : grouped(receive_call, resources.incoming, lines, peer, comm, stream, "ncclRecv"));
        }
    }
    return HF_OK;
}

hf_status host_rank(ncclComm_t comm, int rank, int lines, int rounds, cudaStream_t stream, double* seconds)
{
    const char* probe = "hf_nccl_halo_probe_rank (host NCCL)";
    RankResources resources;
    hf_status status = resources.acquire(rank, lines);
    const int warm_up = rounds < kWarmUpRounds ? rounds : kWarmUpRounds;
    for (const int queued : {warm_up, rounds}) {
        if (status == HF_OK) {
            status = time_on_stream(
                resources, stream, probe, rank,
                [&]() { return queue_ping_pong(resources, comm, rank, lines, queued, stream); }, seconds);
        }
    }
    if (status == HF_OK) {
        status = resources.check_received(probe, rank, 1 - rank, lines);
    }
    return resources.release(status);
}

/* ------------------------------------------------------------------ two ranks, one call */

/* The pair's two threads meet after every probe and go on only if both succeeded: a rank that went on
 * alone would wait in a collective (the window's open) or a receive that its peer never enters. */
class Rendezvous {
public:
    bool both_succeeded(bool succeeded)
    {
        std::unique_lock<std::mutex> lock(mutex_);
        const int generation = generation_;
        all_succeeded_ = all_succeeded_ && succeeded;
        if (++arrived_ == 2) {
            arrived_ = 0;
            ++generation_;
            last_result_ = all_succeeded_;
            all_succeeded_ = true;
            changed_.notify_all();
            return last_result_;
        }
        changed_.wait(lock, [&] { return generation_ != generation; });
        return last_result_;
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    int arrived_ = 0;
    int generation_ = 0;
    bool all_succeeded_ = true;
    bool last_result_ = true;
};

/* One GPU's thread of hf_nccl_halo_probe_pair. */
struct PairLane {
    int gpu;
    int rank;
    ncclComm_t comm;
    std::vector<double> in_kernel;
    std::vector<double> host;
    hf_status status = HF_OK;
    std::string message;
};

void run_pair_lane(PairLane& lane, const std::vector<int>& lines, int rounds, Rendezvous& rendezvous)
{
    cudaStream_t stream = nullptr;
    lane.status = checked(cudaSetDevice(lane.gpu), "cudaSetDevice");
    if (lane.status == HF_OK) {
        lane.status = checked(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
    }
    for (size_t i = 0; i < lines.size() && rendezvous.both_succeeded(lane.status == HF_OK); ++i) {
        for (const int transport : {HF_NCCL_HALO_IN_KERNEL, HF_NCCL_HALO_HOST}) {
            double& figure = transport == HF_NCCL_HALO_IN_KERNEL ? lane.in_kernel[i] : lane.host[i];
            lane.status = hf_nccl_halo_probe_rank(lane.comm, transport, lines[i], rounds, stream, &figure);
            if (!rendezvous.both_succeeded(lane.status == HF_OK)) {
                break;
            }
        }
    }
    if (lane.status != HF_OK) {
        lane.message = last_message;
    }
    if (stream != nullptr) {
        cudaStreamDestroy(stream);
    }
}

}  // namespace
}  // namespace holdfast

using namespace holdfast;

extern "C" {

hf_status hf_nccl_halo_probe_rank(void* comm, int32_t transport, int32_t lines, int32_t rounds, void* stream,
                                  double* seconds_per_exchange)
{
    last_message.clear();
    if (comm == nullptr || seconds_per_exchange == nullptr || transport < 0 || transport >= HF_NCCL_HALO_COUNT ||
        lines < 1 || lines > HF_NCCL_PROBE_MAX_LINES || rounds < 1) {
        return record_failure(HF_ERR_INVALID_ARGUMENT, "hf_nccl_halo_probe_rank: a communicator, transport 0 or 1, 1 to %d lines "
                                             "and a round or more needed, got transport %d, %d lines, %d rounds",
                    HF_NCCL_PROBE_MAX_LINES, transport, lines, rounds);
    }
    const auto communicator = static_cast<ncclComm_t>(comm);
    int ranks = 0;
    int rank = 0;
    HF_RETURN_IF_FAILED(checked(ncclCommCount(communicator, &ranks), "ncclCommCount"));
    HF_RETURN_IF_FAILED(checked(ncclCommUserRank(communicator, &rank), "ncclCommUserRank"));
    if (ranks != 2) {
        return record_failure(HF_ERR_UNSUPPORTED, "hf_nccl_halo_probe_rank: the probe runs between two ranks (0 and 1), this "
                                        "communicator has %d", ranks);
    }
    double seconds = 0.0;
    const auto run_stream = static_cast<cudaStream_t>(stream);
    HF_RETURN_IF_FAILED(transport == HF_NCCL_HALO_IN_KERNEL
                            ? in_kernel_rank(communicator, rank, lines, rounds, run_stream, &seconds)
                            : host_rank(communicator, rank, lines, rounds, run_stream, &seconds));
    *seconds_per_exchange = seconds / (2.0 * rounds);
    return HF_OK;
}

hf_status hf_nccl_halo_probe_pair(int32_t gpu_a, int32_t gpu_b, int32_t count, const int32_t* lines, int32_t rounds,
                                  double* in_kernel_seconds, double* host_seconds)
{
    last_message.clear();
    if (count < 1 || lines == nullptr || in_kernel_seconds == nullptr || host_seconds == nullptr || rounds < 1) {
        return record_failure(HF_ERR_INVALID_ARGUMENT, "hf_nccl_halo_probe_pair: a list of line counts, its figures and a round "
                                             "or more needed, got %d counts and %d rounds", count, rounds);
    }
    for (int i = 0; i < count; ++i) {
        if (lines[i] < 1 || lines[i] > HF_NCCL_PROBE_MAX_LINES) {
            return record_failure(HF_ERR_INVALID_ARGUMENT, "hf_nccl_halo_probe_pair: %d lines, 1 to %d allowed", lines[i],
                        HF_NCCL_PROBE_MAX_LINES);
        }
    }
    int devices = 0;
    const cudaError_t counted = cudaGetDeviceCount(&devices);
    if (counted != cudaSuccess || devices == 0) {
        cudaGetLastError();
        return record_failure(HF_ERR_NO_DEVICE, "hf_nccl_halo_probe_pair: needs 2 GPUs, found none (%s)",
                    counted != cudaSuccess ? cudaGetErrorString(counted) : "no device");
    }
    if (devices < 2) {
        return record_failure(HF_ERR_UNSUPPORTED, "hf_nccl_halo_probe_pair: needs 2 GPUs, found %d", devices);
    }
    if (gpu_a == gpu_b || gpu_a < 0 || gpu_b < 0 || gpu_a >= devices || gpu_b >= devices) {
        return record_failure(HF_ERR_INVALID_ARGUMENT, "hf_nccl_halo_probe_pair: two different GPUs of 0 to %d needed, got %d and %d",
                    devices - 1, gpu_a, gpu_b);
    }
    ncclComm_t comms[2] = {nullptr, nullptr};
    const int gpus[2] = {gpu_a, gpu_b};
    HF_RETURN_IF_FAILED(checked(ncclCommInitAll(comms, 2, gpus), "ncclCommInitAll"));
    const std::vector<int> counts(lines, lines + count);
    PairLane lanes[2];
    Rendezvous rendezvous;
    std::vector<std::thread> threads;
    for (int rank = 0; rank < 2; ++rank) {
        lanes[rank].gpu = gpus[rank];
        lanes[rank].rank = rank;
        lanes[rank].comm = comms[rank];
        lanes[rank].in_kernel.assign(counts.size(), 0.0);
        lanes[rank].host.assign(counts.size(), 0.0);
        threads.emplace_back(run_pair_lane, std::ref(lanes[rank]), std::cref(counts), rounds, std::ref(rendezvous));
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    const bool failed = lanes[0].status != HF_OK || lanes[1].status != HF_OK;
    for (ncclComm_t comm : comms) {
        /* After a failure a rank's NCCL work may still be pending: abort rather than wait for it. */
        failed ? ncclCommAbort(comm) : ncclCommDestroy(comm);
    }
    for (const PairLane& lane : lanes) {
        if (lane.status != HF_OK) {
            return record_failure(lane.status, "hf_nccl_halo_probe_pair: GPU %d (rank %d): %s", lane.gpu, lane.rank,
                        lane.message.c_str());
        }
    }
    for (int i = 0; i < count; ++i) {
        /* Each rank's time includes the start of the later rank's kernel or queue; the smaller leaves it out. */
        in_kernel_seconds[i] = std::min(lanes[0].in_kernel[static_cast<size_t>(i)], lanes[1].in_kernel[static_cast<size_t>(i)]);
        host_seconds[i] = std::min(lanes[0].host[static_cast<size_t>(i)], lanes[1].host[static_cast<size_t>(i)]);
    }
    return HF_OK;
}

int64_t hf_nccl_probe_last_error(char* buffer, int64_t capacity)
{
    return holdfast::copy_message(last_message, buffer, capacity);
}

}  // extern "C"
