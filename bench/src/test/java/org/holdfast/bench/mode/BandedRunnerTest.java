package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.holdfast.kernels.bands.ArrayCopyTransport;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;

/**
 * The CPU modes' bands with {@code --sweeps-per-launch k}: k ghost rows, and the exchanges cut by k, an exchange
 * after every k-th half-sweep of a run and after its last; the row says so and is labelled {@code k=<k>}.
 */
class BandedRunnerTest {

    @Test
    void sevenIterationsExchangeAfterEveryKthHalfSweepAndTheLast() {
        PoissonProblem problem = new PoissonProblem(12);
        int[] expected = {14, 7, 5, 4}; // 14 half-sweeps: k = 3 exchanges after 3, 6, 9, 12 and 14
        for (int k = 1; k <= 4; k++) {
            AtomicInteger exchanges = new AtomicInteger();
            RunRequest request = new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"),
                    Modes.ALL.defaults().with(StandardLaunchMode.SWEEPS_PER_LAUNCH, Integer.toString(k)), RunRequest.DEFAULT_THREADS,
                    RunRequest.DEFAULT_WATCHDOG_SECONDS, false, 2);
            try (BandedRunner runner = new BandedRunner(request, TornadoRuntime.sequentialCpu(), 1, (split, arrays) -> {
                ArrayCopyTransport real = new ArrayCopyTransport(split, arrays);
                return copies -> {
                    exchanges.incrementAndGet();
                    real.exchange(copies);
                };
            })) {
                runner.load(problem.randomInitialU(1));
                runner.run(7);
                assertEquals("k=" + k, runner.shape().variant());
                assertEquals(k == 1 ? "2 virtual devices, halo rows copied"
                        : "2 virtual devices, k = " + k + " ghost rows, halos copied every " + k + " half-sweeps", runner.shape().note());
            }
            assertEquals(expected[k - 1], exchanges.get(), "k = " + k);
        }
    }
}
