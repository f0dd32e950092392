package org.holdfast.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.holdfast.bench.mode.Machine;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** holdfast-jmh refuses, in one line, the modes named by -p mode=... that cannot run here, before JMH forks. */
class ModesHereTest {

    @Test
    void cpuModesRunEverywhereAndNoModeNamedIsLeftToJmh() {
        assertNull(ModesHere.refusal(new String[] {"SolverBenchmark", "-p", "mode=cpu,cpu-parallel", "-p", "n=11"}));
        assertNull(ModesHere.refusal(new String[] {"SolverBenchmark", "-p", "n=11"}));
        assertNull(ModesHere.refusal(new String[] {"-l"}));
        assertNull(ModesHere.refusal(new String[] {"-p", "mode=no-such-mode"}), "JMH names an unknown value itself");
    }

    @Test
    void aGpuModeWithoutAGpuIsOneLineWithTheReason() {
        Assumptions.assumeTrue(TornadoRuntime.firstGpu().isEmpty(), "this machine has a GPU");
        String reason;
        try (Machine machine = Machine.open(true)) {
            reason = machine.gpuMissing().orElseThrow();
        }
        assertEquals("holdfast-jmh: cannot run here: graph: " + reason + " (leave it out of -p mode=...)",
                ModesHere.refusal(new String[] {"SolverBenchmark", "-p", "mode=cpu,graph"}));
        assertEquals("holdfast-jmh: cannot run here: graph: " + reason + "; launch: " + reason + " (leave it out of -p mode=...)",
                ModesHere.refusal(new String[] {"SolverBenchmark", "-pmode=graph", "-p", "mode=launch"}));
        assertEquals(3, ModesHere.UNAVAILABLE);
    }
}
