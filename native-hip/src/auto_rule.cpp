/*
 * auto_rule.cpp: the table behind "auto" (auto_rule.h).
 */
#include "auto_rule.h"

#include <cstring>

#include "variant_table.h"

namespace holdfast {
namespace {

constexpr int kLargest = 46340; /* planner.h's kMaxN */

/* The small sizes are the on-chip kernels', the large ones the grid-resident and temporally blocked
 * kernels'. Each edge is where the next variant measured faster on the H200 through the harness;
 * the figures are in docs/persistent-variants.md ("The rule"), taken from the runs it names
 * (runs/on-chip-auto, on-chip-variants, resident-512, temporal-boundary, top-3blocks).
 *
 * persistent-grid: one block (one warp while the grid is small) up to N = 48, then one cluster
 * while the grid fits 16 blocks (N = 358), then the temporally blocked passes, which take only 256
 * threads: k = 4, and k = 8 from N = 2049, three blocks an SM from N = 4097 (runs/top-3blocks: 64.7
 * against 68.1 us at 4097, 350 against 372 at 10001; Java 67.6 against 70.7, 363 against 380; a tie
 * at 2049). cg was not measured between N = 359 and 1001.
 * persistent-dataflow: the counters' one block on chip up to N = 24, one cluster (st.async halos)
 * while it fits, then every multiprocessor holding its band (resident, k = 3 at 512 threads), up to
 * the largest band that fits (N = 1816 on 132 SMs), then the default (counters). persistent-host:
 * the relay everywhere (per-block neighbour flags are several times slower at N = 1001).
 *
 * The cube (runs/poisson3d-variants, one run with graph in it; docs/persistent-variants.md, "The
 * cube's rule"): persistent-grid runs the register kernel (block) up to N = 16 (1.33 us against the
 * cluster's 1.43), one cluster while the cube fits 16 blocks (N = 32: 2.28 against cg's 3.41), then
 * its default cg (N = 64: 5.80 against the temporal pass's 24.8), and the temporal passes at k = 4
 * (two blocks an SM) from N = 193 (N = 256: 235 at k = 6 against cg's 268; the standard pass at k =
 * 4 was faster than at 6 there and at 512). persistent-dataflow: the counters' one block on chip to
 * N = 8 (0.76 against the cluster's 1.31), the st.async cluster while it fits (N = 16: 1.78 against
 * 2.79), then the counters. persistent-host: the relay. */
constexpr AutomaticRule kAutomaticRules[] = {
    {"persistent-grid", 3, 48, "block", 0, 0},
    {"persistent-grid", 3, kLargest, "cluster", 0, 0},
    {"persistent-grid", 359, 2048, "temporal", 4, 256},
    {"persistent-grid", 4097, kLargest, "temporal-3blocks", 8, 256},
    {"persistent-grid", 2049, kLargest, "temporal", 8, 256},
    {"persistent-dataflow", 3, 24, "counters", 0, 0},
    {"persistent-dataflow", 3, kLargest, "cluster", 0, 0},
    {"persistent-dataflow", 49, kLargest, "resident", 3, 512},
    {"persistent-host", 3, kLargest, "relay", 0, 0},
    {"persistent-grid", 3, 16, "block", 0, 0, HF_PROBLEM_POISSON_3D},
    {"persistent-grid", 3, kLargest, "cluster", 0, 0, HF_PROBLEM_POISSON_3D},
    {"persistent-grid", 193, kLargest, "temporal", 4, 0, HF_PROBLEM_POISSON_3D},
    {"persistent-dataflow", 3, 8, "counters", 0, 0, HF_PROBLEM_POISSON_3D},
    {"persistent-dataflow", 3, kLargest, "cluster", 0, 0, HF_PROBLEM_POISSON_3D},
};

bool holds(const AutomaticRule& rule, int problem, const char* mode, int n)
{
    return rule.problem == problem && same_name(rule.mode, mode) && n >= rule.smallest_n && n <= rule.largest_n;
}

}  // namespace

const AutomaticRule* automatic_rules(int* count)
{
    *count = static_cast<int>(sizeof kAutomaticRules / sizeof kAutomaticRules[0]);
    return kAutomaticRules;
}

int auto_candidates(int problem, const char* mode, int n, int (&rows)[kMaxAutoCandidates])
{
    int count = 0;
    const auto add = [&](int row) {
        for (int i = 0; i < count; ++i) {
            if (rows[i] == row) {
                return;
            }
        }
        if (row >= 0 && count < kMaxAutoCandidates) {
            rows[count++] = row;
        }
    };
    for (const AutomaticRule& rule : kAutomaticRules) {
        if (holds(rule, problem, mode, n)) {
            add(find_variant(problem, mode, rule.variant));
        }
    }
    add(find_variant(problem, mode, nullptr));
    for (int index = 0; index < variant_count(); ++index) {
        if (variant_row(index).problem == problem && same_name(variant_row(index).mode, mode)) {
            add(index);
        }
    }
    return count;
}

const AutomaticRule* rule_for(int problem, const char* mode, const char* variant, int n)
{
    for (const AutomaticRule& rule : kAutomaticRules) {
        if (holds(rule, problem, mode, n) && same_name(rule.variant, variant)) {
            return &rule;
        }
    }
    return nullptr;
}

int auto_sweeps_per_exchange(int problem, const char* mode, const char* variant, int n)
{
    const AutomaticRule* rule = rule_for(problem, mode, variant, n);
    return rule != nullptr && rule->sweeps > 0 ? rule->sweeps : 1;
}

}  // namespace holdfast
