package org.holdfast.bench.report;

/**
 * One measured mode at one size: what every report prints.
 *
 * @param mode the mode's name
 * @param kernels {@code java} or {@code native} for standard launches, {@code native} for persistent
 *     kernels, {@code java} on the CPU
 * @param variant the variant that ran as the reports label it (barrier, schedule, polling; k as {@code k=4}), or empty
 * @param variantName the variant's name alone ({@code temporal}, {@code cluster}, {@code neighbour}), or empty where
 *     the mode has no variant (standard launches, the CPU)
 * @param k the half-sweeps per exchange (persistent) or per launch (standard) it ran with; 0 where the mode has no
 *     such number, or where a row that did not run asked for {@code auto}
 * @param note what the mode chose that the settings do not show (such as {@code on chip}), or empty
 * @param rule the block-count rule the GPU modes ran with ({@code auto}, a number, {@code same-as-standard}); empty on the CPU
 * @param n points per side
 * @param iterations iterations per repeat
 * @param repeats timed repeats
 * @param blocks blocks (groups) per launch, 0 on the CPU
 * @param threads threads per block, 0 on the CPU
 * @param medianMicros median time per iteration, µs
 * @param minMicros fastest repeat, µs per iteration
 * @param maxMicros slowest repeat, µs per iteration
 * @param pointsPerSecond interior points updated per second at the median
 * @param gbPerSecond effective bandwidth at the median: the problem's bytes per iteration (u read, f read, u written: 24·N² in 2D)
 * @param copyGbPerSecond copy bandwidth of the device measured at the start of the run (bytes read + written)
 * @param roofline the limit the row is compared with, the bytes an iteration really moves there and its measured
 *     bandwidth ({@link Roofline#NONE} for a row without a time)
 * @param maxDiff max |u - reference| over the full array, the largest over the verification run and every repeat
 * @param maxError max |u - exact solution| over the full array, after the last repeat
 * @param init what the interior of the timed runs started from ({@code zero}, {@code random})
 * @param verification the verification run of this size; {@link Sensitivity#NONE} when the mode did not get to it
 * @param equalRepeats timed repeats whose array passed against the reference
 * @param status {@code ok}; {@code MISMATCH: ...} saying what differed; {@code failed: ...}; or
 *     {@code refused: ...}, what cannot run here (the planner's reason). Only an {@code ok} row has
 *     times: the others carry NaN in every time and rate
 */
public record ResultRow(String mode, String kernels, String variant, String variantName, int k, String note, String rule,
        int n, int iterations, int repeats, int blocks, int threads, double medianMicros, double minMicros, double maxMicros,
        double pointsPerSecond, double gbPerSecond, double copyGbPerSecond, Roofline roofline, double maxDiff, double maxError,
        String init, Sensitivity verification, int equalRepeats, String status) {

    /** How a row that cannot run here begins its status. */
    public static final String REFUSED = "refused: ";
    /**
     * A spread above this many percent marks an {@code ok} row ({@link #wideSpread}): its repeats
     * disagree so much (a busy machine, a run too short to time) that the median is a rough figure.
     */
    public static final double WIDE_SPREAD_PERCENT = 50;

    /** A row without a roofline ({@link Roofline#NONE}): a row from a run before the column, or a test's. */
    public ResultRow(String mode, String kernels, String variant, String variantName, int k, String note, String rule, int n,
            int iterations, int repeats, int blocks, int threads, double medianMicros, double minMicros, double maxMicros,
            double pointsPerSecond, double gbPerSecond, double copyGbPerSecond, double maxDiff, double maxError, String init,
            Sensitivity verification, int equalRepeats, String status) {
        this(mode, kernels, variant, variantName, k, note, rule, n, iterations, repeats, blocks, threads, medianMicros, minMicros,
                maxMicros, pointsPerSecond, gbPerSecond, copyGbPerSecond, Roofline.NONE, maxDiff, maxError, init, verification,
                equalRepeats, status);
    }

    public double spreadPercent() {
        return medianMicros == 0 ? 0 : (maxMicros - minMicros) / medianMicros * 100;
    }

    /** Effective bandwidth as a fraction of the measured copy bandwidth. */
    public double copyFraction() {
        return copyGbPerSecond > 0 ? gbPerSecond / copyGbPerSecond : Double.NaN;
    }

    /** The bytes an iteration really moves, per second, at the median: GB/s in the row's limiting memory. */
    public double movedGbPerSecond() {
        return roofline.gbPerSecond(medianMicros);
    }

    /** The share of the row's limit (HBM or host copy, or shared memory) reached at the median: the {@code roofline} column. */
    public double rooflineFraction() {
        return roofline.fraction(medianMicros);
    }

    /**
     * The variant and the note, as the tables print them: {@code neighbour/busy}, {@code resident/k=3};
     * with a note, the variant's name and the note ({@code cg: on chip}, {@code block: one warp, 2 points
     * per thread}), or the note alone where it starts with the name ({@code cluster of 16, k = 8, ...}),
     * so that rows of several variants in one run stay apart.
     */
    public String variantAndNote() {
        if (note.isEmpty()) {
            return variant;
        }
        String name = variantName();
        return name.isEmpty() || note.startsWith(name) ? note : name + ": " + note;
    }

    public boolean ok() {
        return status.equals("ok");
    }

    /** Whether the row cannot run here (its planner refused the request), which is not a failure. */
    public boolean refused() {
        return status.startsWith(REFUSED);
    }

    /** Whether an {@code ok} row's spread is above {@link #WIDE_SPREAD_PERCENT}: marked, not failed. */
    public boolean wideSpread() {
        return ok() && spreadPercent() > WIDE_SPREAD_PERCENT;
    }

    /** The status as the table shows it: an {@code ok} row of wide spread says so. */
    public String statusMarked() {
        return wideSpread() ? "ok (spread > " + Math.round(WIDE_SPREAD_PERCENT) + "%)" : status;
    }

    /** What was checked, as the table shows it: {@code k=50, 5/5} (verification k, repeats equal of repeats). */
    public String checked() {
        return verification.k() == 0 ? "-" : "k=" + verification.k() + ", " + equalRepeats + "/" + repeats;
    }
}
