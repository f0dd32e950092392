package org.holdfast.bench.report;

/**
 * One line of the overhead breakdown.
 *
 * @param what the cost measured, e.g. "empty kernel, launch + sync"
 * @param micros its median, µs
 * @param how how it was measured, in a few words
 */
public record OverheadRow(String what, double micros, String how) {
}
