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
#include "device/row_bands.h"
#include "device/stencil.h"

namespace holdfast {
namespace {

/* Shared bytes of a grid held on chip (persistent_on_chip.h): u alone, or u and then f. */
int64_t on_chip_bytes(int n, bool with_f)
{
    return static_cast<int64_t>(n) * n * static_cast<int64_t>(sizeof(double)) * (with_f ? 2 : 1);
}

int64_t useful_blocks(const PlanInput& input)
{
    if (input.work_split == HF_SPLIT_ROW_BANDS) {
        return input.n - 2;
    }
    const int64_t points = points_per_colour(input.n);
    return (points + input.threads - 1) / input.threads;
}

int auto_blocks(const PlanInput& input)
{
    return static_cast<int>(std::max<int64_t>(1, std::min(useful_blocks(input), input.coresident)));
}

/* Today every hook exchanges halos after every half-sweep. */
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

/* For messages: the modes ("persistent-grid, persistent-host, ..."), or one mode's variants. */
std::string known_names(const char* mode)
{
    std::string names;
    for (int index = 0; index < variant_count(); ++index) {
        const VariantRow& row = variant_row(index);
        const bool first_of_its_mode = index == 0 || std::strcmp(variant_row(index - 1).mode, row.mode) != 0;
        const bool listed = mode == nullptr ? first_of_its_mode : std::strcmp(row.mode, mode) == 0;
        if (listed) {
            names += (names.empty() ? "" : ", ") + std::string(mode == nullptr ? row.mode : row.name);
        }
    }
    return names;
}

hf_status check_config(const hf_run_config& config, int n)
{
    if (n < 3 || n > kMaxN) {
        return fail(HF_ERR_INVALID_ARGUMENT, "n = %d is outside 3 .. %d", n, kMaxN);
    }
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

hf_status resolve_variant(const hf_run_config& config, int* row_index)
{
    *row_index = find_variant(config.mode, config.variant);
    if (*row_index >= 0) {
        return HF_OK;
    }
    if (find_variant(config.mode, nullptr) < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "unknown mode '%s' (persistent modes: %s)",
                    config.mode != nullptr ? config.mode : "(null)", known_names(nullptr).c_str());
    }
    return fail(HF_ERR_INVALID_ARGUMENT, "%s has no variant '%s' (variants: %s, or auto)", config.mode, config.variant,
                known_names(config.mode).c_str());
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
    if (plan.fault != HF_FAULT_NEVER_SIGNAL && plan.active_blocks < 2) {
        return fail(HF_ERR_INVALID_ARGUMENT, "fault %d needs 2 blocks with work: nothing would wait for block %d",
                    plan.fault, plan.fault_block);
    }
    return HF_OK;
}

bool is_auto(const char* variant)
{
    return variant == nullptr || variant[0] == '\0' || std::strcmp(variant, "auto") == 0;
}

/* A refusal that is about this candidate only (it does not fit, or does not take the asked k or
 * fault): "auto" goes on to the next. */
bool another_candidate_may(hf_status status)
{
    return status == HF_ERR_UNSUPPORTED || status == HF_ERR_NOT_CORESIDENT || status == HF_ERR_INVALID_ARGUMENT;
}

/* One row on the current device. */
hf_status plan_row(const hf_run_config& config, int n, int row_index, hf_plan* plan)
{
    const VariantRow& row = variant_row(row_index);
    if (!row.supported()) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s) needs CUDA (clusters or another CUDA-only feature); this is a %s build",
                    row.mode, row.name, HF_RUNTIME_NAME);
    }
    const int threads = config.threads_per_block > 0 ? config.threads_per_block : row.default_threads;
    DeviceFacts facts{};
    HF_RETURN_IF_FAILED(query_device_facts(row.kernel.symbol, threads, &facts));
    return plan_from_facts(config, n, row_index, facts, plan);
}

}  // namespace

hf_status plan_spread(const PlanInput& input, PlanChoice* choice)
{
    choice->blocks = input.requested_blocks > 0 ? input.requested_blocks : auto_blocks(input);
    return one_sweep_per_exchange(input, choice);
}

hf_status plan_alone_on_chip(const PlanInput& input, PlanChoice* choice)
{
    const bool small = on_chip_bytes(input.n, true) <= input.shared_limit &&
                       points_per_colour(input.n) <= static_cast<int64_t>(kOnChipPointsPerThread) * input.threads;
    choice->blocks = input.requested_blocks > 0 ? input.requested_blocks : small ? 1 : auto_blocks(input);
    if (choice->blocks == 1 && on_chip_bytes(input.n, false) <= input.shared_limit) {
        choice->on_chip = true;
        choice->f_on_chip = on_chip_bytes(input.n, true) <= input.shared_limit;
        choice->shared_bytes = on_chip_bytes(input.n, choice->f_on_chip);
        choice->note = "on chip";
    }
    return one_sweep_per_exchange(input, choice);
}

