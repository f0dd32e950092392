/*
 * variant_table.cpp: the table of persistent variants, and with it every kernel of the library.
 *
 * This is the one translation unit that defines the kernels (the headers under kernels/ hold
 * their code): each is referenced here by name and symbol. To add a variant, write its kernel
 * header, include it below and add one row; the planner, the session, the watchdog report, the
 * C ABI and the Java bridge pick the row up from there.
 */
#include "hf_gpu.h"

#include <cstring>
#include <string>

#include "kernels/halo_exchange_probe.h"
#if defined(HF_RUNTIME_CUDA)
#include "kernels/cluster_bands.h"
#include "kernels/cluster_probes.h"
#include "kernels/cluster_resident.h"
#endif
#if defined(HF_RUNTIME_CUDA) || defined(HF_RUNTIME_HIP)
#include "kernels/on_chip_registers.h"
#endif
#include "kernels/persistent_dataflow.h"
#include "kernels/persistent_grid.h"
#include "kernels/persistent_host.h"
#include "kernels/persistent_host_relay.h"
#include "kernels/persistent_on_chip.h"
#include "kernels/persistent_resident.h"
#include "kernels/standard_kernels.h"
#include "kernels/temporal_persistent.h"
#include "kernels/temporal_stream.h"
#include "kernels/temporal_persistent_3d.h" /* temporal3d: the cube's temporally blocked passes */
#include "kernels/temporal_stream_3d.h"    /* temporal3d */
#include "planner.h"
#include "variant_table.h"

