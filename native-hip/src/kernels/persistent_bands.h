/*
 * persistent_bands.h: the persistent kernel of one band of rows of the square (issue 24: the grid
 * split over G GPUs), which never returns to the host between half-sweeps: its blocks run the
 * red-black half-sweeps over everything the band holds (device/band_split.h: its owned rows and
 * up to k ghost rows each side, BandSplit's layout), meet at a barrier of their own after each,
 * and every k half-sweeps (and after the run's last) exchange the halo rows with the other bands
 * from inside the kernel.
 *
 * The exchange. A band writes its edge rows straight into each receiver's buffer, one
 * self-flagged LL line per double (device/ll_line.h: value and flag in one 16-byte store, so the
 * receiver needs no separate flag, fence or barrier beside them), through the pointer the launch
 * gives it for that buffer (device/band_view.h): on G GPUs the peer pointer of a symmetric memory
 * window, on one GPU a plain device pointer. Then it polls its own buffer until every line it
 * expects carries the exchange's flag, and writes the values into its ghost rows. Whole rows
 * travel (both colours): the ghost rows are recomputed between exchanges, so both colours go
 * stale.
 *
 * Memory ordering, in the order a band meets it:
 * - Half-sweep -> barrier: the band's own two-slot barrier (device/grid_barrier.h, agent scope:
 *   the band's blocks are on one GPU) orders every block's updates of a half-sweep before any
 *   block's next half-sweep and before the sends read the edge rows.
 * - Send -> receive: each LL line is a relaxed store and load at system scope on CUDA
 *   (LLAccess::kVector64x2System; the writer may be another GPU) and is its own synchronisation:
 *   a reader that sees both flags of a line sees its value; nothing else is published by it.
 * - Receive -> barrier: every block's ghost-row writes (plain stores of the received values)
 *   before any block's next half-sweep reads them, and every block's sends done reading the edge
 *   rows before the next half-sweep rewrites them.
 * - Slot reuse: exchange e writes slot e & 1 of the receiver's buffer, so a band writes a slot
 *   again (exchange e + 2) only after it has received exchange e + 1 from that same receiver
 *   (the copies are symmetric: a band's ghost rows reach another's owned rows exactly when the
 *   other's reach back), which the receiver sends only after the barrier that follows its
 *   reading of exchange e. Those reads have returned (their flags were checked, their values
 *   stored) before that barrier, so no later store can change what they read.
 * Flags grow within a run from flag_base + 1; the caller gives each run flags above every earlier
 * run's (or zeroed buffers), so a stale line never carries the flag awaited.
 *
 * Every wait is bounded by the watchdog (device/watchdog.h), staggered by half-sweep
 * (staggered_deadline), so that the report names the band that stopped: a band barrier's wait reports
 * HF_WAIT_GRID_BARRIER with the waiting band as peer, a halo's HF_WAIT_NEIGHBOUR with the band
 * whose lines did not come as peer; the error word's block is the waiting block, whose band is
 * block / blocks_per_band (+ first_band). HF_FAULT_NEVER_PUBLISH with fault_block = b: band b
 * never sends, so its receivers' waits expire naming it, and no block hangs (a wait that sees
 * another block's error gives up too).
 *
 * One launch runs band_count bands (BandLaunch): on G GPUs one band per GPU (band_count 1,
 * first_band = the GPU's band), on one GPU all G bands side by side, blocks_per_band blocks each
 * (block b works for band b / blocks_per_band), through the same buffers and the same protocol.
 * Every value is computed with update_point's arithmetic in the reference's order, so the owned
 * rows after any run are the reference's, bit for bit.
 */
#ifndef HOLDFAST_KERNELS_PERSISTENT_BANDS_H
#define HOLDFAST_KERNELS_PERSISTENT_BANDS_H

#include "../device/band_view.h"
#include "../device/grid_barrier.h"
#include "../device/ll_halo.h"
#include "../device/stencil.h"
#include "../device/work_count.h"

