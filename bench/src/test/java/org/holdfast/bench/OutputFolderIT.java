package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.holdfast.bench.report.CsvReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's output folder holds one run's files, whatever else runs or dies: real processes of the
 * bundle's launcher, two at once into one folder, and one killed with SIGKILL.
 */
class OutputFolderIT {

    /** A sweep of several seconds, so that it can be met while it runs. */
    private static final String[] LONG_SWEEP = {"-m", "cpu", "-n", "301,302,303,304,305,306,307,308", "-i", "1000", "-r", "2"};

    @TempDir
    Path temp;

    @Test
    void aSecondRunIntoAFolderInUseFailsAtOnceNamingTheFirstAndTheFirstKeepsItsFiles() throws Exception {
        Path folder = temp.resolve("shared");
        Process first = start("first", "-m", "cpu", "-n", "201,202,203", "-i", "2000", "-r", "2", "-o", folder.toString());
        waitFor(first, () -> Files.exists(folder.resolve(CsvReport.FILE)), "results.csv"); // the first run holds the folder
        Process second = start("second", "-m", "cpu", "-n", "5", "-i", "2", "-r", "1", "-o", folder.toString());
        assertTrue(second.waitFor(60, TimeUnit.SECONDS), "the second run did not stop");
        String secondErr = Files.readString(BundleLauncher.err(temp.resolve("second")));
        assertEquals(ExitCode.USAGE, second.exitValue(), secondErr);
        assertTrue(first.isAlive(), "the first run should still be running");
        assertTrue(secondErr.matches("holdfast: the output folder " + folder + " is in use by another holdfast run \\(process "
                + first.pid() + ", started [0-9T:.Z-]+\\); wait for it to end or choose another folder with -o\n"), secondErr);

        assertTrue(first.waitFor(120, TimeUnit.SECONDS), "the first run did not finish");
        String firstErr = Files.readString(BundleLauncher.err(temp.resolve("first")));
        assertEquals(0, first.exitValue(), firstErr);
        List<String> csv = Files.readAllLines(folder.resolve(CsvReport.FILE));
        assertEquals(4, csv.size(), "a header and three rows: " + csv);
        for (String line : csv) {
            assertEquals(CsvReport.COLUMNS.size(), line.split(",", -1).length, line);
        }
        assertEquals(new SavedRunStatus("finished", List.of(201, 202, 203)), SavedRunStatus.read(folder));
        assertTrue(lastLine(firstErr).equals("holdfast: the results are in " + folder
                + ": results.csv, results.json, time-per-iteration.png, bandwidth.png"), firstErr);
    }

    @Test
    void aKilledRunLeavesOnlyItsOwnFilesAndTheNextRunTakesTheFolderOver() throws Exception {
        Path folder = temp.resolve("killed");
        Process earlier = start("earlier", "-m", "cpu", "-n", "5,6", "-i", "2", "-r", "1", "-o", folder.toString());
        assertTrue(earlier.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, earlier.exitValue());
        assertEquals(Set.of(".holdfast.lock", "results.csv", "results.json", "time-per-iteration.png", "bandwidth.png"),
                files(folder));

        Process killed = start("killed", Stream.concat(Stream.of(LONG_SWEEP), Stream.of("-o", folder.toString()))
                .toArray(String[]::new));
        waitFor(killed, () -> csvRows(folder).stream().anyMatch(r -> r.contains(",301,")), "a row of the killed run");
        killed.destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertTrue(killed.waitFor(60, TimeUnit.SECONDS));
        assertEquals(137, killed.exitValue());
        assertEquals(Set.of(".holdfast.lock", "results.csv"), files(folder), "only the killed run's files");
        List<String> rows = csvRows(folder);
        assertFalse(rows.isEmpty());
        int n = CsvReport.COLUMNS.indexOf("n");
        assertTrue(rows.stream().allMatch(r -> Integer.parseInt(r.split(",")[n]) > 300), "rows of the killed run only: " + rows);
        assertTrue(Files.readString(folder.resolve(".holdfast.lock")).startsWith("pid=" + killed.pid() + "\n"));

        Process next = start("next", "-m", "cpu", "-n", "7", "-i", "2", "-r", "1", "-o", folder.toString());
        assertTrue(next.waitFor(120, TimeUnit.SECONDS));
        String nextErr = Files.readString(BundleLauncher.err(temp.resolve("next")));
        assertEquals(0, next.exitValue(), nextErr);
        assertTrue(nextErr.startsWith("holdfast: note: an earlier run into " + folder + " (process " + killed.pid()
                + ", started "), nextErr);
        assertTrue(nextErr.lines().findFirst().orElseThrow().endsWith(") ended without finishing; its files are replaced"), nextErr);
        assertEquals(new SavedRunStatus("finished", List.of(7)), SavedRunStatus.read(folder));
        assertEquals(2, Files.readAllLines(folder.resolve(CsvReport.FILE)).size());
    }

    @Test
    void aConfigFileNamesItsFolderWithoutItsExtensionAndTheLastLineSaysWhere() throws Exception {
        Files.writeString(temp.resolve("foo.cfg"), "sizes = 5\niterations = 2\nmodes = cpu\nrepeats = 1\n");
        Process run = start("foo", "-c", "./foo.cfg", "--no-plots");
        assertTrue(run.waitFor(120, TimeUnit.SECONDS));
        String err = Files.readString(BundleLauncher.err(temp.resolve("foo")));
        assertEquals(0, run.exitValue(), err);
        assertEquals("holdfast: the results are in results/foo: results.csv, results.json", lastLine(err));
        assertEquals(new SavedRunStatus("finished", List.of(5)), SavedRunStatus.read(temp.resolve("results/foo")));
    }

    private Process start(String name, String... args) throws IOException {
        return BundleLauncher.startSeparately(BundleLauncher.built().resolve("bin/holdfast").toAbsolutePath(), temp,
                temp.resolve(name), args);
    }

    /** Waits until {@code condition} holds, while {@code run} is alive. */
    private static void waitFor(Process run, Condition condition, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!condition.holds() && run.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(run.isAlive(), "the run ended before it could be met");
        assertTrue(condition.holds(), "no " + what + " in time");
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    /** The rows of results.csv now, without the header. */
    private static List<String> csvRows(Path folder) throws IOException {
        Path csv = folder.resolve(CsvReport.FILE);
        return Files.exists(csv) ? Files.readAllLines(csv).stream().skip(1).toList() : List.of();
    }

    private static Set<String> files(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    private static String lastLine(String text) {
        List<String> lines = text.lines().toList();
        return lines.get(lines.size() - 1);
    }
}
