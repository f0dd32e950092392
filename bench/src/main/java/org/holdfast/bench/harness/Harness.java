package org.holdfast.bench.harness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.mode.BlockCount;
import org.holdfast.bench.mode.BlockCountRule;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.KernelStillRunningException;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.MemoryTraffic;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.ModeRefusedException;
import org.holdfast.bench.mode.OptionValues;
import org.holdfast.bench.mode.ModeUnavailableException;
import org.holdfast.bench.mode.RunRequest;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.Sensitivity;
import org.holdfast.bench.report.VerificationTable;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.api.TaskProfile;

/**
 * Runs an experiment: for each size, builds the problem once, computes the plain reference of the
 * timed runs and chooses the verification run, then has every mode pass the verification run and
 * checks every timed repeat of it in full against the reference. A row whose check fails has no time.
 */
public final class Harness {

    /**
     * A mode that did not run.
     *
     * @param mode its name
     * @param kernels the kernel source it would have run
     * @param reason why, in one line
     * @param requested whether the user asked for it by name (rather than through {@code all})
     * @param beforeRun whether it was known before the run ({@link #skippedBeforeRun}), rather than found when it was to run
     */
    public record Skipped(String mode, KernelSource kernels, String reason, boolean requested, boolean beforeRun) {
    }

    /** Per-task times of one measured run, when the profiler was on. */
    public record Profiled(String mode, String kernels, int n, List<TaskProfile> tasks) {
    }

    /**
     * What a run measured.
     *
     * @param rows rows in the order measured
     * @param skipped the modes that could not run
     * @param threadInfo launch shapes, for {@code --thread-info}
     * @param profiles per-task profiles, for {@code --profiler}
     * @param verifications the verification run of each size and each reference its rows were checked against
     * @param gpuStopped why the GPU modes stopped early (a kernel the watchdog could not end), if they did
     */
    public record Outcome(List<ResultRow> rows, List<Skipped> skipped, List<String> threadInfo, List<Profiled> profiles,
            List<VerificationTable.Line> verifications, Optional<String> gpuStopped) {
    }

    private final Experiment experiment;
    private final Machine machine;
    private final Progress progress;
    private final Consumer<ResultRow> onRow;
    private final boolean threadInfo;
    private final boolean profiler;
    private final Ceilings ceilings;
    private final List<Skipped> skipped = new ArrayList<>();
    private final List<String> launches = new ArrayList<>();
    private final List<Profiled> profiles = new ArrayList<>();
    /** The verification lines of the references rows used, by N and reference, in the order first used. */
    private final Map<String, VerificationTable.Line> verifications = new LinkedHashMap<>();
    /** What each user's class did in {@link ProblemChecks}: empty when it passed, its failure otherwise. */
    private final Map<KernelSource, Optional<RuntimeException>> problemChecks = new HashMap<>();
    private String gpuStopped;
    private boolean gpuModeRan;

    /**
     * @param machine what the modes may use; the GPU modes say why not when it has no GPU
     * @param onRow called after every row, so a report can keep what was measured if the run stops early
     * @param threadInfo whether to collect each launch's grid and block
     * @param profiler whether task graphs time every task
     */
    public Harness(Experiment experiment, Machine machine, Progress progress, Consumer<ResultRow> onRow, boolean threadInfo,
            boolean profiler) {
        this.experiment = experiment;
        this.machine = machine;
        this.progress = progress;
        this.onRow = onRow;
        this.threadInfo = threadInfo;
        this.profiler = profiler;
        this.ceilings = new Ceilings(machine);
        for (ModeDescriptor mode : experiment.modes()) {
            for (KernelSource kernels : experiment.kernelsOf(mode)) {
                // The split's reason first: it holds on any machine.
                mode.splitRefusal(experiment.gpus(), kernels, experiment.problemAt(0))
                        .or(() -> mode.unavailableOn(machine, kernels, experiment.gpus()))
                        .ifPresent(reason -> skipped.add(new Skipped(mode.name(), kernels, reason, !experiment.allModes(), true)));
            }
        }
    }

