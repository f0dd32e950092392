package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.tornado.api.LaunchInfo;

/**
 * What a runner ran, as it reports it: what the report shows beside the times.
 *
 * @param blocks blocks per launch (0 on the CPU)
 * @param threads threads per block (0 on the CPU)
 * @param variant the variant that ran (a barrier, a schedule), or empty
 * @param note what the mode chose that the settings do not show (such as "on chip"), or empty
 * @param launches how each kernel was launched, for {@code --thread-info}
 */
public record RunShape(int blocks, int threads, String variant, String note, List<LaunchInfo> launches) {

    public RunShape {
        launches = List.copyOf(launches);
    }
}
