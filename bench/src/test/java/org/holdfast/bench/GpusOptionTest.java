package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --gpus G}: the CPU modes run the square's bands on G virtual devices and equal the reference
 * bit for bit, with one ghost row or k ({@code --sweeps-per-launch k}: an exchange every k half-sweeps) (the
 * standard launches' bands on GPUs: StandardModesSplitTest, GpuBandsGpuTest); every mode
 * that runs on one device only is skipped with its reason; a size with fewer
 * interior rows than devices is refused; 1, the default, runs every mode as before.
 */
class GpusOptionTest {

    private static final String NOT_BUILT = "runs on one device; not built yet: ";

    @TempDir
    Path temp;

    @Test
    void theCpuModesOnVirtualDevicesEqualTheReference() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu,cpu-parallel", "-g", "3", "-n", "5,12,101", "-i", "9", "-r", "2", "-o",
                temp.toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals(6, rows.size(), run.out());
        for (ResultRow row : rows) {
            assertTrue(row.ok() && row.maxDiff() == 0 && row.equalRepeats() == 2, row.toString());
            assertEquals("3 virtual devices, halo rows copied", row.note(), row.toString());
        }
        assertEquals(3, SavedRun.read(temp.resolve("results.json")).run().get("gpus").getAsInt());
    }

    /**
     * {@code --sweeps-per-launch k} on virtual devices: k ghost rows, an exchange every k half-sweeps and after the
     * run's last, bit for bit at odd iteration counts that are no multiple of k, bands of one row included (N = 5 on
     * 3 devices, whose ghost rows then reach past the neighbouring band).
     */
    @Test
    void theCpuModesExchangingEveryKHalfSweepsEqualTheReference() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu,cpu-parallel", "-g", "3", "-n", "5,11,12,101", "-i", "9,7,13,21",
                "--sweeps-per-launch", "1,2,3,4", "-r", "2", "-o", temp.toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals(2 * 4 * 4, rows.size(), run.out());
        for (ResultRow row : rows) {
            assertTrue(row.ok() && row.maxDiff() == 0 && row.equalRepeats() == 2, row.toString());
            int k = row.k();
            assertEquals("k=" + k, row.variant(), row.toString());
            assertEquals(k == 1 ? "3 virtual devices, halo rows copied"
                    : "3 virtual devices, k = " + k + " ghost rows, halos copied every " + k + " half-sweeps", row.note(), row.toString());
        }
        assertEquals(List.of(1, 2, 3, 4), rows.stream().filter(r -> r.mode().equals("cpu") && r.n() == 101)
                .map(ResultRow::k).toList());
    }

    @Test
    void onOneDeviceKChangesNothingAndGivesOneRow() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu", "-n", "11", "-i", "5", "--sweeps-per-launch", "1,4", "-r", "1", "-o",
                temp.toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals(1, rows.size(), run.out());
        assertEquals("", rows.get(0).variant());
        assertEquals("", rows.get(0).note());
    }

    @Test
    void theConfigKeySetsItToo() throws IOException {
        Path config = Files.writeString(temp.resolve("two.cfg"), "sizes = 11\nmodes = cpu\niterations = 5\nrepeats = 1\ngpus = 2\n");
        CommandRun run = CommandRun.of("-c", config.toString(), "-o", temp.resolve("out").toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        assertEquals("2 virtual devices, halo rows copied",
                SavedRun.read(temp.resolve("out/results.json")).rows().get(0).note());
    }

    @Test
    void modesNotBuiltForSeveralGpusAreSkippedWithTheirReason() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu,persistent-dataflow,tornado", "--gpus", "2", "-n", "11", "-i",
                "5", "-r", "1", "-o", temp.toString(), "--no-plots");
        assertEquals(ExitCode.UNAVAILABLE, run.status(), "modes asked for by name did not run: " + run.err());
        String tail = "; --gpus 2 runs the CPU modes (on virtual devices) and the standard launches (docs/multi-gpu.md)";
        assertEquals(List.of(
                "holdfast: persistent-dataflow (native kernels): skipped: " + NOT_BUILT + "persistent-dataflow on several GPUs;"
                        + " --gpus 2 runs persistent-grid's native band kernel, the CPU modes (on virtual devices) and the"
                        + " standard launches (docs/multi-gpu.md)",
                "holdfast: tornado: skipped: " + NOT_BUILT + "TornadoVM's modes on several GPUs" + tail),
                run.err().lines().filter(l -> l.contains("skipped")).toList(), run.err());
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals(1, rows.size());
        assertTrue(rows.get(0).ok() && rows.get(0).mode().equals("cpu"), rows.toString());
    }

    /** persistent-grid runs the native band kernel on several GPUs: here, without one, it says what the machine lacks. */
    @Test
    void persistentGridOnSeveralGpusAsksForTheGpuNotForAnUnbuiltPath() {
        CommandRun run = CommandRun.of("-m", "cpu,persistent-grid", "--gpus", "2", "-n", "11", "-i", "5", "-r", "1", "-o",
                temp.toString(), "--no-plots");
        String skipped = run.err().lines().filter(l -> l.contains("persistent-grid") && l.contains("skipped")).findFirst()
                .orElse("");
        if (skipped.isEmpty()) {
            return; // a machine with the GPUs, the library and NCCL: the row ran (PersistentBandsGpuTest checks it)
        }
        assertTrue(skipped.startsWith("holdfast: persistent-grid (native kernels): skipped: ") && !skipped.contains("not built"),
                skipped);
    }

    @Test
    void moreDevicesThanInteriorRowsIsRefusedForThatSize() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu", "--gpus", "4", "-n", "5,11", "-i", "3", "-r", "1", "-o", temp.toString(),
                "--no-plots");
        assertEquals(ExitCode.UNAVAILABLE, run.status(), run.err());
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals("refused: --gpus 4: 4 bands of rows need at least 4 interior rows: N = 5 has 3, so at most 3 devices",
                rows.get(0).status());
        assertTrue(rows.get(1).ok(), rows.get(1).toString());
    }

    @Test
    void theCubeIsNotSplitYet() {
        CommandRun run = CommandRun.of("-p", "poisson3d", "-m", "cpu", "--gpus", "2", "-n", "8", "-i", "3", "-r", "1", "-o",
                temp.toString(), "--no-plots");
        assertEquals(ExitCode.UNAVAILABLE, run.status(), run.err());
        assertEquals("holdfast: cpu: skipped: --gpus 2: the band split exists for poisson2d only, not poisson3d yet",
                run.err().lines().filter(l -> l.contains("skipped")).findFirst().orElseThrow(), run.err());
    }

    @Test
    void oneDeviceIsTheDefaultAndRunsAsBefore() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu", "-n", "5", "-i", "3", "-r", "1", "-o", temp.toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        SavedRun saved = SavedRun.read(temp.resolve("results.json"));
        assertEquals(1, saved.run().get("gpus").getAsInt());
        assertEquals("", saved.rows().get(0).note());
    }

    @Test
    void theHelpSaysTheDefault() {
        CommandRun run = CommandRun.of("--help");
        assertTrue(run.out().contains("-g,--gpus <count>"), run.out());
        assertTrue(run.out().replaceAll("\\s+", " ").contains("skipped with the reason (default: 1)"), run.out());
    }
}
