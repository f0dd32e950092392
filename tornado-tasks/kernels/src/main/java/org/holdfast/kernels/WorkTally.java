package org.holdfast.kernels;

import java.util.Arrays;
import java.util.Optional;
import org.holdfast.tornado.api.DeviceFunction;

/**
 * The host's side of the Java persistent kernels' work count ({@link PersistentRedBlackKernels#reportWork}):
 * what the blocks wrote into the tally during one execute, and whether it is what was asked for. The
 * twin of native-hip's {@code work_check.cpp}, worded the same way.
 *
 * <p>The tally is not reset between the runs of one execute ({@code withRepeats}), so it holds the
 * lowest and the highest count of any block in any run and the reports of all runs: every block of
 * every run ran exactly the steps asked for when both are those steps and every run's blocks reported.
 */
public final class WorkTally {

    /** The largest {@code (Integer.MAX_VALUE - count) << 32 | block}: the fewest half-sweeps, and the block. */
    public static final int LOWEST = 0;
    /** The largest {@code count << 32 | block}: the most half-sweeps, and the block. */
    public static final int HIGHEST = 1;
    /** How many blocks reported, over all runs. */
    public static final int BLOCKS = 2;

    private WorkTally() {
    }

    /** The {@link #LOWEST} key of {@code block}'s {@code halfSweeps}: the largest is the fewest. Device code of every tallying kernel. */
    @DeviceFunction
    public static long lowestKey(int halfSweeps, int block) {
        return ((long) (Integer.MAX_VALUE - halfSweeps) << 32) | block;
    }

    /** The {@link #HIGHEST} key of {@code block}'s {@code halfSweeps}: the largest is the most. Device code of every tallying kernel. */
    @DeviceFunction
    public static long highestKey(int halfSweeps, int block) {
        return ((long) halfSweeps << 32) | block;
    }

    /** A zeroed tally, for the start of an execute. */
    public static void clear(long[] work) {
        Arrays.fill(work, 0);
    }

    /**
     * Why the tally {@code work} of {@code runs} runs does not show {@code steps} half-sweeps in each of
     * {@code blocks} blocks per run, or empty when it does.
     *
     * @param label what ran, at which size: the start of the line ({@code "persistent-grid (java) at n = 5"})
     */
    public static Optional<String> shortfall(long[] work, int runs, int blocks, int steps, String label) {
        long reported = work[BLOCKS];
        long expected = (long) runs * blocks;
        if (reported != expected) {
            return Optional.of(label + ": " + reported + " of " + expected + " blocks with work reported their half-sweeps"
                    + (runs == 1 ? "" : " over " + runs + " runs") + " (each must run " + steps + ")");
        }
        int fewest = Integer.MAX_VALUE - (int) (work[LOWEST] >>> 32);
        int most = (int) (work[HIGHEST] >>> 32);
        if (fewest != steps) {
            return Optional.of(label + ": block " + (int) work[LOWEST] + " ran " + fewest + " of " + steps
                    + " half-sweeps (blocks ran " + fewest + " to " + most + ")");
        }
        if (most != steps) {
            return Optional.of(label + ": block " + (int) work[HIGHEST] + " ran " + most + " half-sweeps, " + steps
                    + " were asked for");
        }
        return Optional.empty();
    }
}
