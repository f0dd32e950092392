package org.holdfast.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A row that failed its check has no point in any plot, even when an older results.json gave it a time. */
class PlotsTest {

    @TempDir
    Path temp;

    private static ResultRow row(String mode, int n, double micros, String status) {
        return new ResultRow(mode, "java", "", "", "", n, 10, 5, 0, 0, micros, micros, micros, 1e6, 1, 10, 0, 0, "zero",
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

    private static ResultRow variantRow(String variant, int n, double micros) {
        return new ResultRow("persistent-grid", "native", variant, "", "", n, 10, 5, 0, 0, micros, micros, micros, 1e6, 1, 10, 0, 0,
                "zero", Sensitivity.NONE, 5, "ok");
    }

    @Test
    void aVariantIsOneLineWhateverKThePlannerChosePerSize() {
        List<ResultRow> rows = List.of(variantRow("cluster/k=4", 101, 0.9), variantRow("cluster/k=8", 257, 2.0),
                variantRow("temporal/k=4", 1001, 6.1), variantRow("temporal/k=4", 4097, 88.0), variantRow("temporal/k=8", 4097, 70.0));
        XYPlot plot = Plots.timePerIteration(rows).getXYPlot();
        assertEquals(3, plot.getDataset().getSeriesCount(), "cluster; temporal/k=4 and temporal/k=8 (k swept at 4097)");
        assertEquals("persistent-grid (native) cluster", plot.getDataset().getSeriesKey(0));
        assertEquals(2, plot.getDataset().getItemCount(0));
        assertEquals("persistent-grid (native) temporal/k=4", plot.getDataset().getSeriesKey(1));
        assertEquals(2, plot.getDataset().getItemCount(1));
        assertEquals("persistent-grid (native) temporal/k=8", plot.getDataset().getSeriesKey(2));
    }

    @Test
    void noPlotOfTimesWhenNoRowPassed() throws IOException {
        List<Path> written = Plots.write(temp, List.of(row("cpu", 11, Double.NaN, "MISMATCH: the verification run (k = 50) differs")),
                Map.of(), List.of());
        assertEquals(List.of(), written);
    }
}
