/*
 * stream_pass_3d_emulation_test.cpp: the cube's temporally blocked pass (kernels/temporal_stream_3d.h,
 * the twins hf_stream_pass_3d_k<k> of TemporalKernels3D.streamPass) on CPU threads, blocks of
 * kStream3dThreads threads with a real block barrier (cluster_emulation.h), against the plain 3D
 * reference bit for bit over the whole cube: from a random interior, iteration counts that k does not
 * divide (a shorter last pass), cubes smaller than the ghost border, several tiles each way and
 * several segments of planes (N = 33 and 65 at k = 8), and the work count of every launch. Then
 * the persistent form (kernels/temporal_persistent_3d.h, persistent-grid temporal on the cube): every
 * pass in one launch, a grid barrier between passes (cooperative groups', emulated: the two-slot
 * barrier keeps its flag in static shared memory, per thread here; the self-test runs it on the GPU),
 * blocks that take several items, and a block that skips a half-sweep caught by the work count.
 */
#include "cluster_emulation.h"
#include "emulated_cube.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "emulated_work.h"
#include "kernels/temporal_persistent_3d.h"
#include "kernels/temporal_stream_3d.h"

using namespace holdfast;

namespace {

int failures = 0;

void report(bool ok, const std::string& what)
{
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
    failures += ok ? 0 : 1;
}

using PassKernel = void (*)(const double*, double*, const double*, const int*, int*, int, int, double, int, int, int);

PassKernel pass_kernel(int k)
{
    switch (k) {
    case 1: return hf_stream_pass_3d_k1;
    case 2: return hf_stream_pass_3d_k2;
    case 3: return hf_stream_pass_3d_k3;
    case 4: return hf_stream_pass_3d_k4;
    case 6: return hf_stream_pass_3d_k6;
    default: return hf_stream_pass_3d_k8;
    }
}

/* `iterations` iterations as passes of k half-sweeps (the last may be shorter), u to scratch and back,
 * one launch each; the result and the work count (every block adds its pass's half-sweeps) against
 * the reference. */
void run(int n, int k, int iterations, int target)
{
    EmulatedCube cube(n, iterations);
    std::vector<double> scratch = cube.u;
    for (int i = 1; i < n - 1; ++i) {
        for (int j = 1; j < n - 1; ++j) {
            for (int column = 1; column < n - 1; ++column) {
                scratch[cube.at(i, j, column)] = std::nan(""); /* the interior must be written */
            }
        }
    }
    const StreamGeometry3d geometry = plan_stream_geometry_3d(n, k, target);
    const int blocks = stream_3d_blocks(geometry);
    const int steps = 2 * iterations;
    bool counted = true;
    double* buffers[2] = {cube.u.data(), scratch.data()};
    for (int pass = 0; pass * k < steps; ++pass) {
        const int schedule[2] = {steps - pass * k < k ? steps - pass * k : k, (pass * k) & 1};
        int work = 0;
        const double* in = buffers[pass & 1];
        double* out = buffers[(pass + 1) & 1];
        emulate_cluster_launch(blocks, kStream3dThreads, static_cast<size_t>(stream_3d_shared_bytes(k)), [&] {
            pass_kernel(k)(in, out, cube.f.data(), schedule, &work, 0, n, cube.h2, geometry.tiles_j, geometry.tiles_k,
                           geometry.segment_planes);
        });
        counted = counted && work == blocks * schedule[0];
    }
    if (temporal_result_in_scratch(steps, k)) {
        cube.u = scratch;
    }
    report(cube.matches() && counted, "N = " + std::to_string(n) + ", k = " + std::to_string(k) + ", " +
                                          std::to_string(iterations) + " iterations, " + std::to_string(blocks) +
                                          " blocks (" + std::to_string(geometry.tiles_j) + " x " +
                                          std::to_string(geometry.tiles_k) + " tiles, " +
                                          std::to_string(geometry.segments) + " segments)" +
                                          (counted ? "" : ": work count wrong"));
}

using PersistentKernel = void (*)(PersistentArgs);

PersistentKernel persistent_kernel(int k)
{
    switch (k) {
    case 1: return temporal_stream_persistent_3d<1, PassBarrier::kCooperativeGroups>;
    case 2: return temporal_stream_persistent_3d<2, PassBarrier::kCooperativeGroups>;
    case 3: return temporal_stream_persistent_3d<3, PassBarrier::kCooperativeGroups>;
    case 4: return temporal_stream_persistent_3d<4, PassBarrier::kCooperativeGroups>;
    case 6: return temporal_stream_persistent_3d<6, PassBarrier::kCooperativeGroups>;
    default: return temporal_stream_persistent_3d<8, PassBarrier::kCooperativeGroups>;
    }
}

/* One launch of `blocks` blocks runs every pass, starting from the buffer that makes the last pass
 * write u (as the session does); the items are cut for `items_for` blocks (more than `blocks`: each
 * block takes several, grid-stride). With fault_block >= 0 that block's last pass skips a half-sweep. */
void run_persistent(int n, int k, int iterations, int blocks, int items_for, int fault_block)
{
    EmulatedCube cube(n, iterations);
    std::vector<double> scratch = cube.u;
    const int steps = 2 * iterations;
    const bool from_scratch = temporal_result_in_scratch(steps, k);
    const size_t control_bytes = sizeof(ControlBlock) + sizeof(StepCounter) * size_t(blocks);
    auto* control = static_cast<ControlBlock*>(std::aligned_alloc(kLineBytes, (control_bytes + kLineBytes - 1) / kLineBytes * kLineBytes));
    std::memset(static_cast<void*>(control), 0, control_bytes);
    const int fault = fault_block >= 0 ? HF_FAULT_SKIP_HALF_SWEEP : HF_FAULT_NONE;
    PersistentArgs args{Problem{from_scratch ? scratch.data() : cube.u.data(), cube.f.data(), n, cube.h2},
                        steps,
                        control,
                        reinterpret_cast<StepCounter*>(control + 1),
                        nullptr,
                        static_cast<long long>(10.0 * 1e9),
                        fault,
                        fault_block,
                        k,
                        nullptr,
                        0,
                        from_scratch ? cube.u.data() : scratch.data(),
                        StreamGeometry{},
                        0};
    args.items_3d = plan_stream_geometry_3d(n, k, items_for);
    /* Every thread of every block waits at the grid barrier (cooperative groups', emulated). */
    std::barrier<> grid(blocks * kStream3dThreads);
    cooperative_groups::emulated_grid_barrier = &grid;
    emulate_cluster_launch(blocks, kStream3dThreads, static_cast<size_t>(stream_3d_shared_bytes(k)),
                           [&] { persistent_kernel(k)(args); });
    cooperative_groups::emulated_grid_barrier = nullptr;
    const EmulatedWork work(control->work);
    const bool counted = fault_block >= 0 ? work.blocks == blocks && work.fewest == steps - 1 &&
                                                work.fewest_block == fault_block && work.most == steps
                                          : work.complete(blocks, steps) && cube.matches();
    report(control->error.code == 0 && counted,
           "persistent N = " + std::to_string(n) + ", k = " + std::to_string(k) + ", " + std::to_string(iterations) +
               " iterations, " + std::to_string(blocks) + " blocks, " + std::to_string(stream_3d_blocks(args.items_3d)) +
               " items" + (fault_block >= 0 ? ", block " + std::to_string(fault_block) + " skips a half-sweep" : "") +
               ": " + work.describe());
    std::free(control);
}

}  // namespace

