package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.junit.jupiter.api.Test;

/** No threads asked for (0): the standard launches run the default, a named persistent variant is told 0 (its own). */
class RunRequestTest {

    private static RunRequest withThreads(int threads) {
        PoissonProblem problem = new PoissonProblem(11);
        return new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"),
                new OptionValues(Map.of()), threads, 1, false);
    }

    @Test
    void noThreadsAskedForRunTheDefaultAndTellTheVariantNothing() {
        assertEquals(RunRequest.DEFAULT_THREADS, withThreads(0).threads());
        assertEquals(0, withThreads(0).threadsAsked());
    }

    @Test
    void threadsAskedForBindEveryMode() {
        assertEquals(512, withThreads(512).threads());
        assertEquals(512, withThreads(512).threadsAsked());
    }
}
