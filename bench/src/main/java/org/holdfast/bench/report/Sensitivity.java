package org.holdfast.bench.report;

/**
 * The verification run of one size as reports show it: how many iterations it ran, and how far the
 * reference moves when one iteration or one half-sweep less is done, the smallest of which a
 * broken mode would have to hide under.
 *
 * @param k iterations of the verification run; 0 when the row has none (it failed before)
 * @param oneIterationFewer max |reference(k) - reference(k - 1)|
 * @param redSkipped max |reference(k) - the same without its last red half-sweep|; NaN where the grid has
 *     no red point (the cube at N = 3)
 * @param blackSkipped the same for the last black half-sweep; NaN where the grid has no black point (the
 *     square at N = 3)
 */
public record Sensitivity(int k, double oneIterationFewer, double redSkipped, double blackSkipped) {

    /** A row without a verification run. */
    public static final Sensitivity NONE = new Sensitivity(0, Double.NaN, Double.NaN, Double.NaN);

    /** The smallest of the changes, over the half-sweeps that exist and could be measured. */
    public double weakest() {
        double weakest = oneIterationFewer;
        for (double skipped : new double[] {redSkipped, blackSkipped}) {
            if (!Double.isNaN(skipped)) {
                weakest = Math.min(weakest, skipped);
            }
        }
        return weakest;
    }
}
