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
 */
#include <algorithm>
#include <cstdio>

#include "auto_rule.h"
#include "hf_errors.h"
#include "hf_gpu.h"
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

Placement placement(const PlanInput& input, int bands, int k, bool f_on_chip)
{
    return Placement{k, f_on_chip,
                     static_cast<int64_t>(resident_shared_bytes(bands, input.n, k, f_on_chip, input.problem))};
}

/* "rows" of the square, "planes" of the cube. */
const char* units_of(const PlanInput& input) { return input.problem == HF_PROBLEM_POISSON_3D ? "planes" : "rows"; }

/* The largest k <= most (f on chip first) that fits; k = 0 when not even k = 1 with f in global
 * memory does. */
Placement best_fit(const PlanInput& input, int blocks, int bands, int most)
{
    for (const bool f_on_chip : {true, false}) {
        for (int k = most; k >= 1; --k) {
            const Placement candidate = placement(input, bands, k, f_on_chip);
            if (fits(input, blocks, candidate.shared_bytes)) {
                return candidate;
            }
        }
    }
    return Placement{0, false, 0};
}

hf_status refuse_size(const PlanInput& input, int blocks, int bands, int k)
{
    const int64_t bytes = static_cast<int64_t>(resident_shared_bytes(bands, input.n, k, false, input.problem));
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

}  // namespace

hf_status plan_resident(const PlanInput& input, PlanChoice* choice)
{
    if (input.threads > kResidentMaxThreads) {
        return fail(HF_ERR_INVALID_ARGUMENT, "%s (%s): threads_per_block = %d, but this kernel takes at most %d",
                    input.mode, input.variant, input.threads, kResidentMaxThreads);
    }
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
    Placement chosen{};
    if (input.requested_sweeps > 0) {
        if (input.requested_sweeps > smallest) {
            return fail(HF_ERR_INVALID_ARGUMENT,
                        "%s (%s): sweeps_per_exchange = %d needs bands of at least %d %s, but %d blocks at n = %d "
                        "give bands of %d",
                        input.mode, input.variant, input.requested_sweeps, input.requested_sweeps, units_of(input),
                        blocks, input.n, smallest);
        }
        chosen = placement(input, bands, input.requested_sweeps, true);
        if (!fits(input, blocks, chosen.shared_bytes)) {
            chosen = placement(input, bands, input.requested_sweeps, false);
        }
        if (!fits(input, blocks, chosen.shared_bytes)) {
            return refuse_size(input, blocks, bands, input.requested_sweeps);
        }
    } else {
        const int wanted = std::min(auto_sweeps_per_exchange(input.problem, input.mode, input.variant, input.n), smallest);
        chosen = best_fit(input, blocks, bands, std::max(1, wanted));
        if (chosen.k == 0) {
            return refuse_size(input, blocks, bands, 1);
        }
    }
    choice->blocks = blocks;
    choice->f_on_chip = chosen.f_on_chip;
    choice->shared_bytes = chosen.shared_bytes;
    choice->sweeps_per_exchange = chosen.k;
    write_note(chosen, choice);
    return HF_OK;
}

int64_t resident_mailbox_lines_of(const hf_plan& plan)
{
    return static_cast<int64_t>(
        resident_mailbox_lines(plan.active_blocks, plan.n, plan.sweeps_per_exchange, plan.problem));
}

}  // namespace holdfast
