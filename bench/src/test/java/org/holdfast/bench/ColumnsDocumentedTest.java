package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.holdfast.bench.report.CsvReport;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.Sensitivity;
import org.holdfast.bench.report.ResultsTable;
import org.junit.jupiter.api.Test;

/** Every column a user sees is explained in docs/columns.md, the README points there, and --help names it. */
class ColumnsDocumentedTest {

    private static final Path ROOT = Path.of(System.getProperty("holdfast.config.dir", "../config")).getParent();

    @Test
    void everyColumnOfTheTableAndOfResultsCsvIsExplained() throws IOException {
        String page = Files.readString(ROOT.resolve("docs/columns.md"));
        ResultRow row = new ResultRow("cpu", "java", "", "", 0, "", "", 5, 1, 1, 0, 0, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "zero", Sensitivity.NONE, 0, "failed: x");
        String header = ResultsTable.of(List.of(row)).lines().findFirst().orElseThrow();
        List<String> tableColumns = Arrays.stream(header.split("\\|")).map(String::strip).filter(c -> !c.isEmpty()).toList();
        for (String column : tableColumns) {
            assertTrue(page.contains("| `" + column + "` |"), "docs/columns.md explains the table's " + column);
        }
        for (String column : CsvReport.COLUMNS) {
            assertTrue(page.contains("`" + column + "`"), "docs/columns.md explains results.csv's " + column);
        }
        assertTrue(page.contains("`status`: `finished`"), "docs/columns.md explains results.json's status");
    }

    @Test
    void theReadmeExplainsTheColumnsThatLookWrongAndPointsToThePage() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        for (String column : List.of("of copy", "max diff", "max error", "grid")) {
            assertTrue(readme.contains("`" + column + "`:"), "the README explains " + column);
        }
        assertTrue(readme.contains("[docs/columns.md](docs/columns.md)"));
    }

    @Test
    void helpNamesThePage() {
        assertTrue(CommandRun.of("--help").out().contains("What every column means: docs/columns.md"));
    }
}
