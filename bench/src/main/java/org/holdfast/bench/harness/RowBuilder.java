package org.holdfast.bench.harness;

import org.holdfast.bench.config.InitialInterior;
import org.holdfast.bench.mode.BlockCount;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.RowVariant;
import org.holdfast.bench.mode.RunRequest;
import org.holdfast.bench.mode.RunShape;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.Roofline;
import org.holdfast.bench.report.Sensitivity;
import org.holdfast.kernels.problem.Problem;

/** Turns what one mode did at one size into its row; a row whose check failed, or that failed, gets no time. */
final class RowBuilder {

    private final ModeDescriptor mode;
    private final RunRequest request;
    private final int iterations;
    private final int repeats;
    private final InitialInterior init;
    private final Sensitivity sensitivity;

    RowBuilder(ModeDescriptor mode, RunRequest request, int iterations, int repeats, InitialInterior init,
            Sensitivity sensitivity) {
        this.mode = mode;
        this.request = request;
        this.iterations = iterations;
        this.repeats = repeats;
        this.init = init;
        this.sensitivity = sensitivity;
    }

    /**
     * The row of runs that finished: their times when every check passed, the mismatch otherwise.
     *
     * @param copyGbPerSecond the device's copy bandwidth ({@code of copy})
     * @param limitGbPerSecond the bandwidth of the memory the runner's traffic is limited by ({@code roofline})
     */
    ResultRow measured(RepeatChecks checks, double copyGbPerSecond, double limitGbPerSecond) {
        Problem problem = request.problem();
        boolean passed = checks.passed();
        Statistics stats = passed ? Statistics.of(checks.microsPerIteration()) : new Statistics(Double.NaN, Double.NaN, Double.NaN);
        double seconds = stats.median() * 1e-6;
        RunShape shape = checks.shape();
        Roofline roofline = passed ? new Roofline(shape.traffic().limitLabel(mode.paradigm()),
                shape.traffic().bytesPerIteration(problem), limitGbPerSecond) : Roofline.NONE;
        return new ResultRow(mode.name(), request.kernels().cliName(), shape.variant(), shape.variantName(), shape.k(),
                shape.note(), rule(), problem.n(), iterations, repeats, shape.blocks(), shape.threads(), stats.median(),
                stats.min(), stats.max(), problem.interiorPoints() / seconds, (double) problem.bytesPerIteration() / seconds / 1e9,
                copyGbPerSecond, roofline, checks.maxDiff(), checks.maxError(), init.cliName(), sensitivity, checks.equalRepeats(),
                passed ? "ok" : "MISMATCH: " + checks.failure());
    }

    /** The row of a mode that could not produce a result. */
    ResultRow failed(String reason) {
        return withoutResult("failed: " + reason);
    }

    /** The row of a mode that cannot run this request here (its planner refused it): not a failure. */
    ResultRow refused(String reason) {
        return withoutResult(ResultRow.REFUSED + reason);
    }

    private ResultRow withoutResult(String status) {
        RowVariant variant = mode.variant(request.options());
        return new ResultRow(mode.name(), request.kernels().cliName(), variant.label(), variant.name(), variant.k(), "", rule(),
                request.problem().n(), iterations, repeats, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, init.cliName(), Sensitivity.NONE, 0, status);
    }

    private String rule() {
        return mode.blockCount() == BlockCount.NONE ? "" : request.blocks().spelling();
    }
}
