package org.holdfast.bench.harness;

import java.util.List;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.ModeRunner;
import org.holdfast.bench.mode.RunRequest;
import org.holdfast.bench.mode.RunShape;
import org.holdfast.bench.mode.Tolerance;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.api.TaskProfile;

/**
 * One mode's runs at one size and what their checks found: the verification run, the untimed
 * warm-up, then the timed repeats, each from the initial array. The array of every run is copied
 * back outside its timed region and compared in full with its reference.
 */
final class RepeatChecks implements AutoCloseable {

    /**
     * How long the untimed runs before the timed ones last at least. The host code of every mode
     * (the CPU kernels themselves, the launch loop of the GPU modes) runs interpreted at first and
     * reaches its compiled speed only after some tens of thousands of kernel calls: at N = 11 the
     * cpu mode took about 25 runs of 1000 iterations (0.3 to 0.7 s on a loaded two-core machine) to
     * go from 0.7 to 0.4 µs per iteration. One warm-up run, as before, timed code not yet compiled.
     */
    static final long WARM_UP_NANOS = 500_000_000L;

    private final ModeDescriptor mode;
    private final ModeRunner runner;
    private final Progress progress;
    private final Problem problem;
    private final Tolerance tolerance;
    private final double[] result;
    private boolean verified;
    private int verificationK;
    private double maxDiff;
    private double[] micros = new double[0];
    private int equalRepeats;
    private double maxError = Double.NaN;

    /** Makes the mode's runner: everything it needs is allocated here. */
    RepeatChecks(ModeDescriptor mode, RunRequest request, Machine machine, Progress progress) {
        this.mode = mode;
        this.progress = progress;
        this.problem = request.problem();
        this.tolerance = mode.tolerance();
        this.result = new double[problem.points()];
        this.runner = mode.runner(request, machine);
    }

    /** Runs the verification run and compares it with its reference. */
    void verify(Verification verification) {
        verificationK = verification.k();
        progress.update(mode.name() + " N=" + problem.n() + " verification run (k = " + verificationK + ")");
        runner.load(verification.initial());
        runner.run(verificationK);
        runner.unload(result);
        verified = tolerance.accepts(result, verification.reference());
        maxDiff = PoissonProblem.maxAbsDiff(result, verification.reference());
    }

    /**
     * Untimed warm-up runs for at least {@link #WARM_UP_NANOS}, then {@code repeats} timed runs of
     * {@code iterations} iterations, each checked.
     */
    void timedRepeats(double[] initial, double[] reference, int iterations, int repeats) {
        long warmUpEnds = System.nanoTime() + WARM_UP_NANOS;
        do {
            progress.update(Progress.repeat(mode.name(), problem.n(), -1, repeats));
            runner.load(initial);
            runner.run(iterations);
        } while (System.nanoTime() < warmUpEnds);
        micros = new double[repeats];
        for (int repeat = 0; repeat < repeats; repeat++) {
            progress.update(Progress.repeat(mode.name(), problem.n(), repeat, repeats));
            runner.load(initial);
            micros[repeat] = runner.run(iterations) / iterations;
            runner.unload(result);
            if (tolerance.accepts(result, reference)) {
                equalRepeats++;
            }
            maxDiff = Math.max(maxDiff, PoissonProblem.maxAbsDiff(result, reference));
        }
        maxError = problem.maxErrorAgainstExact(result);
    }

    /** Whether the verification run and every timed repeat passed. */
    boolean passed() {
        return verified && equalRepeats == micros.length;
    }

    /** What failed, in a few words, for the row's status; empty when nothing did. */
    String failure() {
        String repeats = equalRepeats == micros.length ? ""
                : (micros.length - equalRepeats) + " of " + micros.length + " repeats differ";
        if (!verified) {
            return "the verification run (k = " + verificationK + ") differs" + (repeats.isEmpty() ? "" : "; " + repeats);
        }
        return repeats;
    }

    double[] microsPerIteration() {
        return micros.clone();
    }

    int equalRepeats() {
        return equalRepeats;
    }

    /** The largest |result - reference| over the verification run and every timed repeat. */
    double maxDiff() {
        return maxDiff;
    }

    /** The largest |result - exact solution| of the last repeat. */
    double maxError() {
        return maxError;
    }

    RunShape shape() {
        return runner.shape();
    }

    List<TaskProfile> profile() {
        return runner.profile();
    }

    @Override
    public void close() {
        runner.close();
    }
}