int main()
{
    struct Case {
        int n, k, iterations, target;
    };
    const Case cases[] = {{3, 1, 2, 1}, {3, 8, 3, 1},  {4, 2, 3, 2},  {5, 4, 3, 3},  {5, 8, 1, 1},  {8, 6, 2, 2},
                          {9, 3, 4, 3}, {9, 8, 5, 2},  {16, 2, 3, 3}, {17, 4, 3, 4}, {17, 6, 5, 3}, {32, 3, 2, 2},
                          {33, 8, 3, 4}, {33, 1, 2, 1}, {65, 8, 2, 12}};
    for (const Case& c : cases) {
        run(c.n, c.k, c.iterations, c.target);
    }
    run_persistent(3, 2, 2, 1, 1, -1);
    run_persistent(9, 3, 4, 2, 2, -1);
    run_persistent(9, 8, 5, 3, 3, -1);
    run_persistent(17, 4, 3, 2, 5, -1); /* 5 items on 2 blocks */
    run_persistent(33, 6, 3, 3, 3, -1);
    run_persistent(33, 1, 2, 2, 4, -1);
    run_persistent(65, 8, 2, 4, 12, -1); /* 3 x 2 tiles, 2 segments on 4 blocks */
    run_persistent(17, 4, 3, 3, 3, 1);
    std::printf("%s\n", failures == 0 ? "ALL PASSED" : "FAILURES");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
