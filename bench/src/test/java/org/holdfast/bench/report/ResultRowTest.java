package org.holdfast.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.holdfast.bench.mode.RowVariant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The label a table gives a row: the variant, and what the planner chose, so rows of several variants stay apart. */
class ResultRowTest {

    @TempDir
    Path temp;

    private static ResultRow row(String mode, RowVariant variant, String note) {
        return new ResultRow(mode, "native", variant.label(), variant.name(), variant.k(), note, "", 11, 10, 5, 1, 32, 1, 1, 1,
                1, 1, 1, 0, 0, "zero", Sensitivity.NONE, 5, "ok");
    }

    /** The label a row of persistent-grid's {@code name} at {@code k} prints with {@code note}. */
    private static String label(String name, int k, String note) {
        return row("persistent-grid", new RowVariant(name + "/k=" + k, name, k), note).variantAndNote();
    }

    @Test
    void theVariantAndWhatThePlannerChose() {
        assertEquals("relay/busy", row("persistent-host", new RowVariant("relay/busy", "relay", 0), "").variantAndNote());
        assertEquals("cg: on chip", label("cg", 1, "on chip"));
        assertEquals("two-slot: on chip", label("two-slot", 1, "on chip"));
        assertEquals("block: one warp, 2 points per thread", label("block", 1, "one warp, 2 points per thread"));
        assertEquals("resident: k = 3, f on chip", label("resident", 3, "k = 3, f on chip"));
        assertEquals("cluster of 16, k = 8, 4 points per thread", label("cluster", 8, "cluster of 16, k = 8, 4 points per thread"));
        assertEquals("on chip", row("persistent-grid", RowVariant.NONE, "on chip").variantAndNote());
    }

    /** A label's text is what a table prints, not what the row is: "/k=" in an option's value is not the row's k. */
    @Test
    void theNameAndKAreTheRowsFieldsNotReadFromTheLabel() {
        ResultRow row = row("persistent-host", new RowVariant("relay/k=8", "relay", 0), "two words");
        assertEquals("relay", row.variantName());
        assertEquals(0, row.k());
        assertEquals("relay/k=8", row.variant(), "the label as given");
        assertEquals("relay: two words", row.variantAndNote());
        assertEquals(java.util.Optional.empty(), SweepsPlot.sweeps(row));
        assertEquals("persistent-host (native) relay/k=8", Series.timePerIteration(List.of(row)).data().getSeriesKey(0),
                "a label without the row's k stays whole");

        ResultRow named = row("persistent-grid", new RowVariant("cluster/k=4", "clusters", 4), "");
        assertEquals("clusters", named.variantName(), "the field, whatever the label says");
        assertEquals(4, named.k());
        assertEquals("persistent-grid (native) clusters", Series.timePerIteration(List.of(named)).data().getSeriesKey(0));
    }

    /** results.json holds the label alone: reading a run back gives each row the name and k it was written with. */
    @Test
    void aSavedRunGivesItsRowsTheirNameAndK() throws Exception {
        List<RowVariant> variants = List.of(new RowVariant("temporal/k=4", "temporal", 4), new RowVariant("k=2", "", 2),
                new RowVariant("neighbour/busy", "neighbour", 0), new RowVariant("auto/k=auto", "auto", 0),
                new RowVariant("cg", "cg", 0), RowVariant.NONE);
        List<ResultRow> rows = variants.stream().map(v -> row("persistent-grid", v, "")).toList();
        JsonReport.write(temp, Map.of(), JsonReport.FINISHED, Map.of(), Map.of(), List.of(), rows, List.of());
        List<ResultRow> read = SavedRun.read(temp.resolve(JsonReport.FILE)).rows();
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(variants.get(i), new RowVariant(read.get(i).variant(), read.get(i).variantName(), read.get(i).k()));
        }
    }
}
