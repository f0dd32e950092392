package org.holdfast.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.Modes;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Time per iteration against k, the half-sweeps per launch ({@code --sweeps-per-launch}) or per
 * exchange ({@code --sweeps-per-exchange}), for both paradigms: one panel per grid size that has a
 * temporally blocked row (N = 4097 and 10001 in runs/temporal-standard), one line per mode, kernel source
 * and variant (k left out), standard launches solid, persistent kernels dashed thicker, each line in
 * its own colour ({@link LineColours}) with the repeats' spread as error bars. k is the row's own
 * ({@link ResultRow#k()}), and a line is named by the variant's name without it.
 */
final class SweepsPlot {

    static final String FILE = "time-per-iteration-by-k.png";

    private SweepsPlot() {
    }

    /** The half-sweeps per launch or exchange a row ran, if its mode has such a number. */
    static Optional<Integer> sweeps(ResultRow row) {
        return row.k() > 0 ? Optional.of(row.k()) : Optional.empty();
    }

    /** Whether the rows hold a temporally blocked row (k above 1) to plot. */
    static boolean applies(List<ResultRow> rows) {
        return rows.stream().anyMatch(r -> sweeps(r).orElse(1) > 1);
    }

    static JFreeChart chart(List<ResultRow> rows) {
        TreeSet<Integer> sizes = new TreeSet<>();
        rows.stream().filter(r -> sweeps(r).orElse(1) > 1).forEach(r -> sizes.add(r.n()));
        NumberAxis k = new NumberAxis("k: half-sweeps per launch (standard) or per exchange (persistent; the bands of --gpus)");
        k.setTickUnit(new NumberTickUnit(1));
        k.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 16));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(k);
        plot.setGap(12);
        for (int n : sizes) {
            plot.add(panel(rows.stream().filter(r -> r.n() == n && sweeps(r).isPresent()).toList(), n));
        }
        JFreeChart chart = new JFreeChart("Time per red-black iteration against k (temporal blocking), both paradigms",
                new Font(Font.SANS_SERIF, Font.BOLD, 20), plot, true);
        chart.addSubtitle(new TextTitle("lower is better; bars from the fastest to the slowest repeat; k = 1 is one half-sweep"
                + " per launch or exchange", new Font(Font.SANS_SERIF, Font.PLAIN, 14)));
        chart.addSubtitle(new TextTitle("standard launches solid (hand-written kernels dotted), persistent kernels long dashes;"
                + " every point passed its checks", new Font(Font.SANS_SERIF, Font.PLAIN, 14)));
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        return chart;
    }

    private static XYPlot panel(List<ResultRow> rows, int n) {
        // The last row of a line at a k wins, as before (a k measured twice is one point).
        Map<String, TreeMap<Integer, ResultRow>> lines = new LinkedHashMap<>();
        for (ResultRow row : rows) {
            String variant = row.variantName();
            String name = "N=" + n + " " + row.mode() + " (" + row.kernels() + ")" + (variant.isEmpty() ? "" : " " + variant);
            lines.computeIfAbsent(name, s -> new TreeMap<>()).put(sweeps(row).orElseThrow(), row);
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDefaultLinesVisible(true);
        renderer.setDrawXError(false);
        renderer.setCapLength(6);
        LineColours colours = new LineColours();
        int index = 0;
        for (Map.Entry<String, TreeMap<Integer, ResultRow>> entry : lines.entrySet()) {
            YIntervalSeries line = new YIntervalSeries(entry.getKey());
            entry.getValue().forEach((k, point) -> line.add(k, point.medianMicros(), Series.spreadEnd(point.minMicros(), point.medianMicros()),
                    Series.spreadEnd(point.maxMicros(), point.medianMicros())));
            data.addSeries(line);
            ResultRow row = entry.getValue().firstEntry().getValue();
            boolean persistent = Modes.ALL.find(row.mode()).map(d -> !d.paradigm().name().equals("STANDARD")).orElse(false);
            boolean nativeKernels = row.kernels().equals(KernelSource.NATIVE.cliName());
            float width = persistent ? 3f : 2.5f;
            float[] dashes = persistent ? new float[] {10f, 5f} : nativeKernels ? new float[] {3f, 3f} : null;
            renderer.setSeriesStroke(index, dashes == null ? new BasicStroke(width)
                    : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, dashes, 0f));
            renderer.setSeriesPaint(index, colours.next(row.mode()));
            index++;
        }
        // Short: the panels are stacked, and a long label runs into the next panel's.
        LogAxis y = Plots.logAxis("N = " + n + ", µs (log)");
        XYPlot panel = new XYPlot(data, null, y, renderer);
        panel.setBackgroundPaint(new Color(0xf7f7f7));
        return panel;
    }
}
