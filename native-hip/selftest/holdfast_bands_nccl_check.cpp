/*
 * holdfast_bands_nccl_check: the persistent band kernels on G GPUs of one node (issue 24), one band
 * per GPU, halos written from inside each kernel into the peers' receive buffers through NCCL's
 * symmetric memory windows (holdfast_nccl_bands.h), against the sequential reference bit for bit
 * from a random interior. Built only with libholdfast_nccl_bands (NCCL 2.28+ found). One process,
 * one host thread per GPU (ncclCommInitAll over GPUs 0 .. G-1). Exit status: 0 passed, 1 failed,
 * 2 bad usage, 77 fewer GPUs than asked.
 *
 *   holdfast_bands_nccl_check [--gpus 2] [--sizes 3,5,11,12,101,1001,4097] [--ghost-rows 1,2,4]
 *                             [--iterations 7] [--runs 2] [--fault-band b] [--watchdog 10]
 *                             [--pass half-sweeps|temporal]
 *
 * --runs: runs one after another on the same bands and windows (the flag base advanced by
 * hf_band_exchange_count), each checked. --fault-band b: band b never sends; every GPU must return
 * HF_ERR_WATCHDOG promptly, and b's neighbours must name band b. --pass temporal: each band's k
 * half-sweeps between exchanges as one temporal pass (HF_BAND_PASS_TEMPORAL; --ghost-rows then from
 * HF_BAND_TEMPORAL_DEPTHS).
 */
#include <cuda_runtime.h>
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "holdfast_bands.h"
#include "holdfast_nccl_bands.h"
#include "emulated_grid.h"
#include "int_list.h"

