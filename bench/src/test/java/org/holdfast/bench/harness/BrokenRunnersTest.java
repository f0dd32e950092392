package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.holdfast.bench.ExitCode;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.bench.report.CsvReport;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner that skips a half-sweep, one that runs one iteration fewer and one that fails on one
 * repeat of five are caught at every size, small ones converged included: their rows carry no time
 * in the table, the CSV or the JSON, and the exit status is 1. A correct runner beside them passes.
 */
class BrokenRunnersTest {

    private static final Modes MODES = new Modes(List.of(
            new ReferenceMode("correct", Paradigm.CPU, ReferenceMode.Fault.NONE),
            new ReferenceMode("skips-a-half-sweep", Paradigm.CPU, ReferenceMode.Fault.SKIPS_A_HALF_SWEEP),
            new ReferenceMode("one-iteration-fewer", Paradigm.CPU, ReferenceMode.Fault.ONE_ITERATION_FEWER),
            new ReferenceMode("one-repeat-of-five", Paradigm.CPU, ReferenceMode.Fault.ONE_REPEAT_OF_FIVE)));

    @TempDir
    static Path temp;
    private static int status;
    private static String out;
    private static List<ResultRow> saved;
    private static List<Map<String, String>> csv;

    @BeforeAll
    static void runEveryModeAtEverySize() throws IOException {
        // 1000 iterations converge the small sizes: only the verification run can see what is missing there.
        Path config = Files.writeString(temp.resolve("broken"), "sizes = 3, 4, 11, 12, 33, 1000, 1001\n"
                + "iterations = 1000, 1000, 1000, 1000, 1000, 4, 4\nrepeats = 5\n");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            status = new Holdfast(o, e, MODES).run("-c", config.toString(), "-o", temp.resolve("out").toString(), "--no-plots");
        }
        out = stdout.toString(StandardCharsets.UTF_8);
        saved = SavedRun.read(temp.resolve("out/results.json")).rows();
        List<String> lines = Files.readAllLines(temp.resolve("out/" + CsvReport.FILE));
        List<String> head = List.of(lines.get(0).split(","));
        csv = lines.subList(1, lines.size()).stream().map(line -> {
            String[] cells = line.split(",", -1);
            return head.stream().collect(Collectors.toMap(Function.identity(), h -> cells[head.indexOf(h)]));
        }).toList();
    }

    @Test
    void theExitStatusSaysARowFailed() {
        assertEquals(ExitCode.FAILED, status, out);
    }

    @Test
    void everyBrokenRowAtEverySizeIsAMismatchWithNoTime() {
        assertEquals(28, saved.size(), out);
        for (ResultRow row : saved) {
            boolean broken = !row.mode().equals("correct");
            String where = row.mode() + " at N = " + row.n();
            assertEquals(!broken, row.ok(), where + ": " + row.status());
            assertEquals(!broken, !Double.isNaN(row.medianMicros()), where + " has a time only when it passed");
            if (broken) {
                assertTrue(row.status().startsWith("MISMATCH: "), where + ": " + row.status());
                assertTrue(Double.isNaN(row.minMicros()) && Double.isNaN(row.maxMicros()) && Double.isNaN(row.pointsPerSecond())
                        && Double.isNaN(row.gbPerSecond()), where);
            }
        }
    }

    @Test
    void eachFaultIsCaughtWhereItShows() {
        for (ResultRow row : saved) {
            String where = row.mode() + " at N = " + row.n();
            switch (row.mode()) {
                case "skips-a-half-sweep", "one-iteration-fewer" -> assertTrue(row.status().startsWith(
                        "MISMATCH: the verification run (k = " + row.verification().k() + ") differs"), where + ": " + row.status());
                case "one-repeat-of-five" -> {
                    assertEquals("MISMATCH: 1 of 5 repeats differ", row.status(), where);
                    assertEquals(4, row.equalRepeats(), where);
                }
                default -> assertEquals(5, row.equalRepeats(), where);
            }
        }
    }

    @Test
    void theTableShowsNoTimeForABrokenRow() {
        List<String> broken = out.lines().filter(l -> l.startsWith("| one-iteration-fewer ")).toList();
        assertEquals(7, broken.size(), out);
        for (String line : broken) {
            List<String> cells = List.of(line.split("\\|")).stream().map(String::strip).toList();
            assertEquals(List.of("-", "-", "-", "-", "-"), cells.subList(5, 10), line);
        }
    }

    @Test
    void theCsvHasNoTimeForABrokenRow() {
        for (Map<String, String> row : csv) {
            boolean broken = !row.get("mode").equals("correct");
            for (String time : List.of("us_per_iter_median", "us_per_iter_min", "us_per_iter_max", "spread_pct",
                    "points_per_s", "gb_per_s", "copy_fraction")) {
                assertEquals(broken, row.get(time).isEmpty(), row.get("mode") + " N = " + row.get("n") + ": " + time);
            }
        }
    }

    @Test
    void theJsonHasNullForABrokenRowsTimeAndNoBareNaN() throws IOException {
        String text = Files.readString(temp.resolve("out/results.json"));
        assertFalse(text.contains("NaN"), "strict JSON has no NaN");
        for (JsonElement element : JsonParser.parseString(text).getAsJsonObject().getAsJsonArray("rows")) {
            JsonObject row = element.getAsJsonObject();
            boolean broken = !row.get("mode").getAsString().equals("correct");
            for (String time : List.of("us_per_iter_median", "us_per_iter_min", "us_per_iter_max", "spread_pct",
                    "points_per_s", "gb_per_s", "copy_fraction")) {
                assertEquals(broken, row.get(time).isJsonNull(), row.get("mode") + " N = " + row.get("n") + ": " + time);
            }
        }
    }

    @Test
    void everyRowRecordsItsVerificationRunAndInitialData() {
        for (ResultRow row : saved) {
            assertEquals("zero", row.init());
            assertTrue(row.verification().k() >= 1, row.toString());
            assertTrue(row.verification().weakest() >= Verification.REQUIRED, row.toString());
            assertEquals(row.n() == 3, Double.isNaN(row.verification().blackSkipped()), "no black point only at N = 3");
        }
    }
}
