package org.holdfast.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.Modes;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The lines of a plot, one per mode, kernel source, variant and (when a run has several) block rule,
 * styled as the mode's descriptor says: its colour; the hand-written kernels of a mode that also
 * runs Java kernels dashed, so the two stay apart where they meet. A mode no longer registered
 * (an old results.json) is drawn in black.
 */
record Series(XYSeriesCollection data, XYLineAndShapeRenderer renderer) {

    static Series byMode(List<ResultRow> rows, ToDoubleFunction<ResultRow> value) {
        Map<String, XYSeries> series = new LinkedHashMap<>();
        Map<String, ResultRow> firstRow = new LinkedHashMap<>();
        boolean severalRules = rows.stream().map(ResultRow::rule).filter(r -> !r.isEmpty()).distinct().count() > 1;
        // The k a planner chose per size ("cluster/k=4" at one N, "cluster/k=8" at the next) is one line;
        // k splits a variant's line only where the run measured several k of it at one N (a sweep of k).
        List<String> bases = rows.stream().map(row -> name(row, row.variantName(), severalRules)).toList();
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
            series.computeIfAbsent(name, XYSeries::new).add(row.n(), value.applyAsDouble(row));
            firstRow.putIfAbsent(name, row);
        }
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        int index = 0;
        for (Map.Entry<String, XYSeries> entry : series.entrySet()) {
            data.addSeries(entry.getValue());
            ResultRow row = firstRow.get(entry.getKey());
            renderer.setSeriesStroke(index, dashed(row)
                    ? new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {9f, 5f}, 0f)
                    : new BasicStroke(2.5f));
            renderer.setSeriesPaint(index, descriptor(row).map(d -> new Color(d.plotColour())).orElse(Color.BLACK));
            index++;
        }
        return new Series(data, renderer);
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
