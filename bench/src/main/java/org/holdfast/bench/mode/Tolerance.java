package org.holdfast.bench.mode;

import java.util.Arrays;

/**
 * How far a mode's result may be from the reference. Every mode computes the reference's doubles in
 * the reference's order (kernels compile with FMA contraction off), so the rule is bit-for-bit
 * equality; a mode whose arithmetic differs on purpose declares a tolerance and says why.
 *
 * @param maxAbsDiff the largest |result - reference| accepted at any point; 0 means equal bit for bit
 * @param reason why this mode cannot equal the reference bit for bit; empty for {@link #EXACT}
 */
public record Tolerance(double maxAbsDiff, String reason) {

    /** The largest tolerance a mode may declare; the verification run is sensitive to 1000 times it. */
    public static final double LARGEST = 1e-12;

    /** Bit-for-bit equality with the reference. */
    public static final Tolerance EXACT = new Tolerance(0, "");

    public Tolerance {
        if (!(maxAbsDiff >= 0 && maxAbsDiff <= LARGEST)) {
            throw new IllegalArgumentException("a tolerance is from 0 to " + LARGEST + ", got " + maxAbsDiff);
        }
        if (maxAbsDiff > 0 && (reason == null || reason.isBlank())) {
            throw new IllegalArgumentException("a mode that does not equal the reference bit for bit must say why");
        }
    }

    public boolean exact() {
        return maxAbsDiff == 0;
    }

    /** Whether {@code result} passes against {@code reference}: the same bits, or within the tolerance everywhere. */
    public boolean accepts(double[] result, double[] reference) {
        if (exact()) {
            return Arrays.equals(result, reference);
        }
        double diff = org.holdfast.kernels.poisson.PoissonProblem.maxAbsDiff(result, reference);
        return diff <= maxAbsDiff;
    }
}
