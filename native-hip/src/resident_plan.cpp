/*
 * resident_plan.cpp: the planner hook of the grid-resident kernel (persistent-dataflow resident,
 * kernels/persistent_resident.h), and the size of its mailbox.
 *
 * One block per multiprocessor (or one per interior row when there are fewer rows; with k asked,
 * few enough that every band has at least k rows), each holding its band in shared memory. The half-sweeps per exchange come from the caller or from the auto
 * rule; h2 * f goes on chip when it fits beside u. Where the asked k does not fit, the planner
 * refuses; where its own choice does not fit, it takes the largest that does, f on chip first
 * (measured faster than a larger k with f in global memory at N = 1001), then f in global memory.
 *
 * The cube (HF_PROBLEM_POISSON_3D) is planned the same way in planes: at most one block per
 * interior plane, a band of planes with k ghost planes per side, each plane 2 n colour_row_width(n)
 * doubles. Where one plane and its two ghost planes do not fit a block's shared memory (N = 97
 * and beyond on the H200), no block count helps: refused in one line.
 *
 * The many-cluster kernel (persistent-grid cluster-bands, kernels/cluster_bands.h) keeps the
 * resident kernel's bands plus an inbox for the edges of its neighbours in the cluster
 * (cluster_bands_layout.h), and is planned by the same placement rule: clusters of 16 blocks where
 * the device launches them (else its largest), as many whole clusters as the SMs hold (132 / 16: 8
 * clusters, 128 blocks), fewer and smaller where the rows do not give every block k rows. The
 * occupancy API then says how many such clusters are co-resident (plan_row sizes the grid by it).
 */
#include <algorithm>
#include <cstdio>

#include "auto_rule.h"
#include "hf_errors.h"
#include "hf_gpu.h"
#include "device/cluster_bands_layout.h"
#include "device/resident_layout.h"
#include "planner.h"

