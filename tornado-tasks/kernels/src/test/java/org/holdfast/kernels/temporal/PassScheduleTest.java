package org.holdfast.kernels.temporal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Passes cover the run's half-sweeps exactly, alternate buffers and colours correctly, whatever k and start. */
class PassScheduleTest {

    @Test
    void everyHalfSweepOnceInOrderWithItsColour() {
        for (int k = 1; k <= 8; k++) {
            for (int halfSweeps = 0; halfSweeps <= 40; halfSweeps += 2) {
                for (boolean startInScratch : new boolean[] {false, true}) {
                    PassSchedule schedule = new PassSchedule(k, halfSweeps);
                    List<Integer> colours = new ArrayList<>();
                    boolean inScratch = startInScratch;
                    for (PassSchedule.Execution execution : schedule.executions(startInScratch)) {
                        for (int repeat = 0; repeat < execution.repeats(); repeat++) {
                            for (int pass = 0; pass < 2; pass++) {
                                int sweeps = execution.schedule()[2 * pass];
                                if (sweeps == 0) {
                                    continue;
                                }
                                assertEquals(pass == 1, inScratch, "the even pass reads u, the odd one scratch");
                                for (int s = 0; s < sweeps; s++) {
                                    colours.add((execution.schedule()[2 * pass + 1] + s) & 1);
                                }
                                assertEquals(true, sweeps <= k, "at most k per pass");
                                inScratch = !inScratch;
                            }
                        }
                    }
                    List<Integer> expected = new ArrayList<>();
                    for (int s = 0; s < halfSweeps; s++) {
                        expected.add(s & 1);
                    }
                    assertEquals(expected, colours, "k = " + k + ", " + halfSweeps + " half-sweeps");
                    assertEquals(inScratch, schedule.endsInScratch(startInScratch));
                    assertEquals(true, schedule.executions(startInScratch).size() <= 3, "at most three executions");
                }
            }
        }
    }

    @Test
    void aRunThatKDividesIsOneExecution() {
        List<PassSchedule.Execution> executions = PassSchedule.of(8, 24).executions(false);
        assertEquals(1, executions.size());
        assertEquals(3, executions.get(0).repeats());
        assertArrayEquals(new int[] {8, 0, 8, 0}, executions.get(0).schedule());
        assertArrayEquals(new int[] {3, 0, 3, 1}, PassSchedule.of(3, 480).executions(false).get(0).schedule());
        assertThrows(IllegalArgumentException.class, () -> new PassSchedule(0, 2));
    }

    @Test
    void geometryCoversTheGridWithEvenStripsAndNoEmptyItem() {
        for (int n = 3; n < 1200; n += n < 100 ? 1 : 53) {
            for (int k : TemporalKernels.SWEEPS) {
                for (int target : new int[] {1, 3, 264}) {
                    StreamGeometry g = StreamGeometry.plan(n, k, target);
                    assertEquals(0, g.stripWidth() % 2);
                    assertEquals(true, g.stripWidth() * g.strips() >= n - 1 && g.stripWidth() * (g.strips() - 1) < n - 1);
                    assertEquals(true, g.segmentRows() * g.segments() >= n - 2 && g.segmentRows() * (g.segments() - 1) < n - 2);
                    assertEquals(true, g.stripWidth() + 2 * TemporalKernels.halo(k) <= 2 * TemporalKernels.THREADS);
                }
            }
        }
        // The native planner's cut of the same grid (native-hip tests/planner_test.cpp): 21 x 12 items.
        StreamGeometry large = StreamGeometry.plan(10001, 8, 264);
        assertEquals(21, large.strips());
        assertEquals(12, large.segments());
    }
}
