/*
 * auto_rule.cpp: the table behind "auto" (auto_rule.h).
 */
#include "auto_rule.h"

#include <cstring>

#include "variant_table.h"

namespace holdfast {
namespace {

/* For `mode`, sizes n <= up_to_n (and above the previous row of the same mode) run `variant`
 * with `sweeps` half-sweeps per exchange (0: the variant's own choice). Rows of a mode in
 * increasing up_to_n. Sizes beyond a mode's last row, and modes without rows, run the mode's
 * default row.
 *
 * persistent-dataflow: up to N = 48 one block holds the grid on chip (counters' own planner:
 * 1.06 us per iteration at N = 33 on the H200 against 2.2 for any multi-block grid); beyond, every
 * multiprocessor holds its band in shared memory (resident: 6.31 us at N = 1001 against 10.03 for
 * counters, 13.25 for persistent-grid and 10.5 for graph; k = 3 measured best, k = 2 within
 * 0.2 %), up to the largest band that fits (N = 1816 with f in global memory on 132 SMs);
 * beyond that the counters again. persistent-host: the relay everywhere (18.4 us at N = 1001
 * against 27.8 for the per-block neighbour schedule on the best shape of each). */
struct AutoRow {
    const char* mode;
    int up_to_n;
    const char* variant;
    int sweeps;
};

constexpr int kLargest = 46340; /* planner.h's kMaxN */

const AutoRow kAutoRows[] = {
    {"persistent-dataflow", 48, "counters", 0},
    {"persistent-dataflow", kLargest, "resident", 3},
    {"persistent-host", kLargest, "relay", 0},
};

bool same(const char* a, const char* b) { return a != nullptr && b != nullptr && std::strcmp(a, b) == 0; }

/* The row of kAutoRows that covers (mode, n), or nullptr. */
const AutoRow* covering(const char* mode, int n)
{
    for (const AutoRow& row : kAutoRows) {
        if (same(row.mode, mode) && n <= row.up_to_n) {
            return &row;
        }
    }
    return nullptr;
}

}  // namespace

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
    if (const AutoRow* rule = covering(mode, n)) {
        add(find_variant(mode, rule->variant));
    }
    add(find_variant(mode, nullptr));
    for (int index = 0; index < variant_count(); ++index) {
        if (same(variant_row(index).mode, mode)) {
            add(index);
        }
    }
    return count;
}

int auto_sweeps_per_exchange(const char* mode, const char* variant, int n)
{
    const AutoRow* rule = covering(mode, n);
    return rule != nullptr && same(rule->variant, variant) && rule->sweeps > 0 ? rule->sweeps : 1;
}

}  // namespace holdfast
