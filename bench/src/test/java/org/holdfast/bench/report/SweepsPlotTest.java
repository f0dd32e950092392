package org.holdfast.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.holdfast.bench.mode.RowVariant;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Time per iteration against k: a panel per size with a temporally blocked row, a line per mode, kernels and variant. */
class SweepsPlotTest {

    @TempDir
    Path temp;

    private static ResultRow row(String mode, String kernels, RowVariant variant, int n, double micros) {
        return new ResultRow(mode, kernels, variant.label(), variant.name(), variant.k(), "", "", n, 24, 5, 0, 0, micros, micros,
                micros, 1e6, 1, 10, 0, 0, "zero", Sensitivity.NONE, 5, "ok");
    }

    /** A standard launch's variant: {@code k=<k>}, no name. */
    private static RowVariant launches(int k) {
        return new RowVariant("k=" + k, "", k);
    }

    /** A persistent variant: {@code name/k=<k>}. */
    private static RowVariant persistent(String name, int k) {
        return new RowVariant(name + "/k=" + k, name, k);
    }

    @Test
    void kIsTheRowsOwn() {
        assertEquals(Optional.of(8), SweepsPlot.sweeps(row("graph", "java", launches(8), 11, 1)));
        assertEquals(Optional.of(3), SweepsPlot.sweeps(row("persistent-grid", "native", persistent("temporal", 3), 11, 1)));
        assertEquals(Optional.empty(), SweepsPlot.sweeps(row("cpu", "java", RowVariant.NONE, 11, 1)));
        assertEquals(Optional.empty(), SweepsPlot.sweeps(row("persistent-host", "native",
                new RowVariant("neighbour/busy", "neighbour", 0), 11, 1)));
        assertEquals(Optional.empty(), SweepsPlot.sweeps(row("persistent-host", "native",
                new RowVariant("neighbour/k=8", "neighbour", 0), 11, 1)), "k=8 here is an option's value, not the row's k");
    }

    @Test
    void onePanelPerSizeWithATemporalRowAndOneLinePerModeAndKernels() throws IOException {
        List<ResultRow> rows = List.of(row("graph", "java", launches(1), 4097, 224), row("graph", "java", launches(8), 4097, 60),
                row("graph", "native", launches(1), 4097, 224), row("graph", "native", launches(8), 4097, 59),
                row("persistent-grid", "native", persistent("temporal", 1), 4097, 225),
                row("persistent-grid", "native", persistent("temporal", 8), 4097, 62), row("graph", "java", launches(8), 10001, 330),
                row("graph", "java", launches(1), 1001, 10.8), row("cpu", "java", RowVariant.NONE, 4097, 9000));
        CombinedDomainXYPlot plot = (CombinedDomainXYPlot) SweepsPlot.chart(rows).getPlot();
        List<XYPlot> panels = plot.getSubplots();
        assertEquals(2, panels.size(), "N = 4097 and 10001: N = 1001 has no row with k above 1");
        assertEquals(3, panels.get(0).getDataset().getSeriesCount());
        assertEquals("N=4097 persistent-grid (native) temporal", panels.get(0).getDataset().getSeriesKey(2));
        assertEquals(2, panels.get(0).getDataset().getItemCount(0));
        assertEquals(8.0, panels.get(0).getDataset().getXValue(0, 1));

        List<Path> written = Plots.write(temp, Plots.FIRST_PROBLEM, rows, Map.of(), List.of());
        assertTrue(written.contains(temp.resolve(Plots.BY_SWEEPS)) && Files.size(temp.resolve(Plots.BY_SWEEPS)) > 0);
        Path other = Files.createDirectory(temp.resolve("x"));
        assertFalse(Plots.write(other, Plots.FIRST_PROBLEM, List.of(row("graph", "java", launches(1), 11, 1)), Map.of(), List.of())
                .contains(other.resolve(Plots.BY_SWEEPS)), "no plot without a temporally blocked row");
    }
}
