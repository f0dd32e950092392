package org.holdfast.bench.mode;

import org.holdfast.bridge.BandPass;

/**
 * What {@code persistent-grid --gpus G --barrier auto} runs on each band, by the square's side N: the one-GPU
 * {@code auto} rule's choice for persistent-grid (native-hip/src/auto_rule.cpp, {@code kAutomaticRules}: the temporal
 * passes on 256 threads from N = 359, k = 4 up to 2048 and k = 8 from 2049), taken for each band as it stands; below
 * N = 359, where one GPU runs one block or one cluster on chip, the band kernel's half-sweeps with k = 1. It mirrors
 * the one-GPU rule and was not measured on bands: to be confirmed on the H200 (band rows against the one-GPU rows at
 * N = 359 .. 8193). The one place that says it: {@code --print-kernel} and docs/multi-gpu.md quote it.
 */
final class BandPassRule {

    /** The smallest N whose bands run the temporal passes. */
    static final int TEMPORAL_FROM = 359;
    /** The smallest N whose temporal passes go k = 8 deep (k = 4 below). */
    static final int DEEPER_FROM = 2049;
    /** The threads per block the temporal pass runs (the one-GPU rule's, and the only ones it is built for). */
    static final int TEMPORAL_THREADS = 256;

    private BandPassRule() {
    }

    /**
     * The plan for side {@code n} with {@code askedK} half-sweeps between exchanges (0: the rule's k). An asked k the
     * temporal pass is not built for runs the half-sweeps, as the one-GPU {@code auto} falls to the next candidate.
     */
    static BandPlan auto(int n, int askedK) {
        if (n >= TEMPORAL_FROM && (askedK == 0 || BandPass.TEMPORAL.takes(askedK))) {
            return new BandPlan(BandPass.TEMPORAL, askedK == 0 ? temporalK(n) : askedK, TEMPORAL_THREADS);
        }
        return BandPlan.halfSweeps(askedK == 0 ? 1 : askedK);
    }

    /**
     * The k of the temporal passes where none is asked: the rule's where it holds N, else 8 (the default k of the
     * one-GPU {@code temporal} row where no rule holds N, its fastest at large grids).
     */
    static int temporalK(int n) {
        return n >= TEMPORAL_FROM && n < DEEPER_FROM ? 4 : 8;
    }

    /** The rule in words, for {@code --print-kernel}. */
    static String described() {
        return "temporal passes of k = 4 half-sweeps from N = " + TEMPORAL_FROM + " and of k = 8 from N = " + DEEPER_FROM
                + " on " + TEMPORAL_THREADS + " threads, below N = " + TEMPORAL_FROM + " each half-sweep with a band barrier"
                + " after it, k = 1";
    }
}
