package org.holdfast.tornado.api;

import java.util.List;

/**
 * What one {@code execute()} measured.
 *
 * @param runs how many times the graph ran
 * @param elapsedNanos time of the runs alone (no copies): device events on a GPU, the host clock on the CPU
 * @param deviceTimed whether {@code elapsedNanos} comes from device events
 * @param profile per-task times when the profiler was on, else empty
 */
public record ExecutionResult(int runs, long elapsedNanos, boolean deviceTimed, List<TaskProfile> profile) {

    public ExecutionResult {
        profile = List.copyOf(profile);
    }

    /** Time per run of the graph, in microseconds. */
    public double microsPerRun() {
        return elapsedNanos / 1e3 / runs;
    }
}
