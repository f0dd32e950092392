/*
 * auto_rule.h: what "auto" runs, by mode and size: one table of thresholds measured on the H200
 * (docs/persistent-variants.md says where each comes from).
 *
 * For a mode and an n, the rule names the variant to try first, with the half-sweeps per exchange
 * it runs best with; the mode's default row (is_default) comes next, then its other rows. The
 * planner takes the first candidate it can plan (one that fits the device's shared memory, or
 * takes the asked k), so a rule measured on the H200 still gives a working plan elsewhere. Plain
 * C++: the planner's host-only test checks it without a GPU.
 */
#ifndef HOLDFAST_AUTO_RULE_H
#define HOLDFAST_AUTO_RULE_H

namespace holdfast {

constexpr int kMaxAutoCandidates = 8;

/* The rows of the variant table "auto" tries for (mode, n), best first: the rule's, the mode's
 * default row, then the mode's other rows (one of them may take a config the first two refuse,
 * such as more sweeps per exchange); returns how many (0 for an unknown mode). */
int auto_candidates(const char* mode, int n, int (&rows)[kMaxAutoCandidates]);

/* Half-sweeps per exchange the rule gives (mode, variant) at n when the caller leaves it to the
 * planner (0); 1 where the rule says nothing. */
int auto_sweeps_per_exchange(const char* mode, const char* variant, int n);

}  // namespace holdfast

#endif /* HOLDFAST_AUTO_RULE_H */
