/*
 * planner_test: the variant table and the planner, on a pretend H200 (132 SMs, 227 KB of shared
 * memory per block). The planner must make exactly the choices the Java harness made before it
 * owned them (bench's PersistentBlocks and BlockCountRule, and the native on-chip rule), so that
 * timings stay comparable: the expected counts below are those rules, transcribed. No GPU needed.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "auto_rule.h"
#include "hf_errors.h"
#include "hf_gpu.h"
#include "kernels/cluster_layout.h"
#include "planner.h"
/* after hf_gpu.h, which it needs */
#include "device/stream_geometry.h"
#include "device/stream_geometry_3d.h"
#include "variant_table.h"

using namespace holdfast;

namespace {

constexpr int kSmCount = 132;
constexpr int64_t kSharedLimit = 232448; /* 227 KB, the H200's opt-in shared memory per block */
constexpr int64_t kSharedPerSm = 233472; /* 228 KB per multiprocessor */

/* The pretend device; tests change it. */
DeviceFacts device{0, 8, kSmCount, true, kSharedLimit, kSharedPerSm, 16, 32};

int failures = 0;

void expect(bool condition, const std::string& what)
{
    std::printf("%s %s\n", condition ? "PASS" : "FAIL", what.c_str());
    failures += condition ? 0 : 1;
}

std::string last_message()
{
    char message[2048];
    hf_last_error(message, sizeof message);
    return message;
}

/* A refusal: the status, and the message containing `says`. */
void expect_refused(hf_status got, hf_status expected, const std::string& says, const std::string& what)
{
    const std::string message = last_message();
    expect(got == expected && message.find(says) != std::string::npos, what + ": " + message);
}

/* The 2D Poisson problem of n points per side. */
hf_problem poisson(int n)
{
    const double d = 1.0 / (n - 1);
    return hf_problem{HF_PROBLEM_POISSON_2D, n, d * d};
}

hf_run_config config_of(const char* mode, const char* variant, int blocks, int threads)
{
    hf_run_config config{};
    config.mode = mode;
    config.variant = variant;
    config.blocks = blocks;
    config.threads_per_block = threads;
    return config;
}

/* The block count bench chose for the auto rule before the planner owned it: PersistentBlocks'
 * useful blocks, then BlockCountRule.Auto: max(1, min(useful, co-resident)). */
int harness_auto_blocks(const std::string& mode, int n, int threads, int coresident)
{
    const int64_t points = static_cast<int64_t>(n - 2) * ((n - 1) / 2);
    int64_t useful = 0;
    if (mode == "persistent-host") {
        useful = n - 2;
    } else if (2LL * n * n * 8 <= kSharedLimit && points <= 5LL * threads) {
        useful = 1;
    } else {
        useful = mode == "persistent-dataflow" ? n - 2 : (points + threads - 1) / threads;
    }
    return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(useful, coresident)));
}

/* A row's index, by its names (rows may be added between those this test knows). */
int row_of(const char* mode, const char* variant)
{
    const int index = find_variant(HF_PROBLEM_POISSON_2D, mode, variant);
    if (index < 0) {
        std::printf("FAIL no row %s (%s)\n", mode, variant);
        std::exit(EXIT_FAILURE);
    }
    return index;
}

void the_table_names_the_command_lines_variants()
{
    constexpr int k2D = HF_PROBLEM_POISSON_2D;
    constexpr int k3D = HF_PROBLEM_POISSON_3D;
    struct Expected {
        int problem;
        const char* mode;
        const char* name;
    };
    const Expected expected[] = {{k2D, "persistent-grid", "cg"},          {k2D, "persistent-grid", "two-slot"},
                                 {k2D, "persistent-grid", "block"},       {k2D, "persistent-grid", "cluster"},
                                 {k2D, "persistent-grid", "temporal"},    {k2D, "persistent-grid", "temporal-cg"},
                                 {k2D, "persistent-grid", "temporal-3blocks"}, {k2D, "persistent-grid", "temporal-paired"},
                                 {k2D, "persistent-grid", "cluster-bands"},
                                 {k3D, "persistent-grid", "cg"},          {k3D, "persistent-grid", "two-slot"},
                                 {k3D, "persistent-grid", "block"},       {k3D, "persistent-grid", "cluster"},
                                 {k3D, "persistent-grid", "temporal"},
                                 {k2D, "persistent-host", "relay"},       {k2D, "persistent-host", "lockstep"},
                                 {k2D, "persistent-host", "neighbour"},   {k3D, "persistent-host", "relay"},
                                 {k3D, "persistent-host", "lockstep"},    {k3D, "persistent-host", "neighbour"},
                                 {k2D, "persistent-dataflow", "counters"}, {k3D, "persistent-dataflow", "counters"},
                                 {k2D, "persistent-dataflow", "cluster"}, {k2D, "persistent-dataflow", "resident"},
                                 {k3D, "persistent-dataflow", "cluster"}, {k3D, "persistent-dataflow", "resident"}};
    bool names = variant_count() == 26;
    for (int index = 0; names && index < variant_count(); ++index) {
        names = variant_row(index).problem == expected[index].problem &&
                std::strcmp(variant_row(index).mode, expected[index].mode) == 0 &&
                std::strcmp(variant_row(index).name, expected[index].name) == 0;
    }
    expect(names, "the table has cg, two-slot, block, cluster, temporal, temporal-cg, temporal-3blocks, temporal-paired, cluster-bands, the cube's cg, two-slot, block, "
                  "cluster and temporal, relay, lockstep, neighbour, the cube's relay, lockstep and neighbour, counters, the "
                  "cube's counters, cluster, resident, the cube's dataflow cluster and resident in that order");
    expect(find_variant(HF_PROBLEM_POISSON_2D, "persistent-grid", nullptr) == 0 && find_variant(HF_PROBLEM_POISSON_2D, "persistent-grid", "auto") == 0 &&
               find_variant(HF_PROBLEM_POISSON_2D, "persistent-grid", "") == 0 &&
               find_variant(HF_PROBLEM_POISSON_2D, "persistent-host", "auto") == row_of("persistent-host", "relay") &&
               find_variant(HF_PROBLEM_POISSON_2D, "persistent-dataflow", nullptr) == row_of("persistent-dataflow", "counters"),
           "the modes' defaults: cg, relay, counters");
    int defaults_wrong = 0;
    for (int index = 0; index < variant_count(); ++index) {
        const VariantRow& row = variant_row(index);
        int defaults = 0;
        for (int other = 0; other < variant_count(); ++other) {
            const VariantRow& candidate = variant_row(other);
            defaults += candidate.problem == row.problem && std::strcmp(candidate.mode, row.mode) == 0 && candidate.is_default;
        }
        defaults_wrong += defaults == 1 ? 0 : 1;
    }
    expect(defaults_wrong == 0, "every problem and mode with rows has exactly one default row");
    expect(find_variant(HF_PROBLEM_POISSON_2D, "persistent-grid", "lockstep") == -1 && find_variant(HF_PROBLEM_POISSON_2D, "launch", nullptr) == -1 &&
               find_variant(HF_PROBLEM_POISSON_2D, nullptr, nullptr) == -1,
           "a variant of another mode, or an unknown mode, is not found");
    bool kernels = true;
    for (int index = 0; index < variant_count(); ++index) {
        const VariantRow& row = variant_row(index);
        if (row.sized != nullptr || row.has(HF_TRAIT_CLUSTER)) {
            continue; /* on-chip register and cluster kernels: no symbols in the host-only build (on_chip_rows_plan) */
        }
        const KernelRef* found = find_kernel(row.kernel.name);
        kernels = kernels && found != nullptr && found->symbol == row.kernel.symbol;
        kernels = kernels && row.supported() && row.has(HF_TRAIT_COOPERATIVE) && row.default_threads >= 256;
    }
    kernels = kernels && find_kernel("hf_red") != nullptr && find_kernel("hf_black") != nullptr &&
              find_kernel("hf_red_3d") != nullptr && find_kernel("hf_black_3d") != nullptr &&
              find_kernel("hf_empty") != nullptr && find_kernel("persistent_on_chip") != nullptr &&
              find_kernel("persistent_resident") != nullptr && find_kernel("persistent_host_relay") != nullptr &&
              find_kernel("no_such_kernel") == nullptr;
    expect(kernels, "every row's kernel, the on-chip kernel and the standard kernels are found by name");
    const VariantRow& cg = variant_row(row_of("persistent-grid", "cg"));
    const VariantRow& two_slot = variant_row(row_of("persistent-grid", "two-slot"));
    const VariantRow& lockstep = variant_row(row_of("persistent-host", "lockstep"));
    const VariantRow& neighbour = variant_row(row_of("persistent-host", "neighbour"));
    const VariantRow& relay = variant_row(row_of("persistent-host", "relay"));
    const VariantRow& counters = variant_row(row_of("persistent-dataflow", "counters"));
    const VariantRow& resident = variant_row(row_of("persistent-dataflow", "resident"));
    bool every_row_skips = true;
    for (int index = 0; index < variant_count(); ++index) {
        every_row_skips = every_row_skips && variant_row(index).accepts_fault(HF_FAULT_SKIP_HALF_SWEEP);
    }
    expect(every_row_skips && cg.accepts_fault(HF_FAULT_OUTLAST_DEADLINE) &&
               !two_slot.accepts_fault(HF_FAULT_OUTLAST_DEADLINE),
           "every row counts its half-sweeps (accepts skip-half-sweep); cg also outlast-deadline");
    expect(!cg.has(HF_TRAIT_WATCHDOG) && !cg.accepts_fault(HF_FAULT_SKIP_GRID_BARRIER) &&
               !cg.accepts_fault(HF_FAULT_NEVER_PUBLISH) && two_slot.has(HF_TRAIT_WATCHDOG) &&
               two_slot.accepts_fault(HF_FAULT_SKIP_GRID_BARRIER) && !two_slot.accepts_fault(HF_FAULT_NEVER_PUBLISH) &&
               lockstep.accepts_fault(HF_FAULT_NEVER_SIGNAL) && neighbour.accepts_fault(HF_FAULT_NEVER_SIGNAL) &&
               relay.accepts_fault(HF_FAULT_NEVER_SIGNAL) && relay.accepts_fault(HF_FAULT_NEVER_PUBLISH) &&
               counters.accepts_fault(HF_FAULT_NEVER_PUBLISH) && !counters.accepts_fault(HF_FAULT_NEVER_SIGNAL) &&
               resident.accepts_fault(HF_FAULT_NEVER_PUBLISH) && !resident.accepts_fault(HF_FAULT_NEVER_SIGNAL),
           "watchdog traits and accepted faults: cg no wait fault, two-slot skip-barrier, host never-signal (relay also "
           "never-publish), dataflow never-publish");
    expect(lockstep.has(HF_TRAIT_HOST_FLAGS) && neighbour.has(HF_TRAIT_HOST_FLAGS) && relay.has(HF_TRAIT_HOST_FLAGS) &&
               !cg.has(HF_TRAIT_HOST_FLAGS) && !resident.has(HF_TRAIT_HOST_FLAGS) &&
               lockstep.host_order == HostOrder::kLockstep && neighbour.host_order == HostOrder::kNeighbourAware &&
               relay.host_order == HostOrder::kDeviceCombined && cg.work_split == HF_SPLIT_GRID_STRIDE &&
               lockstep.work_split == HF_SPLIT_ROW_BANDS && relay.work_split == HF_SPLIT_GRID_STRIDE &&
               counters.work_split == HF_SPLIT_ROW_BANDS && resident.work_split == HF_SPLIT_ROW_BANDS &&
               !lockstep.on_chip_kernel.exists() && !resident.on_chip_kernel.exists() && cg.on_chip_kernel.exists() &&
               counters.on_chip_kernel.exists(),
           "host flags, host order, work split and on-chip kernels per row");
    expect(resident.mailbox_lines != nullptr && counters.mailbox_lines == nullptr && relay.mailbox_lines == nullptr,
           "only the resident kernel has an LL mailbox");
}

