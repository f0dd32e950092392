/*
 * cluster_emulation_3d_test: the cluster kernel on the cube (cluster_resident.h with Kind =
 * HF_PROBLEM_POISSON_3D: slabs of planes, colour_planes_3d.h) on CPU threads (cluster_emulation.h),
 * against the plain 3D reference (emulated_cube.h), bit for bit over the whole array, from a random
 * interior with an odd, unconverged iteration count: every halo method, cluster sizes from one
 * block to more blocks than planes, k half-sweeps per exchange up to the thinnest slab (with a
 * short last window where the half-sweeps are not a multiple of k), with and without overlap,
 * blocks of one and of several threads, and the work tally with a skipped half-sweep.
 */
#include "cluster_emulation.h"
#include "emulated_cube.h"
#include "emulated_work.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "kernels/cluster_resident.h"

using namespace holdfast;

namespace {

constexpr int kCube = HF_PROBLEM_POISSON_3D;
/* Slots per thread: a CPU thread has no register file to run out of. */
constexpr int kEmulatedSlots = 128;

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

/* fault_block >= 0: HF_FAULT_SKIP_HALF_SWEEP in that block; the tally must show it, and only it. */
template <HaloMethod M>
void run_cube(int n, int blocks, int k, int overlap, int iterations, int fault_block = -1)
{
    EmulatedCube cube(n, iterations);
    ControlBlock control{};
    std::memset(static_cast<void*>(&control), 0, sizeof control);
    PersistentArgs args{Problem{cube.u.data(), cube.f.data(), cube.n, cube.h2}, 2 * iterations, &control, nullptr,
                        nullptr, 2000000000LL, HF_FAULT_NONE, 0, k, nullptr, 0, nullptr, StreamGeometry{}, 0};
    if (fault_block >= 0) {
        args.fault = HF_FAULT_SKIP_HALF_SWEEP;
        args.fault_block = fault_block;
    }
    /* The fewest threads that hold a block's points, and at least 3 where there are points for them. */
    const int points = cluster_points_per_colour(n, blocks, k, kCube);
    const int threads = std::max(points < 3 ? 1 : 3, (points + kEmulatedSlots - 1) / kEmulatedSlots);
    const ClusterLayout layout = cluster_layout(n, blocks, k, M, kCube);
    emulate_cluster_launch(blocks, threads, static_cast<size_t>(layout.bytes), [&] {
        if (overlap != 0) {
            cluster_resident<kEmulatedSlots, M, true, kCube>(args);
        } else {
            cluster_resident<kEmulatedSlots, M, false, kCube>(args);
        }
    });
    const EmulatedWork work(control.work);
    const int active = active_band_count(blocks, n);
    const bool counted = fault_block < 0 ? work.complete(active, args.steps)
                                         : work.blocks == active && work.fewest == args.steps - 1 &&
                                               work.fewest_block == fault_block && work.most == args.steps;
    report((fault_block >= 0 || cube.matches()) && control.error.code == 0 && counted,
           std::string("cube cluster ") + halo_method_name(M) + " n=" + std::to_string(n) + " blocks=" +
               std::to_string(blocks) + " threads=" + std::to_string(threads) + " k=" + std::to_string(k) +
               " overlap=" + std::to_string(overlap) + " iterations=" + std::to_string(iterations) +
               (fault_block >= 0 ? " block " + std::to_string(fault_block) + " skips" : "") +
               (control.error.code != 0 ? " (watchdog)" : "") + ", " + work.describe());
}

/* Every cluster size in `cluster_sizes` and every k the thinnest slab takes (up to 4), at 3 and 5
 * iterations (odd: 6 and 10 half-sweeps, a short last window for k = 4, and for k = 3 at 5). */
template <HaloMethod M>
void run_method(std::initializer_list<int> sizes, std::initializer_list<int> cluster_sizes, bool overlaps)
{
    for (int n : sizes) {
        for (int blocks : cluster_sizes) {
            for (int k = 1; k <= 4; ++k) {
                const int active = active_band_count(blocks, n);
                if (active > 1 && k > smallest_band_rows(n, blocks)) {
                    continue;
                }
                for (int overlap = 0; overlap <= (overlaps ? 1 : 0); ++overlap) {
                    run_cube<M>(n, blocks, k, overlap, n == 3 ? 1 : k % 2 == 0 ? 5 : 3);
                }
            }
        }
    }
}

}  // namespace

int main()
{
    /* The library's row (persistent-grid cluster: the cluster barrier) at every cluster size. */
    run_method<HaloMethod::ClusterBarrier>({3, 4, 5, 8, 9}, {1, 2, 3, 4, 5, 6, 7, 8, 16}, true);
    run_method<HaloMethod::ClusterBarrier>({16, 17}, {1, 2, 3, 5, 8, 15, 16}, true);
    run_method<HaloMethod::ClusterBarrier>({32, 33}, {2, 15, 16}, false);
    /* The other halo methods the kernel is built for, on fewer sizes. */
    run_method<HaloMethod::AsyncStore>({4, 9, 17}, {1, 2, 3, 16}, true);
    run_method<HaloMethod::BulkCopy>({5, 9}, {2, 3, 16}, true);
    run_method<HaloMethod::RemoteArrive>({5, 9}, {2, 3, 16}, false);
    run_method<HaloMethod::Pull>({5, 9}, {2, 3, 16}, false);
    for (int overlap : {0, 1}) {
        run_cube<HaloMethod::ClusterBarrier>(17, 4, 3, overlap, 5, 0);
        run_cube<HaloMethod::ClusterBarrier>(17, 5, 2, overlap, 5, 3);
        run_cube<HaloMethod::AsyncStore>(17, 4, 2, overlap, 5, 2);
    }
    std::printf("%d passed, %d failed: %s\n", passes, failures, failures == 0 ? "ALL PASSED" : "FAILURES");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
