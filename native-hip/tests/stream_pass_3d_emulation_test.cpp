/*
 * stream_pass_3d_emulation_test.cpp: the cube's temporally blocked pass (kernels/temporal_stream_3d.h,
 * the twins hf_stream_pass_3d_k<k> of TemporalKernels3D.streamPass) on CPU threads, blocks of
 * kStream3dThreads threads with a real block barrier (cluster_emulation.h), against the plain 3D
 * reference bit for bit over the whole cube: from a random interior, iteration counts that k does not
 * divide (a shorter last pass), cubes smaller than the ghost border, several tiles each way and
 * several segments of planes (N = 33 and 65 at k = 8), and the work count of every launch.
 */
#include "cluster_emulation.h"
#include "emulated_cube.h"

#include <cstdio>
#include <cstdlib>
#include <string>

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
    std::printf("%s\n", failures == 0 ? "ALL PASSED" : "FAILURES");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
