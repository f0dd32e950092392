package org.holdfast.bench;

import java.io.PrintStream;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.kernels.poisson.PoissonProblem;

/**
 * A lower bound on how long a run takes, from its sizes, iterations and repeats alone, so that a run
 * of hours is not started by a typo without a word. It counts what no run can be faster than: the
 * sequential CPU reference of every size at {@value #CPU_NS_PER_POINT} ns per point update (faster
 * than any CPU core does it), a warm-up plus the repeats of every CPU mode at that speed on every
 * core, and on a GPU at least {@value #GPU_US_PER_ITERATION} µs per iteration
 * (the fastest the H200 managed) or the time to stream 24·N² bytes at {@value #GPU_BYTES_PER_S} B/s.
 * Each mode counts once, whatever the kernel sources and block-count rules.
 */
final class RunEstimate {

    /** Warn about runs that are at least this long. */
    static final double WARN_SECONDS = 180;

    static final double CPU_NS_PER_POINT = 0.5;
    static final double GPU_US_PER_ITERATION = 0.5;
    static final double GPU_BYTES_PER_S = 5e12;

    private RunEstimate() {
    }

    /** Says so on {@code err} when the run takes at least {@link #WARN_SECONDS}. */
    static void warnIfLong(Experiment experiment, boolean gpu, PrintStream err) {
        double seconds = lowerBoundSeconds(experiment, gpu, Runtime.getRuntime().availableProcessors());
        if (seconds >= WARN_SECONDS) {
            err.println("holdfast: warning: this run takes at least " + Progress.duration(seconds)
                    + " (a lower bound from its sizes, iterations and repeats; see --help); Ctrl-C stops it and keeps"
                    + " the rows measured so far");
        }
    }

    /**
     * @param gpu whether the GPU modes will run (without a GPU they are skipped)
     * @param cores the cores of the parallel CPU mode
     */
    static double lowerBoundSeconds(Experiment experiment, boolean gpu, int cores) {
        double seconds = 0;
        for (int index = 0; index < experiment.sizes().size(); index++) {
            int n = experiment.sizes().get(index);
            long points = new PoissonProblem(n).interiorPoints();
            int iterations = experiment.iterationsAt(index);
            double cpuRun = Progress.work(points, iterations, 1) * CPU_NS_PER_POINT * 1e-9;
            double gpuRun = iterations * Math.max(GPU_US_PER_ITERATION * 1e-6, 24.0 * n * n / GPU_BYTES_PER_S);
            seconds += cpuRun; // the reference
            int runs = experiment.repeats() + 1;
            for (ModeDescriptor mode : experiment.modes()) {
                if (!mode.paradigm().needsGpu()) {
                    seconds += runs * cpuRun / cores;
                } else if (gpu) {
                    seconds += runs * gpuRun;
                }
            }
        }
        return seconds;
    }
}