/* Auto block counts equal the harness's old rule for every variant, size and block size. */
void auto_blocks_are_todays()
{
    int mismatches = 0;
    int cases = 0;
    for (int blocks_per_sm : {8, 4, 1}) {
        device.blocks_per_sm = blocks_per_sm;
        for (int index = 0; index < variant_count(); ++index) {
            const VariantRow& row = variant_row(index);
            const std::string planner = row.planner.name;
            const bool the_old_rule = std::strcmp(row.name, "relay") != 0 &&
                                      (planner == "plan_spread" || planner == "plan_alone_on_chip");
            if (!the_old_rule || row.problem != HF_PROBLEM_POISSON_2D) {
                continue; /* the relay, the resident kernel, the on-chip register variants, temporal, the cube's rows: their own tests */
            }
            for (int n : {3, 4, 5, 11, 12, 33, 34, 57, 64, 65, 101, 161, 170, 171, 257, 1001, 4097, 10001, 46340}) {
                for (int threads : {32, 64, 128, 256, 1024}) {
                    hf_run_config config = config_of(row.mode, row.name, 0, threads);
                    hf_plan plan{};
                    const hf_status status = plan_from_facts(config, n, index, device, &plan);
                    const int expected = harness_auto_blocks(row.mode, n, threads, blocks_per_sm * kSmCount);
                    ++cases;
                    if (status != HF_OK || plan.blocks != expected) {
                        ++mismatches;
                        std::printf("     %s (%s) n=%d threads=%d: %d blocks, expected %d (%s)\n", row.mode, row.name, n,
                                    threads, plan.blocks, expected, last_message().c_str());
                    }
                }
            }
        }
    }
    device.blocks_per_sm = 8;
    expect(mismatches == 0, "auto blocks equal the harness's rule in all " + std::to_string(cases) + " cases");
}

hf_plan plan_of(const char* mode, const char* variant, int blocks, int n, hf_status* status)
{
    hf_run_config config = config_of(mode, variant, blocks, 256);
    hf_plan plan{};
    *status = plan_from_facts(config, n, find_variant(HF_PROBLEM_POISSON_2D, mode, variant), device, &plan);
    return plan;
}

std::string describe(const hf_plan& plan)
{
    return std::string(plan.mode) + " (" + plan.variant + ") n=" + std::to_string(plan.n) + ": " +
           std::to_string(plan.blocks) + " blocks, " + std::to_string(plan.active_blocks) + " active, kernel " +
           plan.kernel + ", shared " + std::to_string(plan.shared_bytes) + (plan.on_chip ? ", on chip" : "") +
           (plan.f_on_chip ? " with f" : "");
}

void on_chip_choices_are_todays()
{
    hf_status status = HF_OK;
    hf_plan plan = plan_of("persistent-grid", "auto", 0, 11, &status);
    expect(status == HF_OK && plan.blocks == 1 && plan.on_chip && plan.f_on_chip && plan.shared_bytes == 2 * 11 * 11 * 8 &&
               std::strcmp(plan.kernel, "persistent_on_chip") == 0 && std::strcmp(plan.note, "on chip") == 0 &&
               std::strcmp(plan.variant, "cg") == 0,
           "N = 11, auto: one block, u and f on chip: " + describe(plan));
    plan = plan_of("persistent-dataflow", nullptr, 0, 33, &status);
    expect(status == HF_OK && plan.blocks == 1 && plan.on_chip && std::strcmp(plan.variant, "counters") == 0,
           "N = 33, auto: one block on chip (2 points per thread): " + describe(plan));
    plan = plan_of("persistent-grid", "two-slot", 0, 101, &status);
    expect(status == HF_OK && plan.blocks == 20 && !plan.on_chip && plan.shared_bytes == 0 &&
               std::strcmp(plan.kernel, "persistent_grid_two_slot") == 0,
           "N = 101, auto: grid-stride blocks, one thread per point: " + describe(plan));
    plan = plan_of("persistent-dataflow", "counters", 0, 101, &status);
    expect(status == HF_OK && plan.blocks == 99 && plan.active_blocks == 99 && !plan.on_chip,
           "N = 101, auto: one band of one row per block: " + describe(plan));
    plan = plan_of("persistent-grid", "two-slot", 1, 101, &status);
    expect(status == HF_OK && plan.on_chip && plan.f_on_chip && plan.shared_bytes == 2 * 101 * 101 * 8,
           "N = 101, 1 block asked: on chip with f: " + describe(plan));
    plan = plan_of("persistent-dataflow", "counters", 1, 161, &status);
    expect(status == HF_OK && plan.on_chip && !plan.f_on_chip && plan.shared_bytes == 161 * 161 * 8,
           "N = 161, 1 block asked: u on chip, f not: " + describe(plan));
    plan = plan_of("persistent-grid", "cg", 1, 171, &status);
    expect(status == HF_OK && !plan.on_chip && plan.shared_bytes == 0 &&
               std::strcmp(plan.kernel, "persistent_grid_cooperative_groups") == 0,
           "N = 171, 1 block asked: u does not fit, global memory: " + describe(plan));
    plan = plan_of("persistent-host", "lockstep", 1, 11, &status);
    expect(status == HF_OK && !plan.on_chip && std::strcmp(plan.kernel, "persistent_host") == 0,
           "host flags never run on chip: " + describe(plan));
    plan = plan_of("persistent-host", "neighbour", 0, 1001, &status);
    expect(status == HF_OK && plan.blocks == 999 && std::strcmp(plan.variant, "neighbour") == 0,
           "N = 1001, host neighbour: one row per block: " + describe(plan));
    plan = plan_of("persistent-grid", nullptr, 0, 1001, &status);
    expect(status == HF_OK && plan.blocks == 8 * kSmCount, "N = 1001, grid's default row (no variant named): every co-resident block: " + describe(plan));
    plan = plan_of("persistent-dataflow", nullptr, 7, 4, &status);
    expect(status == HF_OK && plan.blocks == 7 && plan.active_blocks == 2,
           "row bands: blocks beyond the interior rows have no work: " + describe(plan));
    plan = plan_of("persistent-grid", "two-slot", 7, 4, &status);
    expect(status == HF_OK && plan.active_blocks == 7, "grid stride: every block is active: " + describe(plan));
    expect(plan.watchdog_seconds == kDefaultWatchdogSeconds && plan.sweeps_per_exchange == 1 && plan.cluster_size == 1 &&
               plan.blocks_per_sm == 8 && plan.sm_count == kSmCount,
           "defaults: 10 s watchdog, one sweep per exchange, no clusters, the device's occupancy");
}

void refusals_name_the_problem()
{
    hf_status status = HF_OK;
    const int maximum = 8 * kSmCount;
    plan_of("persistent-grid", "two-slot", maximum + 1, 11, &status);
    const std::string message = last_message();
    expect(status == HF_ERR_NOT_CORESIDENT && message.find(std::to_string(maximum + 1)) != std::string::npos &&
               message.find(std::to_string(maximum)) != std::string::npos,
           "beyond co-residency: " + message);
    plan_of("persistent-grid", "two-slot", maximum, 11, &status);
    expect(status == HF_OK, "exactly the co-resident maximum is planned");

    device.cooperative = false;
    plan_of("persistent-dataflow", nullptr, 0, 11, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "does not support cooperative launch", "no cooperative launch");
    device.cooperative = true;

    struct Refusal {
        hf_run_config config;
        int n;
        hf_status status;
        const char* says;
    };
    const Refusal refusals[] = {
        {config_of("persistent-grid", nullptr, 0, 0), 2, HF_ERR_INVALID_ARGUMENT, "n = 2"},
        {config_of("persistent-grid", nullptr, 0, 0), 46341, HF_ERR_INVALID_ARGUMENT, "n = 46341"},
        {config_of("persistent-mesh", nullptr, 0, 0), 11, HF_ERR_INVALID_ARGUMENT,
         "unknown mode 'persistent-mesh' (persistent modes: persistent-grid, persistent-host, persistent-dataflow)"},
        {config_of("persistent-grid", "lockstep", 0, 0), 11, HF_ERR_INVALID_ARGUMENT,
         "persistent-grid has no variant 'lockstep' (variants: cg, two-slot, block, cluster, temporal, temporal-cg, temporal-3blocks, temporal-paired, cluster-bands, or auto)"},
        {config_of("persistent-grid", nullptr, -1, 0), 11, HF_ERR_INVALID_ARGUMENT, "blocks = -1"},
        {config_of("persistent-grid", nullptr, 0, 1025), 11, HF_ERR_INVALID_ARGUMENT, "threads_per_block = 1025"},
    };
    for (const Refusal& refusal : refusals) {
        hf_plan plan{};
        expect_refused(plan_run(poisson(refusal.n), refusal.config, &plan), refusal.status, refusal.says,
                       "refused before the device");
    }
    hf_run_config config = config_of("persistent-host", "lockstep", 0, 0);
    config.host_polling = 2;
    hf_plan plan{};
    expect_refused(plan_run(poisson(11), config, &plan), HF_ERR_INVALID_ARGUMENT, "host_polling = 2", "host polling 2");
    config = config_of("persistent-grid", "cg", 0, 0);
    config.sweeps_per_exchange = 2;
    expect_refused(plan_from_facts(config, 11, 0, device, &plan), HF_ERR_UNSUPPORTED, "sweeps_per_exchange = 2",
                   "two sweeps per exchange");
    config.sweeps_per_exchange = 1;
    expect(plan_from_facts(config, 11, 0, device, &plan) == HF_OK && plan.sweeps_per_exchange == 1,
           "one sweep per exchange asked for: planned");
}

void faults_must_fit()
{
    hf_run_config config = config_of("persistent-dataflow", nullptr, 7, 0);
    config.fault = HF_FAULT_SKIP_GRID_BARRIER;
    hf_plan plan{};
    const int counters = row_of("persistent-dataflow", "counters");
    expect_refused(plan_from_facts(config, 33, counters, device, &plan), HF_ERR_INVALID_ARGUMENT,
                   "fault 1 does not apply to persistent-dataflow (counters)", "a fault of another variant");
    config.fault = HF_FAULT_NEVER_PUBLISH;
    config.fault_block = 7;
    expect_refused(plan_from_facts(config, 33, counters, device, &plan), HF_ERR_INVALID_ARGUMENT, "blocks 0 .. 6 with work",
                   "a fault block without work");
    config.fault_block = 0;
    config.blocks = 1;
    expect_refused(plan_from_facts(config, 33, counters, device, &plan), HF_ERR_INVALID_ARGUMENT, "needs 2 blocks with work",
                   "a fault nobody would wait for");
    config.blocks = 7;
    expect(plan_from_facts(config, 33, counters, device, &plan) == HF_OK && check_run(plan, 10) == HF_OK,
           "dataflow never-publish on block 0 of 7: planned");
    expect_refused(check_run(plan, 0), HF_ERR_INVALID_ARGUMENT, "at least 1 iteration", "a fault needs an iteration");
    config = config_of("persistent-grid", "cg", 7, 0);
    config.fault = HF_FAULT_SKIP_GRID_BARRIER;
    expect_refused(plan_from_facts(config, 33, 0, device, &plan), HF_ERR_INVALID_ARGUMENT, "does not apply",
                   "cg takes no fault (grid.sync() cannot time out)");
}

hf_plan resident_plan(int n, int blocks, int threads, int sweeps, hf_status* status)
{
    hf_run_config config = config_of("persistent-dataflow", "resident", blocks, threads);
    config.sweeps_per_exchange = sweeps;
    hf_plan plan{};
    *status = plan_from_facts(config, n, row_of("persistent-dataflow", "resident"), device, &plan);
    return plan;
}

/* Row pairs (both colours) of n in shared memory, in bytes. */
int64_t row_pair_bytes(int n) { return 2LL * (((n + 1) / 2 + 1) / 2 * 2) * 8; }

