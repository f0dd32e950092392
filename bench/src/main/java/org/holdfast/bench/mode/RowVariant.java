package org.holdfast.bench.mode;

/**
 * The variant a row ran, typed, with the label the reports print: a mode makes the label from the
 * name and k it holds, and nothing parses the label back for them.
 *
 * @param label what the tables, the CSV and the JSON print: the mode's option values joined by '/',
 *     k as {@code k=<k>} ({@code temporal/k=4}, {@code neighbour/busy}, {@code k=2}), or empty
 * @param name the variant's name alone ({@code temporal}, {@code cluster}, {@code neighbour}), or empty
 *     where the mode has no variant (the standard launches, the CPU, a user's {@code solve})
 * @param k the half-sweeps per exchange (persistent) or per launch (standard) it ran with; 0 where the
 *     mode has no such number, or before the run where the planner is still to choose it ({@code auto})
 */
public record RowVariant(String label, String name, int k) {

    /** A mode without variants: no label, no name, no k. */
    public static final RowVariant NONE = new RowVariant("", "", 0);
}
