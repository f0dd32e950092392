package org.holdfast.bench.harness;

import java.util.List;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.TaskProfile;

/**
 * What one mode measured at one size.
 *
 * @param microsPerIteration µs per iteration, one entry per timed repeat
 * @param result the array after the last repeat (each repeat starts from the initial array)
 * @param blocks blocks per launch (0 on the CPU)
 * @param threads threads per block (0 on the CPU)
 * @param launches how each task was launched, for {@code --thread-info}
 * @param profile per-task times of the last repeat when the profiler was on
 * @param note what the mode chose to do that the settings do not show (such as "on chip"), or empty
 */
public record Measurement(double[] microsPerIteration, double[] result, int blocks, int threads, List<LaunchInfo> launches,
        List<TaskProfile> profile, String note) {

    public Measurement {
        launches = List.copyOf(launches);
        profile = List.copyOf(profile);
    }
}
