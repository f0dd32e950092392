package org.holdfast.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.IntervalXYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the plots show: only rows that passed, one line per variant in its own colour, the spread, readable overhead bars. */
class PlotsTest {

    @TempDir
    Path temp;

    private static ResultRow row(String mode, int n, double micros, String status) {
        return new ResultRow(mode, "java", "", "", 0, "", "", n, 10, 5, 0, 0, micros, micros, micros, 1e6, 1, 10, 0, 0, "zero",
                Sensitivity.NONE, 5, status);
    }

    @Test
    void onlyRowsThatPassedArePlotted() {
        List<ResultRow> rows = List.of(row("cpu", 11, 1.0, "ok"), row("cpu", 33, 2.0, "ok"),
                row("cpu-parallel", 11, 0.5, "MISMATCH: 1 of 5 repeats differ"), row("launch", 11, Double.NaN, "failed: no GPU"));
        XYPlot plot = Plots.timePerIteration(Plots.timed(rows)).getXYPlot();
        assertEquals(1, plot.getDataset().getSeriesCount());
        assertEquals("cpu", plot.getDataset().getSeriesKey(0));
        assertEquals(2, plot.getDataset().getItemCount(0));
    }

    /** A row of persistent-grid's {@code name} at {@code k}, labelled {@code name/k=k}. */
    private static ResultRow variantRow(String name, int k, int n, double micros) {
        return new ResultRow("persistent-grid", "native", name + "/k=" + k, name, k, "", "", n, 10, 5, 0, 0, micros, micros, micros, 1e6, 1, 10, 0, 0,
                "zero", Sensitivity.NONE, 5, "ok");
    }

    @Test
    void aVariantIsOneLineWhateverKThePlannerChosePerSize() {
        List<ResultRow> rows = List.of(variantRow("cluster", 4, 101, 0.9), variantRow("cluster", 8, 257, 2.0),
                variantRow("temporal", 4, 1001, 6.1), variantRow("temporal", 4, 4097, 88.0), variantRow("temporal", 8, 4097, 70.0));
        XYPlot plot = Plots.timePerIteration(rows).getXYPlot();
        assertEquals(3, plot.getDataset().getSeriesCount(), "cluster; temporal/k=4 and temporal/k=8 (k swept at 4097)");
        assertEquals("persistent-grid (native) cluster", plot.getDataset().getSeriesKey(0));
        assertEquals(2, plot.getDataset().getItemCount(0));
        assertEquals("persistent-grid (native) temporal/k=4", plot.getDataset().getSeriesKey(1));
        assertEquals(2, plot.getDataset().getItemCount(1));
        assertEquals("persistent-grid (native) temporal/k=8", plot.getDataset().getSeriesKey(2));
    }

    @Test
    void everyLineHasItsOwnColourAndTheSpreadAsABar() {
        List<ResultRow> rows = List.of(variantRow("cluster", 4, 101, 0.9), variantRow("temporal", 4, 1001, 6.1),
                new ResultRow("persistent-grid", "java", "cg", "cg", 0, "", "", 1001, 10, 5, 0, 0, 13.4, 12.0, 15.5, 1e6, 1, 10, 0, 0,
                        "zero", Sensitivity.NONE, 5, "ok"),
                row("graph", 1001, 10.5, "ok"));
        JFreeChart chart = Plots.timePerIteration(rows);
        XYPlot plot = chart.getXYPlot();
        assertEquals(4, plot.getDataset().getSeriesCount());
        java.util.Set<java.awt.Paint> paints = new java.util.HashSet<>();
        for (int i = 0; i < 4; i++) {
            paints.add(plot.getRenderer().getSeriesPaint(i));
        }
        assertEquals(4, paints.size(), "four lines, four colours");
        assertEquals(new java.awt.Color(0x1f77b4), plot.getRenderer().getSeriesPaint(0), "a mode's first line in the mode's colour");
        IntervalXYDataset data = (IntervalXYDataset) plot.getDataset();
        assertEquals(12.0, data.getStartYValue(2, 0));
        assertEquals(15.5, data.getEndYValue(2, 0));
        assertTrue(subtitles(chart).contains("lower is better"), subtitles(chart));
        assertTrue(subtitles(Plots.bandwidth(rows, Map.of())).contains("higher is better"));
    }

    @Test
    void overheadBarsSpanEveryValueAndSayItBesideTheBar() {
        List<OverheadRow> overheads = List.of(new OverheadRow("empty kernel: launch + sync, from Java", 8.4, "host clock"),
                new OverheadRow("cluster barrier (cluster.sync()), 2 blocks of 128 threads", 0.18, "events"));
        JFreeChart chart = Plots.overheads(overheads);
        CategoryPlot plot = chart.getCategoryPlot();
        assertEquals(PlotOrientation.HORIZONTAL, plot.getOrientation(), "labels read across, uncut");
        assertEquals(0.1, plot.getRangeAxis().getLowerBound(), 1e-12);
        assertEquals(100, plot.getRangeAxis().getUpperBound(), 1e-9, "room above 8.4 for its value");
        assertEquals("8.40 µs", plot.getRenderer().getDefaultItemLabelGenerator().generateLabel(plot.getDataset(), 0, 0));
        assertEquals("0.18 µs", plot.getRenderer().getDefaultItemLabelGenerator().generateLabel(plot.getDataset(), 0, 1));
        assertTrue(subtitles(chart).contains("lower is better"), subtitles(chart));
    }

    private static String subtitles(JFreeChart chart) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            if (chart.getSubtitle(i) instanceof TextTitle title) {
                text.append(title.getText()).append('\n');
            }
        }
        return text.toString();
    }

    @Test
    void noPlotOfTimesWhenNoRowPassed() throws IOException {
        List<Path> written = Plots.write(temp, Plots.FIRST_PROBLEM, List.of(row("cpu", 11, Double.NaN, "MISMATCH: the verification run (k = 50) differs")),
                Map.of(), List.of());
        assertEquals(List.of(), written);
    }
}
