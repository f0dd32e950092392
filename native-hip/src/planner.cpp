/*
 * planner.cpp: checks a run's config, resolves its variant and plans its grid.
 */
#include "planner.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "auto_rule.h"
#include "hf_errors.h"
#include "hf_gpu.h"
#include "device/colour_planes.h"
#include "device/colour_planes_3d.h"
#include "device/row_bands.h"
#include "device/problems.h"
#include "device/stream_geometry.h"
#include "device/stream_geometry_3d.h" /* temporal3d */
#include "kernels/cluster_layout.h"

namespace holdfast {
namespace {

/* Measured on the H200 (docs/persistent-variants.md, lab/onchip/NOTES.md). */
constexpr ClusterShape kClusterShapes[] = {
    {20, 2, 4},    /* N = 11, 12: 2 blocks, k = 4 */
    {48, 2, 8},    /* N = 33, 34 */
    {80, 8, 4},    /* N = 65 */
    {120, 16, 4},  /* N = 101, 102 */
    {kMaxN, 16, 8} /* N = 161 .. 257, and as far as the grid fits */
};

/* The cube's (not measured yet): the widest cluster, k = 2 where the thinnest slab has two planes
 * (from N = 34 at 16 blocks; at N = 32 the slabs of 16 blocks are 1 or 2 planes, so k = 1). Two
 * blocks up to N = 10, as the square's smallest grids. */
constexpr ClusterShape kCubeClusterShapes[] = {
    {10, 2, 2},
    {kMaxN3D, 16, 2},
};

/* Shared bytes of a problem held on chip (persistent_on_chip.h): u alone, or u and then f. */
int64_t on_chip_bytes(const PlanInput& input, bool with_f)
{
    return array_points_of(input.problem, input.n) * static_cast<int64_t>(sizeof(double)) * (with_f ? 2 : 1);
}

/* Shared bytes of the whole problem as two colour planes (arrays, for the cube): the register kernels'. */
int64_t colour_planes_bytes(const PlanInput& input)
{
    return static_cast<int64_t>(input.problem == HF_PROBLEM_POISSON_3D ? on_chip_cube_bytes(input.n)
                                                                       : on_chip_planes_bytes(input.n));
}

int64_t useful_blocks(const PlanInput& input)
{
    if (input.work_split == HF_SPLIT_ROW_BANDS) {
        return input.n - 2;
    }
    return (input.colour_points + input.threads - 1) / input.threads;
}

int auto_blocks(const PlanInput& input)
{
    return static_cast<int>(std::max<int64_t>(1, std::min(useful_blocks(input), input.coresident)));
}

/* The hooks whose kernels exchange halos after every half-sweep (plan_spread, plan_alone_on_chip): k must be 0 or 1. */
hf_status one_sweep_per_exchange(const PlanInput& input, PlanChoice* choice)
{
    if (input.requested_sweeps > 1) {
        return fail(HF_ERR_UNSUPPORTED,
                    "%s (%s): sweeps_per_exchange = %d, but this variant exchanges halos after every half-sweep (1)",
                    input.mode, input.variant, input.requested_sweeps);
    }
    choice->sweeps_per_exchange = 1;
    return HF_OK;
}

/* For messages: the modes ("persistent-grid, persistent-host, ..."), or one mode's variants for the problem. */
std::string known_names(int problem, const char* mode)
{
    std::string names;
    for (int index = 0; index < variant_count(); ++index) {
        const VariantRow& row = variant_row(index);
        const bool first_of_its_mode = index == 0 || std::strcmp(variant_row(index - 1).mode, row.mode) != 0;
        const bool listed = mode == nullptr ? first_of_its_mode : row.problem == problem && std::strcmp(row.mode, mode) == 0;
        if (listed) {
            names += (names.empty() ? "" : ", ") + std::string(mode == nullptr ? row.mode : row.name);
        }
    }
    return names;
}

hf_status check_config(const hf_run_config& config, int n)
{
    HF_RETURN_IF_FAILED(check_size(n));
    if (config.host_polling != HF_POLL_BUSY && config.host_polling != HF_POLL_SLEEP) {
        return fail(HF_ERR_INVALID_ARGUMENT, "host_polling = %d is neither HF_POLL_BUSY nor HF_POLL_SLEEP",
                    config.host_polling);
    }
    if (config.watchdog_seconds > kMaxWatchdogSeconds) {
        return fail(HF_ERR_INVALID_ARGUMENT, "watchdog_seconds = %g is above %g", config.watchdog_seconds,
                    kMaxWatchdogSeconds);
    }
    if (config.blocks < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "blocks = %d is negative (0 means the planner's choice)", config.blocks);
    }
    if (config.threads_per_block < 0 || config.threads_per_block > 1024) {
        return fail(HF_ERR_INVALID_ARGUMENT, "threads_per_block = %d is outside 1 .. 1024 (0 = the default)",
                    config.threads_per_block);
    }
    if (config.sweeps_per_exchange < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "sweeps_per_exchange = %d is negative (0 means the planner's choice)",
                    config.sweeps_per_exchange);
    }
    if (config.fault < 0 || config.fault >= HF_FAULT_COUNT) {
        return fail(HF_ERR_INVALID_ARGUMENT, "fault = %d is not an HF_FAULT_* value", config.fault);
    }
    return HF_OK;
}

