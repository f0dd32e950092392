package org.holdfast.tornado.api;

/**
 * Where one task's time went during one {@code execute()}, like TornadoVM's profiler.
 * All times in nanoseconds, summed over the runs.
 *
 * @param task the task key, {@code graph.task}
 * @param launches how many times the task ran
 * @param kernelNanos time on the device between events around the task's launches
 * @param dispatchNanos host time spent issuing the launches
 * @param copyInBytes bytes copied to the device for the graph, attributed to its first task
 * @param copyInNanos device time of those copies
 * @param copyOutBytes bytes copied back to the host, attributed to the last task
 * @param copyOutNanos device time of those copies
 */
public record TaskProfile(String task, long launches, long kernelNanos, long dispatchNanos, long copyInBytes,
        long copyInNanos, long copyOutBytes, long copyOutNanos) {

    /** Kernel, copy-in and copy-out time together. */
    public long totalNanos() {
        return kernelNanos + copyInNanos + copyOutNanos;
    }
}