void resident_plans_fit_the_shared_memory()
{
    hf_status status = HF_OK;
    hf_plan plan = resident_plan(1001, 0, 512, 0, &status);
    /* 999 rows on 132 bands: 8 at most, 7 at least; k = 3: 8 + 6 rows of u, 8 + 4 of h2 f. */
    expect(status == HF_OK && plan.blocks == kSmCount && plan.active_blocks == kSmCount &&
               plan.sweeps_per_exchange == 3 && plan.f_on_chip && !plan.on_chip &&
               plan.shared_bytes == (14 + 12) * row_pair_bytes(1001) && std::string(plan.note) == "k = 3, f on chip" &&
               resident_mailbox_lines_of(plan) == 132LL * 4 * 3 * 502,
           "N = 1001: one band per SM, k = 3 from the auto rule, f on chip: " + describe(plan) + ", " + plan.note);
    plan = resident_plan(1001, 2 * kSmCount, 512, 0, &status);
    expect(status == HF_OK && plan.sweeps_per_exchange == 2 && plan.f_on_chip &&
               2 * (plan.shared_bytes + 1024) <= kSharedPerSm,
           "N = 1001 on 264 blocks: k = 2 keeps two blocks per SM with f on chip: " + describe(plan));
    plan = resident_plan(1816, 0, 512, 0, &status);
    expect(status == HF_OK && plan.sweeps_per_exchange == 1 && !plan.f_on_chip && plan.shared_bytes <= kSharedLimit,
           "N = 1816: the largest band that fits, k = 1, f in global memory: " + describe(plan));
    plan = resident_plan(1817, 0, 512, 0, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "n = 1817 on 132 blocks needs 227 KiB", "N = 1817 does not fit");
    plan = resident_plan(1320, 0, 512, 0, &status);
    expect(status == HF_OK && plan.f_on_chip && plan.sweeps_per_exchange == 1,
           "N = 1320: f on chip before a larger k: " + describe(plan));
    plan = resident_plan(1001, kSmCount, 512, 8, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "sweeps_per_exchange = 8 needs bands of at least 8 rows",
                   "k beyond the smallest band of the blocks asked for");
    plan = resident_plan(1001, 0, 512, 8, &status);
    expect(status == HF_OK ? plan.blocks == 999 / 8 && plan.sweeps_per_exchange == 8 : status == HF_ERR_UNSUPPORTED,
           "k = 8 with blocks = 0: few enough blocks for bands of 8 rows: " + describe(plan));
    plan = resident_plan(101, 0, 512, 2, &status);
    expect(status == HF_OK && plan.blocks == 49 && plan.sweeps_per_exchange == 2,
           "N = 101, k = 2, blocks = 0: 49 bands of at least 2 rows, not 99 of one: " + describe(plan));
    plan = resident_plan(1001, 0, 512, 7, &status);
    expect(status == HF_OK && plan.sweeps_per_exchange == 7 && !plan.f_on_chip,
           "k = 7 asked: planned, f in global memory where it no longer fits: " + describe(plan));
    plan = resident_plan(33, 40, 512, 0, &status);
    expect(status == HF_OK && plan.blocks == 40 && plan.active_blocks == 31 && plan.sweeps_per_exchange == 1,
           "N = 33 on 40 blocks: 31 bands of one row, k = 1: " + describe(plan));
    plan = resident_plan(5, 0, 512, 0, &status);
    expect(status == HF_OK && plan.blocks == 3 && plan.active_blocks == 3, "N = 5: one block per row: " + describe(plan));
    plan = resident_plan(1816, 2 * kSmCount, 512, 1, &status);
    expect_refused(status, HF_ERR_NOT_CORESIDENT, "264 blocks of 127 KiB of shared memory cannot be co-resident",
                   "N = 1816: two bands of 7 rows per SM do not fit");
}

hf_plan cluster_bands_plan(int n, int blocks, int sweeps, hf_status* status)
{
    hf_run_config config = config_of("persistent-grid", "cluster-bands", blocks, 512);
    config.sweeps_per_exchange = sweeps;
    hf_plan plan{};
    *status = plan_from_facts(config, n, row_of("persistent-grid", "cluster-bands"), device, &plan);
    return plan;
}

/* A pretend H200 whose GPCs hold only 7 clusters of 16 blocks of one block per SM. */
hf_status seven_clusters_of_16(const VariantRow&, const hf_plan& plan, int* clusters)
{
    *clusters = plan.cluster_size == 16 ? 7 : kSmCount / plan.cluster_size;
    return HF_OK;
}

/* persistent-grid cluster-bands: 8 clusters of 16 (128 of the 132 SMs) each block a band, k = 3
 * lowered to what fits beside the inbox, fewer and narrower clusters for few rows, refusals. */
void cluster_bands_plans()
{
    const int row = row_of("persistent-grid", "cluster-bands");
    const VariantRow& bands = variant_row(row);
    expect(row >= 0 && bands.has(HF_TRAIT_CLUSTER) && bands.has(HF_TRAIT_WATCHDOG) && bands.has(HF_TRAIT_SWEEPS) &&
               !bands.has(HF_TRAIT_COOPERATIVE) && !bands.is_default && bands.accepts_fault(HF_FAULT_NEVER_PUBLISH) &&
               bands.mailbox_lines != nullptr && bands.work_split == HF_SPLIT_ROW_BANDS &&
               std::strcmp(bands.kernel.name, "persistent_cluster_bands") == 0,
           "cluster-bands: a cluster row with a watchdog, k, never-publish, an LL mailbox, row bands");
    hf_status status = HF_OK;
    hf_plan plan = cluster_bands_plan(1001, 0, 0, &status);
    /* 999 rows on 128 bands: 8 at most; k = 2: 8 + 4 rows of u, 8 + 2 of h2 f, 4 half rows of inbox. */
    expect(status == HF_OK && plan.blocks == 128 && plan.active_blocks == 128 && plan.cluster_size == 16 &&
               plan.sweeps_per_exchange == 2 && plan.f_on_chip && plan.shared_bytes == (12 + 10 + 4) * row_pair_bytes(1001) &&
               std::string(plan.note) == "8 clusters of 16, k = 2, f on chip" &&
               resident_mailbox_lines_of(plan) == 128LL * 4 * 2 * 502,
           "N = 1001: 8 clusters of 16, k = 2 (3 does not fit with the inbox), f on chip: " + describe(plan) + ", " +
               plan.note);
    plan = cluster_bands_plan(513, 0, 0, &status);
    expect(status == HF_OK && plan.blocks == 128 && plan.cluster_size == 16 && plan.sweeps_per_exchange == 3 &&
               plan.f_on_chip,
           "N = 513: 8 clusters of 16, k = 3, f on chip: " + describe(plan) + ", " + plan.note);
    plan = cluster_bands_plan(129, 0, 0, &status);
    expect(status == HF_OK && plan.blocks == 112 && plan.cluster_size == 16 && plan.sweeps_per_exchange == 1,
           "N = 129: 7 clusters of 16 (127 rows), k = 1: " + describe(plan) + ", " + plan.note);
    plan = cluster_bands_plan(257, 0, 2, &status);
    expect(status == HF_OK && plan.blocks == 112 && plan.sweeps_per_exchange == 2,
           "N = 257, k = 2 asked: 7 clusters of 16, bands of at least 2 rows: " + describe(plan));
    plan = cluster_bands_plan(20, 0, 0, &status);
    expect(status == HF_OK && plan.blocks == 16 && plan.cluster_size == 16,
           "N = 20: one cluster of 16, a row each: " + describe(plan) + ", " + plan.note);
    plan = cluster_bands_plan(12, 0, 2, &status);
    expect(status == HF_OK && plan.blocks == 4 && plan.cluster_size == 4 && plan.sweeps_per_exchange == 2,
           "N = 12, k = 2: one cluster of 4: " + describe(plan) + ", " + plan.note);
    plan = cluster_bands_plan(1001, 120, 0, &status);
    expect(status == HF_OK && plan.blocks == 120 && plan.cluster_size == 8,
           "120 blocks asked: 15 clusters of 8: " + describe(plan) + ", " + plan.note);
    plan = cluster_bands_plan(1001, 129, 0, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "whole clusters of 2 .. 16", "an odd block count");
    plan = cluster_bands_plan(3, 0, 0, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "n = 3 has 1 interior rows", "N = 3: no two bands");
    plan = cluster_bands_plan(2001, 0, 0, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "n = 2001 on 128 blocks needs", "N = 2001: a band does not fit");
    plan = cluster_bands_plan(1001, 0, 9, &status);
    expect(status != HF_OK, "k = 9 at N = 1001 is refused (bands of 7 or 8 rows)");
    DeviceFacts saved = device;
    device.max_cluster_blocks = 0;
    plan = cluster_bands_plan(1001, 0, 0, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "cannot launch thread-block clusters", "no clusters on the device");
    device = saved;
    const PlanDevice seven{&query_row_facts, &check_cluster_fits, &seven_clusters_of_16};
    hf_run_config config = config_of("persistent-grid", "cluster-bands", 0, 512);
    status = plan_with(config, poisson(1001), seven, &plan);
    expect(status == HF_OK && plan.blocks == 112 && plan.cluster_size == 16,
           "7 clusters of 16 co-resident: the grid is sized by them: " + describe(plan) + ", " + plan.note);
    config.blocks = 128;
    status = plan_with(config, poisson(1001), seven, &plan);
    expect(status == HF_OK && plan.blocks == 128, "128 blocks asked: not resized (fits has the last word): " +
                                                      describe(plan));
}

void the_auto_rule_picks_by_size()
{
    int rows[kMaxAutoCandidates];
    const int resident = row_of("persistent-dataflow", "resident");
    const int counters = row_of("persistent-dataflow", "counters");
    const int cluster = row_of("persistent-dataflow", "cluster");
    expect(auto_candidates(HF_PROBLEM_POISSON_2D, "persistent-dataflow", 12, rows) == 3 && rows[0] == counters && rows[1] == cluster &&
               rows[2] == resident,
           "dataflow at N = 12: the counters (one block on chip), then the cluster, then resident");
    expect(auto_candidates(HF_PROBLEM_POISSON_2D, "persistent-dataflow", 33, rows) == 3 && rows[0] == cluster && rows[1] == counters &&
               rows[2] == resident,
           "dataflow at N = 33: the cluster, then the counters (the default), then resident (which takes k > 1)");
    expect(auto_candidates(HF_PROBLEM_POISSON_2D, "persistent-dataflow", 1001, rows) == 3 && rows[0] == cluster && rows[1] == resident &&
               rows[2] == counters,
           "dataflow at N = 1001: the cluster where it fits, resident, then the counters where neither fits");
    expect(auto_candidates(HF_PROBLEM_POISSON_2D, "persistent-host", 11, rows) == 3 && rows[0] == row_of("persistent-host", "relay") &&
               rows[1] == row_of("persistent-host", "lockstep") && rows[2] == row_of("persistent-host", "neighbour"),
           "host: the relay, then the per-block schedules");
    expect(auto_candidates(HF_PROBLEM_POISSON_2D, "persistent-grid", 1001, rows) == 9 && rows[0] == row_of("persistent-grid", "cluster") &&
               rows[1] == row_of("persistent-grid", "temporal") && rows[2] == row_of("persistent-grid", "cg") &&
               rows[3] == row_of("persistent-grid", "two-slot") && rows[4] == row_of("persistent-grid", "block") &&
               rows[5] == row_of("persistent-grid", "temporal-cg") && rows[6] == row_of("persistent-grid", "temporal-3blocks") &&
               rows[7] == row_of("persistent-grid", "temporal-paired") && rows[8] == row_of("persistent-grid", "cluster-bands"),
           "grid at N = 1001: the cluster where it fits, temporal, its default, then the others in table order");
    expect(auto_candidates(HF_PROBLEM_POISSON_2D, "persistent-grid", 101, rows) == 9 && rows[0] == row_of("persistent-grid", "cluster") &&
               rows[1] == row_of("persistent-grid", "cg") && rows[4] == row_of("persistent-grid", "temporal"),
           "grid at N = 101: the cluster, then its default (temporal's rule starts where the cluster stops)");
    expect(auto_candidates(HF_PROBLEM_POISSON_2D, "persistent-mesh", 11, rows) == 0, "an unknown mode has no candidate");
    expect(auto_sweeps_per_exchange(HF_PROBLEM_POISSON_2D, "persistent-dataflow", "resident", 1001) == 3 &&
               auto_sweeps_per_exchange(HF_PROBLEM_POISSON_2D, "persistent-dataflow", "counters", 1001) == 1,
           "k = 3 for resident at N = 1001, 1 for the rest");
    hf_status status = HF_OK;
    hf_run_config config = config_of("persistent-host", "relay", 0, 1024);
    hf_plan plan{};
    status = plan_from_facts(config, 1001, row_of("persistent-host", "relay"), device, &plan);
    expect(status == HF_OK && plan.blocks == 488 && plan.active_blocks == 488 && plan.threads_per_block == 1024,
           "relay at N = 1001, 1024 threads: one thread per point, grid stride: " + describe(plan));
}

