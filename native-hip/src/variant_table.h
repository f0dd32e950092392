/*
 * variant_table.h: the persistent variants, one row each, and the library's kernels by name.
 *
 * A row says everything the library needs to know about a (problem, mode, variant): the problem its
 * kernels solve (HF_PROBLEM_*: a mode's variant name may have a row per problem), its command-line
 * names and description, its kernels (one, or a family by points per thread or by half-sweeps per
 * exchange), its traits, the faults it accepts, how the blocks share the work, its planner hook and
 * the resources a session allocates for it (host flags, a mailbox of halo lines, a scratch array).
 * Rows are written with designated initialisers, so a row names what it sets and leaves the rest
 * at the defaults below. Nothing else in the library switches on a mode or a variant: the planner,
 * the session and the watchdog report read the row. Adding a variant is one kernel header under
 * kernels/ and one row in variant_table.cpp (see README.md, "Adding a variant").
 *
 * Plain declarations: the planner's host-only test includes this without a GPU runtime.
 */
#ifndef HOLDFAST_VARIANT_TABLE_H
#define HOLDFAST_VARIANT_TABLE_H

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "holdfast_native.h"

namespace holdfast {

/* A kernel of the library: its name (what hf_get_kernel and hf_plan.kernel say) and its symbol. */
struct KernelRef {
    const char* name;
    const void* symbol;

    bool exists() const { return symbol != nullptr; }
};

/* Kernels that keep each thread's points in registers come as one instantiation per slot count
 * (points of a colour per thread: 1, 2, 4, 8, 16, as kSlotCounts in device/colour_planes.h); the
 * block variant also as one-warp kernels. The planner hook picks the slot count. */
constexpr int kSizedKernelCount = 5;

struct SizedKernels {
    KernelRef block[kSizedKernelCount];
    KernelRef warp[kSizedKernelCount]; /* none (!exists()) where the variant has no one-warp kernel */
};

/* Kernels that block in time come as one instantiation per k, the half-sweeps between exchanges;
 * the row's own kernel is the one for its default k. */
constexpr int kMaxSweepsKernels = 12;

struct SweepsKernel {
    int sweeps;
    KernelRef kernel;
};

struct SweepsKernels {
    SweepsKernel by_sweeps[kMaxSweepsKernels]; /* in increasing k; unused entries have sweeps 0 */
    int default_sweeps;                        /* the k when neither the caller nor an auto rule says */
};

/* What a planner hook is given: the size, the block size, the caller's requests and the device. */
struct PlanInput {
    int n;                     /* points per side of the row's problem */
    int threads;
    int requested_blocks;      /* 0: the hook's rule */
    int requested_sweeps;      /* 0: the hook's choice */
    int64_t coresident;        /* blocks per SM x SMs for the variant's kernel at this block size */
    int64_t shared_limit;      /* dynamic shared bytes a block may opt in to */
    int64_t shared_per_sm;     /* shared memory of one multiprocessor */
    int sm_count;
    int work_split;            /* HF_SPLIT_* of the row */
    const char* mode;          /* the row's names, for messages */
    const char* variant;
    int max_cluster_blocks = 0; /* largest thread-block cluster the device launches; 0: no clusters */
    int warp_size = 32;
    int problem = HF_PROBLEM_POISSON_2D; /* the row's problem */
    int64_t colour_points = 0; /* points of one colour its kernels number (colour_points_of(problem, n)) */
};

/* What a planner hook decides. The planner refuses a block count beyond the co-resident maximum
 * and derives the active blocks from the row's work split. */
struct PlanChoice {
    int blocks = 0;
    bool on_chip = false;      /* launch the row's on-chip kernel: one block holding the grid */
    bool f_on_chip = false;
    int64_t shared_bytes = 0;  /* dynamic shared memory per block */
    int cluster_size = 1;
    int sweeps_per_exchange = 1;
    int threads = 0;           /* > 0: the block size the hook chose (variants that size their block) */
    int slots = 0;             /* > 0: launch the row's sized kernel for this many points per thread */
    bool one_warp = false;     /* with slots: its one-warp kernel */
    char note[64] = "";        /* for reports (the plan copies it) */
};

/* A planning rule. On refusal it returns the status with the thread's message set (fail()). */
using PlannerHook = hf_status (*)(const PlanInput& input, PlanChoice* choice);

struct Planner {
    const char* name;
    PlannerHook plan;
};

/* How the host of a HF_TRAIT_HOST_FLAGS variant hands out half-sweeps. */
enum class HostOrder {
    kLockstep,       /* every block finished s - 1 before any gets s */
    kNeighbourAware, /* block b gets s once b - 1 and b + 1 finished s - 1 */
    kDeviceCombined  /* one step word and one done word; the blocks combine their completion on the device */
};

/* Self-flagged halo lines (device/ll_line.h) a session of this plan needs; 0 for none. The session
 * allocates and zeroes them once; each run then takes flags above the last run's. */
using MailboxLines = int64_t (*)(const hf_plan& plan);

/* A row of the table: what is not named in its designated initialiser takes the default here. */
struct VariantRow {
    const char* mode;                      /* the command line's mode name */
    const char* name;                      /* the command line's variant name */
    int problem = HF_PROBLEM_POISSON_2D;   /* HF_PROBLEM_*: what its kernels solve */
    const char* description;               /* one line */
    KernelRef kernel;                      /* what it launches unless one of the families below is planned */
    KernelRef on_chip_kernel = {"", nullptr}; /* one block holding the grid in shared memory; none when !exists() */
    const SizedKernels* sized = nullptr;   /* kernels by points per thread (PlanChoice::slots), or none */
    const SweepsKernels* sweeps = nullptr; /* kernels by half-sweeps per exchange (HF_TRAIT_SWEEPS with two buffers), or none */
    int traits = 0;                        /* HF_TRAIT_* */
    int faults = 0;                        /* bits 1 << HF_FAULT_* */
    int work_split = HF_SPLIT_GRID_STRIDE; /* HF_SPLIT_* */
    int default_threads = 0;               /* 0: the planner hook sizes the block */
    bool is_default = false;               /* the mode's fallback: what "auto" tries after the auto rule's rows for n (auto_rule.h) */
    Planner planner = {"", nullptr};
    HostOrder host_order = HostOrder::kLockstep; /* HF_TRAIT_HOST_FLAGS only */
    MailboxLines mailbox_lines = nullptr;  /* self-flagged halo lines the session allocates, or none */

