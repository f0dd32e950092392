package org.holdfast.bench.report;

import java.util.Locale;
import java.util.Map;

/**
 * What the verification run of each size proves, as printed after the results: its k, and how far
 * the reference moves when a run does one iteration fewer or skips its last red or black half-sweep.
 * A mode passes only if its array equals the reference, so it could hide none of these.
 */
public final class VerificationTable {

    private VerificationTable() {
    }

    /**
     * @param verifications the verification run of each size, by N
     * @param init what the timed runs started from
     * @param seed the seed of the random interiors
     */
    public static String of(Map<Integer, Sensitivity> verifications, String init, long seed) {
        MarkdownTable table = new MarkdownTable("N", "verification k", "one iteration fewer moves it by",
                "last red half-sweep skipped", "last black half-sweep skipped");
        verifications.forEach((n, sensitivity) -> table.add(Integer.toString(n), Integer.toString(sensitivity.k()),
                Figures.scientific(sensitivity.oneIterationFewer()), Figures.scientific(sensitivity.redSkipped()),
                Double.isNaN(sensitivity.blackSkipped()) ? "nothing to skip: no black point at N = " + n
                        : Figures.scientific(sensitivity.blackSkipped())));
        return String.format(Locale.ROOT, "Checks: every row first runs k iterations from a random interior (seed %d),"
                + " then every timed repeat (%s interior); each must match the plain reference, or the row is a MISMATCH"
                + " with no time. How far the reference moves when that much work is missing:%n", seed, init) + table;
    }
}