/* Every rule names a variant of its mode, a k that variant has a kernel for, and a block size a
 * kernel may have; the ranges are within the planner's sizes. */
void every_rule_is_plannable()
{
    int count = 0;
    const AutomaticRule* rules = automatic_rules(&count);
    int sound = 0;
    for (int r = 0; r < count; ++r) {
        const AutomaticRule& rule = rules[r];
        const int row = find_variant(rule.problem, rule.mode, rule.variant);
        const KernelRef* kernel = nullptr;
        int k = 0;
        const bool ok = row >= 0 && rule.smallest_n >= 3 && rule.smallest_n <= rule.largest_n &&
                        (rule.sweeps == 0 || kernel_for_sweeps(variant_row(row), rule.sweeps, rule.smallest_n, &kernel,
                                                               &k) == HF_OK ||
                         !variant_row(row).has(HF_TRAIT_TWO_BUFFERS)) &&
                        (rule.threads == 0 || (rule.threads >= 32 && rule.threads <= 1024 && rule.threads % 32 == 0));
        sound += ok ? 1 : 0;
        if (!ok) {
            std::printf("     rule %d (%s %s, N %d .. %d, k %d, threads %d) is not plannable\n", r, rule.mode, rule.variant,
                        rule.smallest_n, rule.largest_n, rule.sweeps, rule.threads);
        }
    }
    expect(count > 0 && sound == count, "every auto rule names a variant, a k with a kernel and a block size: " +
                                            std::to_string(sound) + " of " + std::to_string(count));
}

/* The cube's rows: every mode's kernels built for the cube (_3d); cg, two-slot and counters hold the
 * cube in one block's shared memory while it is small (u and f to N = 24, u alone to N = 30) and
 * spread beyond, one thread per point of a colour ((n - 2)^2 lines of (n - 1) / 2) or one band of
 * planes per block; block keeps it in registers up to 4096 points of a colour (N = 22); auto runs
 * by the cube's rule (auto_rule.cpp); a variant of the square only is refused in one line naming those
 * that solve the cube. */
hf_problem cube(int n)
{
    const double d = 1.0 / (n - 1);
    return hf_problem{HF_PROBLEM_POISSON_3D, n, d * d};
}

hf_plan plan_cube(const char* mode, const char* variant, int blocks, int n, hf_status* status)
{
    const PlanDevice pretend{&query_row_facts, &check_cluster_fits};
    hf_plan plan{};
    *status = plan_with(config_of(mode, variant, blocks, 256), cube(n), pretend, &plan);
    return plan;
}

/* The cube's kernels are named ..._3d or ..._3d_p<slots>. */
bool names_the_cube(const char* kernel) { return std::string(kernel).find("_3d") != std::string::npos; }

void the_cubes_rows_plan()
{
    const int cg3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-grid", "cg");
    const int two_slot3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-grid", "two-slot");
    const int block3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-grid", "block");
    const int counters3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-dataflow", "counters");
    const int relay3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-host", "relay");
    expect(cg3 >= 0 && two_slot3 >= 0 && block3 >= 0 && counters3 >= 0 && relay3 >= 0 &&
               cg3 != row_of("persistent-grid", "cg") && find_variant(HF_PROBLEM_POISSON_3D, "persistent-grid", nullptr) == cg3 &&
               find_variant(HF_PROBLEM_POISSON_3D, "persistent-host", nullptr) == relay3 &&
               find_variant(HF_PROBLEM_POISSON_3D, "persistent-dataflow", nullptr) == counters3,
           "the cube's rows are found by (problem, mode, variant); its defaults are cg, relay and counters");
    bool rows_match = true;
    for (int index = 0; index < variant_count(); ++index) {
        const VariantRow& row = variant_row(index);
        if (row.problem != HF_PROBLEM_POISSON_3D || std::strcmp(row.name, "temporal") == 0) {
            continue; /* the cube's temporal pass is its own design: its planner, 512 threads (temporal_plans) */
        }
        /* The cube's row mirrors the square's of the same names: traits, faults, split, planner, host order. */
        const VariantRow& square = variant_row(row_of(row.mode, row.name));
        const bool mirrors = row.traits == square.traits && row.faults == square.faults &&
                             row.work_split == square.work_split && row.default_threads == square.default_threads &&
                             std::strcmp(row.planner.name, square.planner.name) == 0 && row.host_order == square.host_order &&
                             row.on_chip_kernel.exists() == square.on_chip_kernel.exists() &&
                             (row.sized != nullptr) == (square.sized != nullptr) && names_the_cube(row.kernel.name) &&
                             (!row.on_chip_kernel.exists() || std::strcmp(row.on_chip_kernel.name, "persistent_on_chip_3d") == 0) &&
                             (row.sized != nullptr || find_kernel(row.kernel.name) != nullptr);
        if (!mirrors) {
            std::printf("     the cube's %s (%s) differs from the square's\n", row.mode, row.name);
        }
        rows_match = rows_match && mirrors;
    }
    expect(rows_match, "each of the cube's rows has the square's traits, faults, split, planner and host order, its "
                       "own _3d kernels (persistent_on_chip_3d on chip)");

    /* cg, two-slot and counters at their own block count: one block on chip while small, else spread. */
    int mismatches = 0;
    for (int n : {3, 4, 5, 8, 11, 12, 16, 17, 24, 25, 33, 64, 101, 257, 1290}) {
        for (const char* variant : {"cg", "two-slot", "counters"}) {
            const bool dataflow = std::strcmp(variant, "counters") == 0;
            hf_status status = HF_OK;
            const hf_plan plan = plan_cube(dataflow ? "persistent-dataflow" : "persistent-grid", variant, 0, n, &status);
            const int64_t cells = static_cast<int64_t>(n) * n * n;
            const int64_t points = static_cast<int64_t>(n - 2) * (n - 2) * ((n - 1) / 2);
            const bool small = 2 * cells * 8 <= kSharedLimit && points <= 5 * 256;
            const int64_t spread = dataflow ? n - 2 : (points + 255) / 256;
            const int64_t expected = small ? 1 : std::max<int64_t>(1, std::min<int64_t>(spread, 8 * kSmCount));
            const bool ok = status == HF_OK && plan.blocks == expected &&
                            plan.active_blocks == (dataflow ? std::min<int64_t>(expected, n - 2) : expected) &&
                            plan.problem == HF_PROBLEM_POISSON_3D && (plan.on_chip != 0) == small &&
                            (plan.f_on_chip != 0) == small && plan.shared_bytes == (small ? 2 * cells * 8 : 0) &&
                            std::strcmp(plan.variant, variant) == 0 && names_the_cube(plan.kernel) &&
                            (!small || std::strcmp(plan.kernel, "persistent_on_chip_3d") == 0);
            mismatches += ok ? 0 : 1;
            if (!ok) {
                std::printf("     cube n=%d %s: %s, expected %lld blocks%s (%s)\n", n, variant, describe(plan).c_str(),
                            static_cast<long long>(expected), small ? " on chip" : "", last_message().c_str());
            }
        }
    }
    expect(mismatches == 0, "the cube's cg, two-slot and counters: one block on chip (u and f) while small, else one "
                            "thread per point of a colour or one band of planes per block, at most the co-resident "
                            "blocks, the _3d kernels");
    hf_status status = HF_OK;
    hf_plan plan = plan_cube("persistent-grid", "cg", 1, 24, &status);
    expect(status == HF_OK && plan.on_chip && plan.f_on_chip && plan.shared_bytes == 2 * 24 * 24 * 24 * 8,
           "the cube, N = 24, 1 block asked: u and f on chip: " + describe(plan));
    plan = plan_cube("persistent-dataflow", "counters", 1, 25, &status);
    expect(status == HF_OK && plan.on_chip && !plan.f_on_chip && plan.shared_bytes == 25 * 25 * 25 * 8,
           "the cube, N = 25, 1 block asked: u on chip, f not: " + describe(plan));
    plan = plan_cube("persistent-grid", "two-slot", 1, 30, &status);
    expect(status == HF_OK && plan.on_chip && !plan.f_on_chip && plan.shared_bytes == 30 * 30 * 30 * 8 &&
               std::strcmp(plan.kernel, "persistent_on_chip_3d") == 0,
           "the cube, N = 30, 1 block asked: u on chip: " + describe(plan));
    plan = plan_cube("persistent-grid", "cg", 1, 31, &status);
    expect(status == HF_OK && !plan.on_chip && plan.shared_bytes == 0 &&
               std::strcmp(plan.kernel, "persistent_grid_cooperative_groups_3d") == 0,
           "the cube, N = 31, 1 block asked: u does not fit, one grid-stride block: " + describe(plan));
    plan = plan_cube("persistent-grid", "two-slot", 7, 33, &status);
    expect(status == HF_OK && plan.blocks == 7 && plan.active_blocks == 7, "the cube, 7 blocks asked: " + describe(plan));
    plan = plan_cube("persistent-dataflow", "counters", 100, 33, &status);
    expect(status == HF_OK && plan.blocks == 100 && plan.active_blocks == 31 &&
               std::strcmp(plan.kernel, "persistent_dataflow_3d") == 0,
           "the cube's counters, 100 blocks asked at N = 33: 31 bands of one plane: " + describe(plan));
    plan = plan_cube("persistent-host", "lockstep", 0, 33, &status);
    expect(status == HF_OK && plan.blocks == 31 && plan.active_blocks == 31 && std::strcmp(plan.kernel, "persistent_host_3d") == 0,
           "the cube's lockstep at N = 33: one band of one plane per block: " + describe(plan));
    plan = plan_cube("persistent-host", "relay", 0, 33, &status);
    expect(status == HF_OK && plan.blocks == (31 * 31 * 16 + 255) / 256 && std::strcmp(plan.kernel, "persistent_host_relay_3d") == 0,
           "the cube's relay at N = 33: one thread per point of a colour, 256 per block asked: " + describe(plan));
    plan = plan_cube("persistent-grid", "cg", 2000, 101, &status);
    expect_refused(status, HF_ERR_NOT_CORESIDENT, "can be co-resident", "the cube: 2000 blocks are not co-resident");
    plan = plan_cube("persistent-grid", "temporal-cg", 0, 33, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT,
                   "persistent-grid (temporal-cg) does not solve poisson3d (variants that do: cg, two-slot, block, "
                   "cluster, temporal, or auto)",
                   "a variant of the square only, asked for the cube");
    plan = plan_cube("persistent-grid", "ring", 0, 33, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "persistent-grid has no variant 'ring' (variants: cg, two-slot, block, cluster, temporal, or auto)",
                   "an unknown variant, for the cube: the cube's variants");
    int rows[kMaxAutoCandidates];
    const int cluster3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-grid", "cluster");
    const int temporal3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-grid", "temporal");
    const int async_cluster3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-dataflow", "cluster");
    const int resident3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-dataflow", "resident");
    expect(auto_candidates(HF_PROBLEM_POISSON_3D, "persistent-grid", 8, rows) == 5 && rows[0] == block3 &&
               rows[1] == cluster3 && rows[2] == cg3 && rows[3] == two_slot3 && rows[4] == temporal3 &&
               auto_candidates(HF_PROBLEM_POISSON_3D, "persistent-grid", 33, rows) == 5 && rows[0] == cluster3 &&
               rows[1] == cg3 && rows[2] == two_slot3 && rows[3] == block3 && rows[4] == temporal3 &&
               auto_candidates(HF_PROBLEM_POISSON_3D, "persistent-grid", 256, rows) == 5 && rows[0] == cluster3 &&
               rows[1] == temporal3 && rows[2] == cg3 &&
               auto_sweeps_per_exchange(HF_PROBLEM_POISSON_3D, "persistent-grid", "temporal", 256) == 4 &&
               auto_candidates(HF_PROBLEM_POISSON_3D, "persistent-dataflow", 8, rows) == 3 && rows[0] == counters3 &&
               rows[1] == async_cluster3 && rows[2] == resident3 &&
               auto_candidates(HF_PROBLEM_POISSON_3D, "persistent-dataflow", 33, rows) == 3 &&
               rows[0] == async_cluster3 && rows[1] == counters3 && rows[2] == resident3,
           "auto for the cube: block to N = 16, the cluster while it fits, cg, the temporal passes (k = 4) from "
           "193; the dataflow's counters on chip to N = 8, its cluster while it fits, then the counters");
    const double d = 1.0 / 1289;
    expect(check_problem(cube(33)) == HF_OK && check_problem(hf_problem{HF_PROBLEM_POISSON_3D, 1290, d * d}) == HF_OK,
           "the cube at N = 33 and 1290");
    expect_refused(check_problem(hf_problem{HF_PROBLEM_POISSON_3D, 1291, d * d}), HF_ERR_INVALID_ARGUMENT,
                   "outside 3 .. 1290 for poisson3d", "the cube at N = 1291: n^3 does not fit in an int");
}

