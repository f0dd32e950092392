package org.holdfast.bench.mode;

import org.holdfast.bridge.BandPass;

/**
 * How the bands of {@code persistent-grid --gpus G} run, chosen before the run from {@code --barrier},
 * {@code --sweeps-per-exchange} and the size ({@link NativePersistentMode}, {@link BandPassRule} under {@code auto}).
 *
 * @param pass the band kernel's half-sweeps, a band barrier after each, or temporal passes of k half-sweeps
 * @param k ghost rows each side and half-sweeps between halo exchanges
 * @param threads threads per block the plan fixes (the rule's 256 for an {@code auto} temporal pass, as the one-GPU
 *     rule's threads override {@code -t}), or 0 for the request's
 */
record BandPlan(BandPass pass, int k, int threads) {

    /** The row's variant name of the band kernel's half-sweeps. */
    static final String HALF_SWEEPS_VARIANT = "bands";
    /** The row's variant name of the band kernel's temporal passes. */
    static final String TEMPORAL_VARIANT = "bands-temporal";

    /** The half-sweeps with k ghost rows, on the request's threads. */
    static BandPlan halfSweeps(int k) {
        return new BandPlan(BandPass.HALF_SWEEPS, k, 0);
    }

    /** The row's variant name: {@code bands} or {@code bands-temporal}. */
    String variantName() {
        return pass == BandPass.TEMPORAL ? TEMPORAL_VARIANT : HALF_SWEEPS_VARIANT;
    }

    /** What the bands compute between two exchanges, as {@code --print-kernel} says it. */
    String described() {
        return pass == BandPass.TEMPORAL
                ? "temporal passes of k = " + k + " half-sweeps (the temporal rows' pass streamed down each band, a band barrier after it)"
                : "each half-sweep over the band's rows, a band barrier after it";
    }
}