/* The row of (problem, mode, variant); refuses an unknown mode or variant, and a variant of another problem. */
hf_status resolve_variant(int problem, const hf_run_config& config, int* row_index)
{
    *row_index = find_variant(problem, config.mode, config.variant);
    if (*row_index >= 0) {
        return HF_OK;
    }
    bool known_mode = false;
    bool solves_another = false;
    for (int index = 0; index < variant_count(); ++index) {
        const VariantRow& row = variant_row(index);
        known_mode = known_mode || same_name(row.mode, config.mode);
        solves_another = solves_another || find_variant(row.problem, config.mode, config.variant) >= 0;
    }
    if (!known_mode) {
        return fail(HF_ERR_INVALID_ARGUMENT, "unknown mode '%s' (persistent modes: %s)",
                    config.mode != nullptr ? config.mode : "(null)", known_names(problem, nullptr).c_str());
    }
    const std::string names = known_names(problem, config.mode);
    if (solves_another) {
        const std::string solvers = names.empty() ? "no variant of the mode does" : "variants that do: " + names + ", or auto";
        return fail(HF_ERR_INVALID_ARGUMENT, "%s (%s) does not solve %s (%s)", config.mode,
                    is_auto_variant(config.variant) ? "auto" : config.variant, problem_name(problem), solvers.c_str());
    }
    return fail(HF_ERR_INVALID_ARGUMENT, "%s has no variant '%s' (variants: %s, or auto)", config.mode, config.variant,
                names.c_str());
}

/* The fault must fit the variant and hit a block with work that another block would wait for. */
hf_status check_fault(const VariantRow& row, const hf_plan& plan)
{
    if (plan.fault == HF_FAULT_NONE) {
        return HF_OK;
    }
    if (!row.accepts_fault(plan.fault)) {
        return fail(HF_ERR_INVALID_ARGUMENT, "fault %d does not apply to %s", plan.fault, label_of(plan));
    }
    if (plan.fault_block < 0 || plan.fault_block >= plan.active_blocks) {
        return fail(HF_ERR_INVALID_ARGUMENT, "fault_block = %d: %s has blocks 0 .. %d with work", plan.fault_block,
                    label_of(plan), plan.active_blocks - 1);
    }
    /* Skipping a half-sweep and outlasting the deadline need nobody to wait for the block. */
    const bool alone_is_enough = plan.fault == HF_FAULT_NEVER_SIGNAL || plan.fault == HF_FAULT_SKIP_HALF_SWEEP ||
                                 plan.fault == HF_FAULT_OUTLAST_DEADLINE;
    if (!alone_is_enough && plan.active_blocks < 2) {
        return fail(HF_ERR_INVALID_ARGUMENT, "fault %d needs 2 blocks with work: nothing would wait for block %d",
                    plan.fault, plan.fault_block);
    }
    return HF_OK;
}

