package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.compiler.samples.ClusterKernels;
import org.holdfast.tornado.compiler.samples.LineKernels;
import org.holdfast.tornado.compiler.samples.PersistentKernels;
import org.holdfast.tornado.compiler.samples.StuckKernels;
import org.holdfast.tornado.compiler.testing.JavaKernels.Launch;
import org.holdfast.tornado.compiler.testing.JavaKernels;
import org.holdfast.tornado.compiler.testing.PersistentKernelResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The CPU meaning of persistent and cluster kernels: the CPU backend runs every thread of every group
 * at once, so the grid barrier, the waits and the cluster barrier meet across groups. The Java
 * kernels give the expected arrays in full; waits that cannot end stop with the watchdog's error
 * naming the block and the step, never a hang; a grid the GPU would refuse is refused here too.
 */
class CpuPersistentExecutionTest {

    private static final KernelContext CONTEXT = new KernelContext();
    private static final Duration SHORT_WATCHDOG = Duration.ofMillis(300);
    /**
     * The watchdog where the message counts the groups that arrived: every healthy group (CPU threads)
     * must reach the barrier before it expires, which 0.3 s did not promise on a loaded CI machine.
     */
    private static final Duration ARRIVALS_WATCHDOG = Duration.ofSeconds(2);

    @ParameterizedTest(name = "{0} groups of {1}, {2} rounds")
    @CsvSource({"1, 1, 3", "4, 32, 5", "7, 8, 9"})
    void everySumSeesEveryGroupsWriteOfItsRound(int groups, int threads, int rounds) {
        long[] slots = new long[groups];
        long[] sums = new long[rounds * groups];
        JavaKernels.run(PersistentKernels.class, "stagedSums", Launch.of(groups, threads), CONTEXT, slots, sums, rounds);
        assertArrayEquals(PersistentKernelResults.stagedSlots(groups, rounds), slots);
        assertArrayEquals(PersistentKernelResults.stagedSums(groups, rounds), sums);
    }

    @ParameterizedTest(name = "{0} groups, {1} steps")
    @CsvSource({"1, 4", "5, 6", "12, 3"})
    void theChainPassesEveryStepThroughEveryGroup(int groups, int steps) {
        int[] published = new int[groups];
        long[] values = new long[(steps + 1) * groups];
        JavaKernels.run(PersistentKernels.class, "chain", Launch.of(groups, 4), CONTEXT, published, values, steps);
        assertArrayEquals(PersistentKernelResults.chainValues(groups, steps), values);
        int[] all = new int[groups];
        Arrays.fill(all, steps);
        assertArrayEquals(all, published);
    }

    @Test
    void waitsOn64BitCounters() {
        int n = 3 * 16;
        long[] counters = new long[n];
        JavaKernels.run(PersistentKernels.class, "waitLong", Launch.of(3, 16), CONTEXT, counters, n);
        for (int i = 0; i < n; i++) {
            assertEquals(i + 1, counters[i]);
        }
    }

    @Test
    void withoutAWorkerGridThePersistentKernelRunsOnTheBackendsGrid() {
        int[] out = new int[10_007];
        JavaKernels.run(PersistentKernels.class, "fill", Launch.backendsGrid(), CONTEXT, out, out.length);
        for (int i = 0; i < out.length; i++) {
            assertEquals(i, out[i], "element " + i);
        }
    }

    /** A random interior and 7 iterations: a skipped or repeated half-sweep changes the array. */
    @ParameterizedTest(name = "N = {0}, {1} groups")
    @CsvSource({"3, 2", "4, 1", "11, 3", "12, 4", "33, 5"})
    void redBlackInOneLaunchEqualsTheSequentialReferenceBitForBit(int n, int groups) {
        Random random = new Random(n * 31L + groups);
        double[] u = random.doubles((long) n * n, -1, 1).toArray();
        double[] f = random.doubles((long) n * n, -1, 1).toArray();
        double h2 = 1.0 / ((n - 1) * (n - 1));
        int iterations = 7;
        double[] reference = u.clone();
        for (int k = 0; k < iterations; k++) {
            PersistentKernelResults.sequentialIteration(reference, f, n, h2);
        }
        JavaKernels.run(PersistentKernels.class, "redBlack", Launch.of(groups, 16), CONTEXT, u, f, n, h2, iterations);
        assertArrayEquals(reference, u);
    }

