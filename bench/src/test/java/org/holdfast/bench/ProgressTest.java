package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.holdfast.bench.harness.Progress;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void saysNothingDuringTheFirstSecondThenSaysWhatIsRunning() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (Progress progress = new Progress(err, false)) {
            progress.update("graph N=1001 repeat 3/5");
            Thread.sleep(300);
            assertEquals("", bytes.toString(StandardCharsets.UTF_8), "quiet for a short run");
            Thread.sleep(1500);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("holdfast: graph N=1001 repeat 3/5 ("), printed);
        assertEquals(1, printed.lines().count(), "one line per few seconds when stderr is not a terminal: " + printed);
    }

    @Test
    void withAPlanItSaysHowMuchIsDoneAndAboutHowLongIsLeft() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (Progress progress = new Progress(err, false)) {
            progress.plan(Progress.work(100, 10, 1) + Progress.work(100, 10, 6));
            progress.begin(Progress.work(100, 10, 1)); // the reference: a seventh of the work
            progress.begin(Progress.work(100, 10, 6)); // a mode: warm-up and five repeats
            progress.update(Progress.repeat("graph", 12, 2, 5)); // the warm-up and two repeats done
            Thread.sleep(1500);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.matches("holdfast: graph N=12 repeat 3/5 \\(57%, 1 s, about 1 s left\\)\n"), printed);
    }

    @Test
    void aSkippedModeLeavesThePlan() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (Progress progress = new Progress(err, false)) {
            progress.plan(300);
            progress.begin(100);
            progress.begin(100);
            progress.skip();
            progress.begin(100);
            progress.update(Progress.repeat("cpu", 5, 0, 1)); // half of the last unit
            Thread.sleep(1500);
        }
        assertTrue(bytes.toString(StandardCharsets.UTF_8).startsWith("holdfast: cpu N=5 repeat 1/1 (75%, "),
                bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void durationsReadAsPeopleSayThem() {
        assertEquals("42 s", Progress.duration(42));
        assertEquals("3 min", Progress.duration(180));
        assertEquals("3 min 20 s", Progress.duration(200));
        assertEquals("2 h 14 min", Progress.duration(2 * 3600 + 14 * 60));
        assertEquals("49 d 14 h", Progress.duration(49 * 86_400 + 14 * 3600 + 59));
    }
}