/* A refusal that is about this candidate only (it does not fit, or does not take the asked k or
 * fault): "auto" goes on to the next. */
bool another_candidate_may(hf_status status)
{
    return status == HF_ERR_UNSUPPORTED || status == HF_ERR_NOT_CORESIDENT || status == HF_ERR_INVALID_ARGUMENT;
}

}  // namespace

hf_status plan_spread(const PlanInput& input, PlanChoice* choice)
{
    choice->blocks = input.requested_blocks > 0 ? input.requested_blocks : auto_blocks(input);
    return one_sweep_per_exchange(input, choice);
}

hf_status plan_alone_on_chip(const PlanInput& input, PlanChoice* choice)
{
    const bool small = on_chip_bytes(input, true) <= input.shared_limit &&
                       input.colour_points <= static_cast<int64_t>(kOnChipPointsPerThread) * input.threads;
    choice->blocks = input.requested_blocks > 0 ? input.requested_blocks : small ? 1 : auto_blocks(input);
    if (choice->blocks == 1 && on_chip_bytes(input, false) <= input.shared_limit) {
        choice->on_chip = true;
        choice->f_on_chip = on_chip_bytes(input, true) <= input.shared_limit;
        choice->shared_bytes = on_chip_bytes(input, choice->f_on_chip);
        copy_name(choice->note, "on chip");
    }
    return one_sweep_per_exchange(input, choice);
}

hf_status plan_block_on_chip(const PlanInput& input, PlanChoice* choice)
{
    if (input.requested_blocks > 1) {
        return fail(HF_ERR_INVALID_ARGUMENT, "%s (%s) runs one block, not %d", input.mode, input.variant,
                    input.requested_blocks);
    }
    if (input.requested_sweeps > 1) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s): sweeps_per_exchange = %d, but one block exchanges no halos (1)",
                    input.mode, input.variant, input.requested_sweeps);
    }
    const int64_t bytes = colour_planes_bytes(input);
    if (bytes > input.shared_limit) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s): n = %d needs %lld shared bytes, a block may have %lld", input.mode,
                    input.variant, input.n, static_cast<long long>(bytes), static_cast<long long>(input.shared_limit));
    }
    const int points = static_cast<int>(input.colour_points);
    const RegisterShape shape = register_shape(points, points <= kOneWarpPoints ? input.warp_size : 0);
    if (shape.slots == 0) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s): n = %d has %d points of a colour, one block holds at most %d",
                    input.mode, input.variant, input.n, points, kMostRegisterPoints);
    }
    choice->blocks = 1;
    choice->threads = shape.threads;
    choice->slots = shape.slots;
    choice->one_warp = points <= kOneWarpPoints;
    choice->shared_bytes = bytes;
    choice->sweeps_per_exchange = 1;
    std::snprintf(choice->note, sizeof choice->note, "%s, %d point%s per thread",
                  choice->one_warp ? "one warp" : "one block", shape.slots, shape.slots == 1 ? "" : "s");
    return HF_OK;
}

