package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CPU modes end to end through the command, on any machine. */
class CpuRunTest {

    @TempDir
    Path temp;

    @Test
    void cpuModesPrintTheTableAndMatchTheReference() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu,cpu-parallel", "-n", "3,4,12", "-i", "7", "-r", "2", "-o", temp.toString());
        assertEquals(ExitCode.OK, run.status(), run.err());
        List<String> rows = run.out().lines().filter(l -> l.startsWith("| cpu")).toList();
        assertEquals(6, rows.size(), run.out());
        for (String row : rows) {
            assertTrue(row.contains("| ok "), row);
            assertTrue(row.contains("| 0 "), "max diff 0 in " + row);
        }
        assertEquals(7, Files.readAllLines(temp.resolve("results.csv")).size());
    }

    @Test
    void aRandomInitialInteriorIsCheckedTooAndRecorded() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu,cpu-parallel", "-n", "3,12", "-i", "7", "-r", "2", "--init", "random",
                "--seed", "9", "-o", temp.toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        assertTrue(run.out().contains("every timed repeat (random interior)"), run.out());
        assertTrue(run.out().contains("| 3   | plain reference | 1              |"), "the verification table lists k per size: " + run.out());
        SavedRun saved = SavedRun.read(temp.resolve("results.json"));
        assertEquals("random", saved.run().get("init").getAsString());
        assertEquals(9, saved.run().get("seed").getAsLong());
        for (ResultRow row : saved.rows()) {
            assertEquals("random", row.init());
            assertTrue(row.ok() && row.maxDiff() == 0, row.toString());
        }
    }

    /** The config file default is the defaults: its threads do not bind a named persistent variant; --threads does. */
    @Test
    void threadsAreRecordedAsAskedForOnlyWhenTheCommandLineOrAConfigSetsThem() throws IOException {
        CommandRun defaults = CommandRun.of("-m", "cpu", "-n", "3", "-i", "1", "-r", "1", "-o", temp.resolve("a").toString(),
                "--no-plots");
        assertEquals(ExitCode.OK, defaults.status(), defaults.err());
        assertFalse(SavedRun.read(temp.resolve("a/results.json")).run().get("threads_asked").getAsBoolean());
        CommandRun asked = CommandRun.of("-m", "cpu", "-n", "3", "-i", "1", "-r", "1", "-t", "512", "-o",
                temp.resolve("b").toString(), "--no-plots");
        assertEquals(ExitCode.OK, asked.status(), asked.err());
        assertTrue(SavedRun.read(temp.resolve("b/results.json")).run().get("threads_asked").getAsBoolean());
    }

    @Test
    void anUnknownInitialInteriorIsBadInput() {
        CommandRun run = CommandRun.of("--init", "ones");
        assertEquals(ExitCode.USAGE, run.status());
        assertEquals("holdfast: --init: unknown init 'ones' (choose from: zero, random)\n", run.err());
    }

    @Test
    void aConfigFileThatStartsWithAByteOrderMarkIsRead() throws IOException {
        Path config = Files.writeString(temp.resolve("bom.cfg"), "\uFEFFsizes = 5\nmodes = cpu\niterations = 2\nrepeats = 1\n");
        CommandRun run = CommandRun.of("-c", config.toString(), "-o", temp.resolve("out").toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        assertTrue(run.out().contains("| cpu  | java    | 5 "), run.out());
    }

    @Test
    void kernelsWithOnlyCpuModesSaySoOnce() {
        CommandRun run = CommandRun.of("-m", "cpu", "-k", "native", "-n", "5", "-i", "2", "-r", "1", "-o", temp.toString(),
                "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        assertEquals(List.of("holdfast: note: --kernels native is ignored: it chooses the kernels of the modes that offer a choice"
                + " (launch, launch-sync, graph, persistent-grid, persistent-dataflow), and this run has none"),
                run.err().lines().filter(l -> l.contains("--kernels")).toList(), run.err());
    }

    @Test
    void withoutUtf8TheTableSaysUsPerIterationInPlainAscii() {
        CommandRun run = CommandRun.in(StandardCharsets.US_ASCII, "-m", "cpu", "-n", "5", "-i", "2", "-r", "1", "-o",
                temp.toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        String header = run.out().lines().findFirst().orElseThrow();
        assertTrue(header.contains("| us/iter (median) |"), header);
        assertFalse(run.out().contains("?"), run.out());
    }

    @Test
    void aGpuModeAskedForByNameOnAMachineWithoutOneSaysSoAndTheCpuModesStillRun() {
        Assumptions.assumeTrue(TornadoRuntime.firstGpu().isEmpty(), "this machine has a GPU");
        CommandRun run = CommandRun.of("-m", "cpu,graph", "-n", "5", "-i", "3", "-r", "1", "-o", temp.toString());
        assertEquals(ExitCode.UNAVAILABLE, run.status());
        assertTrue(run.err().lines().anyMatch(l -> l.startsWith("holdfast: graph: skipped: ")), run.err());
        assertTrue(run.out().contains("| cpu "), run.out());
    }
}