namespace holdfast {
namespace {

#define HF_KERNEL(symbol) KernelRef{#symbol, reinterpret_cast<const void*>(&symbol)}
#define HF_PLANNER(hook) Planner{#hook, &hook}

/* Sized kernels (SizedKernels): named by hand, as template arguments do not make a name. The
 * on-chip kernels build for CUDA and HIP, the cluster kernels for CUDA only; elsewhere (HIP for
 * clusters, the host-only tests for both) the rows keep their names without a kernel. */
#if defined(HF_RUNTIME_CUDA) || defined(HF_RUNTIME_HIP)
#define HF_ON_CHIP_KERNEL(name, ...) KernelRef{name, reinterpret_cast<const void*>(&__VA_ARGS__)}
#else
#define HF_ON_CHIP_KERNEL(name, ...) KernelRef{name, nullptr}
#endif
#if defined(HF_RUNTIME_CUDA)
#define HF_CLUSTER_KERNEL(name, ...) KernelRef{name, reinterpret_cast<const void*>(&__VA_ARGS__)}
#else
#define HF_CLUSTER_KERNEL(name, ...) KernelRef{name, nullptr}
#endif

const SizedKernels kOnChipBlock = {
    {HF_ON_CHIP_KERNEL("on_chip_block_p1", on_chip_registers<1, false>),
     HF_ON_CHIP_KERNEL("on_chip_block_p2", on_chip_registers<2, false>),
     HF_ON_CHIP_KERNEL("on_chip_block_p4", on_chip_registers<4, false>),
     HF_ON_CHIP_KERNEL("on_chip_block_p8", on_chip_registers<8, false>),
     HF_ON_CHIP_KERNEL("on_chip_block_p16", on_chip_registers<16, false>)},
    {HF_ON_CHIP_KERNEL("on_chip_warp_p1", on_chip_registers<1, true>),
     HF_ON_CHIP_KERNEL("on_chip_warp_p2", on_chip_registers<2, true>),
     HF_ON_CHIP_KERNEL("on_chip_warp_p4", on_chip_registers<4, true>),
     HF_ON_CHIP_KERNEL("on_chip_warp_p8", on_chip_registers<8, true>),
     HF_ON_CHIP_KERNEL("on_chip_warp_p16", on_chip_registers<16, true>)}};

/* The cube's: the same kernel on two colour arrays (colour_planes_3d.h). */
const SizedKernels kOnChipBlock3D = {
    {HF_ON_CHIP_KERNEL("on_chip_block_3d_p1", on_chip_registers<1, false, HF_PROBLEM_POISSON_3D>),
     HF_ON_CHIP_KERNEL("on_chip_block_3d_p2", on_chip_registers<2, false, HF_PROBLEM_POISSON_3D>),
     HF_ON_CHIP_KERNEL("on_chip_block_3d_p4", on_chip_registers<4, false, HF_PROBLEM_POISSON_3D>),
     HF_ON_CHIP_KERNEL("on_chip_block_3d_p8", on_chip_registers<8, false, HF_PROBLEM_POISSON_3D>),
     HF_ON_CHIP_KERNEL("on_chip_block_3d_p16", on_chip_registers<16, false, HF_PROBLEM_POISSON_3D>)},
    {HF_ON_CHIP_KERNEL("on_chip_warp_3d_p1", on_chip_registers<1, true, HF_PROBLEM_POISSON_3D>),
     HF_ON_CHIP_KERNEL("on_chip_warp_3d_p2", on_chip_registers<2, true, HF_PROBLEM_POISSON_3D>),
     HF_ON_CHIP_KERNEL("on_chip_warp_3d_p4", on_chip_registers<4, true, HF_PROBLEM_POISSON_3D>),
     HF_ON_CHIP_KERNEL("on_chip_warp_3d_p8", on_chip_registers<8, true, HF_PROBLEM_POISSON_3D>),
     HF_ON_CHIP_KERNEL("on_chip_warp_3d_p16", on_chip_registers<16, true, HF_PROBLEM_POISSON_3D>)}};

const SizedKernels kClusterBarrier = {
    {HF_CLUSTER_KERNEL("cluster_barrier_p1", cluster_resident<1, HaloMethod::ClusterBarrier, false>),
     HF_CLUSTER_KERNEL("cluster_barrier_p2", cluster_resident<2, HaloMethod::ClusterBarrier, false>),
     HF_CLUSTER_KERNEL("cluster_barrier_p4", cluster_resident<4, HaloMethod::ClusterBarrier, false>),
     HF_CLUSTER_KERNEL("cluster_barrier_p8", cluster_resident<8, HaloMethod::ClusterBarrier, false>),
     HF_CLUSTER_KERNEL("cluster_barrier_p16", cluster_resident<16, HaloMethod::ClusterBarrier, false>)},
    {}};

const SizedKernels kClusterAsync = {
    {HF_CLUSTER_KERNEL("cluster_async_p1", cluster_resident<1, HaloMethod::AsyncStore, false>),
     HF_CLUSTER_KERNEL("cluster_async_p2", cluster_resident<2, HaloMethod::AsyncStore, false>),
     HF_CLUSTER_KERNEL("cluster_async_p4", cluster_resident<4, HaloMethod::AsyncStore, false>),
     HF_CLUSTER_KERNEL("cluster_async_p8", cluster_resident<8, HaloMethod::AsyncStore, false>),
     HF_CLUSTER_KERNEL("cluster_async_p16", cluster_resident<16, HaloMethod::AsyncStore, false>)},
    {}};
/* ---- the cube's cluster (cluster_resident.h with Kind = HF_PROBLEM_POISSON_3D: slabs of planes) */
#define HF_CUBE_CLUSTER_KERNEL(name, P, method) \
    HF_CLUSTER_KERNEL(name, cluster_resident<P, method, false, HF_PROBLEM_POISSON_3D>)
const SizedKernels kClusterBarrierCube = {
    {HF_CUBE_CLUSTER_KERNEL("cluster_barrier_3d_p1", 1, HaloMethod::ClusterBarrier),
     HF_CUBE_CLUSTER_KERNEL("cluster_barrier_3d_p2", 2, HaloMethod::ClusterBarrier),
     HF_CUBE_CLUSTER_KERNEL("cluster_barrier_3d_p4", 4, HaloMethod::ClusterBarrier),
     HF_CUBE_CLUSTER_KERNEL("cluster_barrier_3d_p8", 8, HaloMethod::ClusterBarrier),
     HF_CUBE_CLUSTER_KERNEL("cluster_barrier_3d_p16", 16, HaloMethod::ClusterBarrier)},
    {}};
const SizedKernels kClusterAsyncCube = {
    {HF_CUBE_CLUSTER_KERNEL("cluster_async_3d_p1", 1, HaloMethod::AsyncStore),
     HF_CUBE_CLUSTER_KERNEL("cluster_async_3d_p2", 2, HaloMethod::AsyncStore),
     HF_CUBE_CLUSTER_KERNEL("cluster_async_3d_p4", 4, HaloMethod::AsyncStore),
     HF_CUBE_CLUSTER_KERNEL("cluster_async_3d_p8", 8, HaloMethod::AsyncStore),
     HF_CUBE_CLUSTER_KERNEL("cluster_async_3d_p16", 16, HaloMethod::AsyncStore)},
    {}};
/* ---- end of the cube's cluster */
constexpr int kThreads = 256;
/* The relay and the resident kernel run best with these (docs/persistent-variants.md, "The rule"). */
constexpr int kRelayThreads = 1024;
constexpr int kResidentThreads = 512;

#define HF_SWEEPS(k) SweepsKernel{k, KernelRef{"temporal_stream_persistent_k" #k, reinterpret_cast<const void*>(&temporal_stream_persistent<k>)}}
#define HF_SWEEPS_CG(k)                                                                                          \
    SweepsKernel{k, KernelRef{"temporal_cg_k" #k, reinterpret_cast<const void*>(                                   \
                                                      &temporal_stream_persistent<k, PassBarrier::kCooperativeGroups>)}}

/* The temporal rows' kernels by k; their default k where no auto rule holds n (below N = 359 for
 * temporal; always for temporal-cg): the fastest at large grids (docs/persistent-variants.md). */
const SweepsKernels kTemporalSweeps = {{HF_SWEEPS(1), HF_SWEEPS(2), HF_SWEEPS(3), HF_SWEEPS(4), HF_SWEEPS(6), HF_SWEEPS(8),
                                        HF_SWEEPS(12), HF_SWEEPS(16), HF_SWEEPS(24), HF_SWEEPS(32)},
                                       8};
const SweepsKernels kTemporalCgSweeps = {{HF_SWEEPS_CG(1), HF_SWEEPS_CG(2), HF_SWEEPS_CG(3), HF_SWEEPS_CG(4), HF_SWEEPS_CG(6),
                                          HF_SWEEPS_CG(8), HF_SWEEPS_CG(12), HF_SWEEPS_CG(16), HF_SWEEPS_CG(24), HF_SWEEPS_CG(32)},
                                         8};

/* temporal-3blocks: today's pass bounded for three blocks per SM (80 registers), where it fits
 * without more than a few bytes of spill. temporal-paired: f's and out's pairs in 16-byte accesses
 * (StreamAccess::kPaired), three blocks per SM up to k = 8 and two beyond
 * (stream_occupied_blocks_per_sm). The planner sizes their grids by their own occupancy. */
#define HF_SWEEPS_3BLOCKS(k)                                                                                        \
    SweepsKernel{k, KernelRef{"temporal_3blocks_k" #k,                                                             \
                              reinterpret_cast<const void*>(                                                       \
                                  &temporal_stream_persistent<k, PassBarrier::kTwoSlot, kStreamOccupiedBlocksPerSm>)}}
#define HF_SWEEPS_PAIRED(k)                                                                                         \
    SweepsKernel{k, KernelRef{"temporal_paired_k" #k,                                                              \
                              reinterpret_cast<const void*>(&temporal_stream_persistent<                           \
                                  k, PassBarrier::kTwoSlot, stream_occupied_blocks_per_sm(k), StreamAccess::kPaired>)}}
const SweepsKernels kTemporal3BlocksSweeps = {{HF_SWEEPS_3BLOCKS(2), HF_SWEEPS_3BLOCKS(4), HF_SWEEPS_3BLOCKS(6), HF_SWEEPS_3BLOCKS(8)},
                                              8};
const SweepsKernels kTemporalPairedSweeps = {{HF_SWEEPS_PAIRED(2), HF_SWEEPS_PAIRED(3), HF_SWEEPS_PAIRED(4), HF_SWEEPS_PAIRED(6),
                                              HF_SWEEPS_PAIRED(8), HF_SWEEPS_PAIRED(12), HF_SWEEPS_PAIRED(16)},
                                             8};

/* temporal3d: the cube's temporal row, its kernels by k. Its row kernel is k = 4's, whose
 * occupancy (two blocks an SM by registers) the planner then limits by each k's shared memory;
 * its default k where no auto rule holds n: 6, the deepest pass whose tiles stay wide (a guess
 * until measured on the H200). */
#define HF_SWEEPS_3D(k)                                                                                             \
    SweepsKernel{k, KernelRef{"temporal_stream_persistent_3d_k" #k,                                                \
                              reinterpret_cast<const void*>(&temporal_stream_persistent_3d<k>)}}
const SweepsKernels kTemporal3dSweeps = {
    {HF_SWEEPS_3D(1), HF_SWEEPS_3D(2), HF_SWEEPS_3D(3), HF_SWEEPS_3D(4), HF_SWEEPS_3D(6), HF_SWEEPS_3D(8)}, 6};

constexpr int fault_bit(int fault) { return 1 << fault; }
/* Every kernel counts its half-sweeps (device/work_count.h) and so takes the fault that skips one. */
constexpr int kCountedFaults = 1 << HF_FAULT_SKIP_HALF_SWEEP;

const VariantRow kRows[] = {
    {.mode = "persistent-grid",
     .name = "cg",
     .description = "cooperative groups' grid.sync() between half-sweeps (it cannot time out)",
     .kernel = HF_KERNEL(persistent_grid_cooperative_groups),
     .on_chip_kernel = HF_KERNEL(persistent_on_chip),
     .traits = HF_TRAIT_COOPERATIVE,
     .faults = kCountedFaults | fault_bit(HF_FAULT_OUTLAST_DEADLINE),
     .default_threads = kThreads,
     .is_default = true,
     .planner = HF_PLANNER(plan_alone_on_chip)},
    {.mode = "persistent-grid",
     .name = "two-slot",
     .description = "Holdfast's grid barrier: an arrival count and a release generation, bounded by the watchdog",
     .kernel = HF_KERNEL(persistent_grid_two_slot),
     .on_chip_kernel = HF_KERNEL(persistent_on_chip),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG,
     .faults = kCountedFaults | fault_bit(HF_FAULT_SKIP_GRID_BARRIER),
     .default_threads = kThreads,
     .planner = HF_PLANNER(plan_alone_on_chip)},
    {.mode = "persistent-grid",
     .name = "block",
     .description = "one block (one warp where it holds the grid) keeps the grid on chip, points in registers; sizes its block",
     .kernel = kOnChipBlock.block[0],
     .sized = &kOnChipBlock,
     .faults = kCountedFaults,
     .planner = HF_PLANNER(plan_block_on_chip)},
    {.mode = "persistent-grid",
     .name = "cluster",
     .description = "one thread-block cluster keeps the grid on chip; k ghost rows, DSMEM halos, cluster barrier; sizes its block",
     .kernel = kClusterBarrier.block[0],
     .sized = &kClusterBarrier,
     .traits = HF_TRAIT_CLUSTER | HF_TRAIT_CUDA_ONLY | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults,
     .work_split = HF_SPLIT_ROW_BANDS,
     .planner = HF_PLANNER(plan_cluster_barrier_on_chip)},
    {.mode = "persistent-grid",
     .name = "temporal",
     .description = "k half-sweeps per pass streamed through shared memory (temporal blocking), two-slot barrier between passes",
     .kernel = HF_SWEEPS(8).kernel,
     .sweeps = &kTemporalSweeps,
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_TWO_BUFFERS | HF_TRAIT_CUDA_ONLY | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_SKIP_GRID_BARRIER),
     .default_threads = kStreamThreads,
     .planner = HF_PLANNER(plan_temporal_stream)},
    {.mode = "persistent-grid",
     .name = "temporal-cg",
     .description = "the temporal passes with cooperative groups' grid.sync() between passes (it cannot time out)",
     .kernel = HF_SWEEPS_CG(8).kernel,
     .sweeps = &kTemporalCgSweeps,
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_TWO_BUFFERS | HF_TRAIT_CUDA_ONLY | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults,
     .default_threads = kStreamThreads,
     .planner = HF_PLANNER(plan_temporal_stream)},
    /* In the auto rule from N = 4097 (auto_rule.cpp); temporal-paired below is not: auto reaches it only after every
     * other row of the mode refused. */
    {.mode = "persistent-grid",
     .name = "temporal-3blocks",
     .description = "the temporal passes bounded for three blocks per SM (80 registers; k = 2, 4, 6, 8)",
     .kernel = HF_SWEEPS_3BLOCKS(8).kernel,
     .sweeps = &kTemporal3BlocksSweeps,
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_TWO_BUFFERS | HF_TRAIT_CUDA_ONLY | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_SKIP_GRID_BARRIER),
     .default_threads = kStreamThreads,
     .planner = HF_PLANNER(plan_temporal_stream)},
    {.mode = "persistent-grid",
     .name = "temporal-paired",
     .description = "the temporal passes moving each thread's pair of f and u in one 16-byte access; three blocks per SM up "
                    "to k = 8",
     .kernel = HF_SWEEPS_PAIRED(8).kernel,
     .sweeps = &kTemporalPairedSweeps,
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_TWO_BUFFERS | HF_TRAIT_CUDA_ONLY | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_SKIP_GRID_BARRIER),
     .default_threads = kStreamThreads,
     .planner = HF_PLANNER(plan_temporal_stream)},
    /* Every SM holds its band, the blocks in several clusters (cluster_bands.h); not in the auto rule
     * (not measured yet): auto reaches it only after every other row of the mode refused. */
    {.mode = "persistent-grid",
     .name = "cluster-bands",
     .description = "every SM holds its band in shared memory, in clusters of 16; k ghost rows; DSMEM halos and the "
                    "cluster barrier inside a cluster, self-flagged lines between clusters",
     .kernel = HF_CLUSTER_KERNEL("persistent_cluster_bands", persistent_cluster_bands),
     .traits = HF_TRAIT_CLUSTER | HF_TRAIT_CUDA_ONLY | HF_TRAIT_WATCHDOG | HF_TRAIT_SWEEPS | HF_TRAIT_BANDS_ON_CHIP,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kResidentThreads,
     .planner = HF_PLANNER(plan_cluster_bands),
     .mailbox_lines = &resident_mailbox_lines_of},
    /* The cube (HF_PROBLEM_POISSON_3D): the same kernels, built for its half-sweep; the one-block
     * kernels hold u (and f) on chip up to N = 30 (24 with f), the register kernel up to N = 22. */
    {.mode = "persistent-grid",
     .name = "cg",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "cooperative groups' grid.sync() between half-sweeps of the cube (it cannot time out)",
     .kernel = HF_KERNEL(persistent_grid_cooperative_groups_3d),
     .on_chip_kernel = HF_KERNEL(persistent_on_chip_3d),
     .traits = HF_TRAIT_COOPERATIVE,
     .faults = kCountedFaults | fault_bit(HF_FAULT_OUTLAST_DEADLINE),
     .default_threads = kThreads,
     .is_default = true,
     .planner = HF_PLANNER(plan_alone_on_chip)},
    {.mode = "persistent-grid",
     .name = "two-slot",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "Holdfast's grid barrier between half-sweeps of the cube, bounded by the watchdog",
     .kernel = HF_KERNEL(persistent_grid_two_slot_3d),
     .on_chip_kernel = HF_KERNEL(persistent_on_chip_3d),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG,
     .faults = kCountedFaults | fault_bit(HF_FAULT_SKIP_GRID_BARRIER),
     .default_threads = kThreads,
     .planner = HF_PLANNER(plan_alone_on_chip)},
    {.mode = "persistent-grid",
     .name = "block",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "one block (one warp where it holds the cube) keeps the cube on chip, points in registers; sizes its block",
     .kernel = kOnChipBlock3D.block[0],
     .sized = &kOnChipBlock3D,
     .faults = kCountedFaults,
     .planner = HF_PLANNER(plan_block_on_chip)},
    /* ---- the cube's cluster: one cluster holds the cube, a slab of planes per block (cluster_resident.h) */
    {.mode = "persistent-grid",
     .name = "cluster",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "one thread-block cluster keeps the cube on chip, a slab of planes per block; k ghost planes, DSMEM "
                    "halos, cluster barrier; sizes its block",
     .kernel = kClusterBarrierCube.block[0],
     .sized = &kClusterBarrierCube,
     .traits = HF_TRAIT_CLUSTER | HF_TRAIT_CUDA_ONLY | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults,
     .work_split = HF_SPLIT_ROW_BANDS,
     .planner = HF_PLANNER(plan_cluster_barrier_on_chip)},
    /* ---- end of the cube's cluster */
    /* The cube's temporal passes (kernels/temporal_persistent_3d.h). */
    {.mode = "persistent-grid",
     .name = "temporal",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "k half-sweeps per pass of the cube streamed plane by plane through shared memory (2.5D temporal "
                    "blocking), two-slot barrier between passes",
     .kernel = HF_SWEEPS_3D(8).kernel,
     .sweeps = &kTemporal3dSweeps,
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_TWO_BUFFERS | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_SKIP_GRID_BARRIER),
     .default_threads = kStream3dThreads,
     .planner = HF_PLANNER(plan_temporal_stream_3d)},
    {.mode = "persistent-host",
     .name = "relay",
     .description = "one step word and one done word per half-sweep: block 0 relays the step, the last block done reports",
     .kernel = HF_KERNEL(persistent_host_relay),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_SIGNAL) | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .default_threads = kRelayThreads,
     .is_default = true,
     .planner = HF_PLANNER(plan_spread),
     .host_order = HostOrder::kDeviceCombined},
    {.mode = "persistent-host",
     .name = "lockstep",
     .description = "the host signals every block, then waits for all of them",
     .kernel = HF_KERNEL(persistent_host),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_SIGNAL),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kThreads,
     .planner = HF_PLANNER(plan_spread),
     .host_order = HostOrder::kLockstep},
    {.mode = "persistent-host",
     .name = "neighbour",
     .description = "the host starts a block's next half-sweep once neither neighbour is behind it",
     .kernel = HF_KERNEL(persistent_host),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_SIGNAL),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kThreads,
     .planner = HF_PLANNER(plan_spread),
     .host_order = HostOrder::kNeighbourAware},
    {.mode = "persistent-host",
     .name = "relay",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "the relay's one step word and one done word per half-sweep of the cube",
     .kernel = HF_KERNEL(persistent_host_relay_3d),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_SIGNAL) | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .default_threads = kRelayThreads,
     .is_default = true,
     .planner = HF_PLANNER(plan_spread),
     .host_order = HostOrder::kDeviceCombined},
    {.mode = "persistent-host",
     .name = "lockstep",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "the host signals every block (a band of planes of the cube), then waits for all of them",
     .kernel = HF_KERNEL(persistent_host_3d),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_SIGNAL),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kThreads,
     .planner = HF_PLANNER(plan_spread),
     .host_order = HostOrder::kLockstep},
    {.mode = "persistent-host",
     .name = "neighbour",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "the host starts a block's next half-sweep of its planes once neither neighbour is behind it",
     .kernel = HF_KERNEL(persistent_host_3d),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_SIGNAL),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kThreads,
     .planner = HF_PLANNER(plan_spread),
     .host_order = HostOrder::kNeighbourAware},
    {.mode = "persistent-dataflow",
     .name = "counters",
     .description = "each block waits only for its neighbours' step counters, no grid barrier",
     .kernel = HF_KERNEL(persistent_dataflow),
     .on_chip_kernel = HF_KERNEL(persistent_on_chip),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kThreads,
     .is_default = true,
     .planner = HF_PLANNER(plan_alone_on_chip)},
    {.mode = "persistent-dataflow",
     .name = "counters",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "each block (a band of planes of the cube) waits only for its neighbours' step counters",
     .kernel = HF_KERNEL(persistent_dataflow_3d),
     .on_chip_kernel = HF_KERNEL(persistent_on_chip_3d),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kThreads,
     .is_default = true,
     .planner = HF_PLANNER(plan_alone_on_chip)},
    {.mode = "persistent-dataflow",
     .name = "cluster",
     .description = "one thread-block cluster keeps the grid on chip; each block waits for its neighbours' st.async halos only",
     .kernel = kClusterAsync.block[0],
     .sized = &kClusterAsync,
     .traits = HF_TRAIT_CLUSTER | HF_TRAIT_CUDA_ONLY | HF_TRAIT_WATCHDOG | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .work_split = HF_SPLIT_ROW_BANDS,
     .planner = HF_PLANNER(plan_cluster_async_on_chip)},
    {.mode = "persistent-dataflow",
     .name = "resident",
     .description = "every SM holds its band in shared memory; k ghost rows; halos as self-flagged lines between neighbours",
     .kernel = HF_KERNEL(persistent_resident),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_SWEEPS | HF_TRAIT_BANDS_ON_CHIP,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kResidentThreads,
     .planner = HF_PLANNER(plan_resident),
     .mailbox_lines = &resident_mailbox_lines_of},
    /* ---- the cube's cluster, st.async halos (cluster_resident.h) */
    {.mode = "persistent-dataflow",
     .name = "cluster",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "one thread-block cluster keeps the cube on chip, a slab of planes per block; each block waits for its "
                    "neighbours' st.async halos only",
     .kernel = kClusterAsyncCube.block[0],
     .sized = &kClusterAsyncCube,
     .traits = HF_TRAIT_CLUSTER | HF_TRAIT_CUDA_ONLY | HF_TRAIT_WATCHDOG | HF_TRAIT_SWEEPS,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .work_split = HF_SPLIT_ROW_BANDS,
     .planner = HF_PLANNER(plan_cluster_async_on_chip)},
    /* ---- end of the cube's cluster, st.async halos */
    /* The cube's resident slabs (persistent_resident.h with Kind = HF_PROBLEM_POISSON_3D): last, so that
     * auto's fallbacks for the cube keep their order (counters, cluster, then this). */
    {.mode = "persistent-dataflow",
     .name = "resident",
     .problem = HF_PROBLEM_POISSON_3D,
     .description = "every SM holds its slab of planes of the cube in shared memory; k ghost planes; halos as "
                    "self-flagged lines between neighbours",
     .kernel = HF_KERNEL(persistent_resident_3d),
     .traits = HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_SWEEPS | HF_TRAIT_BANDS_ON_CHIP,
     .faults = kCountedFaults | fault_bit(HF_FAULT_NEVER_PUBLISH),
     .work_split = HF_SPLIT_ROW_BANDS,
     .default_threads = kResidentThreads,
     .planner = HF_PLANNER(plan_resident),
     .mailbox_lines = &resident_mailbox_lines_of},
};