namespace {

/* The cluster variants' rule; their layouts differ only in how the halos travel (`method`). */
hf_status plan_cluster_on_chip(const PlanInput& input, HaloMethod method, PlanChoice* choice)
{
    if (input.max_cluster_blocks < 1) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s): the device cannot launch thread-block clusters", input.mode,
                    input.variant);
    }
    const int most = std::min(input.max_cluster_blocks, kMaxClusterBlocks);
    if (input.requested_blocks > most) {
        return fail(HF_ERR_NOT_CORESIDENT, "%s (%s): %d blocks requested, a cluster holds at most %d", input.mode,
                    input.variant, input.requested_blocks, most);
    }
    if (input.requested_sweeps > kMaxSweepsPerExchange) {
        return fail(HF_ERR_INVALID_ARGUMENT, "%s (%s): sweeps_per_exchange = %d is above %d", input.mode,
                    input.variant, input.requested_sweeps, kMaxSweepsPerExchange);
    }
    const int kind = input.problem;
    const ClusterShape preferred = preferred_cluster_shape(input.n, kind);
    const int blocks = input.requested_blocks > 0 ? input.requested_blocks : std::min(preferred.blocks, most);
    const int thinnest = active_band_count(blocks, input.n) > 1 ? smallest_band_rows(input.n, blocks) : kMaxSweepsPerExchange;
    const char* const units = input.problem == HF_PROBLEM_POISSON_3D ? "planes" : "rows";
    if (input.requested_sweeps > thinnest) {
        return fail(HF_ERR_INVALID_ARGUMENT,
                    "%s (%s): sweeps_per_exchange = %d, but with %d blocks the thinnest band has %d %s (at most that "
                    "many ghost %s)",
                    input.mode, input.variant, input.requested_sweeps, blocks, thinnest, units, units);
    }
    /* The preferred k, or less where the band with its ghost rows would not fit in registers or
     * shared memory. */
    const bool asked = input.requested_sweeps > 0;
    RegisterShape shape{};
    int64_t bytes = 0;
    int k = asked ? input.requested_sweeps : std::min(preferred.sweeps_per_exchange, thinnest);
    int points = 0;
    for (; k >= 1; --k) {
        points = cluster_points_per_colour(input.n, blocks, k, kind);
        shape = register_shape(points, 0);
        bytes = cluster_layout(input.n, blocks, k, method, kind).bytes;
        if ((shape.slots > 0 && bytes <= input.shared_limit) || asked) {
            break;
        }
    }
    if (k < 1 || shape.slots == 0 || bytes > input.shared_limit) {
        const int shown = std::max(k, 1); /* what the last k tried needs */
        points = cluster_points_per_colour(input.n, blocks, shown, kind);
        bytes = cluster_layout(input.n, blocks, shown, method, kind).bytes;
        return fail(HF_ERR_UNSUPPORTED,
                    "%s (%s): n = %d does not fit a cluster of %d blocks (at k = %d a block updates %d points of a "
                    "colour in a band of %d %s and holds %lld shared bytes; it holds at most %d points of a colour "
                    "in registers and %lld shared bytes)",
                    input.mode, input.variant, input.n, blocks, shown, points,
                    cluster_layout(input.n, blocks, shown, method, kind).band_rows,
                    units, static_cast<long long>(bytes),
                    kMostRegisterPoints, static_cast<long long>(input.shared_limit));
    }
    choice->blocks = blocks;
    choice->cluster_size = blocks;
    choice->threads = shape.threads;
    choice->slots = shape.slots;
    choice->shared_bytes = bytes;
    choice->sweeps_per_exchange = k;
    std::snprintf(choice->note, sizeof choice->note, "cluster of %d, k = %d, %d point%s per thread", blocks, k,
                  shape.slots, shape.slots == 1 ? "" : "s");
    return HF_OK;
}

}  // namespace

hf_status plan_cluster_barrier_on_chip(const PlanInput& input, PlanChoice* choice)
{
    return plan_cluster_on_chip(input, HaloMethod::ClusterBarrier, choice);
}

hf_status plan_cluster_async_on_chip(const PlanInput& input, PlanChoice* choice)
{
    return plan_cluster_on_chip(input, HaloMethod::AsyncStore, choice);
}

RegisterShape register_shape(int points, int one_warp)
{
    for (int slots : kSlotCounts) {
        const int most = one_warp > 0 ? one_warp : max_threads_for_slots(slots);
        if (static_cast<int64_t>(slots) * most >= points) {
            const int needed = std::max(1, (points + slots - 1) / slots);
            const int threads = one_warp > 0 ? one_warp : std::min(most, (needed + 31) / 32 * 32);
            return RegisterShape{slots, threads};
        }
    }
    return RegisterShape{0, 0};
}