namespace {

struct Options {
    int gpus = 2;
    std::vector<int> sizes{3, 5, 11, 12, 101, 1001, 4097};
    std::vector<int> ghost_rows{1, 2, 4};
    int iterations = 7;
    int runs = 2;
    int fault_band = -1;
    double watchdog = 10.0;
    int pass = HF_BAND_PASS_HALF_SWEEPS;
};

/* The problem of DESIGN.md with a seeded random interior, and the sequential reference: the CPU
 * emulation tests' (tests/emulated_grid.h). */
using Grid = EmulatedGrid;

std::vector<double> reference_after(int n, int iterations) { return EmulatedGrid(n, iterations, true).expected; }

std::string library_error()
{
    char line[1024];
    hf_last_error(line, sizeof line);
    return line;
}

std::string window_error()
{
    char line[1024];
    hf_nccl_bands_last_error(line, sizeof line);
    return line;
}

/* One GPU's side of one case: its band's arrays, window, runs and gather. */
struct Lane {
    int gpu;
    ncclComm_t comm;
    hf_band_layout layout{};
    hf_nccl_band_window* window = nullptr;
    double* u = nullptr;
    double* f = nullptr;
    cudaStream_t stream = nullptr;
    std::vector<hf_status> statuses;
    std::vector<hf_run_report> reports;
    std::vector<std::string> errors;
    std::vector<double> owned; /* after each run */
    std::string route;         /* how the window found the peers' addresses */
    std::string failure;
};

bool check_cuda(cudaError_t error, const char* call, Lane& lane)
{
    if (error != cudaSuccess && lane.failure.empty()) {
        lane.failure = std::string(call) + ": " + cudaGetErrorString(error);
    }
    return error == cudaSuccess;
}

/* Everything a GPU does for one case, on its own thread. */
void run_lane(Lane& lane, const Grid& grid, const hf_bands_config& config, int64_t window_bytes, const Options& options)
{
    cudaSetDevice(lane.gpu);
    const int n = grid.n;
    if (hf_band_layout_of(n, config.bands, config.ghost_rows, lane.gpu, &lane.layout) != HF_OK) {
        lane.failure = library_error();
        return;
    }
    const size_t held = size_t(lane.layout.high_row - lane.layout.low_row) * n;
    const size_t from = size_t(lane.layout.low_row) * n;
    if (!check_cuda(cudaStreamCreateWithFlags(&lane.stream, cudaStreamNonBlocking), "cudaStreamCreate", lane) ||
        !check_cuda(cudaMalloc(&lane.u, held * sizeof(double)), "cudaMalloc(u)", lane) ||
        !check_cuda(cudaMalloc(&lane.f, held * sizeof(double)), "cudaMalloc(f)", lane) ||
        !check_cuda(cudaMemcpy(lane.u, grid.u.data() + from, held * sizeof(double), cudaMemcpyHostToDevice), "copy u", lane) ||
        !check_cuda(cudaMemcpy(lane.f, grid.f.data() + from, held * sizeof(double), cudaMemcpyHostToDevice), "copy f", lane)) {
        return;
    }
    /* Collective: every rank's thread opens its window at the same time. */
    if (hf_nccl_band_window_open(lane.comm, window_bytes, &lane.window) != HF_OK) {
        lane.failure = "window: " + window_error();
        return;
    }
    std::vector<void*> receive(static_cast<size_t>(config.bands));
    if (hf_nccl_band_window_peers(lane.window, config.bands, receive.data()) != HF_OK) {
        lane.failure = "peers: " + window_error();
        return;
    }
    lane.route = hf_nccl_band_window_route(lane.window);
    const hf_problem problem{HF_PROBLEM_POISSON_2D, n, grid.h2};
    uint32_t flag_base = 0;
    const size_t owned = size_t(lane.layout.end_row - lane.layout.first_row) * n;
    for (int run = 0; run < options.runs; ++run) {
        hf_run_report report;
        const hf_status status = hf_band_run(&problem, &config, lane.gpu, lane.u, lane.f, receive.data(), flag_base,
                                             options.iterations, lane.stream, &report);
        lane.statuses.push_back(status);
        lane.reports.push_back(report);
        lane.errors.push_back(status == HF_OK ? "" : library_error());
        flag_base += uint32_t(hf_band_exchange_count(options.iterations, config.ghost_rows));
        std::vector<double> rows(owned);
        check_cuda(cudaMemcpy(rows.data(), lane.u + size_t(lane.layout.first_row - lane.layout.low_row) * n,
                              owned * sizeof(double), cudaMemcpyDeviceToHost),
                   "gather", lane);
        lane.owned.insert(lane.owned.end(), rows.begin(), rows.end());
        if (status != HF_OK) {
            break;
        }
    }
}

void release_lane(Lane& lane)
{
    cudaSetDevice(lane.gpu);
    if (lane.window != nullptr) {
        hf_nccl_band_window_close(lane.window); /* collective, as open: the caller runs every lane's together */
    }
    cudaFree(lane.u);
    cudaFree(lane.f);
    if (lane.stream != nullptr) {
        cudaStreamDestroy(lane.stream);
    }
}

/* One case: N, G, k. Returns 1 when it passed (or was refused as it must be). */
int run_case(const Options& options, const std::vector<ncclComm_t>& comms, int n, int k)
{
    const int bands = options.gpus;
    hf_bands_config config{};
    config.bands = bands;
    config.ghost_rows = k;
    config.blocks_per_band = 0;
    config.pass = options.pass;
    config.watchdog_seconds = options.fault_band >= 0 ? 0.5 : options.watchdog;
    if (options.fault_band >= 0) {
        config.fault = HF_FAULT_NEVER_PUBLISH;
        config.fault_band = options.fault_band;
    }
    int64_t window_bytes = 0;
    for (int b = 0; b < bands; ++b) {
        hf_band_layout layout;
        if (hf_band_layout_of(n, bands, k, b, &layout) != HF_OK) {
            std::printf("PASS N=%d G=%d k=%d: refused: %s\n", n, bands, k, library_error().c_str());
            return n - 2 < bands ? 1 : 0;
        }
        window_bytes = layout.receive_bytes > window_bytes ? layout.receive_bytes : window_bytes;
    }
    /* One band receives nothing, but its window is still opened (one aligned page): --gpus 1 then runs the
     * same window, LSA pointer and launch path as G GPUs do. */
    window_bytes = (std::max<int64_t>(window_bytes, 1) + 4095) / 4096 * 4096; /* NCCL_WIN_REQUIRED_ALIGNMENT */
    const Grid grid(n, 0, true);
    std::vector<Lane> lanes(static_cast<size_t>(bands));
    std::vector<std::thread> threads;
    const auto start = std::chrono::steady_clock::now();
    for (int g = 0; g < bands; ++g) {
        lanes[size_t(g)].gpu = g;
        lanes[size_t(g)].comm = comms[size_t(g)];
        threads.emplace_back(run_lane, std::ref(lanes[size_t(g)]), std::cref(grid), std::cref(config), window_bytes,
                             std::cref(options));
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    threads.clear();
    for (Lane& lane : lanes) {
        threads.emplace_back(release_lane, std::ref(lane));
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    int passed = 1;
    for (const Lane& lane : lanes) {
        if (!lane.failure.empty()) {
            std::printf("FAIL N=%d G=%d k=%d GPU %d: %s\n", n, bands, k, lane.gpu, lane.failure.c_str());
            passed = 0;
        }
    }
    if (!passed) {
        return 0;
    }
    if (options.fault_band >= 0) {
        for (const Lane& lane : lanes) {
            const bool neighbour = lane.gpu == options.fault_band - 1 || lane.gpu == options.fault_band + 1;
            const hf_run_report& report = lane.reports.front();
            const bool ok = lane.statuses.front() == HF_ERR_WATCHDOG &&
                            (!neighbour || (report.error_code == HF_WAIT_NEIGHBOUR && report.error_peer == options.fault_band));
            std::printf("%s N=%d G=%d k=%d fault band %d, GPU %d: %s in %.2f s: %s\n", ok ? "PASS" : "FAIL", n, bands, k,
                        options.fault_band, lane.gpu, hf_status_name(lane.statuses.front()), seconds,
                        lane.errors.front().c_str());
            passed &= ok ? 1 : 0;
        }
        return passed;
    }
    for (int run = 0; run < options.runs; ++run) {
        const std::vector<double> expected = reference_after(n, options.iterations * (run + 1));
        bool identical = true;
        for (const Lane& lane : lanes) {
            if (size_t(run) >= lane.statuses.size() || lane.statuses[size_t(run)] != HF_OK) {
                std::printf("FAIL N=%d G=%d k=%d run %d GPU %d: %s: %s\n", n, bands, k, run, lane.gpu,
                            size_t(run) < lane.statuses.size() ? hf_status_name(lane.statuses[size_t(run)]) : "not run",
                            size_t(run) < lane.errors.size() ? lane.errors[size_t(run)].c_str() : "");
                return 0;
            }
            const size_t owned = size_t(lane.layout.end_row - lane.layout.first_row) * n;
            identical = identical && std::memcmp(lane.owned.data() + size_t(run) * owned,
                                                 expected.data() + size_t(lane.layout.first_row) * n,
                                                 owned * sizeof(double)) == 0;
        }
        std::printf("%s N=%d G=%d k=%d run %d (%d iterations in all): %s; GPU 0's %s\n", identical ? "PASS" : "FAIL", n,
                    bands, k, run, options.iterations * (run + 1), identical ? "bit for bit" : "DIFFERS from the reference",
                    lanes.front().route.c_str());
        passed &= identical ? 1 : 0;
    }
    return passed;
}

bool parse(int argc, char** argv, Options* options)
{
    for (int i = 1; i + 1 < argc + 1; ++i) {
        const std::string option = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (value == nullptr) {
            return false;
        }
        if (option == "--gpus") {
            options->gpus = std::atoi(value);
        } else if (option == "--sizes") {
            options->sizes = list_of(value);
        } else if (option == "--ghost-rows") {
            options->ghost_rows = list_of(value);
        } else if (option == "--iterations") {
            options->iterations = std::atoi(value);
        } else if (option == "--runs") {
            options->runs = std::atoi(value);
        } else if (option == "--fault-band") {
            options->fault_band = std::atoi(value);
        } else if (option == "--watchdog") {
            options->watchdog = std::atof(value);
        } else if (option == "--pass" && (std::strcmp(value, "half-sweeps") == 0 || std::strcmp(value, "temporal") == 0)) {
            options->pass = std::strcmp(value, "temporal") == 0 ? HF_BAND_PASS_TEMPORAL : HF_BAND_PASS_HALF_SWEEPS;
        } else {
            return false;
        }
        ++i;
    }
    return options->gpus >= 1 && options->iterations >= 0 && options->runs >= 1;
}

}  // namespace

int main(int argc, char** argv)
{
    Options options;
    if (!parse(argc, argv, &options)) {
        std::fprintf(stderr, "usage: %s [--gpus 2] [--sizes 3,5,...] [--ghost-rows 1,2,4] [--iterations 7] [--runs 2]"
                             " [--fault-band b] [--watchdog 10] [--pass half-sweeps|temporal]\n", argv[0]);
        return 2;
    }
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices < options.gpus) {
        std::printf("SKIP %d GPUs asked, %d found\n", options.gpus, devices);
        return 77;
    }
    int version = 0;
    ncclGetVersion(&version);
    std::printf("NCCL %d, %d GPUs, one band each\n", version, options.gpus);
    std::vector<ncclComm_t> comms(static_cast<size_t>(options.gpus));
    std::vector<int> list(static_cast<size_t>(options.gpus));
    for (int g = 0; g < options.gpus; ++g) {
        list[size_t(g)] = g;
    }
    const ncclResult_t initialised = ncclCommInitAll(comms.data(), options.gpus, list.data());
    if (initialised != ncclSuccess) {
        std::printf("FAIL ncclCommInitAll: %s\n", ncclGetErrorString(initialised));
        return 1;
    }
    int failed = 0;
    for (int n : options.sizes) {
        for (int k : options.ghost_rows) {
            failed += run_case(options, comms, n, k) ? 0 : 1;
        }
    }
    for (ncclComm_t comm : comms) {
        ncclCommDestroy(comm);
    }
    std::printf("%s: %d cases failed\n", failed == 0 ? "ALL PASSED" : "FAILURES", failed);
    return failed == 0 ? 0 : 1;
}
