package org.holdfast.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.text.DecimalFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The PNG plots of a run, each readable without the text: a title, axis units and a legend.
 */
public final class Plots {

    public static final String TIME_PER_ITERATION = "time-per-iteration.png";
    public static final String BANDWIDTH = "bandwidth.png";
    public static final String OVERHEADS = "overheads.png";
    /** Time per iteration against k, the half-sweeps per launch or exchange (temporal blocking). */
    public static final String BY_SWEEPS = SweepsPlot.FILE;

    /** The problem of a run that does not name one: the 2D one, which every run solved before there were two. */
    public static final String FIRST_PROBLEM = "poisson2d";

    private static final int WIDTH = 1200;
    private static final int HEIGHT = 800;
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 20);

    private Plots() {
    }

    /**
     * Writes every plot the data allows; returns the files written.
     *
     * @param problem the problem the rows solved ({@code poisson2d}, {@code poisson3d}), which the plots of rows name
     */
    public static List<Path> write(Path folder, String problem, List<ResultRow> rows, Map<String, Double> ceilings,
            List<OverheadRow> overheads) throws IOException {
        List<ResultRow> measured = timed(rows);
        List<Path> written = new ArrayList<>();
        if (!measured.isEmpty()) {
            written.add(save(folder.resolve(TIME_PER_ITERATION), naming(problem, timePerIteration(measured))));
            written.add(save(folder.resolve(BANDWIDTH), naming(problem, bandwidth(measured, ceilings))));
        }
        if (SweepsPlot.applies(measured)) {
            written.add(save(folder.resolve(BY_SWEEPS), naming(problem, SweepsPlot.chart(measured))));
        }
        List<OverheadRow> measuredOverheads = overheads.stream().filter(o -> !Double.isNaN(o.micros())).toList();
        if (!measuredOverheads.isEmpty()) {
            written.add(save(folder.resolve(OVERHEADS), overheads(measuredOverheads)));
        }
        return written;
    }

    /** The rows a plot may show: those that passed their checks (older results.json files may hold failed rows with times). */
    static List<ResultRow> timed(List<ResultRow> rows) {
        return rows.stream().filter(r -> r.ok() && !Double.isNaN(r.medianMicros())).toList();
    }

    /** Time per iteration against N for every mode, log-log. */
    static JFreeChart timePerIteration(List<ResultRow> rows) {
        Series series = Series.timePerIteration(rows);
        LogAxis x = logAxis("N, points per side (log scale)");
        LogAxis y = logAxis("time per iteration, µs (median, log scale)");
        XYPlot plot = new XYPlot(series.data(), x, y, series.renderer());
        return chart("Time per red-black iteration against problem size", plot,
                "lower is better; bars from the fastest to the slowest repeat", initialInterior(rows));
    }

    /** Effective bandwidth against N, under the measured copy ceilings. */
    static JFreeChart bandwidth(List<ResultRow> rows, Map<String, Double> ceilings) {
        Series series = Series.bandwidth(rows);
        LogAxis x = logAxis("N, points per side (log scale)");
        LogAxis y = logAxis("effective bandwidth, GB/s (24 bytes a grid point per iteration, log scale)");
        XYPlot plot = new XYPlot(series.data(), x, y, series.renderer());
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
        return chart("Effective bandwidth against the measured copy ceiling (a roofline at fixed intensity)", plot,
                "higher is better; bars from the slowest to the fastest repeat", initialInterior(rows));
    }

    /** {@code chart} with a last subtitle that names the problem and says what N is, for a reader of the picture alone. */
    private static JFreeChart naming(String problem, JFreeChart chart) {
        chart.addSubtitle(new TextTitle("problem: " + problem + ", N points per side", new Font(Font.SANS_SERIF, Font.PLAIN, 14)));
        return chart;
    }

    /** The subtitle that says what the timed runs started from, and that every point passed its check. */
    private static String initialInterior(List<ResultRow> rows) {
        String inits = rows.stream().map(ResultRow::init).filter(i -> !i.isEmpty()).distinct()
                .collect(java.util.stream.Collectors.joining(", "));
        return "initial interior: " + (inits.isEmpty() ? "zero" : inits)
                + "; every point passed its verification run and matched the reference in every repeat";
    }

    /**
     * The overhead breakdown as horizontal bars on a log axis that spans every value (costs differ
     * by a hundred times), each bar's value written beside it and each label whole on its own line.
     */
    static JFreeChart overheads(List<OverheadRow> overheads) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (OverheadRow overhead : overheads) {
            data.addValue(overhead.micros(), "µs", overhead.what());
        }
        CategoryAxis x = new CategoryAxis(null);
        x.setMaximumCategoryLabelWidthRatio(0.5f);
        x.setMaximumCategoryLabelLines(2);
        x.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        x.setCategoryMargin(0.25);
        LogAxis y = logAxis("cost, µs (median, log scale)");
        double smallest = overheads.stream().mapToDouble(OverheadRow::micros).min().orElse(1);
        double largest = overheads.stream().mapToDouble(OverheadRow::micros).max().orElse(1);
        double lower = Math.pow(10, Math.floor(Math.log10(smallest / 1.5)));
        y.setRange(lower, Math.pow(10, Math.ceil(Math.log10(largest * 3)))); // room for the value beside the longest bar
        BarRenderer bars = new BarRenderer();
        bars.setBase(lower); // a log axis has no zero to grow the bars from
        bars.setBarPainter(new StandardBarPainter());
        bars.setSeriesPaint(0, new Color(0x3b6ea8));
        bars.setShadowVisible(false);
        bars.setDefaultItemLabelsVisible(true);
        bars.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        bars.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
        bars.setItemLabelAnchorOffset(6);
        bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator() {
            @Override
            public String generateLabel(CategoryDataset dataset, int row, int column) { // as the tables write it
                return Figures.threeDigits(dataset.getValue(row, column).doubleValue()) + " µs";
            }
        });
        CategoryPlot plot = new CategoryPlot(data, x, y, bars);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeGridlinePaint(Color.GRAY);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_RIGHT); // under the bars, where a reader looks for it
        JFreeChart chart = chart("Overhead breakdown, measured in the same run", plot, "lower is better; median of each probe's rounds");
        chart.removeLegend(); // one series: the axis says what the bars are
        chart.setPadding(new RectangleInsets(8, 8, 8, 28)); // the last tick label whole
        return chart;
    }

    static LogAxis logAxis(String label) {
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

    private static JFreeChart chart(String title, org.jfree.chart.plot.Plot plot, String... subtitles) {
        JFreeChart chart = new JFreeChart(title, TITLE, plot, true);
        for (String subtitle : subtitles) {
            chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 14)));
        }
        chart.setBackgroundPaint(Color.WHITE);
        plot.setBackgroundPaint(new Color(0xf7f7f7));
        chart.getLegend().setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        return chart;
    }

    /** Taller for a bar chart of many rows, so that every label keeps its two lines. */
    private static int height(JFreeChart chart) {
        if (chart.getPlot() instanceof CategoryPlot bars) {
            return Math.max(HEIGHT, 160 + 48 * bars.getDataset().getColumnCount());
        }
        return HEIGHT;
    }

    private static Path save(Path file, JFreeChart chart) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, height(chart));
        return file;
    }
}