/* The standard kernels (--kernels native), launched through the driver API by name: the
 * half-sweeps, the empty kernel, the overhead probes' kernels, the twins of the Java
 * temporally blocked pass, the cube's half-sweeps and the twins of its temporally blocked pass. */
const KernelRef kStandardKernels[] = {HF_KERNEL(hf_red),           HF_KERNEL(hf_black),          HF_KERNEL(hf_empty),
                                      HF_KERNEL(hf_halo_exchange_probe),
                                      HF_KERNEL(hf_stream_pass_k1), HF_KERNEL(hf_stream_pass_k2), HF_KERNEL(hf_stream_pass_k3),
                                      HF_KERNEL(hf_stream_pass_k4), HF_KERNEL(hf_stream_pass_k6), HF_KERNEL(hf_stream_pass_k8),
                                      HF_KERNEL(hf_stream_pass_k12), HF_KERNEL(hf_stream_pass_k16),
                                      HF_KERNEL(hf_red_3d),         HF_KERNEL(hf_black_3d),
                                      /* the twins of TemporalKernels3D.streamPass (temporal_stream_3d.h) */
                                      HF_KERNEL(hf_stream_pass_3d_k1), HF_KERNEL(hf_stream_pass_3d_k2),
                                      HF_KERNEL(hf_stream_pass_3d_k3), HF_KERNEL(hf_stream_pass_3d_k4),
                                      HF_KERNEL(hf_stream_pass_3d_k6), HF_KERNEL(hf_stream_pass_3d_k8)};

