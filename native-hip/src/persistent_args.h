/*
 * persistent_args.h: what a persistent launch gets, and the per-launch control block.
 *
 * The control block is device memory that one launch owns and that the host zeroes before the
 * launch: the error word (first writer wins), the two slots of the grid barrier, and one step
 * counter per block for the dataflow kernel. Each item has its own 128-byte line so that blocks
 * spinning on one do not slow the writers of another.
 *
 * The device headers (device/, kernels/) take the GPU runtime as given: hf_gpu.h, or the CPU
 * emulation of tests/, is included before them.
 */
#ifndef HOLDFAST_PERSISTENT_ARGS_H
#define HOLDFAST_PERSISTENT_ARGS_H

#include "holdfast_native.h" /* HF_FAULT_*, HF_WAIT_* */
#include "host_flags.h"
#include "device/stream_geometry.h"
#include "device/stream_geometry_3d.h"

namespace holdfast {

constexpr int kLineBytes = 128;

struct LLLine; /* device/ll_line.h */

/* Which wait expired first: code (HF_WAIT_*), the block that waited, its step, and the block it
 * waited for (or -1). */
struct alignas(kLineBytes) DeviceError {
    int code;
    int block;
    int step;
    int peer;
};

struct alignas(kLineBytes) LineCounter {
    unsigned int value;
};

/* The half-sweeps the blocks ran, combined on the device at the end of a run (device/work_count.h):
 * the smallest and the largest count, each with its block, and how many blocks reported. Keys
 * are maxima of 64-bit words, so one atomic each per block and run: lowest = max of
 * (~count << 32 | block), highest = max of (count << 32 | block). Zeroed before every run. */
struct alignas(kLineBytes) WorkTally {
    unsigned long long lowest;
    unsigned long long highest;
    unsigned int blocks;
};

struct ControlBlock {
    DeviceError error;
    LineCounter arrivals;   /* grid barrier: blocks arrived at the current barrier */
    LineCounter generation; /* grid barrier: barriers completed; waiters watch it change */
    WorkTally work;         /* half-sweeps run (device/work_count.h) */
};

struct alignas(kLineBytes) StepCounter {
    int completed; /* dataflow: half-sweeps this block has finished and published (resident: sent its
                      edges after; persistent-host relay: counted in for) */
    int loaded;    /* resident, in a run without an exchange: 1 once the block has loaded its band and
                      ghost rows (released), so that no neighbour stores its band before */
};

struct Problem {
    double* u;
    const double* f;
    int n;
    double h2;
};

struct PersistentArgs {
    Problem problem;
    int steps;                  /* half-sweeps: 2 * iterations */
    ControlBlock* control;
    StepCounter* counters;      /* dataflow: one per block, after the control block */
    HostFlag* flags;            /* host modes: device view of the mapped host flags */
    long long timeout_ticks;    /* watchdog, in wall-clock ticks */
    int fault;                  /* HF_FAULT_* */
    int fault_block;
    int sweeps_per_exchange;    /* half-sweeps between halo exchanges (hf_plan) */
    LLLine* mailbox;            /* self-flagged halo lines of the session (VariantRow::mailbox_lines); else null */
    unsigned int flag_base;     /* the run's LL flags are flag_base + 1, + 2, ...: never a stale line's */
    double* scratch;            /* two-buffer variants (HF_TRAIT_TWO_BUFFERS): the second buffer, whose
                                   boundary equals u's; passes alternate u -> scratch -> u; else null */
    StreamGeometry items;       /* temporal variants: how a pass is cut into items (plan_stream_geometry) */
    long long outlast_ticks;    /* HF_FAULT_OUTLAST_DEADLINE: how long the fault block spins after its work,
                                   in wall-clock ticks (three times the host's deadline); else 0 */
    StreamGeometry3d items_3d{}; /* the cube's temporal variant: how a pass is cut (plan_stream_geometry_3d) */
};

}  // namespace holdfast

#endif /* HOLDFAST_PERSISTENT_ARGS_H */
