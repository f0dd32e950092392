package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.compiler.samples.PersistentKernels;
import org.holdfast.tornado.compiler.samples.StuckKernels;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.PersistentKernelResults;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The generated code of persistent kernels executed on the CPU ({@link HostKernels}, every thread of
 * every block at once): stages separated by the grid barrier, a dataflow chain of bounded waits and a
 * red-black solver in one launch give the expected arrays in full, and waits that cannot end stop with
 * the watchdog's error naming the wait, the block and the step.
 */
class PersistentExecutionTest {

    private static final KernelContext CONTEXT = new KernelContext();
    private static final double SHORT_WATCHDOG_SECONDS = 0.2;
    /**
     * The watchdog where the message counts the blocks that arrived: every healthy block (host threads
     * here) must reach the barrier before it expires, which 0.2 s did not promise on a loaded CI machine.
     */
    private static final double ARRIVALS_WATCHDOG_SECONDS = 2;

    @TempDir
    static Path work;

    private static HostKernels persistent;
    private static HostKernels stuck;

    @BeforeAll
    static void compile() throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C on the CPU");
        persistent = HostKernels.compile(PersistentKernels.class, work.resolve("persistent"));
        stuck = HostKernels.compile(StuckKernels.class, work.resolve("stuck"));
    }

    @AfterAll
    static void unload() {
        if (persistent != null) {
            persistent.close();
            stuck.close();
        }
    }

    private static int[] grid(int x) {
        return new int[] {x, 1, 1};
    }

    @ParameterizedTest(name = "{0} groups of {1}, {2} rounds")
    @CsvSource({"1, 1, 3", "4, 32, 5", "7, 8, 9"})
    void everySumSeesEveryGroupsWriteOfItsRound(int groups, int threads, int rounds) {
        long[] slots = new long[groups];
        long[] sums = new long[rounds * groups];
        persistent.launch("stagedSums", grid(groups), grid(threads), CONTEXT, slots, sums, rounds);
        assertArrayEquals(PersistentKernelResults.stagedSlots(groups, rounds), slots);
        assertArrayEquals(PersistentKernelResults.stagedSums(groups, rounds), sums);
    }

    @ParameterizedTest(name = "{0} groups, {1} steps")
    @CsvSource({"1, 4", "5, 6", "12, 3"})
    void theChainPassesEveryStepThroughEveryGroup(int groups, int steps) {
        int[] published = new int[groups];
        long[] values = new long[(steps + 1) * groups];
        persistent.launch("chain", grid(groups), grid(4), CONTEXT, published, values, steps);
        assertArrayEquals(PersistentKernelResults.chainValues(groups, steps), values);
        int[] all = new int[groups];
        java.util.Arrays.fill(all, steps);
        assertArrayEquals(all, published);
    }

    @Test
    void waitsOn64BitCountersAndFillsWithoutState() {
        int n = 3 * 16;
        long[] counters = new long[n];
        persistent.launch("waitLong", grid(3), grid(16), CONTEXT, counters, n);
        for (int i = 0; i < n; i++) {
            assertEquals(i + 1, counters[i]);
        }
        int[] out = new int[100];
        persistent.launch("fill", grid(2), grid(8), CONTEXT, out, out.length);
        for (int i = 0; i < out.length; i++) {
            assertEquals(i, out[i]);
        }
    }

    /** Sizes and group counts where a missed barrier changes the result (random interior, short of convergence). */
    @ParameterizedTest(name = "N = {0}, {1} groups")
    @CsvSource({"3, 2", "4, 1", "11, 3", "12, 4", "33, 5"})
    void redBlackInOneLaunchEqualsTheSequentialReferenceBitForBit(int n, int groups) {
        Random random = new Random(n * 31L + groups);
        double[] u = new double[n * n];
        double[] f = new double[n * n];
        for (int i = 0; i < u.length; i++) {
            u[i] = random.nextDouble() * 2 - 1;
            f[i] = random.nextDouble() * 2 - 1;
        }
        double h2 = 1.0 / ((n - 1) * (n - 1));
        int iterations = 7;
        double[] reference = u.clone();
        double[] previous = u.clone();
        for (int k = 0; k < iterations; k++) {
            previous = reference.clone();
            PersistentKernelResults.sequentialIteration(reference, f, n, h2);
        }
        double[] onHost = u.clone();
        persistent.launch("redBlack", grid(groups), grid(16), CONTEXT, onHost, f, n, h2, iterations);
        assertArrayEquals(reference, onHost);
        if (n > 3) {
            assertTrue(maxDifference(reference, previous) > 1e-6, "the check is sensitive to one iteration more or less");
        }
    }

    private static double maxDifference(double[] a, double[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }

    @Test
    void aGroupThatSkipsTheGridBarrierStopsTheOthersWithTheWatchdog() {
        int groups = 4;
        int[] out = new int[groups * 8];
        WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class,
                () -> stuck.launch(ARRIVALS_WATCHDOG_SECONDS, "skipsBarrier", grid(groups), grid(8), CONTEXT, out, 2));
        assertEquals(WatchdogExpiredException.Wait.GRID_BARRIER, e.waitKind());
        assertNotEquals(2, e.block(), "the skipping group never waited");
        assertEquals(0, e.step(), "the first grid barrier");
        assertEquals("kernel skipsBarrier (generated C on the host): watchdog expired after 2 s: block " + e.block()
                + " waited at grid barrier 0; 3 of 4 blocks had arrived there", e.getMessage());
        // The blocks stop at the expired barrier (hf_stop_thread) rather than run on past it unsynchronised.
        assertTrue(java.util.Arrays.stream(out).noneMatch(v -> v == 2), java.util.Arrays.toString(out));
    }

    @Test
    void aFlagThatIsNeverPublishedStopsTheWaitWithTheWatchdog() {
        int groups = 3;
        WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class,
                () -> stuck.launch(SHORT_WATCHDOG_SECONDS, "neverPublished", grid(groups), grid(4), CONTEXT, new int[groups], 7));
        assertEquals(WatchdogExpiredException.Wait.WAIT_UNTIL, e.waitKind());
        assertEquals(7, e.step());
        assertEquals(e.block(), e.index(), "each group waits for its own flag");
        assertEquals("kernel neverPublished (generated C on the host): watchdog expired after 0.2 s: block " + e.block()
                + " waited until element " + e.block() + " reached 7", e.getMessage());
    }
}
