package org.holdfast.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.holdfast.bench.KernelSource;
import org.holdfast.bench.Mode;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.PoissonSolver;
import org.holdfast.tornado.api.BlockCountRule;
import org.holdfast.tornado.api.TornadoRuntime;

/**
 * Runs an experiment: for each size, builds the problem once, computes the sequential reference,
 * then gives every mode the same initial array and checks its full result against the reference.
 */
public final class Harness {

    /**
     * A mode that did not run.
     *
     * @param mode its name
     * @param kernels the kernel source it would have run
     * @param reason why, in one line
     * @param requested whether the user asked for it by name (rather than through {@code all})
     */
    public record Skipped(String mode, KernelSource kernels, String reason, boolean requested) {
    }

    /** Per-task times of one measured run, when the profiler was on. */
    public record Profiled(String mode, String kernels, int n, List<org.holdfast.tornado.api.TaskProfile> tasks) {
    }

    /** Rows in the order measured, the modes that could not run, launch shapes and profiles. */
    public record Outcome(List<ResultRow> rows, List<Skipped> skipped, List<String> threadInfo, List<Profiled> profiles) {
    }

    private final Experiment experiment;
    private final RunnerFactory runners;
    private final Progress progress;
    private final Consumer<ResultRow> onRow;
    private final boolean threadInfo;

    /**
     * @param onRow called after every row, so a report can keep what was measured if the run stops early
     * @param threadInfo whether to collect each launch's grid and block
     */
    public Harness(Experiment experiment, RunnerFactory runners, Progress progress, Consumer<ResultRow> onRow,
            boolean threadInfo) {
        this.experiment = experiment;
        this.runners = runners;
        this.progress = progress;
        this.onRow = onRow;
        this.threadInfo = threadInfo;
    }

    public Outcome run() {
        progress.plan(plannedWork());
        measureCeilings();
        List<ResultRow> rows = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        List<String> launches = new ArrayList<>();
        List<Profiled> profiles = new ArrayList<>();
        for (int index = 0; index < experiment.sizes().size(); index++) {
            int n = experiment.sizes().get(index);
            int iterations = experiment.iterationsAt(index);
            PoissonProblem problem = new PoissonProblem(n);
            double[] initialU = problem.initialU();
            double[] f = problem.rightHandSide();
            progress.begin(Progress.work(problem.interiorPoints(), iterations, 1));
            progress.update("cpu reference N=" + n);
            double[] reference = PoissonSolver.solve(problem, iterations, TornadoRuntime.sequentialCpu());
            for (Mode mode : experiment.modes()) {
                for (KernelSource kernels : kernelSources(mode)) {
                    for (BlockCountRule blocks : blockRules(mode)) {
                        progress.begin(Progress.work(problem.interiorPoints(), iterations, experiment.repeats() + 1));
                        if (alreadySkipped(skipped, mode, kernels)) {
                            progress.skip();
                            continue;
                        }
                        ResultRow row;
                        try (ModeRunner runner = runners.create(mode, kernels, blocks, experiment)) {
                            Measurement measured = runner.measure(problem, initialU, f, iterations, experiment.repeats(),
                                    progress);
                            row = rowOf(mode, kernels, blocks, problem, iterations, measured, reference);
                            keep(measured, mode, kernels, n, launches, profiles);
                        } catch (ModeUnavailableException e) {
                            skipped.add(new Skipped(mode.cliName(), kernels, e.getMessage(), !experiment.allModes()));
                            progress.skip();
                            continue;
                        } catch (RuntimeException | OutOfMemoryError e) {
                            row = ResultRow.failed(mode.cliName(), kernels.cliName(), variant(mode), blocks.spelling(), n,
                                    iterations, experiment.repeats(), oneLine(e));
                        }
                        rows.add(row);
                        onRow.accept(row);
                    }
                }
            }
        }
        return new Outcome(rows, skipped, launches, profiles);
    }