/* ---- the cube's cluster (persistent-grid cluster, HF_PROBLEM_POISSON_3D): slabs of planes */

/* Its row; its plans by size (16 blocks, k = 2 where the thinnest slab has two planes), every
 * cluster size 1 .. 16 at the self-test's sizes, the largest N (the slab's points in registers),
 * and refusals that name what a block would need. */
/* The cube's resident row: slabs of planes, each plane 2 n colour_row_width(n) doubles; one block
 * per interior plane at most, the planes and their ghosts in shared memory, f too where it fits;
 * N = 97 refused in one line (one plane and its ghosts: 232800 bytes). */
hf_plan cube_resident_plan(int n, int blocks, int sweeps, hf_status* status)
{
    hf_run_config config = config_of("persistent-dataflow", "resident", blocks, 512);
    config.sweeps_per_exchange = sweeps;
    const PlanDevice pretend{&query_row_facts, &check_cluster_fits};
    hf_plan plan{};
    *status = plan_with(config, cube(n), pretend, &plan);
    return plan;
}

/* Both colours of one plane of the cube, in bytes. */
int64_t plane_pair_bytes(int n) { return 2LL * n * (((n + 1) / 2 + 1) / 2 * 2) * 8; }

void the_cubes_resident_plans()
{
    hf_status status = HF_OK;
    hf_plan plan = cube_resident_plan(33, 0, 0, &status);
    expect(status == HF_OK && plan.blocks == 31 && plan.active_blocks == 31 && plan.sweeps_per_exchange == 1 &&
               plan.f_on_chip && !plan.on_chip && plan.problem == HF_PROBLEM_POISSON_3D &&
               plan.shared_bytes == 4 * plane_pair_bytes(33) && std::string(plan.note) == "k = 1, f on chip" &&
               std::strcmp(plan.kernel, "persistent_resident_3d") == 0 &&
               resident_mailbox_lines_of(plan) == 31LL * 4 * 1 * 33 * 18,
           "the cube, N = 33: one plane per block, k = 1, 3 planes of u and 1 of h2 f: " + describe(plan));
    plan = cube_resident_plan(96, 0, 0, &status);
    expect(status == HF_OK && plan.blocks == 94 && plan.sweeps_per_exchange == 1 && !plan.f_on_chip &&
               plan.shared_bytes == 3 * plane_pair_bytes(96) && plan.shared_bytes <= kSharedLimit,
           "the cube, N = 96, the largest: one plane and its ghosts per block, f in global memory: " + describe(plan));
    plan = cube_resident_plan(97, 0, 0, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED,
                   "n = 97 does not fit: one plane of the cube and its two ghost planes need 232800 bytes of shared "
                   "memory per block, the device allows 232448",
                   "the cube, N = 97: one plane and its ghosts beyond a block");
    plan = cube_resident_plan(97, 200, 1, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "n = 97 does not fit", "the cube, N = 97: whatever the blocks and k");
    plan = cube_resident_plan(17, 0, 3, &status);
    expect(status == HF_OK && plan.blocks == 5 && plan.sweeps_per_exchange == 3 && plan.f_on_chip &&
               plan.shared_bytes == (9 + 7) * plane_pair_bytes(17),
           "the cube, N = 17, k = 3: 5 slabs of 3 planes, 3 ghost planes a side, f on chip: " + describe(plan));
    plan = cube_resident_plan(33, 2, 0, &status);
    expect(status == HF_OK && plan.blocks == 2 && plan.sweeps_per_exchange == 1 && !plan.f_on_chip &&
               plan.shared_bytes == 18 * plane_pair_bytes(33),
           "the cube, N = 33 on 2 blocks: slabs of 16 planes, f in global memory: " + describe(plan));
    plan = cube_resident_plan(33, 1, 0, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "a band of 31 planes and 1 ghost planes per side",
                   "the cube, N = 33 on 1 block: the whole cube does not fit");
    plan = cube_resident_plan(33, 40, 0, &status);
    expect(status == HF_OK && plan.blocks == 40 && plan.active_blocks == 31,
           "the cube, N = 33 on 40 blocks: 31 with a plane: " + describe(plan));
    plan = cube_resident_plan(33, 7, 5, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "sweeps_per_exchange = 5 needs bands of at least 5 planes",
                   "the cube: k beyond the thinnest slab");
    plan = cube_resident_plan(65, 0, 2, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "(a band of 3 planes and 2 ghost planes per side",
                   "the cube, N = 65, k = 2: 7 planes do not fit a block");
}

void the_cubes_cluster_plans()
{
    const PlanDevice pretend{&query_row_facts, &check_cluster_fits};
    auto plan_cube = [&](int blocks, int sweeps, int n, hf_status* status) {
        hf_run_config config = config_of("persistent-grid", "cluster", blocks, 256);
        config.sweeps_per_exchange = sweeps;
        const double d = 1.0 / (n - 1);
        hf_plan plan{};
        *status = plan_with(config, hf_problem{HF_PROBLEM_POISSON_3D, n, d * d}, pretend, &plan);
        return plan;
    };
    const int index = find_variant(HF_PROBLEM_POISSON_3D, "persistent-grid", "cluster");
    const VariantRow& row = variant_row(index);
    expect(index >= 0 && index != row_of("persistent-grid", "cluster") && row.sized != nullptr &&
               row.has(HF_TRAIT_CLUSTER) && row.has(HF_TRAIT_SWEEPS) && row.has(HF_TRAIT_CUDA_ONLY) &&
               !row.has(HF_TRAIT_COOPERATIVE) && row.work_split == HF_SPLIT_ROW_BANDS &&
               std::strcmp(row.planner.name, "plan_cluster_barrier_on_chip") == 0 &&
               std::strcmp(row.sized->block[0].name, "cluster_barrier_3d_p1") == 0 &&
               std::strcmp(row.sized->block[4].name, "cluster_barrier_3d_p16") == 0 && !row.sized->warp[0].exists(),
           "the cube's cluster: its own row and kernels (cluster_barrier_3d_p1 .. p16), the cluster planner");

    hf_status status = HF_OK;
    hf_plan plan = plan_cube(0, 0, 32, &status);
    /* 30 planes over 16 blocks: slabs of 2 (and 1), so k = 1; 2 planes x 30 rows x 15 points = 900. */
    expect(status == HF_OK && plan.blocks == 16 && plan.cluster_size == 16 && plan.active_blocks == 16 &&
               plan.sweeps_per_exchange == 1 && plan.threads_per_block == 928 && plan.on_chip &&
               std::strcmp(plan.kernel, "cluster_barrier_3d_p1") == 0 &&
               plan.shared_bytes == 2 * 4 * 32 * 16 * 8 + kBlockDescriptionBytes && plan.problem == HF_PROBLEM_POISSON_3D,
           "the cube's cluster, N = 32: 16 blocks, k = 1, 928 threads of one point, 4 planes held: " + describe(plan) +
               " " + plan.note);
    plan = plan_cube(0, 0, 34, &status);
    expect(status == HF_OK && plan.blocks == 16 && plan.sweeps_per_exchange == 2 && plan.threads_per_block == 1024 &&
               std::strcmp(plan.kernel, "cluster_barrier_3d_p2") == 0,
           "the cube's cluster, N = 34: 16 blocks, k = 2 (4 planes of 512 points updated), 1024 threads of 2: " +
               describe(plan) + " " + plan.note);
    plan = plan_cube(15, 2, 32, &status);
    expect(status == HF_OK && plan.blocks == 15 && plan.sweeps_per_exchange == 2,
           "the cube's cluster, N = 32, 15 blocks, k = 2 asked: " + describe(plan));
    plan = plan_cube(0, 0, 8, &status);
    expect(status == HF_OK && plan.blocks == 2 && plan.sweeps_per_exchange == 2,
           "the cube's cluster, N = 8: 2 blocks, k = 2: " + describe(plan));

    int checked = 0;
    int wrong = 0;
    for (int n : {3, 4, 5, 8, 9, 16, 17, 32, 33}) {
        for (int blocks = 1; blocks <= 16; ++blocks) {
            plan = plan_cube(blocks, 0, n, &status);
            const int active = std::min(blocks, n - 2);
            const bool fits = cluster_points_per_colour(n, blocks, 1, HF_PROBLEM_POISSON_3D) <= kMostRegisterPoints;
            const bool ok = fits ? status == HF_OK && plan.blocks == blocks && plan.active_blocks == active &&
                                       plan.sweeps_per_exchange >= 1 &&
                                       (active == 1 || plan.sweeps_per_exchange <= (n - 2) / active) &&
                                       plan.shared_bytes <= kSharedLimit
                                 : status == HF_ERR_UNSUPPORTED;
            ++checked;
            wrong += ok ? 0 : 1;
            if (!ok) {
                std::printf("     cube n=%d blocks=%d: %s (%s)\n", n, blocks, describe(plan).c_str(), last_message().c_str());
            }
        }
    }
    expect(wrong == 0, "the cube's cluster: every cluster size 1 .. 16 at N = 3 .. 33 plans where the slab's points fit "
                       "registers (k within the thinnest slab), is refused where not (" + std::to_string(checked) + " cases)");
    int largest = 0;
    for (int n = 3; n <= 80; ++n) {
        plan_cube(0, 0, n, &status);
        largest = status == HF_OK ? n : largest;
    }
    plan = plan_cube(0, 0, 50, &status);
    expect(largest == 50 && status == HF_OK && plan.blocks == 16 && plan.sweeps_per_exchange == 1 &&
               std::strcmp(plan.kernel, "cluster_barrier_3d_p4") == 0,
           "the cube's cluster: the largest N is 50 (16 slabs of 3 planes, 3456 points of a colour, k = 1): " +
               describe(plan) + " " + plan.note);
    plan_cube(0, 0, 51, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED,
                   "n = 51 does not fit a cluster of 16 blocks (at k = 1 a block updates 4900 points of a colour in a "
                   "band of 4 planes",
                   "the cube's cluster, N = 51: the slab's points do not fit registers");
    plan_cube(0, 3, 50, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "at k = 3 a block updates 8064 points", "the cube's cluster, N = 50, k = 3 asked");
    plan_cube(16, 2, 32, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "the thinnest band has 1 planes (at most that many ghost planes)",
                   "the cube's cluster, N = 32, 16 blocks, k = 2: the slabs of one plane");
    plan_cube(17, 0, 32, &status);
    expect_refused(status, HF_ERR_NOT_CORESIDENT, "a cluster holds at most 16", "the cube's cluster, 17 blocks");
    device.max_cluster_blocks = 0;
    plan_cube(0, 0, 32, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "cannot launch thread-block clusters", "the cube's cluster without clusters");
    device.max_cluster_blocks = 16;

    /* persistent-dataflow cluster on the cube: the same slabs, st.async halos and mbarriers. */
    const int async_index = find_variant(HF_PROBLEM_POISSON_3D, "persistent-dataflow", "cluster");
    const VariantRow& async_row = variant_row(async_index);
    expect(async_index >= 0 && async_row.has(HF_TRAIT_WATCHDOG) && async_row.accepts_fault(HF_FAULT_NEVER_PUBLISH) &&
               std::strcmp(async_row.planner.name, "plan_cluster_async_on_chip") == 0 &&
               std::strcmp(async_row.sized->block[0].name, "cluster_async_3d_p1") == 0,
           "the cube's dataflow cluster: its row, kernels cluster_async_3d_p*, the watchdog and never-publish");
    hf_run_config config = config_of("persistent-dataflow", "cluster", 0, 256);
    const double d = 1.0 / 31;
    plan = hf_plan{};
    status = plan_with(config, hf_problem{HF_PROBLEM_POISSON_3D, 32, d * d}, pretend, &plan);
    expect(status == HF_OK && plan.blocks == 16 && plan.sweeps_per_exchange == 1 &&
               std::strcmp(plan.kernel, "cluster_async_3d_p1") == 0 &&
               plan.shared_bytes == 2 * 4 * 32 * 16 * 8 + 4 * 8 + kBlockDescriptionBytes,
           "the cube's dataflow cluster, N = 32: 16 blocks, k = 1, the mbarriers beside the planes: " + describe(plan));
}
/* ---- end of the cube's cluster */

