package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.tornado.api.TaskProfile;

/**
 * One mode ready to run one problem: everything it needs (device memory, compiled kernels, streams)
 * was allocated when it was made. The harness and the JMH benchmarks drive it alike: {@link #load}
 * and {@link #unload} move the array outside the timed region, {@link #run} is what is timed, and it
 * allocates nothing once it has run that many iterations before. It never prints.
 */
public interface ModeRunner extends AutoCloseable {

    /** Makes {@code u} the array the next {@link #run} starts from. Untimed. */
    void load(double[] u);

    /**
     * Runs {@code iterations} iterations (red then black half-sweep) on the array, in place.
     *
     * @return the time of the iterations alone, in µs: device events on a GPU, the host clock on the CPU
     */
    double run(int iterations);

    /** Copies the array as the last run left it into {@code u}. Untimed. */
    void unload(double[] u);

    /** What ran: blocks, threads, variant, note and launches (after the first run). */
    RunShape shape();

    /** Per-task times of the last run when the profiler was on; empty otherwise. */
    default List<TaskProfile> profile() {
        return List.of();
    }

    /** Releases what the runner holds. */
    @Override
    void close();
}
