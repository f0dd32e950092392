package org.holdfast.kernels;

import java.util.Optional;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.ImmutableTaskGraph;

/**
 * A task graph whose one execution is one run of a whole solve in one persistent launch, as a runner
 * drives it: load the host's arrays, prepare each run (its work tally zeroed), check the tally after
 * it, and copy back the array the run left its result in. {@link PersistentTaskGraph} (u alone) and
 * {@code temporal.TemporalPersistentTaskGraph} (u and a scratch array) are the two.
 */
public interface PersistentSolveGraph {

    ImmutableTaskGraph graph();

    GridScheduler scheduler();

    /** The host's arrays were just loaded and the plan's device copies reset: the next execution copies them in. */
    default void loaded() {
    }

    /** Before each execution: zeroes the work tally (and sets what the run reads from the host). */
    void beforeRun();

    /**
     * After an execute of {@code runs} runs, why its blocks did not each run the asked-for half-sweeps in
     * every run ({@link WorkTally#shortfall}), or empty when they did.
     *
     * @param label the start of the line: what ran, at which size
     */
    Optional<String> workShortfall(int runs, String label);

    /** The host array that holds the state after the last run: the one to copy back. */
    double[] state();
}
