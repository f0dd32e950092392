package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.tornado.api.LaunchInfo;

/**
 * What a runner ran, as it reports it: what the report shows beside the times.
 *
 * @param blocks blocks per launch (0 on the CPU)
 * @param threads threads per block (0 on the CPU)
 * @param variant the variant that ran as the reports label it ({@code temporal/k=4}, {@code neighbour/busy},
 *     {@code k=2}), or empty: {@link RowVariant#label()}
 * @param variantName the variant's name alone ({@code temporal}), or empty: {@link RowVariant#name()}
 * @param k the half-sweeps per exchange or per launch it ran with, 0 where the mode has no such number:
 *     {@link RowVariant#k()}
 * @param note what the mode chose that the settings do not show (such as "on chip"), or empty
 * @param launches how each kernel was launched, for {@code --thread-info}
 * @param traffic which memory its kernels stream through and how often: the row's {@code roofline}
 */
public record RunShape(int blocks, int threads, String variant, String variantName, int k, String note,
        List<LaunchInfo> launches, MemoryTraffic traffic) {

    public RunShape {
        launches = List.copyOf(launches);
    }

    /** A shape whose variant fields are {@code variant}'s. */
    public RunShape(int blocks, int threads, RowVariant variant, String note, List<LaunchInfo> launches, MemoryTraffic traffic) {
        this(blocks, threads, variant.label(), variant.name(), variant.k(), note, launches, traffic);
    }

    /** The same shape with {@code note}. */
    public RunShape withNote(String note) {
        return new RunShape(blocks, threads, variant, variantName, k, note, launches, traffic);
    }

    /** The same shape with {@code launches}. */
    public RunShape withLaunches(List<LaunchInfo> launches) {
        return new RunShape(blocks, threads, variant, variantName, k, note, launches, traffic);
    }
}