    /** The modes that cannot run here, known before the run: it leaves them out of its work and progress. */
    public List<Skipped> skippedBeforeRun() {
        return skipped.stream().filter(Skipped::beforeRun).toList();
    }

    public Outcome run() {
        progress.plan(plannedWork());
        measureCeilings();
        List<ResultRow> rows = new ArrayList<>();
        for (int index = 0; index < experiment.sizes().size(); index++) {
            Size size = prepare(experiment.problemAt(index), experiment.iterationsAt(index));
            for (ModeDescriptor mode : experiment.modes()) {
                for (KernelSource kernels : experiment.kernelsOf(mode)) {
                    for (BlockCountRule blocks : blockRules(mode)) {
                        for (OptionValues options : experiment.options().each(mode.options(), mode.options(kernels, experiment.gpus()))) {
                            measure(mode, kernels, blocks, options, size).ifPresent(row -> {
                                rows.add(row);
                                onRow.accept(row);
                            });
                        }
                    }
                }
            }
        }
        return new Outcome(rows, skipped, launches, profiles, List.copyOf(verifications.values()),
                Optional.ofNullable(gpuStopped));
    }

    /** The copy bandwidths measured so far, GB/s, by device name. */
    public Map<String, Double> ceilings() {
        return ceilings.measured();
    }

    /** The shared-memory bandwidths measured so far, GB/s, by device name: the GPU's, or none. */
    public Map<String, Double> sharedCeilings() {
        return ceilings.measuredShared();
    }

    /**
     * The overhead breakdown (launch latency, graph node, grid barrier, host handshake), when a GPU
     * mode ran and the GPU is fit to measure; empty otherwise.
     */
    public List<OverheadRow> overheads() {
        if (!gpuModeRan || gpuStopped != null || machine.gpuIfPresent().isEmpty()) {
            return List.of();
        }
        progress.update("overhead breakdown");
        return new OverheadProbe(machine.gpu(), machine.bridgeIfPresent().orElse(null), machine.gpuCount()).measure();
    }

    /**
     * One size: its problem, the initial array and reference of its timed runs, and its verification
     * run; and those of each user's kernel class, computed with that class on the CPU when a row first needs them.
     */
    private record Size(Problem problem, double[] f, int iterations, double[] initial, double[] reference,
            Verification verification, Map<KernelSource, Checks> users) {

        /** What rows of {@code kernels} are checked against. */
        Checks checksFor(KernelSource kernels, long seed, double watchdogSeconds) {
            if (kernels.userKernels().isEmpty()) {
                return new Checks(reference, verification);
            }
            return users.computeIfAbsent(kernels, k -> {
                UserReference solver = new UserReference(k.userKernels().get(), problem, f, watchdogSeconds);
                return new Checks(solver.solve(initial, iterations), Verification.of(problem, seed, solver));
            });
        }
    }

    /** The reference of the timed runs and the verification run that rows are checked against. */
    private record Checks(double[] reference, Verification verification) {
    }

    private Size prepare(Problem problem, int iterations) {
        int n = problem.n();
        double[] f = problem.rightHandSide();
        double[] initial = experiment.init().of(problem, experiment.seed());
        progress.begin(Progress.work(problem.interiorPoints(), iterations, 1));
        progress.update("reference N=" + n);
        double[] reference = problem.reference().solveOnEveryCore(initial, f, iterations);
        progress.update("verification run N=" + n);
        return new Size(problem, f, iterations, initial, reference, Verification.of(problem, f, experiment.seed()),
                new HashMap<>());
    }

