package org.holdfast.bench;

import java.io.PrintStream;
import java.util.function.DoubleSupplier;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.kernels.problem.Problem;

/**
 * A lower bound on how long a run takes, from its sizes, iterations and repeats and the speed of the
 * device each mode runs on, so that a run of hours is not started by a typo without a word. It counts
 * the reference of every size (on every core), a warm-up plus the repeats of every CPU mode (on one
 * core, or on every core for a parallel one) at the CPU's speed, and of every GPU mode at least
 * {@value #GPU_US_PER_ITERATION} µs per iteration (the fastest the H200 managed) or the time to stream
 * 24·N² bytes at {@value #GPU_BYTES_PER_S} B/s. The CPU's speed is {@value #CPU_NS_PER_POINT} ns per
 * point update (faster than any CPU core does it) unless that already makes the run long enough to
 * matter; then it is measured ({@link CpuSpeed}). Each mode counts once, whatever the kernel sources
 * and block-count rules.
 */
final class RunEstimate {

    /** Warn about runs that are at least this long. */
    static final double WARN_SECONDS = 180;
    /** Measure the CPU when the bound at {@link #CPU_NS_PER_POINT} is at least this. */
    static final double MEASURE_CPU_FROM_SECONDS = WARN_SECONDS / 20;

    static final double CPU_NS_PER_POINT = 0.5;
    static final double GPU_US_PER_ITERATION = 0.5;
    static final double GPU_BYTES_PER_S = 5e12;

    private RunEstimate() {
    }

    /** Says so on {@code err} when the run takes at least {@link #WARN_SECONDS}. */
    static void warnIfLong(Experiment experiment, boolean gpu, PrintStream err) {
        warnIfLong(experiment, gpu, Runtime.getRuntime().availableProcessors(), CpuSpeed::nanosPerPoint, err);
    }

    /** As {@link #warnIfLong(Experiment, boolean, PrintStream)}, with the CPU's speed, ns per point update on one core, from {@code cpuSpeed}. */
    static void warnIfLong(Experiment experiment, boolean gpu, int cores, DoubleSupplier cpuSpeed, PrintStream err) {
        double seconds = lowerBoundSeconds(experiment, gpu, cores, CPU_NS_PER_POINT);
        if (seconds >= MEASURE_CPU_FROM_SECONDS) {
            seconds = lowerBoundSeconds(experiment, gpu, cores, Math.max(CPU_NS_PER_POINT, cpuSpeed.getAsDouble()));
        }
        if (seconds >= WARN_SECONDS) {
            err.println("holdfast: warning: this run takes at least " + Progress.duration(seconds)
                    + " (a lower bound from its sizes, iterations and repeats and the speed of its devices; see --help);"
                    + " Ctrl-C stops it and keeps the rows measured so far");
        }
    }

    /**
     * @param gpu whether the GPU modes will run (without a GPU they are skipped)
     * @param cores the cores of the parallel reference and the parallel CPU mode
     * @param cpuNanosPerPoint the time one core takes per point update
     */
    static double lowerBoundSeconds(Experiment experiment, boolean gpu, int cores, double cpuNanosPerPoint) {
        double seconds = 0;
        for (int index = 0; index < experiment.sizes().size(); index++) {
            Problem problem = experiment.problemAt(index);
            long points = problem.interiorPoints();
            int iterations = experiment.iterationsAt(index);
            double cpuRun = Progress.work(points, iterations, 1) * cpuNanosPerPoint * 1e-9;
            double gpuRun = iterations * Math.max(GPU_US_PER_ITERATION * 1e-6, (double) problem.bytesPerIteration() / GPU_BYTES_PER_S);
            seconds += cpuRun / cores; // the reference
            int runs = experiment.repeats() + 1;
            for (ModeDescriptor mode : experiment.modes()) {
                if (!mode.paradigm().needsGpu()) {
                    seconds += runs * cpuRun / (mode.parallelOnCpu() ? cores : 1);
                } else if (gpu) {
                    seconds += runs * gpuRun;
                }
            }
        }
        return seconds;
    }
}
