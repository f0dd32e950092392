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
}
