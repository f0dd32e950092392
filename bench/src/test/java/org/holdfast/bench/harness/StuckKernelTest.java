package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.ExitCode;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a GPU mode's kernel outlives its watchdog, no later GPU row is measured on a GPU that may
 * still run it: one line says so, the CPU rows go on, and the exit status is 1.
 */
class StuckKernelTest {

    @TempDir
    Path temp;

    @Test
    void aKernelTheWatchdogCouldNotEndStopsTheGpuModesWithOneLine() throws Exception {
        Modes modes = new Modes(List.of(
                new ReferenceMode("stuck", Paradigm.PERSISTENT, ReferenceMode.Fault.KERNEL_STILL_RUNNING),
                new ReferenceMode("gpu-after", Paradigm.STANDARD, ReferenceMode.Fault.NONE),
                new ReferenceMode("cpu-after", Paradigm.CPU, ReferenceMode.Fault.NONE)));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int made = ReferenceMode.runnersMade;
        int status;
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            status = new Holdfast(o, e, modes).run("-m", "stuck,gpu-after,cpu-after", "-n", "11,12", "-i", "10", "-r", "2",
                    "-o", temp.toString(), "--no-plots");
        }
        String err = stderr.toString(StandardCharsets.UTF_8);

        assertEquals(ExitCode.FAILED, status, err);
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals(List.of("stuck 11", "cpu-after 11", "cpu-after 12"), rows.stream().map(r -> r.mode() + " " + r.n()).toList());
        assertEquals("failed: watchdog: block 0 waited 10 s at half-sweep 3; the kernel did not end", rows.get(0).status());
        assertTrue(rows.get(1).ok() && rows.get(2).ok(), rows.toString());
        assertEquals(3, ReferenceMode.runnersMade - made, "gpu-after never got a runner");
        List<String> stopped = err.lines().filter(l -> l.startsWith("holdfast: ") && l.contains("GPU")).toList();
        assertEquals(List.of("holdfast: stopped the GPU modes: stuck at N = 11 left a kernel the watchdog could not end on"
                + " the GPU; the GPU rows after it and the overhead breakdown were not measured"), stopped, err);
    }
}
