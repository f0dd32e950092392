package org.holdfast.bench.bands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.junit.jupiter.api.Test;

/**
 * {@code graph} on bands with an exchange every k half-sweeps: a run is graphs of {@link GpuLane#iterationsPerGraph}
 * iterations and one of the rest, each captured as a run of its own length queues its half-sweeps; replayed one after
 * another, their exchanges fall after exactly the half-sweeps the run's schedule names, for every k the option takes
 * and every run length, multiples of k or of the graph size or neither.
 */
class GraphScheduleTest {

    @Test
    void aGraphIsTheMostWholePeriodsOfTheScheduleUpTo64Iterations() {
        assertEquals(List.of(64, 64, 63, 64, 63, 64, 60, 64),
                java.util.Arrays.stream(TemporalKernels.SWEEPS).map(GpuLane::iterationsPerGraph).boxed().toList());
    }

    @Test
    void theGraphsExchangeWhereTheRunDoes() {
        for (int k : TemporalKernels.SWEEPS) {
            BandSplit split = new BandSplit(40, 2, k);
            int perGraph = GpuLane.iterationsPerGraph(k);
            for (int iterations = 1; iterations <= 3 * perGraph + 2; iterations++) {
                assertEquals(exchanges(split, 0, 2 * iterations), graphExchanges(split, perGraph, iterations),
                        "k = " + k + ", " + iterations + " iterations");
            }
        }
    }

    /** The half-sweeps of the run after which a graph replay exchanges: each graph's own schedule, shifted to where it starts. */
    private static List<Integer> graphExchanges(BandSplit split, int perGraph, int iterations) {
        List<Integer> after = new ArrayList<>();
        int start = 0;
        for (int chunk = 0; chunk < iterations / perGraph; chunk++) {
            after.addAll(exchanges(split, start, 2 * perGraph));
            start += 2 * perGraph;
        }
        if (iterations % perGraph != 0) {
            after.addAll(exchanges(split, start, 2 * (iterations % perGraph)));
        }
        return after;
    }

    /** The exchanges of a run of {@code halfSweeps}, as half-sweeps of a run that began {@code start} half-sweeps earlier. */
    private static List<Integer> exchanges(BandSplit split, int start, int halfSweeps) {
        List<Integer> after = new ArrayList<>();
        for (int done = 1; done <= halfSweeps; done++) {
            if (split.exchangesAfter(done, halfSweeps)) {
                after.add(start + done);
            }
        }
        return after;
    }
}