hf_status plan_run(const hf_run_config& config, int n, hf_plan* plan)
{
    HF_RETURN_IF_FAILED(check_config(config, n));
    int row_index = -1;
    HF_RETURN_IF_FAILED(resolve_variant(config, &row_index));
    if (!is_auto(config.variant)) {
        return plan_row(config, n, row_index, plan);
    }
    int rows[kMaxAutoCandidates];
    const int count = auto_candidates(config.mode, n, rows);
    for (int candidate = 0; candidate < count; ++candidate) {
        const hf_status status = plan_row(config, n, rows[candidate], plan);
        if (status == HF_OK || !another_candidate_may(status)) {
            return status;
        }
    }
    return plan_row(config, n, rows[0], plan); /* every candidate refused: the preferred one's reason */
}

hf_status plan_from_facts(const hf_run_config& config, int n, int row_index, const DeviceFacts& facts, hf_plan* plan)
{
    const VariantRow& row = variant_row(row_index);
    const int threads = config.threads_per_block > 0 ? config.threads_per_block : row.default_threads;
    if (row.has(HF_TRAIT_COOPERATIVE) && !facts.cooperative) {
        return fail(HF_ERR_UNSUPPORTED, "%s (%s): device %d does not support cooperative launch", row.mode, row.name,
                    facts.device);
    }
    const int64_t coresident = static_cast<int64_t>(facts.blocks_per_sm) * facts.sm_count;
    const PlanInput input{n,
                          threads,
                          config.blocks,
                          config.sweeps_per_exchange,
                          coresident,
                          facts.shared_limit,
                          facts.shared_per_sm,
                          facts.sm_count,
                          row.work_split,
                          row.mode,
                          row.name};
    PlanChoice choice;
    HF_RETURN_IF_FAILED(row.planner.plan(input, &choice));
    if (choice.blocks < 1 || choice.blocks > coresident) {
        return fail(HF_ERR_NOT_CORESIDENT,
                    "%s (%s): %d blocks requested but at most %lld can be co-resident (%d blocks per SM x %d SMs "
                    "at %d threads per block, 0 dynamic shared bytes)",
                    row.mode, row.name, choice.blocks, static_cast<long long>(coresident), facts.blocks_per_sm,
                    facts.sm_count, threads);
    }
    hf_plan planned{};
    copy_name(planned.mode, row.mode);
    copy_name(planned.variant, row.name);
    copy_name(planned.kernel, choice.on_chip ? row.on_chip_kernel.name : row.kernel.name);
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
    planned.on_chip = choice.on_chip ? 1 : 0;
    planned.f_on_chip = choice.f_on_chip ? 1 : 0;
    planned.host_polling = config.host_polling;
    planned.fault = config.fault;
    planned.watchdog_seconds = config.watchdog_seconds > 0 ? config.watchdog_seconds : kDefaultWatchdogSeconds;
    planned.fault_block = config.fault_block;
    planned.device = facts.device;
    planned.variant_index = row_index;
    planned.abi_version = HF_ABI_VERSION;
    HF_RETURN_IF_FAILED(check_fault(row, planned));
    *plan = planned;
    return HF_OK;
}

hf_status check_plan(const hf_plan& plan, const VariantRow** row)
{
    const bool from_here = plan.abi_version == HF_ABI_VERSION && plan.variant_index >= 0 &&
                           plan.variant_index < variant_count();
    const VariantRow* planned = from_here ? &variant_row(plan.variant_index) : nullptr;
    const bool consistent =
        planned != nullptr && std::strcmp(plan.mode, planned->mode) == 0 &&
        std::strcmp(plan.variant, planned->name) == 0 &&
        (std::strcmp(plan.kernel, planned->kernel.name) == 0 ||
         (planned->on_chip_kernel.exists() && std::strcmp(plan.kernel, planned->on_chip_kernel.name) == 0)) &&
        plan.n >= 3 && plan.n <= kMaxN && plan.blocks >= 1 && plan.threads_per_block >= 1 &&
        plan.threads_per_block <= 1024 && plan.active_blocks >= 1 && plan.active_blocks <= plan.blocks &&
        plan.cluster_size >= 1 && plan.sweeps_per_exchange >= 1 && plan.shared_bytes >= 0 &&
        plan.watchdog_seconds > 0 && plan.watchdog_seconds <= kMaxWatchdogSeconds &&
        (plan.host_polling == HF_POLL_BUSY || plan.host_polling == HF_POLL_SLEEP);
    if (!consistent) {
        return fail(HF_ERR_INVALID_ARGUMENT,
                    "the plan is not one hf_plan_run made (or it was changed): pass it back unchanged");
    }
    *row = planned;
    return check_fault(*planned, plan);
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
