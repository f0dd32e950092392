/*
 * cluster_emulation_test: the on-chip kernels' own code (on_chip_registers.h, cluster_resident.h)
 * on CPU threads (cluster_emulation.h), against the sequential reference, bit for bit: every
 * halo method, cluster sizes up to more blocks than rows, k half-sweeps per exchange with a
 * short last window, with and without overlap, blocks of one and of several threads. Runs in CI
 * without a GPU. Also the DSMEM exchange probe of the overhead breakdown (cluster_probes.h): every
 * block receives its neighbours' rows of every round, in the right slot and side.
 */
#include "cluster_emulation.h"
#include "emulated_cube.h"
#include "emulated_work.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "kernels/cluster_probes.h"
#include "kernels/cluster_resident.h"
#include "kernels/on_chip_registers.h"

using namespace holdfast;

namespace {

/* Slots per thread for the emulation: a CPU thread has no register file to run out of. The
 * whole-grid kernel marks its used slots in one 32-bit mask: there the GPU's largest count. */
constexpr int kEmulatedSlots = 128;
constexpr int kEmulatedGridSlots = 16;

struct Grid {
    int n;
    int iterations;
    double h2;
    std::vector<double> u;
    std::vector<double> f;
    std::vector<double> expected;

    explicit Grid(int size) : n(size), iterations(size == 3 ? 1 : 5), u(size_t(size) * size), f(size_t(size) * size)
    {
        const double d = 1.0 / (n - 1);
        h2 = d * d;
        std::mt19937_64 random(1234u + static_cast<unsigned>(n));
        std::uniform_real_distribution<double> interior(-1.0, 1.0);
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                const double exact = std::sin(2 * M_PI * j * d) * std::cos(2 * M_PI * i * d);
                const bool boundary = i == 0 || j == 0 || i == n - 1 || j == n - 1;
                u[size_t(i) * n + j] = boundary ? exact : interior(random);
                f[size_t(i) * n + j] = -8 * M_PI * M_PI * exact;
            }
        }
        expected = u;
        double* e = expected.data();
        for (int iteration = 0; iteration < iterations; ++iteration) {
            for (int colour = 0; colour < 2; ++colour) {
                for (int i = 1; i < n - 1; ++i) {
                    for (int j = 1; j < n - 1; ++j) {
                        if (((i + j) & 1) == colour) {
                            const int c = i * n + j;
                            e[c] = (e[c + n] + e[c - n] + e[c + 1] + e[c - 1] - h2 * f[size_t(c)]) * 0.25;
                        }
                    }
                }
            }
        }
    }

    bool matches() const { return std::memcmp(u.data(), expected.data(), u.size() * sizeof(double)) == 0; }
};

int failures = 0;
int passes = 0;

void report(bool passed, const std::string& what)
{
    if (!passed) {
        std::printf("FAIL %s\n", what.c_str());
    }
    failures += passed ? 0 : 1;
    passes += passed ? 1 : 0;
}

PersistentArgs args_for(Grid& grid, ControlBlock* control)
{
    std::memset(static_cast<void*>(control), 0, sizeof(ControlBlock));
    return PersistentArgs{Problem{grid.u.data(), grid.f.data(), grid.n, grid.h2}, 2 * grid.iterations, control, nullptr,
                          nullptr, 2000000000LL, HF_FAULT_NONE, 0, 1, nullptr, 0, nullptr, StreamGeometry{}, 0};
}

void run_on_chip(int n, int threads)
{
    Grid grid(n);
    ControlBlock control{};
    const PersistentArgs args = args_for(grid, &control);
    emulate_cluster_launch(1, threads, on_chip_planes_bytes(n), [&] { on_chip_registers<kEmulatedGridSlots, false>(args); });
    const EmulatedWork work(control.work);
    report(grid.matches() && work.complete(1, args.steps),
           "on-chip n=" + std::to_string(n) + " threads=" + std::to_string(threads) + ", " + work.describe());
}

/* The cube's register kernel (two colour arrays, colour_planes_3d.h) on one block of `threads`, an
 * odd number of iterations from a random interior; as one warp too (its barrier is the block's
 * here). skip: HF_FAULT_SKIP_HALF_SWEEP in block 0, which the tally must show. */
template <bool kOneWarp>
void run_on_chip_3d(int n, int threads, int iterations, bool skip = false)
{
    EmulatedCube cube(n, iterations);
    ControlBlock control{};
    const PersistentArgs args{Problem{cube.u.data(), cube.f.data(), cube.n, cube.h2},
                              2 * iterations,
                              &control,
                              nullptr,
                              nullptr,
                              2000000000LL,
                              skip ? HF_FAULT_SKIP_HALF_SWEEP : HF_FAULT_NONE,
                              0,
                              1,
                              nullptr,
                              0,
                              nullptr,
                              StreamGeometry{},
                              0};
    emulate_cluster_launch(1, threads, on_chip_cube_bytes(n),
                           [&] { on_chip_registers<kEmulatedGridSlots, kOneWarp, HF_PROBLEM_POISSON_3D>(args); });
    const EmulatedWork work(control.work);
    const bool counted = skip ? work.blocks == 1 && work.fewest == args.steps - 1 && work.most == args.steps - 1
                              : work.complete(1, args.steps) && cube.matches();
    report(counted, std::string("on-chip 3d") + (kOneWarp ? " one warp" : "") + " n=" + std::to_string(n) +
                        " threads=" + std::to_string(threads) + " iterations=" + std::to_string(iterations) +
                        (skip ? ", the last half-sweep skipped" : "") + ", " + work.describe());
}