ClusterShape preferred_cluster_shape(int n, int problem)
{
    if (problem == HF_PROBLEM_POISSON_3D) {
        return n <= kCubeClusterShapes[0].largest_n ? kCubeClusterShapes[0] : kCubeClusterShapes[1];
    }
    for (const ClusterShape& shape : kClusterShapes) {
        if (n <= shape.largest_n) {
            return shape;
        }
    }
    return kClusterShapes[sizeof kClusterShapes / sizeof kClusterShapes[0] - 1];
}

hf_status plan_temporal_stream(const PlanInput& input, PlanChoice* choice)
{
    if (input.threads != kStreamThreads) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s) runs %d threads per block (one column pair each), not %d", input.mode,
                    input.variant, kStreamThreads, input.threads);
    }
    const int k = input.requested_sweeps;
    const int target = static_cast<int>(std::min<int64_t>(input.coresident, 1 << 30));
    const StreamGeometry items = plan_stream_geometry(input.n, k, target);
    choice->blocks = input.requested_blocks > 0 ? input.requested_blocks : std::min(items.strips * items.segments, target);
    choice->sweeps_per_exchange = k; /* no note: reports label the row with the variant and k */
    return HF_OK;
}

/* temporal3d: the cube's temporal stream. */
hf_status plan_temporal_stream_3d(const PlanInput& input, PlanChoice* choice)
{
    const int k = input.requested_sweeps;
    const int64_t bytes = stream_3d_shared_bytes(k);
    if (bytes > input.shared_limit) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s) on poisson3d: k = %d needs %lld shared bytes per block (a ring of %d planes), a block may have %lld",
                    input.mode, input.variant, k, static_cast<long long>(bytes), k + 3,
                    static_cast<long long>(input.shared_limit));
    }
    constexpr int64_t kSharedReserved = 1024; /* per block, beside its dynamic shared memory */
    const int64_t by_registers = input.coresident / std::max(input.sm_count, 1);
    const int64_t by_launch_bounds = k <= 4 ? kStream3dBlocksPerSm : 1;
    const int64_t per_sm = std::min({by_registers, by_launch_bounds, input.shared_per_sm / (bytes + kSharedReserved)});
    const int64_t coresident = per_sm * input.sm_count;
    if (coresident < 1 || input.requested_blocks > coresident) {
        return fail(HF_ERR_NOT_CORESIDENT,
                    "%s (%s) on poisson3d: %d blocks requested but at most %lld can be co-resident (%lld blocks per SM x %d "
                    "SMs with %lld dynamic shared bytes each)",
                    input.mode, input.variant, input.requested_blocks, static_cast<long long>(coresident),
                    static_cast<long long>(per_sm), input.sm_count, static_cast<long long>(bytes));
    }
    const int target = static_cast<int>(std::min<int64_t>(coresident, 1 << 30));
    const StreamGeometry3d items = plan_stream_geometry_3d(input.n, k, target);
    choice->blocks = input.requested_blocks > 0 ? input.requested_blocks : std::min(stream_3d_blocks(items), target);
    choice->threads = kStream3dThreads; /* sizes its block, whatever was asked: 16 warps over a tile's rows */
    choice->shared_bytes = bytes;
    choice->sweeps_per_exchange = k; /* no note: reports label the row with the variant and k */
    return HF_OK;
}