/* The cube's register kernel (persistent-grid block): one warp up to 64 points of a colour, else the
 * fewest slots and then threads that hold the points, up to 4096 (N = 22); two colour arrays of
 * n^2 rows of plane_stride(n) doubles; auto takes it where it fits and cg beyond. */
void the_cubes_block_plans()
{
    struct Expected {
        int n;
        const char* kernel;
        int threads;
    };
    /* Points of a colour: (n - 2)^2 (n - 1) / 2. */
    const Expected expected[] = {
        {3, "on_chip_warp_3d_p1", 32},     /* 1 */
        {6, "on_chip_warp_3d_p1", 32},     /* 32 */
        {7, "on_chip_block_3d_p1", 96},    /* 75 */
        {8, "on_chip_block_3d_p1", 128},   /* 108 */
        {14, "on_chip_block_3d_p1", 864},  /* 864 */
        {15, "on_chip_block_3d_p2", 608},  /* 1183 */
        {16, "on_chip_block_3d_p2", 704},  /* 1372 */
        {18, "on_chip_block_3d_p2", 1024}, /* 2048 */
        {19, "on_chip_block_3d_p4", 672},  /* 2601 */
        {22, "on_chip_block_3d_p4", 1024}, /* 4000 */
    };
    int mismatches = 0;
    for (const Expected& e : expected) {
        hf_status status = HF_OK;
        const hf_plan plan = plan_cube("persistent-grid", "block", 0, e.n, &status);
        const int64_t bytes = 2LL * e.n * e.n * plane_stride(e.n) * 8;
        const bool ok = status == HF_OK && plan.blocks == 1 && plan.threads_per_block == e.threads && plan.on_chip &&
                        plan.shared_bytes == bytes && std::strcmp(plan.kernel, e.kernel) == 0;
        mismatches += ok ? 0 : 1;
        if (!ok) {
            std::printf("     cube block n=%d: %s, %d threads, expected %s at %d threads, %lld bytes (%s)\n", e.n,
                        describe(plan).c_str(), plan.threads_per_block, e.kernel, e.threads,
                        static_cast<long long>(bytes), last_message().c_str());
        }
    }
    expect(mismatches == 0, "the cube's block: one warp to 64 points of a colour, then the fewest slots and threads, "
                            "two colour arrays of shared memory");
    hf_status status = HF_OK;
    hf_plan plan = plan_cube("persistent-grid", "block", 0, 23, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "n = 23 has 4851 points of a colour, one block holds at most 4096",
                   "the cube's block at N = 23: too many points for one block's registers");
    plan = plan_cube("persistent-grid", "block", 2, 16, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "runs one block, not 2", "the cube's block, 2 blocks asked");
    plan = plan_cube("persistent-grid", "auto", 0, 16, &status);
    expect(status == HF_OK && std::strcmp(plan.variant, "block") == 0 && std::strcmp(plan.kernel, "on_chip_block_3d_p2") == 0,
           "auto for the cube at N = 16: block: " + describe(plan));
    plan = plan_cube("persistent-grid", "auto", 0, 23, &status);
    expect(status == HF_OK && std::strcmp(plan.variant, "cluster") == 0 && plan.blocks == 16,
           "auto for the cube at N = 23: past block's range, one cluster of 16: " + describe(plan));
    plan = plan_cube("persistent-grid", "auto", 0, 51, &status);
    expect(status == HF_OK && std::strcmp(plan.variant, "cg") == 0 && !plan.on_chip,
           "auto for the cube at N = 51: the cluster does not hold it, cg spreads: " + describe(plan));
    plan = plan_cube("persistent-grid", "auto", 0, 11, &status);
    expect(status == HF_OK && std::strcmp(plan.variant, "block") == 0,
           "auto for the cube at N = 11: block: " + describe(plan));
}

void a_problem_is_checked()
{
    hf_status status = HF_OK;
    const hf_plan plan = plan_of("persistent-host", "lockstep", 7, 33, &status);
    expect(status == HF_OK && plan.problem == HF_PROBLEM_POISSON_2D, "a plan names the problem it solves");
    const double d = 1.0 / 32;
    expect(check_problem(hf_problem{HF_PROBLEM_POISSON_2D, 33, d * d}) == HF_OK, "the 2D Poisson problem at N = 33");
    expect_refused(check_problem(hf_problem{HF_PROBLEM_COUNT, 33, d * d}), HF_ERR_INVALID_ARGUMENT,
                   "not one this library solves", "a problem kind the library does not have");
    expect_refused(check_problem(hf_problem{HF_PROBLEM_POISSON_2D, 2, 1.0}), HF_ERR_INVALID_ARGUMENT, "outside 3 ..",
                   "n = 2");
    expect_refused(check_problem(hf_problem{HF_PROBLEM_POISSON_2D, 33, 0.0}), HF_ERR_INVALID_ARGUMENT,
                   "not a spacing squared", "h2 = 0");
    expect(std::string(label_of(plan)) == "persistent-host (lockstep)", std::string("label: ") + label_of(plan));
}

/* The on-chip register variants: block sizes and slots by size, one warp for the smallest grids,
 * clusters and k by the preferred shapes (lowered to fit), every cluster size from 1 to 16 (more
 * blocks than rows included), refusals with reasons, and `auto` by the rules. */
