package org.holdfast.bench.mode;

import org.holdfast.kernels.problem.Problem;

/**
 * What the harness asks a mode to prepare: the problem, and how to run it.
 *
 * @param problem the problem and its size
 * @param f the right-hand side, the same array for every mode
 * @param kernels the kernel source, one of the mode's {@link ModeDescriptor#kernelSources()}
 * @param blocks the block-count rule (ignored by modes whose {@link ModeDescriptor#blockCount()} is NONE)
 * @param options the value of every mode option
 * @param threads threads per block on the GPU as the experiment asked for them; 0 where it asked for none: then the
 *     standard launches run {@link #DEFAULT_THREADS} ({@link #threads()}) and a named persistent variant its own
 *     ({@link #threadsAsked()}), as {@code auto} runs its rule's
 * @param watchdogSeconds how long a persistent kernel may wait for anything before it stops with an error
 * @param profiler whether task graphs time every task
 * @param gpus devices the grid is split over, in bands of rows; 1 for every mode that runs on one device
 */
public record RunRequest(Problem problem, double[] f, KernelSource kernels, BlockCountRule blocks,
        OptionValues options, int threads, double watchdogSeconds, boolean profiler, int gpus) {

    /** A request on one device. */
    public RunRequest(Problem problem, double[] f, KernelSource kernels, BlockCountRule blocks, OptionValues options,
            int threads, double watchdogSeconds, boolean profiler) {
        this(problem, f, kernels, blocks, options, threads, watchdogSeconds, profiler, 1);
    }

    /** Threads per block on the GPU unless the experiment says otherwise. */
    public static final int DEFAULT_THREADS = 256;

    /** Threads per block of the modes that run one block size whatever the kernel: the asked-for, else the default. */
    @Override
    public int threads() {
        return threads == 0 ? DEFAULT_THREADS : threads;
    }

    /**
     * The threads asked for, or 0 where none were: a persistent variant then runs its own block size (the native
     * table's {@code default_threads}), so that {@code --barrier cluster-bands} runs as {@code auto} would run it.
     */
    public int threadsAsked() {
        return threads;
    }
    /** Seconds any wait of a persistent kernel may spin unless the experiment says otherwise. */
    public static final int DEFAULT_WATCHDOG_SECONDS = 10;
}