/* fault_block >= 0: HF_FAULT_SKIP_HALF_SWEEP in that block; the tally must show it, and only it. */
template <HaloMethod M>
void run_cluster(int n, int blocks, int threads, int k, int overlap, int fault_block = -1)
{
    Grid grid(n);
    ControlBlock control{};
    PersistentArgs args = args_for(grid, &control);
    args.sweeps_per_exchange = k;
    if (fault_block >= 0) {
        args.fault = HF_FAULT_SKIP_HALF_SWEEP;
        args.fault_block = fault_block;
    }
    const ClusterLayout layout = cluster_layout(n, blocks, k, M);
    emulate_cluster_launch(blocks, threads, static_cast<size_t>(layout.bytes), [&] {
        if (overlap != 0) {
            cluster_resident<kEmulatedSlots, M, true>(args);
        } else {
            cluster_resident<kEmulatedSlots, M, false>(args);
        }
    });
    const EmulatedWork work(control.work);
    const int active = active_band_count(blocks, n);
    const bool counted = fault_block < 0 ? work.complete(active, args.steps)
                                         : work.blocks == active && work.fewest == args.steps - 1 &&
                                               work.fewest_block == fault_block && work.most == args.steps;
    report((fault_block >= 0 || grid.matches()) && control.error.code == 0 && counted,
           std::string("cluster ") + halo_method_name(M) + " n=" + std::to_string(n) + " blocks=" + std::to_string(blocks) +
               " threads=" + std::to_string(threads) + " k=" + std::to_string(k) + " overlap=" +
               std::to_string(overlap) + (fault_block >= 0 ? " block " + std::to_string(fault_block) + " skips" : "") +
               (control.error.code != 0 ? " (watchdog)" : "") + ", " + work.describe());
}

template <HaloMethod M>
void run_method()
{
    for (int n : {3, 4, 5, 11, 12, 33}) {
        for (int blocks : {1, 2, 3, 4, 16}) {
            for (int k : {1, 2, 3, 4}) {
                const int active = active_band_count(blocks, n);
                if (active > 1 && k > smallest_band_rows(n, blocks)) {
                    continue;
                }
                for (int overlap : {0, 1}) {
                    /* Points per thread must fit the slots; several threads per block where they do. */
                    const int threads = n >= 33 && blocks <= 2 ? 4 : blocks >= 16 ? 1 : 3;
                    if (cluster_points_per_colour(n, blocks, k) > kEmulatedSlots * threads) {
                        report(false, "test setup: too few slots");
                        continue;
                    }
                    run_cluster<M>(n, blocks, threads, k, overlap);
                }
            }
        }
    }
}

/* The probe checks what it receives itself (shared memory starts as garbage here): no thread may
 * count a mismatch, at any cluster size, width below, at and above the block size, with a
 * partial last pass of the threads over the row. */
void run_dsmem_probe(int blocks, int threads, int width)
{
    int mismatches = 0;
    const int rounds = 7;
    emulate_cluster_launch(blocks, threads, dsmem_probe_shared_bytes(width),
                           [&] { probe_dsmem_exchange(rounds, width, &mismatches); });
    report(mismatches == 0, "dsmem probe blocks=" + std::to_string(blocks) + " threads=" + std::to_string(threads) +
                                " width=" + std::to_string(width) + " mismatches=" + std::to_string(mismatches));
}

}  // namespace

int main()
{
    for (int n : {3, 4, 5, 11, 12, 33}) {
        for (int threads : {1, 5, 32}) {
            if (points_per_colour(n) <= kEmulatedGridSlots * threads) {
                run_on_chip(n, threads);
            }
        }
    }
    for (int n : {3, 4, 5, 6, 8, 9, 12, 16}) {
        for (int threads : {1, 5, 32, 96}) {
            if (points_per_colour_3d(n) <= kEmulatedGridSlots * threads) {
                run_on_chip_3d<false>(n, threads, n == 3 ? 1 : 5);
            }
        }
        if (points_per_colour_3d(n) <= kEmulatedGridSlots * 32) {
            run_on_chip_3d<true>(n, 32, 3);
        }
    }
    run_on_chip_3d<false>(9, 32, 3, true);
    run_method<HaloMethod::AsyncStore>();
    run_method<HaloMethod::BulkCopy>();
    run_method<HaloMethod::RemoteArrive>();
    run_method<HaloMethod::Pull>();
    run_method<HaloMethod::ClusterBarrier>();
    for (int overlap : {0, 1}) {
        run_cluster<HaloMethod::AsyncStore>(33, 4, 3, 2, overlap, 2);
        run_cluster<HaloMethod::ClusterBarrier>(33, 4, 3, 3, overlap, 0);
    }
    for (int blocks : {2, 3, 16}) {
        for (int threads : {1, 3}) {
            for (int width : {1, 2, 51}) {
                run_dsmem_probe(blocks, threads, width);
            }
        }
    }
    std::printf("%d passed, %d failed: %s\n", passes, failures, failures == 0 ? "ALL PASSED" : "FAILURES");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