void on_chip_rows_plan()
{
    const PlanDevice pretend{&query_row_facts, &check_cluster_fits};
    auto plan_named = [&](const char* mode, const char* variant, int blocks, int sweeps, int n, hf_status* status) {
        hf_run_config config = config_of(mode, variant, blocks, 256);
        config.sweeps_per_exchange = sweeps;
        hf_plan plan{};
        *status = plan_with(config, poisson(n), pretend, &plan);
        return plan;
    };
    hf_status status = HF_OK;
    hf_plan plan = plan_named("persistent-grid", "block", 0, 0, 11, &status);
    expect(status == HF_OK && plan.blocks == 1 && plan.threads_per_block == 32 && plan.on_chip &&
               std::strcmp(plan.kernel, "on_chip_warp_p2") == 0 && plan.shared_bytes == 2 * 11 * 6 * 8 &&
               std::strcmp(plan.note, "one warp, 2 points per thread") == 0,
           "block, N = 11: one warp, 2 points per lane, the threads asked for ignored: " + describe(plan));
    plan = plan_named("persistent-grid", "block", 0, 0, 33, &status);
    expect(status == HF_OK && plan.threads_per_block == 512 && std::strcmp(plan.kernel, "on_chip_block_p1") == 0,
           "block, N = 33: 512 threads, one point each (496 points): " + describe(plan));
    plan = plan_named("persistent-grid", "block", 0, 0, 91, &status);
    expect(status == HF_OK && plan.threads_per_block == 1024 && std::strcmp(plan.kernel, "on_chip_block_p4") == 0,
           "block, N = 91: 1024 threads, 4 points each: " + describe(plan));
    plan_named("persistent-grid", "block", 0, 0, 93, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "one block holds at most 4096", "block, N = 93: too many points");
    plan_named("persistent-grid", "block", 2, 0, 11, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "runs one block, not 2", "block, 2 blocks asked");
    plan_named("persistent-grid", "block", 0, 2, 11, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "exchanges no halos", "block, k = 2 asked");

    plan = plan_named("persistent-grid", "cluster", 0, 0, 257, &status);
    expect(status == HF_OK && plan.blocks == 16 && plan.cluster_size == 16 && plan.sweeps_per_exchange == 8 &&
               plan.active_blocks == 16 && plan.threads_per_block == 960 &&
               std::strcmp(plan.kernel, "cluster_barrier_p4") == 0,
           "cluster, N = 257: 16 blocks, k = 8, 960 threads of 4 points: " + describe(plan) + " " + plan.note);
    plan = plan_named("persistent-dataflow", "cluster", 0, 0, 101, &status);
    expect(status == HF_OK && plan.cluster_size == 16 && plan.sweeps_per_exchange == 4 &&
               std::strcmp(plan.kernel, "cluster_async_p1") == 0,
           "dataflow cluster, N = 101: 16 blocks, k = 4: " + describe(plan) + " " + plan.note);
    plan = plan_named("persistent-grid", "cluster", 0, 0, 11, &status);
    expect(status == HF_OK && plan.cluster_size == 2 && plan.sweeps_per_exchange == 4,
           "cluster, N = 11: 2 blocks, k = 4: " + describe(plan));
    int accepted = 0;
    for (int n : {3, 4, 5, 11, 12, 33, 34, 101, 102, 257}) {
        for (int blocks = 1; blocks <= 16; ++blocks) {
            plan = plan_named("persistent-dataflow", "cluster", blocks, 0, n, &status);
            if (cluster_points_per_colour(n, blocks, 1) > kMostRegisterPoints) {
                expect_refused(status, HF_ERR_UNSUPPORTED, "does not fit a cluster of " + std::to_string(blocks),
                               "cluster of " + std::to_string(blocks) + " at N = " + std::to_string(n) + ": too large");
                accepted += status == HF_ERR_UNSUPPORTED ? 1 : 0;
                continue;
            }
            const bool fits = status == HF_OK && plan.blocks == blocks && plan.cluster_size == blocks &&
                              plan.active_blocks == std::min(blocks, n - 2) && plan.sweeps_per_exchange >= 1 &&
                              (plan.active_blocks == 1 || plan.sweeps_per_exchange <= (n - 2) / plan.active_blocks);
            accepted += fits ? 1 : 0;
            if (!fits) {
                std::printf("     n=%d blocks=%d: %s (%s)\n", n, blocks, describe(plan).c_str(), last_message().c_str());
            }
        }
    }
    expect(accepted == 160, "every cluster size 1 .. 16 plans at every listed N where the bands fit, k within the "
                            "thinnest band; the others are refused");
    plan = plan_named("persistent-grid", "cluster", 0, 0, 350, &status);
    expect(status == HF_OK && plan.sweeps_per_exchange < 8, "cluster, N = 350: k lowered to fit: " + describe(plan) +
                                                                " " + plan.note);
    plan_named("persistent-grid", "cluster", 0, 0, 501, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "does not fit a cluster of 16", "cluster, N = 501: too large");
    plan_named("persistent-grid", "cluster", 17, 0, 101, &status);
    expect_refused(status, HF_ERR_NOT_CORESIDENT, "a cluster holds at most 16", "cluster, 17 blocks");
    plan_named("persistent-grid", "cluster", 4, 9, 101, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "sweeps_per_exchange = 9 is above 8", "cluster, k = 9");
    plan_named("persistent-grid", "cluster", 16, 8, 101, &status);
    expect_refused(status, HF_ERR_INVALID_ARGUMENT, "the thinnest band has 6 rows", "cluster, k beyond the band");
    device.max_cluster_blocks = 0;
    plan_named("persistent-grid", "cluster", 0, 0, 101, &status);
    expect_refused(status, HF_ERR_UNSUPPORTED, "cannot launch thread-block clusters", "cluster, no cluster launch");

    /* auto: block up to 48, then the cluster; without clusters the mode's default. */
    plan = plan_named("persistent-grid", "auto", 0, 0, 101, &status);
    expect(status == HF_OK && std::strcmp(plan.variant, "cg") == 0, "auto without clusters, N = 101: cg");
    device.max_cluster_blocks = 16;
    const struct {
        const char* mode;
        int n;
        const char* variant;
    } automatic[] = {{"persistent-grid", 11, "block"},      {"persistent-grid", 34, "block"},
                     {"persistent-grid", 65, "cluster"},    {"persistent-grid", 257, "cluster"},
                     {"persistent-grid", 1001, "temporal"}, {"persistent-dataflow", 12, "counters"},
                     {"persistent-dataflow", 33, "cluster"}, {"persistent-dataflow", 257, "cluster"},
                     {"persistent-dataflow", 501, "resident"}, {"persistent-dataflow", 1001, "resident"},
                     {"persistent-dataflow", 4001, "counters"}, {"persistent-host", 11, "relay"}};
    for (const auto& rule : automatic) {
        plan = plan_named(rule.mode, "auto", 0, 0, rule.n, &status);
        expect(status == HF_OK && std::strcmp(plan.variant, rule.variant) == 0,
               std::string("auto, ") + rule.mode + " N = " + std::to_string(rule.n) + ": " + plan.variant);
    }
    /* auto runs a rule's k and block size; a variant named by the caller runs the caller's threads. */
    plan = plan_named("persistent-dataflow", "auto", 0, 0, 1001, &status);
    expect(status == HF_OK && std::strcmp(plan.variant, "resident") == 0 && plan.threads_per_block == 512 &&
               plan.sweeps_per_exchange == 3,
           "auto, dataflow N = 1001: resident, 512 threads, k = 3: " + describe(plan));
    plan = plan_named("persistent-dataflow", "resident", 0, 0, 1001, &status);
    expect(status == HF_OK && plan.threads_per_block == 256 && plan.sweeps_per_exchange == 3,
           "resident named, N = 1001: the 256 threads asked, k = 3: " + describe(plan));
    plan = plan_named("persistent-grid", "auto", 0, 0, 1001, &status);
    expect(status == HF_OK && std::strcmp(plan.kernel, "temporal_stream_persistent_k4") == 0 &&
               plan.sweeps_per_exchange == 4,
           "auto, grid N = 1001: temporal, k = 4: " + describe(plan));
    plan = plan_named("persistent-grid", "auto", 0, 0, 358, &status);
    expect(status == HF_OK && std::strcmp(plan.variant, "cluster") == 0, "auto, grid N = 358: the cluster still fits");
    for (const auto& edge : {std::pair<int, int>{359, 4}, {2048, 4}, {2049, 8}, {4096, 8}}) {
        plan = plan_named("persistent-grid", "auto", 0, 0, edge.first, &status);
        expect(status == HF_OK && std::strcmp(plan.variant, "temporal") == 0 && plan.sweeps_per_exchange == edge.second &&
                   plan.threads_per_block == 256,
               "auto, grid N = " + std::to_string(edge.first) + ": temporal, k = " + std::to_string(edge.second) + ": " +
                   describe(plan));
    }
    for (int n : {4097, 10001}) {
        plan = plan_named("persistent-grid", "auto", 0, 0, n, &status);
        expect(status == HF_OK && std::strcmp(plan.variant, "temporal-3blocks") == 0 && plan.sweeps_per_exchange == 8 &&
                   plan.threads_per_block == 256,
               "auto, grid N = " + std::to_string(n) + ": temporal-3blocks, k = 8: " + describe(plan));
    }
    {
        hf_run_config asked = config_of("persistent-grid", "auto", 0, 128);
        plan = hf_plan{};
        status = plan_with(asked, poisson(1001), pretend, &plan);
        expect(status == HF_OK && std::strcmp(plan.variant, "temporal") == 0 && plan.threads_per_block == 256,
               "auto with 128 threads asked, N = 1001: temporal at its 256 threads, not cg: " + describe(plan));
    }
    plan = plan_named("persistent-grid", "temporal", 0, 0, 4097, &status);
    expect(status == HF_OK && plan.sweeps_per_exchange == 8, "temporal named, N = 4097, k left: 8: " + describe(plan));
    plan = plan_named("persistent-grid", "temporal", 0, 2, 1001, &status);
    expect(status == HF_OK && plan.sweeps_per_exchange == 2, "temporal, k = 2 asked: 2: " + describe(plan));
    plan = plan_named("persistent-grid", "auto", 4, 0, 11, &status);
    expect(status == HF_OK && std::strcmp(plan.variant, "cluster") == 0 && plan.blocks == 4,
           "auto with 4 blocks asked, N = 11: block refuses, the cluster of 4 takes it");
    plan = plan_named("persistent-grid", "cluster", 0, 0, 257, &status);
    const VariantRow& cluster = variant_row(row_of("persistent-grid", "cluster"));
    expect(status == HF_OK && sized_kernel(cluster, 1, false) != nullptr &&
               std::string(plan.kernel).rfind("cluster_barrier_p", 0) == 0,
           "a cluster plan at N = 257 launches one of the row's sized kernels: " + describe(plan));
}

/* A pretend H200 whose blocks per SM follow the temporal kernels' launch bounds: one at k = 24 and
 * 32, two otherwise. */
hf_status temporal_kernel_facts(const VariantRow& row, int, DeviceFacts* facts)
{
    *facts = device;
    const std::string name = row.kernel.name;
    facts->blocks_per_sm = name.ends_with("_k24") || name.ends_with("_k32") ? 1 : kStreamBlocksPerSm;
    /* temporal-3blocks and temporal-paired up to k = 8: bounded for three (stream_occupied_blocks_per_sm) */
    if (name.starts_with("temporal_3blocks_") ||
        (name.starts_with("temporal_paired_") && !name.ends_with("_k12") && !name.ends_with("_k16"))) {
        facts->blocks_per_sm = kStreamOccupiedBlocksPerSm;
    }
    return HF_OK;
}

/* temporal-3blocks and temporal-paired: the temporal plan with their own kernels by k, each grid
 * one wave of its kernel's blocks (three per SM up to k = 8). */
void occupied_temporal_plans()
{
    struct Expected {
        const char* variant;
        const char* kernel_prefix;
        const char* choices;
        std::vector<int> ks;
    };
    const Expected rows[] = {{"temporal-3blocks", "temporal_3blocks_k", "2, 4, 6, 8", {2, 4, 6, 8}},
                             {"temporal-paired", "temporal_paired_k", "2, 3, 4, 6, 8, 12, 16", {2, 3, 4, 6, 8, 12, 16}}};
    const PlanDevice by_kernel{&temporal_kernel_facts, &check_cluster_fits};
    for (const Expected& expected : rows) {
        const int index = row_of("persistent-grid", expected.variant);
        const VariantRow& row = variant_row(index);
        bool kernels = row.has(HF_TRAIT_TWO_BUFFERS) && row.has(HF_TRAIT_WATCHDOG) && row.has(HF_TRAIT_CUDA_ONLY) &&
                       row.accepts_fault(HF_FAULT_SKIP_GRID_BARRIER) && row.accepts_fault(HF_FAULT_SKIP_HALF_SWEEP) &&
                       std::string(sweeps_choices(row)) == expected.choices && default_sweeps(row) == 8 &&
                       row.default_threads == kStreamThreads;
        for (int k : expected.ks) {
            const std::string name = expected.kernel_prefix + std::to_string(k);
            const KernelRef* kernel = sweeps_kernel(row, k);
            kernels = kernels && kernel != nullptr && name == kernel->name && find_kernel(name.c_str()) == kernel;
        }
        expect(kernels, std::string(expected.variant) + ": a kernel per k = " + expected.choices +
                            ", found by name; the watchdog and the barrier fault as temporal");
        for (int k : expected.ks) {
            hf_run_config config = config_of("persistent-grid", expected.variant, 0, 0);
            config.sweeps_per_exchange = k;
            hf_plan plan{};
            const int per_sm = k <= kStreamDeepestAtThreeBlocks ? kStreamOccupiedBlocksPerSm : kStreamBlocksPerSm;
            const hf_status status = plan_row(config, 10001, index, by_kernel, &plan);
            expect(status == HF_OK && plan.sweeps_per_exchange == k && plan.blocks_per_sm == per_sm &&
                       plan.blocks <= per_sm * kSmCount && plan.blocks > (per_sm - 1) * kSmCount &&
                       std::string(plan.kernel) == expected.kernel_prefix + std::to_string(k),
                   std::string(expected.variant) + " at N = 10001, k = " + std::to_string(k) +
                       ": one wave of its kernel's blocks: " + describe(plan));
        }
    }
}