/* The exchange probe in each line form, by HF_LL_LINE_* (hf_probe_halo_exchange_form). */
const KernelRef kHaloProbeForms[HF_LL_LINE_COUNT] = {
    KernelRef{"halo_exchange_probe_v2_b64", reinterpret_cast<const void*>(&halo_exchange_probe_form<LLAccess::kVector64x2>)},
    KernelRef{"halo_exchange_probe_v4_u32", reinterpret_cast<const void*>(&halo_exchange_probe_form<LLAccess::kVector16>)},
    KernelRef{"halo_exchange_probe_two_b64", reinterpret_cast<const void*>(&halo_exchange_probe_form<LLAccess::kWords8>)}};
static_assert(HF_LL_LINE_V2_B64 == 0 && HF_LL_LINE_V4_U32 == 1 && HF_LL_LINE_TWO_B64 == 2, "kHaloProbeForms' order");

/* The overhead probes' cluster kernels: CUDA only (no symbol elsewhere). */
const KernelRef kClusterProbeKernels[] = {HF_CLUSTER_KERNEL("probe_cluster_barrier", probe_cluster_barrier),
                                          HF_CLUSTER_KERNEL("probe_dsmem_exchange", probe_dsmem_exchange)};

constexpr int kRowCount = static_cast<int>(sizeof kRows / sizeof kRows[0]);