hf_status kernel_for_sweeps(const VariantRow& row, int sweeps, int n, const KernelRef** kernel, int* resolved_sweeps)
{
    if (!row.has(HF_TRAIT_TWO_BUFFERS)) {
        *kernel = &row.kernel;
        *resolved_sweeps = sweeps;
        return HF_OK;
    }
    const AutomaticRule* rule = rule_for(row.problem, row.mode, row.name, n);
    const int k = sweeps > 0 ? sweeps : rule != nullptr && rule->sweeps > 0 ? rule->sweeps : default_sweeps(row);
    *kernel = sweeps_kernel(row, k);
    *resolved_sweeps = k;
    if (*kernel == nullptr) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s): sweeps_per_exchange = %d, but it has kernels for %s", row.mode,
                    row.name, k, sweeps_choices(row));
    }
    return HF_OK;
}

hf_status check_size(int n)
{
    if (n < 3 || n > kMaxN) {
        return fail(HF_ERR_INVALID_ARGUMENT, "n = %d is outside 3 .. %d", n, kMaxN);
    }
    return HF_OK;
}

hf_status check_problem(const hf_problem& problem)
{
    if (problem.kind == HF_PROBLEM_POISSON_3D) {
        if (problem.n < 3 || problem.n > kMaxN3D) {
            return fail(HF_ERR_INVALID_ARGUMENT, "n = %d is outside 3 .. %d for poisson3d (n^3 points must fit in an int)",
                        problem.n, kMaxN3D);
        }
    } else if (problem.kind == HF_PROBLEM_POISSON_2D) {
        HF_RETURN_IF_FAILED(check_size(problem.n));
    } else {
        return fail(HF_ERR_INVALID_ARGUMENT,
                    "problem kind %d is not one this library solves (HF_PROBLEM_POISSON_2D = %d, HF_PROBLEM_POISSON_3D = %d)",
                    problem.kind, HF_PROBLEM_POISSON_2D, HF_PROBLEM_POISSON_3D);
    }
    if (!(problem.h2 > 0.0 && problem.h2 <= 1.0)) {
        return fail(HF_ERR_INVALID_ARGUMENT, "h2 = %g is not a spacing squared in (0, 1]", problem.h2);
    }
    return HF_OK;
}

hf_status plan_run(const hf_problem& problem, const hf_run_config& config, hf_plan* plan)
{
    HF_RETURN_IF_FAILED(check_problem(problem));
    return plan_with(config, problem, PlanDevice{&query_row_facts, &check_cluster_fits, &count_active_clusters}, plan);
}

hf_status plan_twin(const hf_problem& problem, const hf_run_config& config, int blocks_per_sm, hf_plan* plan)
{
    HF_RETURN_IF_FAILED(check_problem(problem));
    HF_RETURN_IF_FAILED(check_config(config, problem.n));
    if (is_auto_variant(config.variant)) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_plan_twin: name the variant whose rule the twin follows, not auto");
    }
    if (blocks_per_sm < 1) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_plan_twin: blocks_per_sm = %d; the twin's kernel must fit on a multiprocessor",
                    blocks_per_sm);
    }
    int row_index = -1;
    HF_RETURN_IF_FAILED(resolve_variant(problem.kind, config, &row_index));
    const VariantRow& row = variant_row(row_index);
    DeviceFacts facts{};
    HF_RETURN_IF_FAILED(query_row_facts(row, threads_asked(config, row), &facts));
    facts.blocks_per_sm = blocks_per_sm; /* the twin's own occupancy, not the library kernel's */
    return plan_from_facts(config, problem.n, row_index, facts, plan);
}

hf_status plan_with(const hf_run_config& config, const hf_problem& problem, const PlanDevice& device, hf_plan* plan)
{
    const int n = problem.n;
    HF_RETURN_IF_FAILED(check_config(config, n));
    int row_index = -1;
    HF_RETURN_IF_FAILED(resolve_variant(problem.kind, config, &row_index));
    if (!is_auto_variant(config.variant)) {
        return plan_row(config, n, row_index, device, plan);
    }
    int rows[kMaxAutoCandidates];
    const int count = auto_candidates(problem.kind, config.mode, n, rows);
    for (int candidate = 0; candidate < count; ++candidate) {
        /* auto chooses the block size with the variant where its rule gives one. */
        hf_run_config chosen = config;
        const AutomaticRule* rule = rule_for(problem.kind, config.mode, variant_row(rows[candidate]).name, n);
        if (rule != nullptr && rule->threads > 0) {
            chosen.threads_per_block = rule->threads;
        }
        const hf_status status = plan_row(chosen, n, rows[candidate], device, plan);
        if (status == HF_OK || !another_candidate_may(status)) {
            return status;
        }
    }
    return plan_row(config, n, row_index, device, plan); /* every candidate refused: the mode default's reason */
}

