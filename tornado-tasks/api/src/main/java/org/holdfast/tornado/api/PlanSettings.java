package org.holdfast.tornado.api;

/**
 * How a plan runs its graph.
 *
 * @param scheduler worker grids per task
 * @param syncEveryRun whether the host waits for the device after every run of the graph
 * @param cudaGraph whether the runs are captured once as a CUDA graph and replayed (GPU only)
 * @param profiler whether each task is timed separately (adds events around every task)
 * @param watchdogSeconds how long a wait of a {@link Persistent} kernel may last before the run stops
 *     with a {@link WatchdogExpiredException}
 */
public record PlanSettings(GridScheduler scheduler, boolean syncEveryRun, boolean cudaGraph, boolean profiler, double watchdogSeconds) {

    /** The watchdog's default, as the native persistent kernels'. */
    public static final double DEFAULT_WATCHDOG_SECONDS = 10.0;

    /** The largest watchdog (the native library's limit): about 11.6 days. */
    public static final double MAX_WATCHDOG_SECONDS = 1e6;

    public PlanSettings {
        requireWatchdog(watchdogSeconds);
    }

    /** {@code seconds}, when it is a watchdog's timeout: more than 0 and at most {@link #MAX_WATCHDOG_SECONDS}. */
    public static double requireWatchdog(double seconds) {
        if (!(seconds > 0 && seconds <= MAX_WATCHDOG_SECONDS)) {
            throw new IllegalArgumentException("the watchdog takes more than 0 and at most " + (long) MAX_WATCHDOG_SECONDS
                    + " seconds, got " + seconds);
        }
        return seconds;
    }

    /** Settings with the default watchdog. */
    public PlanSettings(GridScheduler scheduler, boolean syncEveryRun, boolean cudaGraph, boolean profiler) {
        this(scheduler, syncEveryRun, cudaGraph, profiler, DEFAULT_WATCHDOG_SECONDS);
    }
}