/* The row's kernels by k that exist (sweeps > 0). */
template <typename Visit>
void for_each_sweeps_kernel(const VariantRow& row, Visit visit)
{
    for (int index = 0; row.sweeps != nullptr && index < kMaxSweepsKernels; ++index) {
        if (row.sweeps->by_sweeps[index].sweeps > 0) {
            visit(row.sweeps->by_sweeps[index]);
        }
    }
}

}  // namespace

bool same_name(const char* a, const char* b) { return a != nullptr && b != nullptr && std::strcmp(a, b) == 0; }

bool is_auto_variant(const char* variant) { return variant == nullptr || variant[0] == '\0' || same_name(variant, "auto"); }

bool VariantRow::supported() const
{
#if defined(HF_RUNTIME_HIP)
    return !has(HF_TRAIT_CUDA_ONLY) && !has(HF_TRAIT_CLUSTER);
#else
    return true;
#endif
}

int variant_count() { return kRowCount; }

const VariantRow& variant_row(int index) { return kRows[index]; }

int find_variant(int problem, const char* mode, const char* variant)
{
    const bool automatic = is_auto_variant(variant);
    for (int index = 0; index < kRowCount; ++index) {
        const VariantRow& row = kRows[index];
        if (row.problem == problem && same_name(row.mode, mode) &&
            (automatic ? row.is_default : same_name(row.name, variant))) {
            return index;
        }
    }
    return -1;
}

