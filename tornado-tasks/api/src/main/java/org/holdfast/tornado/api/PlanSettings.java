package org.holdfast.tornado.api;

/**
 * How a plan runs its graph.
 *
 * @param scheduler worker grids per task
 * @param syncEveryRun whether the host waits for the device after every run of the graph
 * @param cudaGraph whether the runs are captured once as a CUDA graph and replayed (GPU only)
 * @param profiler whether each task is timed separately (adds events around every task)
 */
public record PlanSettings(GridScheduler scheduler, boolean syncEveryRun, boolean cudaGraph, boolean profiler) {
}
