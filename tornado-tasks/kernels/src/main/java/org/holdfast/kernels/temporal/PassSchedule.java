package org.holdfast.kernels.temporal;

import java.util.ArrayList;
import java.util.List;

/**
 * How a run of red-black iterations becomes passes of k half-sweeps over two buffers. The task graph
 * ({@link TemporalTaskGraph}) holds two pass tasks, u to scratch ("even") and scratch to u ("odd"); one
 * execution repeats the pair. A run is at most three executions: when the state is in scratch, one
 * repeat whose even pass is empty, so that the odd pass moves it on; then the repeats of full pairs;
 * then, when k does not divide what is left into pairs, one repeat of the shorter tail (its odd pass
 * may be empty). Each pass reads its half-sweeps and first colour from the schedule array the
 * execution carries ({@link Execution#schedule()}: half-sweeps and colour of the even pass, then of
 * the odd one), so the same two tasks run full, short and empty passes.
 *
 * @param k half-sweeps per full pass
 * @param halfSweeps the run's half-sweeps: 2 x iterations (a run starts with a red half-sweep)
 */
public record PassSchedule(int k, int halfSweeps) {

    /**
     * One execution of the task graph.
     *
     * @param repeats how many times it runs the pair
     * @param schedule the schedule array's contents: even pass half-sweeps and colour, odd pass half-sweeps and colour
     */
    public record Execution(int repeats, int[] schedule) {
    }

    public PassSchedule {
        if (k < 1 || halfSweeps < 0) {
            throw new IllegalArgumentException("k = " + k + ", half-sweeps = " + halfSweeps);
        }
    }

    public static PassSchedule of(int k, int iterations) {
        return new PassSchedule(k, 2 * iterations);
    }

    /** The executions of the run, starting from the state in scratch or in u. */
    public List<Execution> executions(boolean startInScratch) {
        List<Execution> executions = new ArrayList<>();
        int done = 0;
        if (startInScratch && halfSweeps > 0) {
            int first = Math.min(k, halfSweeps);
            executions.add(new Execution(1, new int[] {0, 0, first, 0}));
            done = first;
        }
        int pairs = (halfSweeps - done) / (2 * k);
        if (pairs > 0) {
            executions.add(new Execution(pairs, new int[] {k, done & 1, k, (done + k) & 1}));
            done += 2 * k * pairs;
        }
        int left = halfSweeps - done;
        if (left > 0) {
            int even = Math.min(k, left);
            executions.add(new Execution(1, new int[] {even, done & 1, left - even, (done + even) & 1}));
        }
        return executions;
    }

    /** Whether the run ends in scratch, starting from the state in scratch or in u: each pass moves it across. */
    public boolean endsInScratch(boolean startInScratch) {
        int passes = (halfSweeps + k - 1) / k;
        return startInScratch ^ (passes % 2 == 1);
    }
}