const char* problem_name(int problem)
{
    switch (problem) {
    case HF_PROBLEM_POISSON_2D:
        return "poisson2d";
    case HF_PROBLEM_POISSON_3D:
        return "poisson3d";
    default:
        return "an unknown problem";
    }
}

const KernelRef* sweeps_kernel(const VariantRow& row, int sweeps)
{
    const KernelRef* found = nullptr;
    for_each_sweeps_kernel(row, [&](const SweepsKernel& entry) {
        if (entry.sweeps == sweeps) {
            found = &entry.kernel;
        }
    });
    return found;
}

int default_sweeps(const VariantRow& row) { return row.sweeps != nullptr ? row.sweeps->default_sweeps : 1; }

const char* sweeps_choices(const VariantRow& row)
{
    thread_local std::string choices;
    choices.clear();
    for_each_sweeps_kernel(row, [&](const SweepsKernel& entry) {
        choices += (choices.empty() ? "" : ", ") + std::to_string(entry.sweeps);
    });
    return choices.c_str();
}

const KernelRef* find_kernel(const char* name)
{
    for (const KernelRef& kernel : kStandardKernels) {
        if (same_name(kernel.name, name)) {
            return &kernel;
        }
    }
    for (const VariantRow& row : kRows) {
        const KernelRef* by_sweeps = nullptr;
        for_each_sweeps_kernel(row, [&](const SweepsKernel& entry) {
            if (same_name(entry.kernel.name, name)) {
                by_sweeps = &entry.kernel;
            }
        });
        if (by_sweeps != nullptr) {
            return by_sweeps;
        }
        for (const KernelRef* kernel : {&row.kernel, &row.on_chip_kernel}) {
            if (kernel->exists() && same_name(kernel->name, name)) {
                return kernel;
            }
        }
        for (int index = 0; row.sized != nullptr && index < kSizedKernelCount; ++index) {
            for (const KernelRef* kernel : {&row.sized->block[index], &row.sized->warp[index]}) {
                if (kernel->exists() && same_name(kernel->name, name)) {
                    return kernel;
                }
            }
        }
    }
    return nullptr;
}

const KernelRef* sized_kernel(const VariantRow& row, int slots, bool one_warp)
{
    for (int index = 0; row.sized != nullptr && index < kSizedKernelCount; ++index) {
        if ((1 << index) == slots) {
            const KernelRef& kernel = one_warp ? row.sized->warp[index] : row.sized->block[index];
            return kernel.name != nullptr && kernel.name[0] != '\0' ? &kernel : nullptr;
        }
    }
    return nullptr;
}

const KernelRef& red_kernel() { return kStandardKernels[0]; }
const KernelRef& black_kernel() { return kStandardKernels[1]; }
const KernelRef& empty_kernel() { return kStandardKernels[2]; }
const KernelRef& halo_exchange_probe_kernel(int form)
{
    return form >= 0 && form < HF_LL_LINE_COUNT ? kHaloProbeForms[form] : kStandardKernels[3];
}
const KernelRef& cluster_barrier_probe_kernel() { return kClusterProbeKernels[0]; }
const KernelRef& dsmem_exchange_probe_kernel() { return kClusterProbeKernels[1]; }

}  // namespace holdfast
