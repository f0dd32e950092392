package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.holdfast.bench.report.CsvReport;
import org.holdfast.bench.report.Plots;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.ResultsDocument;
import org.holdfast.bench.report.SavedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The smoke config end to end on the CPU modes: every output exists, parses and holds the rows. */
class SmokeReportTest {

    @TempDir
    Path temp;

    @Test
    void smokeConfigWritesCsvJsonAndPlotsWithTheExpectedRows() throws IOException {
        Path output = temp.resolve("smoke");
        CommandRun run = CommandRun.of("-c", "smoke", "-m", "cpu,cpu-parallel", "-o", output.toString());
        assertEquals(ExitCode.OK, run.status(), run.err());

        List<String> csv = Files.readAllLines(output.resolve(CsvReport.FILE));
        assertEquals(String.join(",", CsvReport.COLUMNS), csv.get(0));
        assertEquals(5, csv.size(), "a header and a row per mode and size (2 x 2): " + csv);
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(CsvReport.COLUMNS.size(), cells.length, line);
            assertEquals("ok", cells[cells.length - 1], line);
            assertTrue(Double.parseDouble(cells[CsvReport.COLUMNS.indexOf("us_per_iter_median")]) > 0, line);
            assertEquals("host", cells[CsvReport.COLUMNS.indexOf("roofline_limit")], "the CPU modes stream from host memory: " + line);
        }

        SavedRun saved = SavedRun.read(output.resolve("results.json"));
        assertEquals(List.of("cpu", "cpu-parallel", "cpu", "cpu-parallel"), saved.rows().stream().map(ResultRow::mode).toList());
        assertEquals(List.of(5, 5, 11, 11), saved.rows().stream().map(ResultRow::n).toList());
        assertTrue(saved.rows().stream().allMatch(r -> r.maxDiff() == 0 && r.iterations() == 10 && r.repeats() == 2));
        assertTrue(saved.ceilings().get("host") > 0, "the host copy bandwidth is measured");

        for (String plot : List.of(Plots.TIME_PER_ITERATION, Plots.BANDWIDTH)) {
            BufferedImage image = ImageIO.read(output.resolve(plot).toFile());
            assertEquals(1200, image.getWidth(), plot);
            assertEquals(800, image.getHeight(), plot);
        }
    }

    @Test
    void resultsDocumentIsRebuiltFromTheJsonAndKeepsItsAnalysis() throws IOException {
        Path sweeps = temp.resolve("sweeps");
        assertEquals(ExitCode.OK, CommandRun.of("-c", "smoke", "-m", "cpu", "-o", sweeps.resolve("small").toString()).status());
        Path docs = temp.resolve("docs");
        assertEquals(ExitCode.OK, CommandRun.of("--results-doc", sweeps.toString(), "-o", docs.toString()).status());
        String first = Files.readString(docs.resolve("results.md"));
        assertTrue(first.contains("## Sweep `small`"), first);
        assertTrue(first.contains("| cpu  | java    | 11 "), first);
        assertTrue(Files.exists(sweeps.resolve("small/" + Plots.TIME_PER_ITERATION)));
        assertTrue(first.contains("![time-per-iteration.png](../sweeps/small/time-per-iteration.png)"), first);
        assertTrue(first.contains("Run folder `small`: [results.csv](../sweeps/small/results.csv)"), first);

        Files.writeString(docs.resolve("results.md"), first.replace("(What the sweeps show: write it here.)", "Kept words."));
        assertEquals(ExitCode.OK, CommandRun.of("--results-doc", sweeps.toString(), "-o", docs.toString()).status());
        String second = Files.readString(docs.resolve("results.md"));
        assertTrue(second.contains(ResultsDocument.BEGIN + "\nKept words.\n" + ResultsDocument.END), second);
    }
}