hf_status plan_row(const hf_run_config& config, int n, int row_index, const PlanDevice& device, hf_plan* plan)
{
    const VariantRow& row = variant_row(row_index);
    if (!row.supported()) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s) needs CUDA (clusters or another CUDA-only feature); this is a %s build",
                    row.mode, row.name, HF_RUNTIME_NAME);
    }
    DeviceFacts facts{};
    HF_RETURN_IF_FAILED(device.facts(row, threads_asked(config, row), &facts));
    HF_RETURN_IF_FAILED(plan_from_facts(config, n, row_index, facts, plan));
    if (row.sweeps != nullptr) {
        /* A row with a kernel per k was asked about its row kernel; the k planned may be bounded for
         * fewer blocks per SM (temporal k = 24, 32: one), so it plans again with its kernel's facts. */
        VariantRow planned = row;
        planned.kernel = *sweeps_kernel(row, plan->sweeps_per_exchange);
        DeviceFacts own{};
        HF_RETURN_IF_FAILED(device.facts(planned, threads_asked(config, row), &own));
        if (own.blocks_per_sm != facts.blocks_per_sm) {
            hf_run_config again = config;
            again.sweeps_per_exchange = plan->sweeps_per_exchange;
            HF_RETURN_IF_FAILED(plan_from_facts(again, n, row_index, own, plan));
        }
    }
    HF_RETURN_IF_FAILED(size_by_active_clusters(config, n, row_index, facts, device, plan));
    return device.fits(row, *plan);
}

hf_status size_by_active_clusters(const hf_run_config& config, int n, int row_index, const DeviceFacts& facts,
                                  const PlanDevice& device, hf_plan* plan)
{
    const VariantRow& row = variant_row(row_index);
    if (!row.has(HF_TRAIT_CLUSTER) || plan->blocks <= plan->cluster_size || config.blocks > 0 ||
        device.active_clusters == nullptr) {
        return HF_OK; /* one cluster, blocks asked for, or nobody to ask */
    }
    int active = 0;
    HF_RETURN_IF_FAILED(device.active_clusters(row, *plan, &active));
    if (active < 1 || active * plan->cluster_size >= plan->blocks) {
        return HF_OK; /* fits refuses the first, the second is planned already */
    }
    hf_run_config fewer = config;
    fewer.blocks = active * plan->cluster_size;
    return plan_from_facts(fewer, n, row_index, facts, plan);
}

int threads_asked(const hf_run_config& config, const VariantRow& row)
{
    if (row.default_threads == 0) {
        return 0; /* the row sizes its block */
    }
    return config.threads_per_block > 0 ? config.threads_per_block : row.default_threads;
}

