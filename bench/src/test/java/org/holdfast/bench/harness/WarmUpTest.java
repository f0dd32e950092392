package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.Paradigm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness times a mode only after its host code has had time to be compiled: the JMH
 * disagreement at N = 11 (0.94 against 0.395 µs per iteration) came from timing the first runs of
 * code still interpreted. Between the first untimed run after the verification run and the first
 * timed run there are at least {@link RepeatChecks#WARM_UP_NANOS} (a lower bound the harness
 * guarantees, not a measurement of speed).
 */
class WarmUpTest {

    @TempDir
    Path temp;

    @Test
    void theFirstTimedRunComesAfterHalfASecondOfUntimedRuns() {
        Modes modes = new Modes(List.of(new ReferenceMode("correct", Paradigm.CPU, ReferenceMode.Fault.NONE)));
        ReferenceMode.RUN_STARTS.clear();
        int repeats = 3;
        try (PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
                PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)) {
            int status = new Holdfast(out, err, modes).run("-m", "correct", "-n", "11", "-i", "10", "-r", Integer.toString(repeats),
                    "-o", temp.resolve("out").toString(), "--no-plots");
            assertEquals(0, status);
        }
        List<Long> starts = new ArrayList<>(ReferenceMode.RUN_STARTS);
        // The verification run, at least one warm-up run, then the timed repeats.
        assertTrue(starts.size() >= 1 + 1 + repeats, starts.size() + " runs");
        long firstWarmUp = starts.get(1);
        long firstTimed = starts.get(starts.size() - repeats);
        assertTrue(firstTimed - firstWarmUp >= RepeatChecks.WARM_UP_NANOS * 9 / 10,
                "untimed runs for " + (firstTimed - firstWarmUp) / 1e6 + " ms before the first timed run");
    }
}