    /** The run's work for the progress line: the reference, a warm-up and the repeats of every row. */
    private double plannedWork() {
        double work = 0;
        for (int index = 0; index < experiment.sizes().size(); index++) {
            long points = new PoissonProblem(experiment.sizes().get(index)).interiorPoints();
            int iterations = experiment.iterationsAt(index);
            work += Progress.work(points, iterations, 1);
            for (Mode mode : experiment.modes()) {
                work += kernelSources(mode).size() * blockRules(mode).size()
                        * Progress.work(points, iterations, experiment.repeats() + 1);
            }
        }
        return work;
    }

    /**
     * Measures the copy bandwidth of every device the experiment uses before any mode runs, so that
     * every row compares with the same ceiling; a device that cannot run is left to its modes to report.
     */
    private void measureCeilings() {
        experiment.modes().stream().filter(m -> !m.needsGpu()).findFirst().ifPresent(this::ceilingOf);
        experiment.modes().stream().filter(Mode::needsGpu).findFirst().ifPresent(this::ceilingOf);
    }

    private void ceilingOf(Mode mode) {
        progress.update("copy bandwidth of the device " + mode + " runs on");
        try {
            runners.copyBandwidth(mode);
        } catch (RuntimeException e) {
            // No GPU, or no copy: the modes say why when they try to run.
        }
    }

    /** Keeps what the report prints besides the row: launch shapes and per-task profiles. */
    private void keep(Measurement measured, Mode mode, KernelSource kernels, int n, List<String> launches,
            List<Profiled> profiles) {
        if (!measured.profile().isEmpty()) {
            profiles.add(new Profiled(mode.cliName(), kernels.cliName(), n, measured.profile()));
        }
        if (threadInfo) {
            measured.launches().forEach(l -> launches.add("N=" + n + " " + mode + " (" + kernels + "): " + l));
        }
    }

    private static boolean alreadySkipped(List<Skipped> skipped, Mode mode, KernelSource kernels) {
        return skipped.stream().anyMatch(s -> s.mode().equals(mode.cliName()) && s.kernels() == kernels);
    }

    /** The kernel sources a mode runs with: only standard launches choose. */
    private List<KernelSource> kernelSources(Mode mode) {
        return switch (mode.paradigm()) {
            case CPU -> List.of(KernelSource.JAVA);
            case STANDARD -> experiment.kernels();
            case PERSISTENT -> List.of(KernelSource.NATIVE);
        };
    }

    /** The block-count rules a mode runs with: the CPU has no blocks to count. */
    private List<BlockCountRule> blockRules(Mode mode) {
        return mode.needsGpu() ? experiment.blocks() : experiment.blocks().subList(0, 1);
    }

    private String variant(Mode mode) {
        return switch (mode) {
            case PERSISTENT_GRID -> experiment.persistent().barrier().cliName();
            case PERSISTENT_HOST -> experiment.persistent().schedule().cliName() + "/" + experiment.persistent().poll().cliName();
            default -> "";
        };
    }

    private ResultRow rowOf(Mode mode, KernelSource kernels, BlockCountRule blocks, PoissonProblem problem, int iterations,
            Measurement measured, double[] reference) {
        Statistics stats = Statistics.of(measured.microsPerIteration());
        double seconds = stats.median() * 1e-6;
        double pointsPerSecond = problem.interiorPoints() / seconds;
        double gbPerSecond = ResultRow.bytesPerIteration(problem.n()) / seconds / 1e9;
        double maxDiff = PoissonProblem.maxAbsDiff(measured.result(), reference);
        double maxError = problem.maxErrorAgainstExact(measured.result());
        String status = maxDiff <= ResultRow.TOLERANCE ? "ok" : "MISMATCH";
        return new ResultRow(mode.cliName(), kernels.cliName(), variant(mode), measured.note(),
                mode.needsGpu() ? blocks.spelling() : "",
                problem.n(), iterations,
                experiment.repeats(), measured.blocks(), measured.threads(), stats.median(), stats.min(), stats.max(),
                pointsPerSecond, gbPerSecond, runners.copyBandwidth(mode), maxDiff, maxError, status);
    }

    /** An exception as one line: its message, or its type when it has none. */
    static String oneLine(Throwable e) {
        String message = e.getMessage();
        String text = message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
        return text.replace('\n', ' ').strip();
    }
}