    @Test
    void aGroupThatSkipsTheGridBarrierStopsTheOthersWithTheWatchdogNamingBlockAndStep() {
        int groups = 4;
        int[] out = new int[groups * 8];
        WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class, () -> JavaKernels.run(StuckKernels.class,
                "skipsBarrier", Launch.of(groups, 8).withWatchdog(ARRIVALS_WATCHDOG), CONTEXT, out, 2));
        // The kernel stops at the expired barrier: no thread runs on past it unsynchronised.
        assertTrue(java.util.Arrays.stream(out).noneMatch(v -> v == 2), java.util.Arrays.toString(out));
        assertEquals(WatchdogExpiredException.Wait.GRID_BARRIER, e.waitKind());
        assertNotEquals(2, e.block(), "the skipping group never waited");
        assertEquals(0, e.step(), "the first grid barrier");
        assertEquals("reference.kernel (kernel skipsBarrier): watchdog expired after 2 s: block " + e.block()
                + " waited at grid barrier 0; 3 of 4 blocks had arrived there", e.getMessage());
    }

    @Test
    void aFlagThatIsNeverPublishedStopsTheWaitWithTheWatchdog() {
        int groups = 3;
        WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class, () -> JavaKernels.run(StuckKernels.class,
                "neverPublished", Launch.of(groups, 4).withWatchdog(SHORT_WATCHDOG), CONTEXT, new int[groups], 7));
        assertEquals(WatchdogExpiredException.Wait.WAIT_UNTIL, e.waitKind());
        assertEquals(7, e.step());
        assertEquals(e.block(), e.index(), "each group waits for its own flag");
        assertEquals("reference.kernel (kernel neverPublished): watchdog expired after 0.3 s: block " + e.block()
                + " waited until element " + e.block() + " reached 7", e.getMessage());
    }

    @Test
    void clustersShareTheirBlocksSharedArrays() {
        int groups = 8;
        int threads = ClusterKernels.BLOCK;
        double[] in = new double[groups * threads];
        for (int i = 0; i < in.length; i++) {
            in[i] = i;
        }
        double[] out = new double[in.length];
        int[] ranks = new int[groups];
        JavaKernels.run(ClusterKernels.class, "rotate", Launch.of(groups, threads), CONTEXT, in, out, ranks);
        for (int g = 0; g < groups; g++) {
            int next = g / 4 * 4 + (g % 4 + 1) % 4;
            assertEquals(g / 4 * 100 + g % 4, ranks[g]);
            for (int t = 0; t < threads; t++) {
                assertEquals(in[next * threads + t], out[g * threads + t], "group " + g + ", thread " + t);
            }
        }
        int steps = 3;
        long[] halos = new long[16 * steps];
        JavaKernels.run(ClusterKernels.class, "pushHalo", Launch.of(16, 4), CONTEXT, halos, steps);
        for (int g = 0; g < 16; g++) {
            for (int s = 0; s < steps; s++) {
                assertEquals((g + 15) % 16 + s, halos[g * steps + s], "block " + g + " step " + s);
            }
        }
    }

    /** Random cells, so that a ghost read a step early or late, or a lost edge, changes the bits. */
    @ParameterizedTest(name = "{0} groups, {1} steps")
    @CsvSource({"4, 1", "8, 5", "12, 9"})
    void theSplitClusterBarrierExchangesEdgesThroughTheNeighboursSharedArrays(int groups, int steps) {
        int cells = ClusterKernels.CELLS;
        double[] in = new Random(groups * 31L + steps).doubles((long) groups * cells, -1, 1).toArray();
        double[] out = new double[in.length];
        JavaKernels.run(ClusterKernels.class, "splitHalo", Launch.of(groups, cells), CONTEXT, in, out, steps);
        assertArrayEquals(splitHaloReference(in, steps, 4 * cells), out);
    }

    @ParameterizedTest(name = "{0} groups, {1} steps")
    @CsvSource({"4, 1", "4, 2", "8, 5", "12, 9"})
    void asynchronousStoresCompleteOnTheNeighboursMbarriersAsTheSplitBarrierDoes(int groups, int steps) {
        int cells = ClusterKernels.CELLS;
        double[] in = new Random(groups * 37L + steps).doubles((long) groups * cells, -1, 1).toArray();
        double[] out = new double[in.length];
        JavaKernels.run(ClusterKernels.class, "asyncHalo", Launch.of(groups, cells), CONTEXT, in, out, steps);
        assertArrayEquals(splitHaloReference(in, steps, 4 * cells), out);
    }

    @Test
    void bytesThatNeverLandStopTheMbarrierWaitWithTheWatchdogNamingBlockAndBarrier() {
        int groups = 3;
        WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class, () -> JavaKernels.run(StuckKernels.class,
                "bytesNeverStored", Launch.of(groups, 4).withWatchdog(SHORT_WATCHDOG), CONTEXT, new int[groups]));
        assertEquals(WatchdogExpiredException.Wait.WAIT_UNTIL, e.waitKind());
        assertEquals(0, e.step(), "the parity waited for");
        assertEquals(1, e.index(), "the mbarrier waited on");
    }

    /** Each cluster's cells form a ring; every step, each cell becomes (left + right) / 4 + itself / 2, from the old values. */
    private static double[] splitHaloReference(double[] in, int steps, int ring) {
        double[] u = in.clone();
        for (int s = 0; s < steps; s++) {
            double[] next = new double[u.length];
            for (int i = 0; i < u.length; i++) {
                int first = i / ring * ring;
                double left = u[first + (i - first + ring - 1) % ring];
                double right = u[first + (i - first + 1) % ring];
                next[i] = (left + right) * 0.25 + u[i] * 0.5;
            }
            u = next;
        }
        return u;
    }

    @ParameterizedTest(name = "{0} groups of {1}, {2} steps")
    @CsvSource({"2, 1, 1", "3, 4, 6", "6, 8, 5"})
    void linesCarryEachStepsValueFromGroupToGroupBitForBit(int groups, int threads, int steps) {
        double[] in = new Random(groups * 7L + threads).doubles((long) groups * threads, -1e300, 1e300).toArray();
        in[0] = -0.0;
        double[] out = new double[in.length];
        long[] lines = new long[2 * steps * groups * threads];
        JavaKernels.run(LineKernels.class, "relay", Launch.of(groups, threads), CONTEXT, lines, in, out, steps);
        double[] carried = in.clone();
        for (int step = 0; step < steps; step++) {
            double[] sent = carried.clone();
            for (int i = threads; i < carried.length; i++) {
                carried[i] = carried[i] * 0.5 + sent[i - threads];
            }
        }
        assertArrayEquals(carried, out);
        // The last step's line of group 0, thread 0 (which receives nothing, so sends its input, -0.0, every
        // step): the data's low and high halves, each with the flag above it.
        int line = (steps - 1) * groups * threads;
        long bits = Double.doubleToRawLongBits(in[0]);
        assertEquals(bits & 0xffff_ffffL | (long) steps << 32, lines[2 * line]);
        assertEquals(bits >>> 32 | (long) steps << 32, lines[2 * line + 1]);
    }

    @Test
    void aLineThatIsNeverStoredStopsTheWaitWithTheWatchdogNamingBlockAndLine() {
        int groups = 3;
        WatchdogExpiredException e = assertThrows(WatchdogExpiredException.class, () -> JavaKernels.run(StuckKernels.class,
                "lineNeverStored", Launch.of(groups, 4).withWatchdog(SHORT_WATCHDOG), CONTEXT, new long[2 * groups],
                new double[groups], 7));
        assertEquals(WatchdogExpiredException.Wait.WAIT_UNTIL, e.waitKind());
        assertEquals(7, e.step(), "the flag waited for");
        assertEquals(e.block(), e.index(), "each group waits for its own line");
        assertEquals("reference.kernel (kernel lineNeverStored): watchdog expired after 0.3 s: block " + e.block()
                + " waited until element " + e.block() + " reached 7", e.getMessage());
    }

    /** Cluster.WHOLE_GRID: whatever the worker grid's block count (1 to 16), its blocks are one cluster. */
    @ParameterizedTest(name = "{0} groups")
    @ValueSource(ints = {1, 2, 5, 16})
    void aWholeGridClusterIsAsLargeAsTheGrid(int groups) {
        int threads = ClusterKernels.BLOCK;
        double[] in = new Random(groups).doubles((long) groups * threads, -1, 1).toArray();
        double[] out = new double[in.length];
        int[] ranks = new int[groups];
        JavaKernels.run(ClusterKernels.class, "wholeGridRing", Launch.of(groups, threads), CONTEXT, in, out, ranks);
        for (int g = 0; g < groups; g++) {
            assertEquals(g * 10 + groups, ranks[g], "block " + g + ": cluster 0, rank " + g + ", size " + groups);
            for (int t = 0; t < threads; t++) {
                assertEquals(in[(g + 1) % groups * threads + t], out[g * threads + t], "group " + g + ", thread " + t);
            }
        }
        assertEquals(Cluster.WHOLE_GRID, KernelMetadata.of(ClusterKernels.class).orElseThrow()
                .clusterSize(JavaKernels.kernel(ClusterKernels.class, "wholeGridRing")));
    }

    @Test
    void aWholeGridClusterOfMoreThanSixteenBlocksIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JavaKernels.run(ClusterKernels.class,
                "wholeGridRing", Launch.of(17, ClusterKernels.BLOCK), CONTEXT, new double[17 * 64], new double[17 * 64], new int[17]));
        assertEquals("task reference.kernel: kernel wholeGridRing runs its whole grid as one cluster (Cluster.WHOLE_GRID), so it"
                + " launches 1 to 16 blocks, got 17", e.getMessage());
    }

    @Test
    void aGridTheGpuWouldRefuseIsRefusedHereToo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JavaKernels.run(ClusterKernels.class, "rotate",
                Launch.of(6, ClusterKernels.BLOCK), CONTEXT, new double[6 * 64], new double[6 * 64], new int[6]));
        assertEquals("task reference.kernel: kernel rotate runs in clusters of 4 blocks, so its 6 blocks must be a multiple of 4",
                e.getMessage());
        IllegalArgumentException twoD = assertThrows(IllegalArgumentException.class, () -> JavaKernels.run(PersistentKernels.class,
                "fill", Launch.of(new int[] {2, 2, 1}, new int[] {4, 1, 1}), CONTEXT, new int[16], 16));
        assertTrue(twoD.getMessage().contains("launches a one-dimensional grid of one-dimensional blocks"), twoD.getMessage());
    }
}
