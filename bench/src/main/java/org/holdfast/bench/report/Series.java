package org.holdfast.bench.report;

import java.awt.BasicStroke;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.Modes;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The lines of a plot, one per mode, kernel source, variant and (when a run has several) block rule,
 * each in its own colour ({@link LineColours}: a mode's first line in the mode's colour); the
 * hand-written kernels of a mode that also runs Java kernels dashed, so the two stay apart where
 * they meet. Each point carries the spread of the repeats as an error bar (fastest to slowest).
 */
record Series(YIntervalSeriesCollection data, XYErrorRenderer renderer) {

    /** The time per iteration, median with the fastest and slowest repeat. */
    static Series timePerIteration(List<ResultRow> rows) {
        return byMode(rows, ResultRow::medianMicros, ResultRow::minMicros, ResultRow::maxMicros);
    }

    /** The effective bandwidth at the median, from the slowest repeat's to the fastest's. */
    static Series bandwidth(List<ResultRow> rows) {
        return byMode(rows, ResultRow::gbPerSecond, r -> r.gbPerSecond() * r.medianMicros() / r.maxMicros(),
                r -> r.gbPerSecond() * r.medianMicros() / r.minMicros());
    }

    static Series byMode(List<ResultRow> rows, ToDoubleFunction<ResultRow> value, ToDoubleFunction<ResultRow> low,
            ToDoubleFunction<ResultRow> high) {
        Map<String, YIntervalSeries> series = new LinkedHashMap<>();
        Map<String, ResultRow> firstRow = new LinkedHashMap<>();
        boolean severalRules = rows.stream().map(ResultRow::rule).filter(r -> !r.isEmpty()).distinct().count() > 1;
        // The k a planner chose per size ("cluster/k=4" at one N, "cluster/k=8" at the next) is one line;
        // k splits a variant's line only where the run measured several k of it at one N (a sweep of k).
        List<String> bases = rows.stream().map(row -> name(row, withoutK(row), severalRules)).toList();
        java.util.Set<String> seen = new java.util.HashSet<>();
        java.util.Set<String> kSwept = new java.util.HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!seen.add(bases.get(i) + "@" + rows.get(i).n())) {
                kSwept.add(bases.get(i));
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            ResultRow row = rows.get(i);
            // A note such as "on chip" marks points, not series: the mode's line goes on through them.
            String name = kSwept.contains(bases.get(i)) ? name(row, row.variant(), severalRules) : bases.get(i);
            double y = value.applyAsDouble(row);
            series.computeIfAbsent(name, YIntervalSeries::new).add(row.n(), y, spreadEnd(low.applyAsDouble(row), y),
                    spreadEnd(high.applyAsDouble(row), y));
            firstRow.putIfAbsent(name, row);
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDefaultLinesVisible(true);
        renderer.setDrawXError(false);
        renderer.setCapLength(6);
        renderer.setErrorStroke(new BasicStroke(1.5f));
        LineColours colours = new LineColours();
        int index = 0;
        for (Map.Entry<String, YIntervalSeries> entry : series.entrySet()) {
            data.addSeries(entry.getValue());
            ResultRow row = firstRow.get(entry.getKey());
            renderer.setSeriesStroke(index, dashed(row)
                    ? new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {9f, 5f}, 0f)
                    : new BasicStroke(2.5f));
            renderer.setSeriesPaint(index, colours.next(row.mode()));
            index++;
        }
        return new Series(data, renderer);
    }

    /**
     * The variant a line is named by where k does not split it: a named variant that ran with a k is its name alone
     * ({@code cluster} for {@code cluster/k=4}); the label of any other row, which holds no k ({@code neighbour/busy})
     * or whose k is always the user's ({@code k=1}, a standard launch without a variant name), stays whole.
     */
    private static String withoutK(ResultRow row) {
        return row.k() > 0 && !row.variantName().isEmpty() ? row.variantName() : row.variant();
    }

    /** An end of a point's spread, or the point itself where an older results.json has none (NaN, or not positive: no log axis draws it). */
    static double spreadEnd(double bound, double value) {
        return Double.isNaN(bound) || bound <= 0 ? value : bound;
    }

    private static String name(ResultRow row, String variant, boolean severalRules) {
        return row.mode() + (namesKernels(row) ? " (" + row.kernels() + ")" : "") + (variant.isEmpty() ? "" : " " + variant)
                + (severalRules && !row.rule().isEmpty() ? ", blocks " + row.rule() : "");
    }

    private static Optional<ModeDescriptor> descriptor(ResultRow row) {
        return Modes.ALL.find(row.mode());
    }

    /** GPU modes name their kernels; the CPU modes name a user's only (else they run the Java ones). */
    private static boolean namesKernels(ResultRow row) {
        return descriptor(row).map(d -> d.paradigm().needsGpu()).orElse(true) || !row.kernels().equals(KernelSource.JAVA.cliName());
    }

    private static boolean dashed(ResultRow row) {
        return row.kernels().equals(KernelSource.NATIVE.cliName())
                && descriptor(row).map(d -> d.kernelSources().size() > 1).orElse(false);
    }
}
