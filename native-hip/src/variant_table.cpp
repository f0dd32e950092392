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

#include "kernels/halo_exchange_probe.h"
#include "kernels/persistent_dataflow.h"
#include "kernels/persistent_grid.h"
#include "kernels/persistent_host.h"
#include "kernels/persistent_host_relay.h"
#include "kernels/persistent_on_chip.h"
#include "kernels/persistent_resident.h"
#include "kernels/standard_kernels.h"
#include "planner.h"
#include "variant_table.h"

namespace holdfast {
namespace {

#define HF_KERNEL(symbol) KernelRef{#symbol, reinterpret_cast<const void*>(&symbol)}
#define HF_PLANNER(hook) Planner{#hook, &hook}

constexpr KernelRef kNoKernel{"", nullptr};
constexpr int kThreads = 256;
/* Measured best on the H200 at N = 1001: the relay with 1024 threads (18.4 us per iteration
 * against 20.0 with 256), the resident kernel with 512 (one thread per column of a colour). */
constexpr int kRelayThreads = 1024;
constexpr int kResidentThreads = 512;

constexpr int fault_bit(int fault) { return 1 << fault; }

const VariantRow kRows[] = {
    {"persistent-grid", "cg",
     "cooperative groups' grid.sync() between half-sweeps (it cannot time out)",
     HF_KERNEL(persistent_grid_cooperative_groups), HF_KERNEL(persistent_on_chip),
     HF_TRAIT_COOPERATIVE, 0, HF_SPLIT_GRID_STRIDE, kThreads, true,
     HF_PLANNER(plan_alone_on_chip), HostOrder::kLockstep},
    {"persistent-grid", "two-slot",
     "Holdfast's grid barrier: an arrival count and a release generation, bounded by the watchdog",
     HF_KERNEL(persistent_grid_two_slot), HF_KERNEL(persistent_on_chip),
     HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG, fault_bit(HF_FAULT_SKIP_GRID_BARRIER), HF_SPLIT_GRID_STRIDE, kThreads,
     false, HF_PLANNER(plan_alone_on_chip), HostOrder::kLockstep},
    {"persistent-host", "lockstep",
     "the host signals every block, then waits for all of them",
     HF_KERNEL(persistent_host), kNoKernel,
     HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS, fault_bit(HF_FAULT_NEVER_SIGNAL),
     HF_SPLIT_ROW_BANDS, kThreads, false, HF_PLANNER(plan_spread), HostOrder::kLockstep},
    {"persistent-host", "neighbour",
     "the host starts a block's next half-sweep once neither neighbour is behind it",
     HF_KERNEL(persistent_host), kNoKernel,
     HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS, fault_bit(HF_FAULT_NEVER_SIGNAL),
     HF_SPLIT_ROW_BANDS, kThreads, false, HF_PLANNER(plan_spread), HostOrder::kNeighbourAware},
    {"persistent-host", "relay",
     "one step word and one done word per half-sweep: block 0 relays the step, the last block done reports",
     HF_KERNEL(persistent_host_relay), kNoKernel,
     HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG | HF_TRAIT_HOST_FLAGS,
     fault_bit(HF_FAULT_NEVER_SIGNAL) | fault_bit(HF_FAULT_NEVER_PUBLISH), HF_SPLIT_GRID_STRIDE, kRelayThreads, true,
     HF_PLANNER(plan_spread), HostOrder::kDeviceCombined},
    {"persistent-dataflow", "counters",
     "each block waits only for its neighbours' step counters, no grid barrier",
     HF_KERNEL(persistent_dataflow), HF_KERNEL(persistent_on_chip),
     HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG, fault_bit(HF_FAULT_NEVER_PUBLISH), HF_SPLIT_ROW_BANDS, kThreads, true,
     HF_PLANNER(plan_alone_on_chip), HostOrder::kLockstep},
    {"persistent-dataflow", "resident",
     "every SM holds its band in shared memory; k ghost rows; halos as self-flagged lines between neighbours",
     HF_KERNEL(persistent_resident), kNoKernel,
     HF_TRAIT_COOPERATIVE | HF_TRAIT_WATCHDOG, fault_bit(HF_FAULT_NEVER_PUBLISH), HF_SPLIT_ROW_BANDS, kResidentThreads,
     false, HF_PLANNER(plan_resident), HostOrder::kLockstep, &resident_mailbox_lines_of},
};

/* The standard kernels (--kernels native), launched through the driver API by name, and the
 * overhead probes' kernels. */
const KernelRef kStandardKernels[] = {HF_KERNEL(hf_red), HF_KERNEL(hf_black), HF_KERNEL(hf_empty),
                                      HF_KERNEL(hf_halo_exchange_probe)};

constexpr int kRowCount = static_cast<int>(sizeof kRows / sizeof kRows[0]);

bool same(const char* a, const char* b) { return a != nullptr && b != nullptr && std::strcmp(a, b) == 0; }

}  // namespace

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

int find_variant(const char* mode, const char* variant)
{
    const bool automatic = variant == nullptr || variant[0] == '\0' || same(variant, "auto");
    for (int index = 0; index < kRowCount; ++index) {
        const VariantRow& row = kRows[index];
        if (same(row.mode, mode) && (automatic ? row.is_default : same(row.name, variant))) {
            return index;
        }
    }
    return -1;
}

const KernelRef* find_kernel(const char* name)
{
    for (const KernelRef& kernel : kStandardKernels) {
        if (same(kernel.name, name)) {
            return &kernel;
        }
    }
    for (const VariantRow& row : kRows) {
        for (const KernelRef* kernel : {&row.kernel, &row.on_chip_kernel}) {
            if (kernel->exists() && same(kernel->name, name)) {
                return kernel;
            }
        }
    }
    return nullptr;
}

const KernelRef& red_kernel() { return kStandardKernels[0]; }
const KernelRef& black_kernel() { return kStandardKernels[1]; }
const KernelRef& empty_kernel() { return kStandardKernels[2]; }
const KernelRef& halo_exchange_probe_kernel() { return kStandardKernels[3]; }

}  // namespace holdfast