    /** The row of one mode, or nothing when the mode cannot run here (it is listed as skipped) or the GPU stopped. */
    private Optional<ResultRow> measure(ModeDescriptor mode, KernelSource kernels, BlockCountRule blocks, OptionValues options,
            Size size) {
        if (skippedBeforeRun(mode, kernels)) {
            return Optional.empty(); // never in the plan
        }
        progress.begin(Progress.work(size.problem().interiorPoints(), size.iterations(), experiment.repeats() + 1));
        if (skipped.stream().anyMatch(s -> s.mode().equals(mode.name()) && s.kernels().equals(kernels))
                || gpuStopped != null && mode.paradigm().needsGpu()) {
            progress.skip();
            return Optional.empty();
        }
        RunRequest request = new RunRequest(size.problem(), size.f(), kernels, blocks, options,
                experiment.threadsAsked() ? experiment.threads() : 0, experiment.watchdogSeconds(), profiler, experiment.gpus());
        RowBuilder row = new RowBuilder(mode, request, size.iterations(), experiment.repeats(), experiment.init(),
                Sensitivity.NONE);
        try (RepeatChecks checks = new RepeatChecks(mode, request, machine, progress)) {
            gpuModeRan |= mode.paradigm().needsGpu();
            Checks against = checksFor(kernels, size);
            verifications.putIfAbsent(size.problem().n() + " " + kernels.userKernels().map(k -> kernels.cliName()).orElse(""),
                    new VerificationTable.Line(size.problem().n(), kernels.userKernels().isPresent() ? kernels.cliName()
                            : VerificationTable.PLAIN, against.verification().sensitivity()));
            against.verification().requireSensitive();
            checks.verify(against.verification());
            checks.timedRepeats(size.initial(), against.reference(), size.iterations(), experiment.repeats());
            keep(checks, mode, kernels, size.problem().n());
            return Optional.of(new RowBuilder(mode, request, size.iterations(), experiment.repeats(), experiment.init(),
                    against.verification().sensitivity()).measured(checks, ceiling(mode), limit(mode, checks.shape().traffic())));
        } catch (ModeUnavailableException e) {
            skipped.add(new Skipped(mode.name(), kernels, e.getMessage(), !experiment.allModes(), false));
            progress.skip();
            return Optional.empty();
        } catch (ModeRefusedException e) {
            return Optional.of(row.refused(oneLine(e)));
        } catch (KernelStillRunningException e) {
            gpuStopped = mode.name() + " at N = " + size.problem().n() + " left a kernel the watchdog could not end on the GPU";
            return Optional.of(row.failed(oneLine(e)));
        } catch (RuntimeException | OutOfMemoryError e) {
            return Optional.of(row.failed(kernels.userKernels().map(k -> UserKernelFailure.describe(e, k)).orElse(oneLine(e))));
        }
    }

    /** What rows of {@code kernels} are checked against at {@code size}; a user's class runs on the CPU for it, once. */
    private Checks checksFor(KernelSource kernels, Size size) {
        if (kernels.userKernels().isPresent()) {
            checkAgainstTheProblem(kernels);
            progress.update("reference: " + kernels + " on the CPU, N=" + size.problem().n());
        }
        try {
            return size.checksFor(kernels, experiment.seed(), experiment.watchdogSeconds());
        } catch (RuntimeException e) {
            // Without the cause, as above.
            throw new IllegalStateException("the reference run of " + kernels + " on the CPU failed: "
                    + UserKernelFailure.describe(e, kernels.userKernels().orElseThrow()));
        }
    }

    /** Runs {@link ProblemChecks} on a user's class once; every row of a class that fails them fails with their line. */
    private void checkAgainstTheProblem(KernelSource kernels) {
        Optional<RuntimeException> failure = problemChecks.computeIfAbsent(kernels, k -> {
            progress.update("checks of " + k + " against the problem, on the CPU");
            try {
                ProblemChecks.check(k.userKernels().orElseThrow(), experiment.problem()::at, experiment.seed(),
                        experiment.watchdogSeconds());
                return Optional.empty();
            } catch (RuntimeException e) {
                // Without the cause: the line already names the kernel and its Java line, and must not twice.
                return Optional.of(e instanceof ProblemChecks.Failed ? e : new IllegalStateException("the checks of " + k
                        + " against the problem, on the CPU, failed: " + UserKernelFailure.describe(e, k.userKernels().orElseThrow())));
            }
        });
        if (failure.isPresent()) {
            throw failure.get();
        }
    }