hf_status plan_from_facts(const hf_run_config& config, int n, int row_index, const DeviceFacts& facts, hf_plan* plan)
{
    const VariantRow& row = variant_row(row_index);
    const int asked = threads_asked(config, row);
    if (row.has(HF_TRAIT_COOPERATIVE) && !facts.cooperative) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s): device %d does not support cooperative launch", row.mode, row.name,
                    facts.device);
    }
    const int64_t coresident = static_cast<int64_t>(facts.blocks_per_sm) * facts.sm_count;
    /* A row that blocks in time has a kernel per k; the facts are the planned k's kernel's (plan_row
     * asks again where its launch bounds differ from the row kernel's). */
    const KernelRef* kernel = nullptr;
    int sweeps = 0;
    HF_RETURN_IF_FAILED(kernel_for_sweeps(row, config.sweeps_per_exchange, n, &kernel, &sweeps));
    PlanInput input{n,
                    asked,
                    config.blocks,
                    sweeps,
                    coresident,
                    facts.shared_limit,
                    facts.shared_per_sm,
                    facts.sm_count,
                    row.work_split,
                    row.mode,
                    row.name};
    input.max_cluster_blocks = facts.max_cluster_blocks;
    input.warp_size = facts.warp_size > 0 ? facts.warp_size : 32;
    input.problem = row.problem;
    input.colour_points = colour_points_of(row.problem, n);
    PlanChoice choice;
    HF_RETURN_IF_FAILED(row.planner.plan(input, &choice));
    const int threads = choice.threads > 0 ? choice.threads : asked;
    if (choice.blocks < 1 || (choice.cluster_size <= 1 && choice.blocks > coresident)) {
        return fail(HF_ERR_NOT_CORESIDENT,
                    "%s (%s): %d blocks requested but at most %lld can be co-resident (%d blocks per SM x %d SMs "
                    "at %d threads per block, 0 dynamic shared bytes)",
                    row.mode, row.name, choice.blocks, static_cast<long long>(coresident), facts.blocks_per_sm,
                    facts.sm_count, threads);
    }
    const KernelRef* sized = choice.slots > 0 ? sized_kernel(row, choice.slots, choice.one_warp) : nullptr;
    if (choice.slots > 0 && sized == nullptr) {
        return fail(HF_ERR_RUNTIME, "%s (%s): no kernel for %d points per thread", row.mode, row.name, choice.slots);
    }
    hf_plan planned{};
    planned.problem = row.problem;
    copy_name(planned.mode, row.mode);
    copy_name(planned.variant, row.name);
    copy_name(planned.kernel, sized != nullptr ? sized->name : choice.on_chip ? row.on_chip_kernel.name : kernel->name);
    copy_name(planned.note, choice.note);
    planned.n = n;
    planned.blocks = choice.blocks;
    planned.active_blocks =
        row.work_split == HF_SPLIT_ROW_BANDS ? active_band_count(choice.blocks, n) : choice.blocks;
    planned.threads_per_block = threads;
    planned.cluster_size = choice.cluster_size;
    planned.sweeps_per_exchange = choice.sweeps_per_exchange;
    planned.shared_bytes = choice.shared_bytes;
    planned.blocks_per_sm = facts.blocks_per_sm;
    planned.sm_count = facts.sm_count;
    planned.on_chip = choice.on_chip || choice.slots > 0 ? 1 : 0;
    planned.f_on_chip = choice.f_on_chip ? 1 : 0;
    planned.host_polling = config.host_polling;
    planned.fault = config.fault;
    planned.watchdog_seconds = config.watchdog_seconds > 0 ? config.watchdog_seconds : kDefaultWatchdogSeconds;
    planned.fault_block = config.fault_block;
    planned.device = facts.device;
    HF_RETURN_IF_FAILED(check_fault(row, planned));
    *plan = planned;
    return HF_OK;
}

hf_status check_run(const hf_plan& plan, int iterations)
{
    if (iterations < 0 || iterations > (1 << 29)) {
        return fail(HF_ERR_INVALID_ARGUMENT, "iterations = %d is outside 0 .. 2^29", iterations);
    }
    if (plan.fault != HF_FAULT_NONE && iterations < 1) {
        return fail(HF_ERR_INVALID_ARGUMENT, "fault %d needs at least 1 iteration: nothing would wait for block %d",
                    plan.fault, plan.fault_block);
    }
    return HF_OK;
}

const char* label_of(const hf_plan& plan)
{
    thread_local char label[80];
    std::snprintf(label, sizeof label, "%s (%s)", plan.mode, plan.variant);
    return label;
}

}  // namespace holdfast
