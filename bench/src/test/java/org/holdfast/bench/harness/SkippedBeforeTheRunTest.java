package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.ExitCode;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.config.Settings;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.Paradigm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mode that cannot run here is announced once, at the start of the run, with its reason; it is
 * not in the run's planned work (so the progress and the time left leave it out), and results.json
 * lists it with the reason.
 */
class SkippedBeforeTheRunTest {

    private static final String REASON = "no GPU: no NVIDIA driver: libcuda.so.1 not found";
    private static final Modes MODES = new Modes(List.of(new ReferenceMode("correct", Paradigm.CPU, ReferenceMode.Fault.NONE),
            new AbsentMode("absent", REASON), new AbsentMode("absent-too", REASON)));

    @TempDir
    Path temp;

    @Test
    void theSkipIsTheFirstLineOnStderrSaidOnceAndListedInTheJson() throws IOException {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            status = new Holdfast(o, e, MODES).run("-m", "correct,absent,absent-too", "-n", "5", "-i", "3", "-r", "1", "-o",
                    temp.toString(), "--no-plots");
        }
        String err = stderr.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.UNAVAILABLE, status, "asked for by name: " + err);
        assertEquals("holdfast: absent, absent-too: skipped: " + REASON, err.lines().findFirst().orElseThrow(), err);
        assertEquals(1, err.lines().filter(l -> l.contains("skipped")).count(), "said once, at the start: " + err);
        assertTrue(stdout.toString(StandardCharsets.UTF_8).contains("| correct "), "the other mode ran");
        JsonArray skipped = JsonParser.parseString(Files.readString(temp.resolve("results.json"))).getAsJsonObject()
                .getAsJsonArray("skipped");
        assertEquals(2, skipped.size(), skipped.toString());
        JsonObject first = skipped.get(0).getAsJsonObject();
        assertEquals("absent", first.get("mode").getAsString());
        assertEquals("java", first.get("kernels").getAsString());
        assertEquals(REASON, first.get("reason").getAsString());
    }

    @Test
    void aModeSkippedBeforeTheRunIsNotInItsPlannedWork() {
        try (Progress progress = new Progress(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false)) {
            assertEquals(plannedWork("correct", progress), plannedWork("correct,absent,absent-too", progress));
            assertTrue(plannedWork("correct", progress) > 0);
        }
    }

    private static double plannedWork(String modes, Progress progress) {
        Settings settings = new Settings(MODES);
        settings.set("modes", modes);
        settings.set("sizes", "5, 12");
        settings.set("iterations", "3");
        Harness harness = new Harness(settings.toExperiment(), Machine.withoutGpu(REASON), progress, row -> { }, false, false);
        return harness.plannedWork();
    }
}
