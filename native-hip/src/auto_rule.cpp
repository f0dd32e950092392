/*
 * auto_rule.cpp: the table behind "auto" (auto_rule.h).
 */
#include "auto_rule.h"

#include <cstring>

#include "variant_table.h"

namespace holdfast {
namespace {

constexpr int kLargest = 46340; /* planner.h's kMaxN */

/* The small sizes are the on-chip kernels' (one block, one cluster; tools/onchip/NOTES.md), the
 * large ones the grid-resident kernel's (tools/resident/NOTES.md); µs per iteration on the H200.
 *
 * persistent-grid: one block up to N = 48 (0.18 at N = 11, 0.33 at 33), then one cluster while the
 * grid fits 16 blocks' registers (about N = 350; 0.97 at 101, 1.83 at 257), then the default (cg).
 * persistent-dataflow: the counters' one block on chip up to N = 24, one cluster (st.async halos)
 * while it fits, then every multiprocessor holding its band (resident: 6.31 at N = 1001 against
 * 10.03 for counters and 10.5 for graph; k = 3 measured best), up to the largest band that fits
 * (N = 1816 on 132 SMs), then the default (counters). persistent-host: the relay everywhere
 * (18.4 at N = 1001 against 27.8 for the per-block neighbour schedule). */
constexpr AutomaticRule kAutomaticRules[] = {
    {"persistent-grid", 3, 48, "block", 0},
    {"persistent-grid", 3, kLargest, "cluster", 0},
    {"persistent-dataflow", 3, 24, "counters", 0},
    {"persistent-dataflow", 3, kLargest, "cluster", 0},
    {"persistent-dataflow", 49, kLargest, "resident", 3},
    {"persistent-host", 3, kLargest, "relay", 0},
};

bool holds(const AutomaticRule& rule, const char* mode, int n)
{
    return same_name(rule.mode, mode) && n >= rule.smallest_n && n <= rule.largest_n;
}

}  // namespace

const AutomaticRule* automatic_rules(int* count)
{
    *count = static_cast<int>(sizeof kAutomaticRules / sizeof kAutomaticRules[0]);
    return kAutomaticRules;
}

int auto_candidates(const char* mode, int n, int (&rows)[kMaxAutoCandidates])
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
        if (holds(rule, mode, n)) {
            add(find_variant(mode, rule.variant));
        }
    }
    add(find_variant(mode, nullptr));
    for (int index = 0; index < variant_count(); ++index) {
        if (same_name(variant_row(index).mode, mode)) {
            add(index);
        }
    }
    return count;
}

int auto_sweeps_per_exchange(const char* mode, const char* variant, int n)
{
    for (const AutomaticRule& rule : kAutomaticRules) {
        if (holds(rule, mode, n) && same_name(rule.variant, variant)) {
            return rule.sweeps > 0 ? rule.sweeps : 1;
        }
    }
    return 1;
}

}  // namespace holdfast