namespace holdfast {
namespace {

/* Shared memory the runtime keeps for itself in every block (CUDA, sm_80 and later); counted on
 * HIP too, which only makes the estimate a little cautious. */
constexpr int64_t kSharedReservedPerBlock = 1024;

struct Placement {
    int k;
    bool f_on_chip;
    int64_t shared_bytes;
};

/* A kernel's dynamic shared memory per block: bands of the problem, k ghost units, f on chip or not. */
using SharedFootprint = int64_t (*)(int bands, int n, int k, bool f_on_chip, int problem);

int64_t resident_footprint(int bands, int n, int k, bool f_on_chip, int problem)
{
    return static_cast<int64_t>(resident_shared_bytes(bands, n, k, f_on_chip, problem));
}

int64_t cluster_bands_footprint(int bands, int n, int k, bool f_on_chip, int)
{
    return static_cast<int64_t>(cluster_bands_shared_bytes(bands, n, k, f_on_chip));
}

/* Blocks of this shared footprint that fit on one multiprocessor together. */
int64_t blocks_per_sm_with(const PlanInput& input, int64_t shared_bytes)
{
    const int64_t by_threads = input.sm_count > 0 ? input.coresident / input.sm_count : 0;
    const int64_t by_shared = input.shared_per_sm / (shared_bytes + kSharedReservedPerBlock);
    return std::min(by_threads, by_shared);
}

bool fits(const PlanInput& input, int blocks, int64_t shared_bytes)
{
    return shared_bytes <= input.shared_limit &&
           blocks_per_sm_with(input, shared_bytes) * input.sm_count >= static_cast<int64_t>(blocks);
}

Placement placement(const PlanInput& input, SharedFootprint footprint, int bands, int k, bool f_on_chip)
{
    return Placement{k, f_on_chip, footprint(bands, input.n, k, f_on_chip, input.problem)};
}

/* "rows" of the square, "planes" of the cube. */
const char* units_of(const PlanInput& input) { return input.problem == HF_PROBLEM_POISSON_3D ? "planes" : "rows"; }

/* The largest k <= most (f on chip first) that fits; k = 0 when not even k = 1 with f in global
 * memory does. */
Placement best_fit(const PlanInput& input, SharedFootprint footprint, int blocks, int bands, int most)
{
    for (const bool f_on_chip : {true, false}) {
        for (int k = most; k >= 1; --k) {
            const Placement candidate = placement(input, footprint, bands, k, f_on_chip);
            if (fits(input, blocks, candidate.shared_bytes)) {
                return candidate;
            }
        }
    }
    return Placement{0, false, 0};
}

hf_status refuse_size(const PlanInput& input, SharedFootprint footprint, int blocks, int bands, int k)
{
    const int64_t bytes = footprint(bands, input.n, k, false, input.problem);
    if (bytes > input.shared_limit) {
        return fail(HF_ERR_UNSUPPORTED,
                    "%s (%s): n = %d on %d blocks needs %lld KiB of shared memory per block (a band of %d %s and "
                    "%d ghost %s per side, f in global memory), the device allows %lld KiB: use more blocks or "
                    "another variant",
                    input.mode, input.variant, input.n, blocks, static_cast<long long>(bytes / 1024),
                    largest_band_rows(bands, input.n), units_of(input), k, units_of(input),
                    static_cast<long long>(input.shared_limit / 1024));
    }
    return fail(HF_ERR_NOT_CORESIDENT,
                "%s (%s): %d blocks of %lld KiB of shared memory cannot be co-resident: %lld fit on each of %d SMs",
                input.mode, input.variant, blocks, static_cast<long long>(bytes / 1024),
                static_cast<long long>(blocks_per_sm_with(input, bytes)), input.sm_count);
}

void write_note(const Placement& placement, PlanChoice* choice)
{
    std::snprintf(choice->note, sizeof choice->note, "k = %d, f %s", placement.k,
                  placement.f_on_chip ? "on chip" : "in global memory");
}

/* k (asked, or the largest up to `wanted` that fits) and where f goes, for `blocks` blocks holding
 * `bands` bands whose thinnest has `smallest` units; fills the choice, or refuses. */
hf_status place_bands(const PlanInput& input, SharedFootprint footprint, int blocks, int bands, int smallest,
                      int wanted, PlanChoice* choice)
{
    Placement chosen{};
    if (input.requested_sweeps > 0) {
        if (input.requested_sweeps > smallest) {
            return fail(HF_ERR_INVALID_ARGUMENT,
                        "%s (%s): sweeps_per_exchange = %d needs bands of at least %d %s, but %d blocks at n = %d "
                        "give bands of %d",
                        input.mode, input.variant, input.requested_sweeps, input.requested_sweeps, units_of(input),
                        blocks, input.n, smallest);
        }
        chosen = placement(input, footprint, bands, input.requested_sweeps, true);
        if (!fits(input, blocks, chosen.shared_bytes)) {
            chosen = placement(input, footprint, bands, input.requested_sweeps, false);
        }
        if (!fits(input, blocks, chosen.shared_bytes)) {
            return refuse_size(input, footprint, blocks, bands, input.requested_sweeps);
        }
    } else {
        chosen = best_fit(input, footprint, blocks, bands, std::max(1, std::min(wanted, smallest)));
        if (chosen.k == 0) {
            return refuse_size(input, footprint, blocks, bands, 1);
        }
    }
    choice->blocks = blocks;
    choice->f_on_chip = chosen.f_on_chip;
    choice->shared_bytes = chosen.shared_bytes;
    choice->sweeps_per_exchange = chosen.k;
    write_note(chosen, choice);
    return HF_OK;
}

/* Both kernels' launch bounds. */
hf_status check_threads(const PlanInput& input)
{
    if (input.threads > kResidentMaxThreads) {
        return fail(HF_ERR_INVALID_ARGUMENT, "%s (%s): threads_per_block = %d, but this kernel takes at most %d",
                    input.mode, input.variant, input.threads, kResidentMaxThreads);
    }
    return HF_OK;
}

/* The many-cluster kernel: clusters of up to 16 blocks (non-portable; 8 is the portable size), and
 * k = 3 where the caller does not ask (the resident kernel's measured best, auto_rule.cpp; not
 * measured for this kernel yet). */
constexpr int kClusterBandsWidest = 16;
constexpr int kClusterBandsSweeps = 3;

/* The widest cluster (a power of two up to `widest`) that divides `blocks`; 1 when none does. */
int widest_dividing(int blocks, int widest)
{
    int size = 1;
    for (int candidate = 2; candidate <= widest; candidate *= 2) {
        size = blocks % candidate == 0 ? candidate : size;
    }
    return size;
}

}  // namespace

hf_status plan_cluster_bands(const PlanInput& input, PlanChoice* choice)
{
    HF_RETURN_IF_FAILED(check_threads(input));
    if (input.max_cluster_blocks < 2) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s): the device cannot launch thread-block clusters", input.mode,
                    input.variant);
    }
    const int rows = input.n - 2;
    const int least_k = std::max(1, input.requested_sweeps);
    const int widest = std::min(input.max_cluster_blocks, kClusterBandsWidest);
    int size = 1;
    int blocks = input.requested_blocks;
    if (blocks > 0) {
        size = widest_dividing(blocks, widest);
        if (size < 2) {
            return fail(HF_ERR_INVALID_ARGUMENT,
                        "%s (%s): %d blocks requested, but the blocks come in whole clusters of 2 .. %d (a power of "
                        "two): ask for an even count",
                        input.mode, input.variant, blocks, widest);
        }
    } else {
        /* The widest cluster whose every block gets k rows, and as many of them as the SMs and rows hold. */
        while (size * 2 <= widest && size * 2 * least_k <= rows) {
            size *= 2;
        }
        blocks = size * std::max(1, std::min(input.sm_count / size, rows / (size * least_k)));
    }
    if (size < 2 || blocks > rows) {
        return fail(HF_ERR_UNSUPPORTED,
                    "%s (%s): n = %d has %d interior rows, too few for %d blocks of a band of %d row%s each in "
                    "clusters of at least 2: use another variant",
                    input.mode, input.variant, input.n, rows, std::max(blocks, 2), least_k, least_k == 1 ? "" : "s");
    }
    HF_RETURN_IF_FAILED(place_bands(input, &cluster_bands_footprint, blocks, blocks, smallest_band_rows(input.n, blocks),
                                    kClusterBandsSweeps, choice));
    choice->cluster_size = size;
    std::snprintf(choice->note, sizeof choice->note, "%d cluster%s of %d, k = %d, f %s", blocks / size,
                  blocks == size ? "" : "s", size, choice->sweeps_per_exchange,
                  choice->f_on_chip ? "on chip" : "in global memory");
    return HF_OK;
}

