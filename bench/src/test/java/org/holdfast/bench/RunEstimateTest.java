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
        // 100 x 100 interior points, 1000 iterations: 5 ms at 0.5 ns a point, the reference on 4 cores;
        // cpu on one core and cpu-parallel on 4: 6 runs each (a warm-up and 5 repeats).
        double seconds = RunEstimate.lowerBoundSeconds(experiment("cpu, cpu-parallel", "102", "1000"), false, 4, 0.5);
        assertEquals(5e-3 / 4 + 6 * 5e-3 + 6 * 5e-3 / 4, seconds, 1e-12);
    }

    @Test
    void gpuModesCountOnlyWhereThereIsAGpu() {
        Experiment graph = experiment("graph", "11", "1000000");
        double reference = 81 * 1e6 * 0.5e-9 / 4;
        assertEquals(reference, RunEstimate.lowerBoundSeconds(graph, false, 4, 0.5), 1e-9);
        assertEquals(reference + 6 * 1e6 * 0.5e-6, RunEstimate.lowerBoundSeconds(graph, true, 4, 0.5), 1e-9);
    }

    @Test
    void aLongCpuRunIsWarnedAboutAtTheSpeedOfTheCpu() {
        // 4095 x 4095 points x 2000 iterations: 117 s at 0.5 ns a point (no warning); at 1 ns, what
        // the CPU measures, the warm-up and 5 repeats on one core take 201 s.
        Experiment cpu = experiment("cpu", "4097", "2000");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RunEstimate.warnIfLong(cpu, false, 2, () -> 1.0, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals("holdfast: warning: this run takes at least 3 min 38 s (a lower bound from its sizes, iterations and"
                + " repeats and the speed of its devices; see --help); Ctrl-C stops it and keeps the rows measured so far\n",
                bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aShortRunDoesNotMeasureTheCpu() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RunEstimate.warnIfLong(new Settings().toExperiment(), false, 2, () -> {
            throw new AssertionError("measured for a run of a second");
        }, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRunOfTheLargestIterationCountIsWarnedAbout() {
        String warning = warning(experiment("cpu", "1001", "2147483647"), false);
        assertTrue(warning.matches("holdfast: warning: this run takes at least \\d+ d( \\d+ h)? \\(a lower bound from its sizes,"
                + " iterations and repeats and the speed of its devices; see --help\\); Ctrl-C stops it and keeps the rows measured so far\n"), warning);
    }

    @Test
    void theDefaultRunIsNot() {
        assertEquals("", warning(new Settings().toExperiment(), true));
    }
}
