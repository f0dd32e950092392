/*
 * bench_measure.h: one problem size on the device (the grid, the CPU reference at the check
 * count, the standard kernels' array after any count), the bit-for-bit check of a run, and the
 * timing of a run: events, a warm-up, the median of kRepeats and the spread, every timed repeat
 * compared with the standard kernels' array (resident_bench only).
 */
#ifndef HOLDFAST_TOOLS_RESIDENT_BENCH_MEASURE_H
#define HOLDFAST_TOOLS_RESIDENT_BENCH_MEASURE_H

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bench_problem.h"
#include "bench_runs.h"

namespace bench {

constexpr int kRepeats = 5;

/* ------------------------------------------------------------------ one size */

struct Size {
    HostProblem problem;
    int check_iterations = 0;
    std::vector<double> expected; /* reference after check_iterations */
    double sensitivity = 0;       /* max |ref(it) - ref(it - 1)| */
    DeviceGrid grid;
    double* initial = nullptr; /* pinned */
    double* result = nullptr;  /* pinned */
    std::map<int, std::vector<double>> timed_reference;

    size_t cells() const { return size_t(problem.n) * problem.n; }
    size_t bytes() const { return cells() * sizeof(double); }
};

inline std::string upload(DeviceContext& context, Size& size)
{
    BENCH_TRY(cudaMemcpyAsync(size.grid.u, size.initial, size.bytes(), cudaMemcpyHostToDevice, context.stream));
    BENCH_TRY(cudaStreamSynchronize(context.stream));
    return "";
}

inline std::string download(DeviceContext& context, Size& size)
{
    BENCH_TRY(cudaMemcpyAsync(size.result, size.grid.u, size.bytes(), cudaMemcpyDeviceToHost, context.stream));
    BENCH_TRY(cudaStreamSynchronize(context.stream));
    return "";
}

inline std::string open_size(DeviceContext& context, int n, int check_iterations, Size* size)
{
    size->problem = make_problem(n);
    size->check_iterations = check_iterations;
    std::vector<double> before = size->problem.initial;
    reference_iterations(before, size->problem, check_iterations - 1);
    size->expected = before;
    reference_iterations(size->expected, size->problem, 1);
    for (size_t k = 0; k < before.size(); ++k) {
        size->sensitivity = std::max(size->sensitivity, std::fabs(size->expected[k] - before[k]));
    }
    double* f = nullptr;
    BENCH_TRY(cudaMalloc(&size->grid.u, size->bytes()));
    BENCH_TRY(cudaMalloc(&f, size->bytes()));
    size->grid.f = f;
    size->grid.n = n;
    size->grid.h2 = size->problem.h2;
    BENCH_TRY(cudaMemcpy(f, size->problem.f.data(), size->bytes(), cudaMemcpyHostToDevice));
    BENCH_TRY(cudaMallocHost(&size->initial, size->bytes()));
    BENCH_TRY(cudaMallocHost(&size->result, size->bytes()));
    std::memcpy(size->initial, size->problem.initial.data(), size->bytes());
    (void)context;
    return "";
}

inline void close_size(Size& size)
{
    cudaFree(size.grid.u);
    cudaFree(const_cast<double*>(size.grid.f));
    cudaFreeHost(size.initial);
    cudaFreeHost(size.result);
}

/* What the timed repeats are compared with: the standard kernels after as many iterations
 * (themselves checked against the CPU reference at the check count). */
inline std::string timed_reference(DeviceContext& context, Size& size, int iterations, const std::vector<double>** out)
{
    auto found = size.timed_reference.find(iterations);
    if (found == size.timed_reference.end()) {
        std::string failure = upload(context, size);
        if (failure.empty()) {
            failure = queue_standard(context.stream, size.grid, iterations);
        }
        if (failure.empty()) {
            failure = download(context, size);
        }
        if (!failure.empty()) {
            return failure;
        }
        found = size.timed_reference.emplace(iterations, std::vector<double>(size.result, size.result + size.cells()))
                    .first;
    }
    *out = &found->second;
    return "";
}

/* ------------------------------------------------------------------ checking and timing */

using Runner = std::function<std::string(int iterations, Timing* timing)>;

struct Outcome {
    bool ran = false;
    bool equal = false;
    std::string failure;
    Difference difference{};
};

inline Outcome check(DeviceContext& context, Size& size, const Runner& run)
{
    Outcome outcome;
    Timing timing;
    outcome.failure = upload(context, size);
    if (outcome.failure.empty()) {
        outcome.failure = run(size.check_iterations, &timing);
    }
    if (outcome.failure.empty()) {
        outcome.failure = download(context, size);
    }
    if (!outcome.failure.empty()) {
        return outcome;
    }
    outcome.ran = true;
    outcome.difference = compare(size.result, size.expected.data(), size.cells());
    outcome.equal = outcome.difference.identical;
    return outcome;
}

struct Measured {
    bool ok = false;
    std::string failure;
    double device_us = 0; /* per iteration, median */
    double spread = 0;    /* (max - min) / median of the device times */
    double host_us = 0;   /* per iteration, median */
    bool repeats_equal = true;
};

inline Measured measure(DeviceContext& context, Size& size, int iterations, const Runner& run)
{
    Measured measured;
    const std::vector<double>* reference = nullptr;
    measured.failure = timed_reference(context, size, iterations, &reference);
    std::vector<double> device;
    std::vector<double> host;
    for (int repeat = 0; repeat <= kRepeats && measured.failure.empty(); ++repeat) {
        Timing timing;
        measured.failure = upload(context, size);
        if (measured.failure.empty()) {
            measured.failure = run(iterations, &timing);
        }
        if (measured.failure.empty()) {
            measured.failure = download(context, size);
        }
        if (measured.failure.empty() && repeat > 0) {
            device.push_back(timing.device_ms * 1000.0 / iterations);
            host.push_back(timing.host_ms * 1000.0 / iterations);
            measured.repeats_equal =
                measured.repeats_equal && std::memcmp(size.result, reference->data(), size.bytes()) == 0;
        }
    }
    if (!measured.failure.empty()) {
        return measured;
    }
    std::sort(device.begin(), device.end());
    std::sort(host.begin(), host.end());
    measured.ok = true;
    measured.device_us = device[device.size() / 2];
    measured.spread = (device.back() - device.front()) / measured.device_us;
    measured.host_us = host[host.size() / 2];
    return measured;
}

}  // namespace bench

#endif /* HOLDFAST_TOOLS_RESIDENT_BENCH_MEASURE_H */