    bool has(int trait) const { return (traits & trait) != 0; }
    bool accepts_fault(int fault) const { return fault >= 0 && fault < 31 && (faults & (1 << fault)) != 0; }
    /* Whether this build can run it. */
    bool supported() const;
};

/* Both names non-null and equal: how the table's names are compared everywhere. */
bool same_name(const char* a, const char* b);

/* Whether a variant name asks the planner to choose: NULL, "" or "auto". */
bool is_auto_variant(const char* variant);

int variant_count();
const VariantRow& variant_row(int index);

/* Rows with a kernel per k (VariantRow::sweeps): the one for `sweeps`, or nullptr when the row has
 * none for it. */
const KernelRef* sweeps_kernel(const VariantRow& row, int sweeps);

/* The sweeps per exchange such a row runs when the caller leaves the choice to the planner. */
int default_sweeps(const VariantRow& row);

/* For messages: the sweeps per exchange the row has kernels for ("1, 2, 3, 4, 6, 8, 12, 16, 24, 32"). */
const char* sweeps_choices(const VariantRow& row);

/* The row of (problem, mode, variant), the mode's default row for the problem for NULL or "auto" (not
 * what auto runs at a size: auto_candidates); -1 when there is none. */
int find_variant(int problem, const char* mode, const char* variant);

/* For messages: the problem's name, "poisson2d" or "poisson3d" (the command line's --problem). */
const char* problem_name(int problem);

/* Any kernel of the library by name (standard kernels and every row's), or nullptr. */
const KernelRef* find_kernel(const char* name);

/* The row's sized kernel for `slots` points per thread (one warp or not), or nullptr. */
const KernelRef* sized_kernel(const VariantRow& row, int slots, bool one_warp);

/* Copies a name of the table into a fixed-size field of the ABI (hf_plan, hf_variant_info). */
template <size_t N>
void copy_name(char (&field)[N], const char* name)
{
    std::snprintf(field, N, "%s", name);
}

/* The kernels of hf_launch_standard. */
const KernelRef& red_kernel();
const KernelRef& black_kernel();
const KernelRef& empty_kernel();
/* The overhead probes' kernels (overhead_probe.cpp). */
/* form: HF_LL_LINE_*; HF_LL_LINE_COUNT (or any other value) for the library's own form. */
const KernelRef& halo_exchange_probe_kernel(int form = HF_LL_LINE_COUNT);
/* The cluster probes' kernels; symbol null where clusters do not exist (HIP). */
const KernelRef& cluster_barrier_probe_kernel();
const KernelRef& dsmem_exchange_probe_kernel();

}  // namespace holdfast

#endif /* HOLDFAST_VARIANT_TABLE_H */
