package org.holdfast.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.text.DecimalFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The three PNG plots of a run, each readable without the text: a title, axis units and a legend.
 */
public final class Plots {

    public static final String TIME_PER_ITERATION = "time-per-iteration.png";
    public static final String BANDWIDTH = "bandwidth.png";
    public static final String OVERHEADS = "overheads.png";

    private static final int WIDTH = 1200;
    private static final int HEIGHT = 800;
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 20);

    private Plots() {
    }

    /** Writes every plot the data allows; returns the files written. */
    public static List<Path> write(Path folder, List<ResultRow> rows, Map<String, Double> ceilings,
            List<OverheadRow> overheads) throws IOException {
        List<ResultRow> measured = rows.stream().filter(r -> !Double.isNaN(r.medianMicros())).toList();
        List<Path> written = new ArrayList<>();
        if (!measured.isEmpty()) {
            written.add(save(folder.resolve(TIME_PER_ITERATION), timePerIteration(measured)));
            written.add(save(folder.resolve(BANDWIDTH), bandwidth(measured, ceilings)));
        }
        List<OverheadRow> measuredOverheads = overheads.stream().filter(o -> !Double.isNaN(o.micros())).toList();
        if (!measuredOverheads.isEmpty()) {
            written.add(save(folder.resolve(OVERHEADS), overheads(measuredOverheads)));
        }
        return written;
    }

    /** Time per iteration against N for every mode, log-log. */
    static JFreeChart timePerIteration(List<ResultRow> rows) {
        XYSeriesCollection data = seriesByMode(rows, ResultRow::medianMicros);
        LogAxis x = logAxis("N, points per side (log scale)");
        LogAxis y = logAxis("time per iteration, µs (median, log scale)");
        XYPlot plot = new XYPlot(data, x, y, lines(data));
        return chart("Time per red-black iteration against problem size", plot);
    }

    /** Effective bandwidth against N, under the measured copy ceilings. */
    static JFreeChart bandwidth(List<ResultRow> rows, Map<String, Double> ceilings) {
        XYSeriesCollection data = seriesByMode(rows, ResultRow::gbPerSecond);
        LogAxis x = logAxis("N, points per side (log scale)");
        LogAxis y = logAxis("effective bandwidth, GB/s (24·N² bytes per iteration, log scale)");
        XYPlot plot = new XYPlot(data, x, y, lines(data));
        double top = 0;
        for (Map.Entry<String, Double> ceiling : ceilings.entrySet()) {
            ValueMarker marker = new ValueMarker(ceiling.getValue(), Color.DARK_GRAY, new BasicStroke(2f,
                    BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 6f}, 0f));
            marker.setLabel(String.format("copy ceiling, %s: %.0f GB/s", ceiling.getKey(), ceiling.getValue()));
            marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
            marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
            plot.addRangeMarker(marker);
            top = Math.max(top, ceiling.getValue());
        }
        if (top > 0 && y.getUpperBound() < top * 1.5) {
            y.setUpperBound(top * 1.5);
        }
        return chart("Effective bandwidth against the measured copy ceiling (a roofline at fixed intensity)", plot);
    }

    /** The overhead breakdown as bars, log scale. */
    static JFreeChart overheads(List<OverheadRow> overheads) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (OverheadRow overhead : overheads) {
            data.addValue(overhead.micros(), "µs", overhead.what());
        }
        CategoryAxis x = new CategoryAxis("what was measured");
        x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        LogAxis y = logAxis("cost, µs (median, log scale)");
        y.setLowerBound(0.1);
        BarRenderer bars = new BarRenderer();
        bars.setBarPainter(new StandardBarPainter());
        bars.setSeriesPaint(0, new Color(0x3b6ea8));
        bars.setShadowVisible(false);
        bars.setDefaultItemLabelsVisible(true);
        bars.setDefaultItemLabelGenerator(new org.jfree.chart.labels.StandardCategoryItemLabelGenerator("{2}",
                new DecimalFormat("0.00")));
        CategoryPlot plot = new CategoryPlot(data, x, y, bars);
        plot.setOrientation(PlotOrientation.VERTICAL);
        return chart("Overhead breakdown, measured in the same run", plot);
    }

    private static XYSeriesCollection seriesByMode(List<ResultRow> rows, java.util.function.ToDoubleFunction<ResultRow> value) {
        Map<String, XYSeries> series = new LinkedHashMap<>();
        boolean severalRules = rows.stream().map(ResultRow::rule).filter(r -> !r.isEmpty()).distinct().count() > 1;
        for (ResultRow row : rows) {
            // A note such as "on chip" marks points, not series: the mode's line goes on through them.
            String name = row.mode() + (row.mode().startsWith("cpu") ? "" : " (" + row.kernels() + ")")
                    + (row.variant().isEmpty() ? "" : " " + row.variant())
                    + (severalRules && !row.rule().isEmpty() ? ", blocks " + row.rule() : "");
            series.computeIfAbsent(name, XYSeries::new).add(row.n(), value.applyAsDouble(row));
        }
        XYSeriesCollection collection = new XYSeriesCollection();
        series.values().forEach(collection::addSeries);
        return collection;
    }

    private static LogAxis logAxis(String label) {
        LogAxis axis = new LogAxis(label);
        axis.setSmallestValue(1e-3);
        // One labelled tick per power of ten, written as a plain number (0.01, 1, 1,000).
        axis.setTickUnit(new NumberTickUnit(1));
        axis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        axis.setMinorTickMarksVisible(true);
        axis.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 16));
        axis.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        return axis;
    }

    /** One colour per mode; the hand-written kernels' lines dashed, so Java and native stay apart where they meet. */
    private static XYLineAndShapeRenderer lines(XYSeriesCollection data) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int s = 0; s < data.getSeriesCount(); s++) {
            String name = data.getSeriesKey(s).toString();
            boolean dashed = name.contains("(native)") && !name.startsWith("persistent");
            renderer.setSeriesStroke(s, dashed
                    ? new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {9f, 5f}, 0f)
                    : new BasicStroke(2.5f));
            renderer.setSeriesPaint(s, colourOf(name));
        }
        return renderer;
    }

    private static Color colourOf(String series) {
        String mode = series.split(" ")[0];
        return switch (mode) {
            case "cpu" -> new Color(0x7f7f7f);
            case "cpu-parallel" -> new Color(0x3f3f3f);
            case "launch" -> new Color(0xff7f0e);
            case "launch-sync" -> new Color(0x8c564b);
            case "graph" -> new Color(0x9467bd);
            case "persistent-grid" -> new Color(0x1f77b4);
            case "persistent-host" -> new Color(0xd62728);
            case "persistent-dataflow" -> new Color(0x2ca02c);
            default -> Color.BLACK;
        };
    }

    private static JFreeChart chart(String title, org.jfree.chart.plot.Plot plot) {
        JFreeChart chart = new JFreeChart(title, TITLE, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        plot.setBackgroundPaint(new Color(0xf7f7f7));
        chart.getLegend().setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        return chart;
    }

    private static Path save(Path file, JFreeChart chart) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
        return file;
    }
}
