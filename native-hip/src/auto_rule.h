/*
 * auto_rule.h: what "auto" runs, by mode and size: the one table of rules measured on the H200
 * (docs/persistent-variants.md says where each comes from).
 *
 * A rule names a problem (the square unless it says), a mode, a range of n, a variant, and the half-sweeps per exchange and threads per
 * block it runs best with.
 * For (problem, mode, n) the planner tries, in turn, every rule of the problem whose range holds n
 * (in table order), the mode's default row for the problem (is_default), then the mode's other rows
 * for the problem, and takes the first it can plan
 * (built here, accepted by its hook and by the device), so a rule measured on the H200 still gives
 * a working plan elsewhere. A rule for other sizes is one more row. Plain C++: the planner's
 * host-only test checks it without a GPU.
 */
#ifndef HOLDFAST_AUTO_RULE_H
#define HOLDFAST_AUTO_RULE_H

#include "holdfast_native.h"

namespace holdfast {

struct AutomaticRule {
    const char* mode;
    int smallest_n, largest_n;
    const char* variant;
    int sweeps;  /* half-sweeps per exchange when the caller leaves k to the planner; 0: the variant's own */
    int threads; /* threads per block when "auto" chose the variant; 0: the caller's (a variant named by
                    its caller always runs the caller's threads) */
    int problem = HF_PROBLEM_POISSON_2D; /* HF_PROBLEM_* */
};

/* The table, for tests and documentation checks. */
const AutomaticRule* automatic_rules(int* count);

constexpr int kMaxAutoCandidates = 16;

/* The rows of the variant table "auto" tries for (problem, mode, n), best first (see above; each row
 * once); returns how many (0 for an unknown mode, or a mode without rows for the problem). */
int auto_candidates(int problem, const char* mode, int n, int (&rows)[kMaxAutoCandidates]);

/* The first rule for (problem, mode, variant) whose range holds n, or nullptr. */
const AutomaticRule* rule_for(int problem, const char* mode, const char* variant, int n);

/* Half-sweeps per exchange the first rule for (problem, mode, variant) holding n gives when the
 * caller leaves it to the planner (0); 1 where no rule says. */
int auto_sweeps_per_exchange(int problem, const char* mode, const char* variant, int n);

}  // namespace holdfast

#endif /* HOLDFAST_AUTO_RULE_H */
