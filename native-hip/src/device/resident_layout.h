/*
 * resident_layout.h: where the grid-resident kernel (kernels/persistent_resident.h) keeps things:
 * its shared memory (the band's stored rows of u, then h2 * f when it is on chip) and its LL
 * mailbox in global memory; for the cube, planes where the square has rows. The planner sizes
 * both from here; the kernel finds its slots here.
 */
#ifndef HOLDFAST_DEVICE_RESIDENT_LAYOUT_H
#define HOLDFAST_DEVICE_RESIDENT_LAYOUT_H

#include "colour_split.h"
#include "colour_split_3d.h"
#include "ghost_band.h"
#include "ll_line.h"

namespace holdfast {

/* The kernel's block size limit: at 512 threads ptxas gives it the registers it wants (sm_90,
 * nvcc 13: 128 for the square, 108 for the cube, no spills); bounded for 1024 it spills (64
 * registers). The planner refuses more. */
constexpr int kResidentMaxThreads = 512;

/* Doubles of one colour of one band unit: a row of the square, a plane of the cube. */
__host__ __device__ __forceinline__ int resident_unit_doubles(int n, int problem)
{
    return problem == HF_PROBLEM_POISSON_3D ? colour_plane_doubles(n) : colour_row_width(n);
}

/* One mailbox per band, side (0: from the band above, 1: from below) and slot (exchange parity),
 * each one edge: k rows (planes) of one colour. */
__host__ __device__ __forceinline__ int resident_edge_lines(int n, int k, int problem = HF_PROBLEM_POISSON_2D)
{
    return k * resident_unit_doubles(n, problem);
}

__host__ __device__ __forceinline__ size_t resident_mailbox_lines(int bands, int n, int k,
                                                                  int problem = HF_PROBLEM_POISSON_2D)
{
    return static_cast<size_t>(bands) * 4 * static_cast<size_t>(resident_edge_lines(n, k, problem));
}

/* Dynamic shared memory: the stored rows (planes) of u, and of h2 * f when it is on chip. */
__host__ __device__ __forceinline__ size_t resident_shared_bytes(int bands, int n, int k, bool f_on_chip,
                                                                 int problem = HF_PROBLEM_POISSON_2D)
{
    const size_t unit_bytes = 2 * static_cast<size_t>(resident_unit_doubles(n, problem)) * sizeof(double);
    return unit_bytes * static_cast<size_t>(ghost_band_stored_rows(bands, n, k) +
                                            (f_on_chip ? ghost_band_computed_rows(bands, n, k) : 0));
}

template <int Kind>
__device__ __forceinline__ LLLine* resident_mailbox(const PersistentArgs& args, int band, int side, int exchange)
{
    const int lines = resident_edge_lines(args.problem.n, args.sweeps_per_exchange, Kind);
    return args.mailbox + (static_cast<size_t>(band) * 4 + side * 2 + (exchange & 1)) * lines;
}

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_RESIDENT_LAYOUT_H */
