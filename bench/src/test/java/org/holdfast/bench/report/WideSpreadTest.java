package org.holdfast.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An ok row whose repeats spread more than the threshold is marked in the table, the JSON and the CSV, and stays ok. */
class WideSpreadTest {

    @TempDir
    Path temp;

    /** An ok row of median 10 µs whose repeats took {@code fastest} to {@code slowest}. */
    private static ResultRow row(String mode, double fastest, double slowest, String status) {
        return new ResultRow(mode, "java", "", "", 0, "", "", 11, 10, 5, 0, 0, 10, fastest, slowest, 1, 1, 1, 0, 0, "zero",
                Sensitivity.NONE, 5, status);
    }

    private final List<ResultRow> rows = List.of(row("wide", 5, 20, "ok"), row("narrow", 8, 12, "ok"),
            row("at-the-threshold", 7.5, 12.5, "ok"), row("broken", 5, 20, "MISMATCH: 1 of 5 repeats differ"));

    @Test
    void aRowAboveTheThresholdIsMarkedAndStillOk() {
        assertEquals(150, rows.get(0).spreadPercent(), 1e-9);
        assertEquals(List.of(true, false, false, false), rows.stream().map(ResultRow::wideSpread).toList());
        assertTrue(rows.get(0).ok());
    }

    @Test
    void theTableMarksItsStatus() {
        List<String> statuses = ResultsTable.of(rows).lines().skip(2)
                .map(l -> l.substring(l.lastIndexOf('|', l.length() - 2) + 1, l.length() - 1).strip()).toList();
        assertEquals(List.of("ok (spread > 50%)", "ok", "ok", "MISMATCH: 1 of 5 repeats differ"), statuses);
    }

    @Test
    void theJsonAndTheCsvSayItInAColumnOfTheirOwn() throws IOException {
        JsonReport.write(temp, Map.of(), JsonReport.FINISHED, Map.of(), Map.of(), List.of(), rows, List.of());
        JsonArray saved = JsonParser.parseString(Files.readString(temp.resolve(JsonReport.FILE))).getAsJsonObject()
                .getAsJsonArray("rows");
        assertTrue(saved.get(0).getAsJsonObject().get("spread_wide").getAsBoolean());
        assertFalse(saved.get(1).getAsJsonObject().get("spread_wide").getAsBoolean());
        assertEquals("ok", saved.get(0).getAsJsonObject().get("status").getAsString(), "marked, not failed");
        try (CsvReport csv = new CsvReport(temp)) {
            rows.forEach(csv::append);
        }
        List<String> lines = Files.readAllLines(temp.resolve(CsvReport.FILE));
        int column = CsvReport.COLUMNS.indexOf("spread_wide");
        assertEquals(List.of("true", "false", "false", "false"),
                lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)[column]).toList());
    }
}