namespace holdfast {

constexpr int kBandMaxThreads = 1024;

/* What a band launch adds to PersistentArgs (whose sweeps_per_exchange is k, flag_base the run's
 * flags, fault_block the band of HF_FAULT_NEVER_PUBLISH and the block of the other faults). */
struct BandLaunch {
    const BandView* views;  /* band_count views in device memory: views[0] is band first_band */
    LineCounter* barriers;  /* two per band of the launch (arrivals, generation), zeroed before it */
    int first_band;
    int band_count;
    int blocks_per_band;
};

/* The band a block works for, and the block's threads among the band's. */
struct BandBlock {
    int local; /* index into the launch's views */
    int band;  /* the band's number in the split */
    LLWorkers workers;
};

__device__ __forceinline__ BandBlock band_block(const BandLaunch& launch)
{
    const int block = static_cast<int>(blockIdx.x);
    const int threads = static_cast<int>(blockDim.x);
    const int local = block / launch.blocks_per_band;
    const int rank = block % launch.blocks_per_band;
    return BandBlock{local, launch.first_band + local,
                     LLWorkers{rank * threads + static_cast<int>(threadIdx.x), launch.blocks_per_band * threads}};
}

__device__ __forceinline__ BarrierSlots band_barrier(const BandLaunch& launch, const BandBlock& block)
{
    LineCounter* slots = launch.barriers + 2 * block.local;
    return BarrierSlots{slots, slots + 1, static_cast<unsigned int>(launch.blocks_per_band), block.band};
}

/* One half-sweep of `colour` over the band's rows 1 .. rows - 2 (BandKernels.halfSweep): point p
 * of the compact numbering lies in band row 1 + p / half, at that row's (p % half)-th column of
 * the colour, the colour being the global row's. Rows 0 and rows - 1 are only read. */
__device__ inline void band_half_sweep(const BandView& view, int n, double h2, int colour, LLWorkers workers)
{
    const int half = points_per_row(n);
    const int points = (view.rows - 2) * half;
    for (int p = workers.index; p < points; p += workers.count) {
        const int i = 1 + p / half;
        const int j = 1 + 2 * (p % half) + ((i + view.low_row + 1 + colour) & 1);
        if (j < n - 1) {
            update_point(view.u, view.f, n, h2, i * n + j);
        }
    }
}

/* `rows` whole rows of a band's array (u, or the temporal pass's scratch) from `row` on, as one halo
 * of LL lines. */
__device__ __forceinline__ HaloRows band_rows_of(double* array, int n, const BandCopy& copy)
{
    return HaloRows{array + static_cast<long long>(copy.row) * n, n, n, copy.rows};
}

/* The band's edge rows of `array` into every receiver's buffer, slot `slot`, with `flag`. */
template <LLAccess Access>
__device__ void send_band_halos(const BandView& view, double* array, int n, uint32_t flag, int slot, LLWorkers workers)
{
    for (int c = 0; c < view.sends; ++c) {
        const BandCopy& copy = view.send[c];
        ll_send<Access>(copy.lines + static_cast<long long>(slot) * copy.slot_lines, band_rows_of(array, n, copy), flag,
                        workers);
    }
}

/* Every incoming copy of slot `slot` into the ghost rows of `array`, two copies at a time (ll_receive
 * keeps lines of both in flight). Returns false in a thread whose wait expired or saw another error. */
template <LLAccess Access>
__device__ bool receive_band_halos(const PersistentArgs& args, const BandView& view, double* array, uint32_t flag,
                                   int slot, int step, LLWorkers workers)
{
    const int n = args.problem.n;
    const LLIncoming none{nullptr, HaloRows{nullptr, n, n, 0}, -1};
    for (int c = 0; c < view.receives; c += 2) {
        const BandCopy& first = view.receive[c];
        const LLIncoming upper{first.lines + static_cast<long long>(slot) * first.slot_lines,
                               band_rows_of(array, n, first), first.peer};
        LLIncoming lower = none;
        if (c + 1 < view.receives) {
            const BandCopy& second = view.receive[c + 1];
            lower = LLIncoming{second.lines + static_cast<long long>(slot) * second.slot_lines,
                               band_rows_of(array, n, second), second.peer};
        }
        if (!ll_receive<Access>(upper, lower, flag, args, step, workers)) {
            return false;
        }
    }
    return true;
}

/* The watchdog's bound for a wait after `half_sweeps` half-sweeps of the run, staggered so that when a
 * band stops, the first wait it starves is the first to expire, wherever the others started: each later
 * half-sweep adds a quarter of the bound over the run's half-sweeps, and a band barrier half of that
 * over a halo wait of the same half-sweep (a block at its band's barrier waits for the band's blocks that
 * wait for a halo). Without it the timeouts of waits started microseconds apart race, and the report
 * may name a band that only waited for the stopped one, or a band's own barrier. At most 1.25 times
 * the watchdog. */
__device__ __forceinline__ PersistentArgs staggered_deadline(const PersistentArgs& args, int half_sweeps, bool barrier)
{
    PersistentArgs staggered = args;
    const long long per_half_sweep = args.timeout_ticks / (4LL * (args.steps > 0 ? args.steps : 1));
    staggered.timeout_ticks = args.timeout_ticks + per_half_sweep * half_sweeps + (barrier ? per_half_sweep / 2 : 0);
    return staggered;
}

/* Exchange `exchange` (1, 2, ...) after `done` half-sweeps, every block of the band: the edge rows of
 * `array` into the receivers' buffers (unless the band's fault keeps it from publishing), the
 * incoming lines into its ghost rows, then the band's barrier: the ghost rows, every block's share,
 * before the next half-sweep or pass reads them, and the sends done reading the edge rows before it
 * rewrites them. False when the block must leave (a wait expired or saw another error). */
template <LLAccess Access>
__device__ bool exchange_band_halos(const PersistentArgs& args, const BandView& view, double* array, int exchange,
                                    int done, bool publishes, const BarrierSlots& barrier, int& barriers,
                                    LLWorkers workers)
{
    const int n = args.problem.n;
    const uint32_t flag = args.flag_base + static_cast<uint32_t>(exchange);
    const int slot = exchange & 1;
    if (publishes) {
        send_band_halos<Access>(view, array, n, flag, slot, workers);
    }
    const bool received = receive_band_halos<Access>(staggered_deadline(args, done, false), view, array, flag, slot,
                                                     done, workers);
    if (__syncthreads_or(received ? 0 : 1) != 0) {
        return false;
    }
    return barrier_two_slot(staggered_deadline(args, done, true), barrier, barriers++);
}

/* Whether band `band` sends its halos in this run (HF_FAULT_NEVER_PUBLISH keeps fault_block's back). */
__device__ __forceinline__ bool band_publishes(const PersistentArgs& args, int band)
{
    return !(args.fault == HF_FAULT_NEVER_PUBLISH && band == args.fault_block);
}

template <LLAccess Access>
__device__ void run_bands(const PersistentArgs& args, const BandLaunch& launch)
{
    const BandBlock block = band_block(launch);
    if (block.local >= launch.band_count) {
        return;
    }
    const BandView& view = launch.views[block.local];
    const BarrierSlots barrier = band_barrier(launch, block);
    const int n = args.problem.n;
    const int k = args.sweeps_per_exchange;
    const bool publishes = band_publishes(args, block.band);
    int barriers = 0;
    int exchange = 0;
    int done = 0;
    for (int step = 0; step < args.steps; ++step) {
        /* HF_FAULT_SKIP_HALF_SWEEP skips the run's last half-sweep in block fault_block. */
        const bool skipped = skips_half_sweep(args, static_cast<int>(blockIdx.x), step);
        if (!skipped) {
            band_half_sweep(view, n, args.problem.h2, step & 1, block.workers);
            ++done;
        }
        /* The half-sweep's updates, every block's, before the next half-sweep or the sends. */
        if (!barrier_two_slot(staggered_deadline(args, step + 1, true), barrier, barriers++)) {
            return;
        }
        if (!band_exchanges_after(step + 1, args.steps, k)) {
            continue;
        }
        ++exchange;
        if (!exchange_band_halos<Access>(args, view, view.u, exchange, step + 1, publishes, barrier, barriers,
                                         block.workers)) {
            return;
        }
    }
    if (threadIdx.x == 0) {
        report_work(args, static_cast<int>(blockIdx.x), done);
    }
}

/* The line form: 16-byte lines at system scope where PTX has them (a peer GPU writes them); HIP
 * and the CPU emulation take the two 64-bit atomics (one GPU only there). */
#if defined(HF_RUNTIME_CUDA)
constexpr LLAccess kBandAccess = LLAccess::kVector64x2System;
#else
constexpr LLAccess kBandAccess = LLAccess::kWords8;
#endif

__global__ void __launch_bounds__(kBandMaxThreads) persistent_bands(PersistentArgs args, BandLaunch launch)
{
    run_bands<kBandAccess>(args, launch);
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_PERSISTENT_BANDS_H */