    private boolean skippedBeforeRun(ModeDescriptor mode, KernelSource kernels) {
        return skipped.stream().anyMatch(s -> s.beforeRun() && s.mode().equals(mode.name()) && s.kernels().equals(kernels));
    }

    /** The run's work for the progress line: the reference, a warm-up and the repeats of every row that may run. */
    double plannedWork() {
        double work = 0;
        for (int index = 0; index < experiment.sizes().size(); index++) {
            long points = experiment.problemAt(index).interiorPoints();
            int iterations = experiment.iterationsAt(index);
            work += Progress.work(points, iterations, 1);
            for (ModeDescriptor mode : experiment.modes()) {
                for (KernelSource kernels : experiment.kernelsOf(mode).stream().filter(k -> !skippedBeforeRun(mode, k)).toList()) {
                    work += blockRules(mode).size()
                            * experiment.options().each(mode.options(), mode.options(kernels, experiment.gpus())).size()
                            * Progress.work(points, iterations, experiment.repeats() + 1);
                }
            }
        }
        return work;
    }

    /**
     * Measures the copy bandwidth of every device the experiment uses before any mode runs, so that
     * every row compares with the same ceiling; a device that cannot run is left to its modes to report.
     */
    private void measureCeilings() {
        experiment.modes().stream().filter(m -> !m.paradigm().needsGpu()).findFirst().ifPresent(this::ceiling);
        experiment.modes().stream().filter(m -> m.paradigm().needsGpu()).findFirst().ifPresent(mode -> {
            ceiling(mode);
            progress.update("shared-memory bandwidth of the GPU");
            limit(mode, MemoryTraffic.sharedMemory(false)); // the on-chip rows' limit, measured before any row as the copy is
        });
    }

    /** The copy bandwidth of the device {@code mode} runs on, or NaN where it cannot be measured. */
    private double ceiling(ModeDescriptor mode) {
        progress.update("copy bandwidth of the device " + mode.name() + " runs on");
        try {
            return ceilings.of(mode.paradigm());
        } catch (RuntimeException e) {
            return Double.NaN; // No GPU, or no copy: the modes say why when they try to run.
        }
    }

    /** The bandwidth of the memory {@code traffic} is limited by on the device {@code mode} runs on, or NaN where it cannot be measured. */
    private double limit(ModeDescriptor mode, MemoryTraffic traffic) {
        try {
            return ceilings.limitOf(traffic, mode.paradigm());
        } catch (RuntimeException e) {
            return Double.NaN; // No GPU, or no probe: the row keeps its other columns.
        }
    }

    /** Keeps what the report prints besides the row: launch shapes and per-task profiles. */
    private void keep(RepeatChecks checks, ModeDescriptor mode, KernelSource kernels, int n) {
        if (!checks.profile().isEmpty()) {
            profiles.add(new Profiled(mode.name(), kernels.cliName(), n, checks.profile()));
        }
        if (threadInfo) {
            checks.shape().launches().forEach(l -> launches.add("N=" + n + " " + mode.name() + " (" + kernels + "): " + l));
        }
    }

    /** The block-count rules a mode runs with: a mode without blocks runs once. */
    private List<BlockCountRule> blockRules(ModeDescriptor mode) {
        return mode.blockCount() == BlockCount.NONE ? experiment.blocks().subList(0, 1) : experiment.blocks();
    }

    /** An exception as one line: its message, or its type when it has none. */
    static String oneLine(Throwable e) {
        String message = e.getMessage();
        String text = message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
        return text.replace('\n', ' ').strip();
    }
}
