package org.holdfast.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

class SkipReasonsTest {

    @Test
    void oneLineForTheModuleSaysEachReasonOnceWithHowManyTestsItSkipped() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            LauncherFactory.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false)
                    .addTestExecutionListeners(new SkipReasons()).build())
                    .execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(SampleSkips.class)).build());
        } finally {
            System.setOut(console);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(1, lines.size(), "one line for the module: " + lines);
        assertTrue(lines.get(0).startsWith("[skipped] skip-reasons: "), lines.get(0));
        assertEquals(List.of("1 test skipped: nvcc not found on PATH", "1 test skipped: waits for issue 99",
                "2 GPU tests skipped: no GPU: no NVIDIA driver: libcuda.so.1 not found"),
                List.of(lines.get(0).substring("[skipped] skip-reasons: ".length()).split("; ")).stream().sorted().toList(),
                "each reason once, in any order");
    }
}
