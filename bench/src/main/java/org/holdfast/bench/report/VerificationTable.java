package org.holdfast.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * What the verification run of each size proves, as printed after the results: its k, and how far
 * the reference moves when a run does one iteration fewer or skips its last red or black half-sweep.
 * A mode passes only if its array equals the reference, so it could hide none of these. Each
 * reference the rows were checked against has its line: the plain one, and a user's class on the CPU.
 */
public final class VerificationTable {

    /** The reference of rows that run Holdfast's own kernels. */
    public static final String PLAIN = "plain reference";

    /**
     * One reference's verification run at one size.
     *
     * @param n the size
     * @param reference what rows were checked against: {@link #PLAIN}, or a user's class as {@code java:<class>}
     * @param sensitivity its k and sensitivities
     */
    public record Line(int n, String reference, Sensitivity sensitivity) {
    }

    private VerificationTable() {
    }

    /** A skipped half-sweep's figure; at N = 3 one colour has no point (black on the square, red on the cube), and NaN says so. */
    private static String skipped(double by, String colour, int n) {
        return Double.isNaN(by) && n == 3 ? "nothing to skip: no " + colour + " point at N = 3" : Figures.scientific(by);
    }

    /**
     * @param problem the problem the rows solved ({@code poisson2d}, {@code poisson3d}), which the paragraph names
     * @param lines the verification run of each size and reference used, in the order measured
     * @param init what the timed runs started from
     * @param seed the seed of the random interiors
     */
    public static String of(String problem, List<Line> lines, String init, long seed) {
        MarkdownTable table = new MarkdownTable("N", "reference", "verification k", "one iteration fewer moves it by",
                "last red half-sweep skipped", "last black half-sweep skipped");
        for (Line line : lines) {
            Sensitivity sensitivity = line.sensitivity();
            table.add(Integer.toString(line.n()), line.reference().equals(PLAIN) ? PLAIN : line.reference() + " on the CPU",
                    Integer.toString(sensitivity.k()), Figures.scientific(sensitivity.oneIterationFewer()),
                    skipped(sensitivity.redSkipped(), "red", line.n()), skipped(sensitivity.blackSkipped(), "black", line.n()));
        }
        return String.format(Locale.ROOT, "Checks of %s: every row first runs k iterations from a random interior (seed %d),"
                + " then every timed repeat (%s interior); each must match its reference (the plain one, or a user's class on"
                + " the CPU), or the row is a MISMATCH with no time; a verification run that one of these changes by less than"
                + " 1e-9 fails its rows. How far the reference moves when that much work is missing:%n", problem, seed, init) + table;
    }
}
