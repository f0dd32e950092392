package org.holdfast.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code roofline} column: the share of the row's limit, named, in the table, results.csv, results.json and back. */
class RooflineColumnTest {

    @TempDir
    Path temp;

    /** A row of {@code micros} µs per iteration that moves {@code bytes} per iteration against {@code limit}. */
    private static ResultRow row(String mode, double micros, Roofline roofline) {
        return new ResultRow(mode, "native", "", "", 0, "", "", 1001, 10, 5, 1, 256, micros, micros, micros, 1e6, 1, 4000,
                roofline, 0, 0, "zero", Sensitivity.NONE, 5, "ok");
    }

    @Test
    void theShareOfTheLimitAndItsName() {
        // 48 MB an iteration in 20 µs: 2400 GB/s of a 4000 GB/s copy.
        Roofline hbm = new Roofline("HBM", 48e6, 4000);
        assertEquals(2400, hbm.gbPerSecond(20), 1e-9);
        assertEquals(0.6, hbm.fraction(20), 1e-12);
        assertEquals("60% HBM", hbm.cell(20));
        assertEquals("137% HBM", new Roofline("HBM", 1.37 * 4000e3, 4000).cell(1), "caches can take a row past the copy");
        assertEquals("0.42% smem", new Roofline("smem", 0.0042 * 30000e3, 30000).cell(1), "two digits below 10%");
        assertEquals("3.1% smem", new Roofline("smem", 0.031 * 30000e3, 30000).cell(1));
        assertEquals("-", Roofline.NONE.cell(1));
        assertEquals("-", new Roofline("smem", 1e6, Double.NaN).cell(1), "no probe, no share");
        assertEquals("-", hbm.cell(Double.NaN), "no time, no share");
    }

    @Test
    void theTablePrintsItBesideOfCopy() {
        String table = ResultsTable.of(List.of(row("graph", 20, new Roofline("HBM", 48e6, 4000)),
                row("persistent-grid", 1, new Roofline("smem", 0.0042 * 30000e3, 30000)), row("old", 1, Roofline.NONE)));
        List<String> lines = table.lines().toList();
        List<String> head = cells(lines.get(0));
        int column = head.indexOf("roofline");
        assertEquals(head.indexOf("of copy") + 1, column);
        assertEquals("60% HBM", cells(lines.get(2)).get(column));
        assertEquals("0.42% smem", cells(lines.get(3)).get(column));
        assertEquals("-", cells(lines.get(4)).get(column));
    }

    @Test
    void csvAndJsonCarryItAndARunReadBackKeepsIt() throws Exception {
        ResultRow written = row("graph", 20, new Roofline("HBM", 48e6, 4000));
        try (CsvReport csv = new CsvReport(temp)) {
            csv.append(written);
        }
        List<String> lines = Files.readAllLines(temp.resolve(CsvReport.FILE));
        List<String> cells = List.of(lines.get(1).split(",", -1));
        assertEquals("HBM", cells.get(CsvReport.COLUMNS.indexOf("roofline_limit")));
        assertEquals(48e6, Double.parseDouble(cells.get(CsvReport.COLUMNS.indexOf("roofline_bytes_per_iter"))));
        assertEquals(2400, Double.parseDouble(cells.get(CsvReport.COLUMNS.indexOf("roofline_gb_per_s"))), 1e-9);
        assertEquals(4000, Double.parseDouble(cells.get(CsvReport.COLUMNS.indexOf("roofline_limit_gb_per_s"))));
        assertEquals(0.6, Double.parseDouble(cells.get(CsvReport.COLUMNS.indexOf("roofline_fraction"))), 1e-12);
        assertEquals("4000.0", cells.get(CsvReport.COLUMNS.indexOf("copy_gb_per_s")), "the old keys stay");

        JsonReport.write(temp, Map.of(), JsonReport.FINISHED, Map.of("NVIDIA H200", 4000.0), Map.of("NVIDIA H200", 30000.0),
                List.of(), List.of(written), List.of());
        SavedRun run = SavedRun.read(temp.resolve(JsonReport.FILE));
        assertEquals(written.roofline(), run.rows().getFirst().roofline());
        assertEquals(Map.of("NVIDIA H200", 30000.0), run.sharedCeilings());
        String json = Files.readString(temp.resolve(JsonReport.FILE));
        assertTrue(json.contains("\"roofline_fraction\": 0.6"), json);
    }

    @Test
    void aRunFromBeforeTheColumnReadsWithoutIt() throws Exception {
        JsonReport.write(temp, Map.of(), JsonReport.FINISHED, Map.of("host", 60.0), Map.of(), List.of(),
                List.of(row("cpu", 20, Roofline.NONE)), List.of());
        Path file = temp.resolve(JsonReport.FILE);
        String old = Files.readString(file).lines().filter(line -> !line.contains("roofline_") && !line.contains(JsonReport.SHARED_BANDWIDTH))
                .reduce("", (a, b) -> a + b + "\n");
        Files.writeString(file, old);
        SavedRun run = SavedRun.read(file);
        assertEquals("", run.rows().getFirst().roofline().limit());
        assertEquals(Map.of(), run.sharedCeilings());
        assertEquals("-", run.rows().getFirst().roofline().cell(run.rows().getFirst().medianMicros()));
    }

    private static List<String> cells(String line) {
        return Arrays.stream(line.split("\\|")).map(String::strip).filter(c -> !c.isEmpty()).toList();
    }
}