hf_status plan_resident(const PlanInput& input, PlanChoice* choice)
{
    HF_RETURN_IF_FAILED(check_threads(input));
    // blocks = 0: one per SM, at most one per interior row and, where the caller asks for k half-sweeps
    // per exchange, few enough that every band has k rows (a band's ghost rows come from one neighbour).
    int planned_blocks = std::min(input.sm_count, input.n - 2);
    if (input.requested_sweeps > 0) {
        planned_blocks = std::min(planned_blocks, (input.n - 2) / input.requested_sweeps);
    }
    const int blocks = input.requested_blocks > 0 ? input.requested_blocks : std::max(1, planned_blocks);
    const int bands = active_band_count(blocks, input.n);
    const int smallest = bands > 1 ? smallest_band_rows(input.n, bands) : input.n;
    /* The least a block can hold: one plane (row) and a ghost on each side, f in global memory. */
    const int64_t least = static_cast<int64_t>(resident_shared_bytes(input.n - 2, input.n, 1, false, input.problem));
    if (input.problem == HF_PROBLEM_POISSON_3D && least > input.shared_limit) {
        return fail(HF_ERR_UNSUPPORTED,
                    "%s (%s): n = %d does not fit: one plane of the cube and its two ghost planes need %lld bytes of "
                    "shared memory per block, the device allows %lld",
                    input.mode, input.variant, input.n, static_cast<long long>(least),
                    static_cast<long long>(input.shared_limit));
    }
    return place_bands(input, &resident_footprint, blocks, bands, smallest,
                       auto_sweeps_per_exchange(input.problem, input.mode, input.variant, input.n), choice);
}

int64_t resident_mailbox_lines_of(const hf_plan& plan)
{
    return static_cast<int64_t>(
        resident_mailbox_lines(plan.active_blocks, plan.n, plan.sweeps_per_exchange, plan.problem));
}

}  // namespace holdfast