/* persistent-grid (temporal): k per exchange picks the kernel, the items size the grid. */
void temporal_plans()
{
    device.blocks_per_sm = kStreamBlocksPerSm;
    const int temporal = row_of("persistent-grid", "temporal");
    const VariantRow& row = variant_row(temporal);
    bool kernels = row.has(HF_TRAIT_TWO_BUFFERS) && row.has(HF_TRAIT_WATCHDOG) && row.has(HF_TRAIT_CUDA_ONLY) &&
                   row.accepts_fault(HF_FAULT_SKIP_GRID_BARRIER) && std::string(sweeps_choices(row)) == "1, 2, 3, 4, 6, 8, 12, 16, 24, 32";
    for (int k : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32}) {
        const std::string name = "temporal_stream_persistent_k" + std::to_string(k);
        const KernelRef* kernel = sweeps_kernel(row, k);
        kernels = kernels && kernel != nullptr && name == kernel->name && find_kernel(name.c_str()) == kernel;
        /* The standard twins stop at k = 16, as the Java kernel (TemporalKernels.SWEEPS). */
        const std::string twin = "hf_stream_pass_k" + std::to_string(k);
        kernels = kernels && (find_kernel(twin.c_str()) != nullptr) == (k <= 16);
    }
    expect(kernels && sweeps_kernel(row, 5) == nullptr && default_sweeps(row) == 8 &&
               sweeps_kernel(row, 8)->symbol == row.kernel.symbol,
           "temporal: a kernel per k = 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 (8 the row's own), found by name, and the standard twins up to 16");

    hf_run_config config = config_of("persistent-grid", "temporal", 0, 0);
    hf_plan plan{};
    hf_status status = plan_from_facts(config, 10001, temporal, device, &plan);
    expect(status == HF_OK && plan.sweeps_per_exchange == 8 &&
               std::strcmp(plan.kernel, "temporal_stream_persistent_k8") == 0 && plan.blocks <= 2 * kSmCount &&
               plan.blocks == plan.active_blocks && plan.note[0] == '\0',
           "N = 10001, temporal auto: k = 8, one wave of items: " + describe(plan));
    config.sweeps_per_exchange = 3;
    status = plan_from_facts(config, 4097, temporal, device, &plan);
    expect(status == HF_OK && plan.sweeps_per_exchange == 3 &&
               std::strcmp(plan.kernel, "temporal_stream_persistent_k3") == 0,
           "k = 3 asked: its kernel: " + describe(plan));
    config.sweeps_per_exchange = 5;
    expect_refused(plan_from_facts(config, 4097, temporal, device, &plan), HF_ERR_UNSUPPORTED,
                   "sweeps_per_exchange = 5, but it has kernels for 1, 2, 3, 4, 6, 8, 12, 16, 24, 32", "k = 5 refused");
    config.sweeps_per_exchange = 16;
    status = plan_from_facts(config, 10001, temporal, device, &plan);
    expect(status == HF_OK && plan.sweeps_per_exchange == 16 &&
               std::strcmp(plan.kernel, "temporal_stream_persistent_k16") == 0 && plan.blocks <= 2 * kSmCount,
           "k = 16 asked: its kernel, one wave of items: " + describe(plan));
    /* The deepest kernels run one block per SM: the planner asks the device about the k it plans. */
    const PlanDevice by_kernel{&temporal_kernel_facts, &check_cluster_fits};
    for (int k : {16, 24, 32}) {
        hf_run_config deep = config_of("persistent-grid", "temporal", 0, 0);
        deep.sweeps_per_exchange = k;
        hf_plan deep_plan{};
        const int per_sm = k > 16 ? 1 : 2;
        const hf_status deep_status = plan_row(deep, 10001, temporal, by_kernel, &deep_plan);
        expect(deep_status == HF_OK && deep_plan.sweeps_per_exchange == k &&
                   deep_plan.blocks <= per_sm * kSmCount && deep_plan.blocks > (per_sm - 1) * kSmCount &&
                   deep_plan.blocks_per_sm == per_sm,
               "N = 10001, k = " + std::to_string(k) + ": one wave of its kernel's blocks: " + describe(deep_plan));
    }
    config = config_of("persistent-grid", "temporal", 0, 128);
    expect_refused(plan_from_facts(config, 4097, temporal, device, &plan), HF_ERR_UNSUPPORTED,
                   "runs 256 threads per block", "128 threads refused");

    /* temporal-cg: the same passes and plan, cooperative groups' barrier: no watchdog, no barrier fault. */
    const int cg_row = row_of("persistent-grid", "temporal-cg");
    const VariantRow& with_cg = variant_row(cg_row);
    bool cg_kernels = with_cg.has(HF_TRAIT_TWO_BUFFERS) && with_cg.has(HF_TRAIT_COOPERATIVE) && !with_cg.has(HF_TRAIT_WATCHDOG) &&
                      !with_cg.accepts_fault(HF_FAULT_SKIP_GRID_BARRIER) && with_cg.accepts_fault(HF_FAULT_SKIP_HALF_SWEEP) &&
                      std::string(sweeps_choices(with_cg)) == "1, 2, 3, 4, 6, 8, 12, 16, 24, 32" && default_sweeps(with_cg) == 8;
    for (int k : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32}) {
        const std::string name = "temporal_cg_k" + std::to_string(k);
        const KernelRef* kernel = sweeps_kernel(with_cg, k);
        cg_kernels = cg_kernels && kernel != nullptr && name == kernel->name && find_kernel(name.c_str()) == kernel;
    }
    expect(cg_kernels, "temporal-cg: a kernel per k = 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, found by name; no watchdog, no barrier fault");
    config = config_of("persistent-grid", "temporal-cg", 0, 0);
    hf_plan cg_plan{};
    status = plan_from_facts(config, 10001, cg_row, device, &cg_plan);
    hf_plan two_slot_plan{};
    plan_from_facts(config_of("persistent-grid", "temporal", 0, 0), 10001, temporal, device, &two_slot_plan);
    expect(status == HF_OK && std::strcmp(cg_plan.kernel, "temporal_cg_k8") == 0 && cg_plan.blocks == two_slot_plan.blocks &&
               cg_plan.sweeps_per_exchange == 8,
           "N = 10001, temporal-cg: k = 8 (no auto rule names it), the grid of temporal: " + describe(cg_plan));
    config = config_of("persistent-grid", "temporal", 5, 0);
    status = plan_from_facts(config, 4097, temporal, device, &plan);
    expect(status == HF_OK && plan.blocks == 5,
           "5 blocks asked: 5 blocks sharing the items");

    /* The session recomputes the items from the plan's blocks: the same cut the planner made. */
    int differ = 0;
    int cases = 0;
    for (int n = 3; n <= 12000; n += n < 300 ? 1 : 37) {
        for (int k : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32}) {
            for (int coresident : {1, 2, 132, 264, 528}) {
                const StreamGeometry planned = plan_stream_geometry(n, k, coresident);
                const int blocks = std::min(planned.strips * planned.segments, coresident);
                const StreamGeometry again = plan_stream_geometry(n, k, blocks);
                const bool covers = planned.strip_width * planned.strips >= n - 1 &&
                                    planned.segment_rows * planned.segments >= n - 2 && planned.strip_width % 2 == 0 &&
                                    planned.strip_width * (planned.strips - 1) < n - 1 &&
                                    planned.segment_rows * (planned.segments - 1) < n - 2;
                ++cases;
                if (!covers || again.strips != planned.strips || again.segments != planned.segments ||
                    again.segment_rows != planned.segment_rows || again.strip_width != planned.strip_width) {
                    if (++differ < 5) {
                        std::printf("     n=%d k=%d coresident=%d: %d x %d items of %d x %d, again %d x %d\n", n, k,
                                    coresident, planned.strips, planned.segments, planned.strip_width,
                                    planned.segment_rows, again.strips, again.segments);
                    }
                }
            }
        }
    }
    expect(differ == 0, "items cover the grid, none empty, and the session's cut equals the planner's in all " +
                            std::to_string(cases) + " cases");
    device.blocks_per_sm = 8;
}

}  // namespace

/* The planner asks the device through these; here it is the pretend H200, where every cluster of
 * at most 16 blocks fits. */
hf_status holdfast::query_row_facts(const VariantRow& row, int threads, DeviceFacts* facts)
{
    (void)row;
    (void)threads;
    *facts = device;
    return HF_OK;
}

hf_status holdfast::count_active_clusters(const VariantRow& row, const hf_plan& plan, int* clusters)
{
    (void)row;
    *clusters = plan.cluster_size <= device.max_cluster_blocks ? kSmCount / plan.cluster_size : 0;
    return HF_OK;
}

hf_status holdfast::check_cluster_fits(const VariantRow& row, const hf_plan& plan)
{
    (void)row;
    return plan.cluster_size <= device.max_cluster_blocks || plan.cluster_size <= 1
               ? HF_OK
               : fail(HF_ERR_NOT_CORESIDENT, "pretend: no room for a cluster of %d", plan.cluster_size);
}

/* temporal3d: the cube's temporally blocked pass. Its standard twins are found by name, and its
 * geometry is StreamGeometry3D's (N = 512, k = 8: 22 x 11 tiles of 24 x 48 owned points); the
 * persistent row plans one wave of items with each k's shared memory (two blocks an SM up to k = 4,
 * one above), sizes its block, and refuses more blocks than fit. */
void the_cubes_stream_pass_twins_are_listed()
{
    const PlanDevice pretend{&query_row_facts, &check_cluster_fits};
    const int temporal3 = find_variant(HF_PROBLEM_POISSON_3D, "persistent-grid", "temporal");
    const VariantRow& row = variant_row(temporal3);
    bool kernels = temporal3 >= 0 && row.has(HF_TRAIT_TWO_BUFFERS) && row.has(HF_TRAIT_WATCHDOG) &&
                   row.accepts_fault(HF_FAULT_SKIP_GRID_BARRIER) && std::string(sweeps_choices(row)) == "1, 2, 3, 4, 6, 8" &&
                   default_sweeps(row) == 6 && std::strcmp(row.planner.name, "plan_temporal_stream_3d") == 0;
    for (int k : {1, 2, 3, 4, 6, 8}) {
        const std::string name = "temporal_stream_persistent_3d_k" + std::to_string(k);
        const KernelRef* kernel = sweeps_kernel(row, k);
        kernels = kernels && kernel != nullptr && name == kernel->name && find_kernel(name.c_str()) == kernel;
    }
    expect(kernels, "the cube's temporal row: a kernel per k = 1, 2, 3, 4, 6, 8 found by name, default 6, two buffers");
    auto cube = [](int n) {
        const double d = 1.0 / (n - 1);
        return hf_problem{HF_PROBLEM_POISSON_3D, n, d * d};
    };
    int mismatches = 0;
    for (int k : {1, 2, 3, 4, 6, 8}) {
        for (int n : {3, 33, 65, 257, 512}) {
            hf_plan plan{};
            hf_run_config config = config_of("persistent-grid", "temporal", 0, kStream3dThreads);
            config.sweeps_per_exchange = k;
            const hf_status status = plan_with(config, cube(n), pretend, &plan);
            const int wave = (k <= 4 ? 2 : 1) * kSmCount;
            const int items = stream_3d_blocks(plan_stream_geometry_3d(n, k, wave));
            const bool ok = status == HF_OK && plan.blocks == std::min(items, wave) && plan.sweeps_per_exchange == k &&
                            plan.shared_bytes == stream_3d_shared_bytes(k) &&
                            std::string(plan.kernel) == "temporal_stream_persistent_3d_k" + std::to_string(k);
            mismatches += ok ? 0 : 1;
            if (!ok) {
                std::printf("     cube temporal n=%d k=%d: %s (%s)\n", n, k, describe(plan).c_str(), last_message().c_str());
            }
        }
    }
    expect(mismatches == 0, "the cube's temporal: one wave of items, k's shared memory, k's kernel");
    hf_plan plan{};
    hf_run_config config = config_of("persistent-grid", "temporal", 0, 256);
    expect(plan_with(config, cube(33), pretend, &plan) == HF_OK && plan.threads_per_block == kStream3dThreads,
           "the cube's temporal sizes its block: 512 threads when 256 are asked: " + describe(plan));
    config = config_of("persistent-grid", "temporal", kSmCount + 1, kStream3dThreads);
    config.sweeps_per_exchange = 8;
    expect_refused(plan_with(config, cube(257), pretend, &plan), HF_ERR_NOT_CORESIDENT, "can be co-resident",
                   "the cube's temporal, k = 8: one block an SM");

    bool found = true;
    for (int k : {1, 2, 3, 4, 6, 8}) {
        const std::string twin = "hf_stream_pass_3d_k" + std::to_string(k);
        found = found && find_kernel(twin.c_str()) != nullptr;
    }
    expect(found && find_kernel("hf_stream_pass_3d_k5") == nullptr, "the cube's stream-pass twins, k = 1, 2, 3, 4, 6, 8");
    const StreamGeometry3d geometry = plan_stream_geometry_3d(512, 8, 264);
    expect(geometry.tiles_j == 22 && geometry.tiles_k == 11 && geometry.segments == 1 && geometry.segment_planes == 510,
           "N = 512, k = 8: 22 x 11 tiles, one segment");
    const StreamGeometry3d small = plan_stream_geometry_3d(65, 8, 24);
    expect(small.tiles_j == 3 && small.tiles_k == 2 && small.segments == 4 && small.segment_planes == 16,
           "N = 65, k = 8, 24 blocks: 3 x 2 tiles, 4 segments of 16 planes");
}

int main()
{
    the_table_names_the_command_lines_variants();
    auto_blocks_are_todays();
    on_chip_choices_are_todays();
    refusals_name_the_problem();
    faults_must_fit();
    resident_plans_fit_the_shared_memory();
    cluster_bands_plans();
    the_auto_rule_picks_by_size();
    the_cubes_rows_plan();
    the_cubes_resident_plans();
    the_cubes_cluster_plans();
    the_cubes_block_plans();
    every_rule_is_plannable();
    a_problem_is_checked();
    temporal_plans();
    occupied_temporal_plans();
    on_chip_rows_plan();
    the_cubes_stream_pass_twins_are_listed(); /* temporal3d */
    std::printf("%s\n", failures == 0 ? "ALL PASSED" : "FAILURES");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
