package org.holdfast.bench.harness;

import java.util.Arrays;

/**
 * Median and spread of repeated timings.
 *
 * @param median the middle value (mean of the two middle ones for an even count)
 * @param min the fastest
 * @param max the slowest
 */
public record Statistics(double median, double min, double max) {

    public static Statistics of(double[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        return new Statistics(median, sorted[0], sorted[sorted.length - 1]);
    }
}
