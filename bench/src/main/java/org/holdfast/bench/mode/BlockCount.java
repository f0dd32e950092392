package org.holdfast.bench.mode;

/** How a mode's block count is chosen from the experiment's {@link BlockCountRule}. */
public enum BlockCount {
    /** The CPU modes: no blocks to count; a row runs once, whatever the rules, and shows no rule. */
    NONE,
    /** Standard launches: the rule in Java ({@link BlockCountRule#standardBlocks}). */
    JAVA_RULE,
    /** Persistent kernels: the native planner, given the rule (auto, a fixed count or the standard launch's count). */
    NATIVE_PLANNER
}
