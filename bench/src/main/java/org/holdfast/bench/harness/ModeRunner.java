package org.holdfast.bench.harness;

import org.holdfast.kernels.poisson.PoissonProblem;

/** Runs one mode: set-up, an untimed warm-up repeat, then the timed repeats. It never prints. */
public interface ModeRunner extends AutoCloseable {

    /**
     * Runs {@code iterations} iterations from {@code initialU}, once untimed and then {@code repeats}
     * times timed, each repeat from the initial array.
     *
     * @param progress where to say which repeat is running
     */
    Measurement measure(PoissonProblem problem, double[] initialU, double[] f, int iterations, int repeats,
            Progress progress);

    /** Releases what the runner holds (device memory, modules). */
    @Override
    void close();
}
