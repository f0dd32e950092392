package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.config.Settings;
import org.junit.jupiter.api.Test;

class RunEstimateTest {

    private static Experiment experiment(String modes, String sizes, String iterations) {
        Settings settings = new Settings();
        settings.set("modes", modes);
        settings.set("sizes", sizes);
        settings.set("iterations", iterations);
        return settings.toExperiment();
    }

    private static String warning(Experiment experiment, boolean gpu) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RunEstimate.warnIfLong(experiment, gpu, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theLowerBoundCountsTheReferenceAndEveryRunOfTheCpuModes() {
        // 100 x 100 interior points, 1000 iterations: 5 ms for the reference at 0.5 ns a point;
        // cpu and cpu-parallel: 6 runs each (a warm-up and 5 repeats) on 4 cores.
        double seconds = RunEstimate.lowerBoundSeconds(experiment("cpu, cpu-parallel", "102", "1000"), false, 4);
        assertEquals(5e-3 + 2 * 6 * 5e-3 / 4, seconds, 1e-12);
    }

    @Test
    void gpuModesCountOnlyWhereThereIsAGpu() {
        Experiment graph = experiment("graph", "11", "1000000");
        double reference = 81 * 1e6 * 0.5e-9;
        assertEquals(reference, RunEstimate.lowerBoundSeconds(graph, false, 4), 1e-9);
        assertEquals(reference + 6 * 1e6 * 0.5e-6, RunEstimate.lowerBoundSeconds(graph, true, 4), 1e-9);
    }

    @Test
    void aRunOfTheLargestIterationCountIsWarnedAbout() {
        String warning = warning(experiment("cpu", "1001", "2147483647"), false);
        assertTrue(warning.matches("holdfast: warning: this run takes at least \\d+ d \\d+ h \\(a lower bound from its sizes,"
                + " iterations and repeats; see --help\\); Ctrl-C stops it and keeps the rows measured so far\n"), warning);
    }

    @Test
    void theDefaultRunIsNot() {
        assertEquals("", warning(new Settings().toExperiment(), true));
    }
}
