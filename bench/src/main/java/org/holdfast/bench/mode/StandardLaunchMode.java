package org.holdfast.bench.mode;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.bench.bands.LaunchStyle;
import org.holdfast.kernels.bands.BandKernels;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/**
 * What the standard-launch modes share: the red-black task graph on the GPU, with the Java kernels
 * or the hand-written ones, its block count from the Java rule; with {@code --sweeps-per-launch k}
 * above 1, the temporally blocked pass instead, k half-sweeps per launch: the square's
 * ({@link TemporalKernels}) or the cube's ({@link org.holdfast.kernels.temporal.TemporalKernels3D}), by
 * {@link TemporalPass}.
 * A mode adds how the plan launches.
 */
public abstract class StandardLaunchMode extends DescribedMode {

    /**
     * Half-sweeps per launch: 1 is one launch per half-sweep; more runs the temporally blocked kernel. On bands
     * ({@code --gpus} above 1, docs/multi-gpu.md) it is the half-sweeps per halo exchange instead, k ghost rows each
     * side, every half-sweep still a launch of its own; the CPU modes take it there too.
     */
    public static final ModeOption SWEEPS_PER_LAUNCH = ModeOption.choice("sweeps-per-launch",
            "half-sweeps per launch (above 1: temporal blocking, k half-sweeps per pass; with --gpus above 1, k ghost rows"
                    + " and a halo exchange every k half-sweeps instead, a launch per half-sweep)", "1",
            IntStream.concat(IntStream.of(1), Arrays.stream(TemporalKernels.SWEEPS).filter(k -> k > 1))
                    .mapToObj(Integer::toString).toArray(String[]::new)).named("k").withSeveralValues();

    /**
     * What a problem without a temporal pass ({@link TemporalPass#of}) lacks, after the mode's name in its refusal
     * ({@link #noTemporalPass}, the one place a k is refused).
     */
    private static final String NO_TEMPORAL_PASS = ": no temporal pass";

    protected StandardLaunchMode(String name, String description, int plotColour) {
        super(name, description, Paradigm.STANDARD, List.of(KernelSource.JAVA, KernelSource.NATIVE), BlockCount.JAVA_RULE,
                plotColour);
    }

    /** How the plan launches: a stream sync after every iteration, a CUDA graph, or nothing more. */
    protected abstract void configure(TornadoExecutionPlan plan, boolean profiler);

    /** The same for the bands of a split over several GPUs, where each GPU's thread queues its own launches. */
    protected abstract LaunchStyle launchStyle();

    /** Split over {@code gpus} GPUs, the Java band kernels on the square ({@link GpuBandedRunner}); the rest is refused. */
    @Override
    public Optional<String> splitRefusal(int gpus, KernelSource kernels, Problem problem) {
        return SplitRefusal.of(gpus, kernels, problem);
    }

    /** Without a GPU, that; with fewer GPUs than NCCL's bands need (one each), or without NCCL, that. */
    @Override
    public Optional<String> unavailableOn(Machine machine, KernelSource kernels, int gpus) {
        Optional<String> missing = unavailableOn(machine, kernels);
        if (missing.isPresent() || gpus == 1) {
            return missing;
        }
        try {
            BandTransport transport = BandTransport.chosen().orElse(BandTransport.NCCL);
            return transport.tooFewGpus(gpus, machine.gpuCount()).or(transport::libraryMissing);
        } catch (IllegalArgumentException badProperty) {
            return Optional.of(badProperty.getMessage());
        }
    }

    @Override
    public List<ModeOption> options() {
        return List.of(SWEEPS_PER_LAUNCH);
    }

    /** A user's red and black are one half-sweep per launch: the temporal pass is Holdfast's own, so k does not apply to them. */
    @Override
    public List<ModeOption> options(KernelSource kernels) {
        return kernels.userKernels().isPresent() ? List.of() : options();
    }

    @Override
    public KernelsThatRun kernelsThatRun(KernelSource kernels, OptionValues values, Problem problem) {
        int k = Integer.parseInt(values.get(SWEEPS_PER_LAUNCH));
        if (k > 1 && kernels.userKernels().isEmpty()) { // the temporal pass: the square's or the cube's (TemporalPass)
            Optional<String> refused = noTemporalPass(problem, k);
            return refused.isPresent() ? KernelsThatRun.described("refused: " + refused.get())
                    : TemporalPass.of(problem).orElseThrow().kernelsThatRun(kernels, k);
        }
        Optional<String> refused = refusal(kernels, k, problem);
        if (refused.isPresent()) {
            return KernelsThatRun.described("refused: " + refused.get());
        }
        if (kernels.equals(KernelSource.NATIVE)) {
            return KernelsThatRun.described(NativeKernelFiles.describe(NativeKernelFiles.halfSweeps(problem).orElseThrow()));
        }
        if (kernels.userKernels().isPresent()) {
            UserKernels user = kernels.userKernels().get();
            return user.halfSweeps().isEmpty() ? KernelsThatRun.described("skipped: " + unavailable(user))
                    : KernelsThatRun.generated(user.owner(), "red then black, one launch per half-sweep");
        }
        return KernelsThatRun.generated(problem.halfSweepKernels().owner(), "red then black, one launch per half-sweep");
    }

    /**
     * Split over {@code gpus} GPUs, Holdfast's Java kernels on the square are the band kernels, a launch per half-sweep
     * whatever k is, k the ghost rows and the half-sweeps between exchanges ({@link GpuBandedRunner}); what the split
     * refuses, and one GPU, are as {@link #kernelsThatRun(KernelSource, OptionValues, Problem)} says.
     */
    @Override
    public KernelsThatRun kernelsThatRun(KernelSource kernels, OptionValues values, Problem problem, int gpus) {
        if (gpus == 1 || SplitRefusal.of(gpus, kernels, problem).isPresent()) {
            return kernelsThatRun(kernels, values, problem);
        }
        int k = Integer.parseInt(values.get(SWEEPS_PER_LAUNCH));
        return KernelsThatRun.generated(BandKernels.class, "red then black on each of " + gpus + " bands, one launch per"
                + " half-sweep; " + (k == 1 ? "one ghost row, halos exchanged after every half-sweep" : k + " ghost rows, halos"
                + " exchanged every " + k + " half-sweeps (not the temporal pass)"));
    }

    /**
     * Why these kernels do not run on {@code problem}: the temporal pass where it has none (Holdfast's own pass, so a
     * user's half-sweeps, which take no k, are not refused); the hand-written half-sweeps are those of the problems the
     * library has them for. Empty where they run.
     */
    private Optional<String> refusal(KernelSource kernels, int sweepsPerLaunch, Problem problem) {
        if (sweepsPerLaunch > 1 && kernels.userKernels().isEmpty() && noTemporalPass(problem, sweepsPerLaunch).isPresent()) {
            return noTemporalPass(problem, sweepsPerLaunch);
        }
        if (kernels.equals(KernelSource.NATIVE) && NativeKernelFiles.halfSweeps(problem).isEmpty()) {
            return Optional.of(name() + ": the native library has no standard kernels for " + problem.name());
        }
        return Optional.empty();
    }

    /**
     * The refusal of {@code --sweeps-per-launch k} above 1 on {@code problem}, where it has no temporal pass
     * ({@link TemporalPass}) or none compiled for k (the cube's stops at 8, the square's at 16).
     */
    private Optional<String> noTemporalPass(Problem problem, int k) {
        Optional<TemporalPass> pass = TemporalPass.of(problem);
        if (pass.isEmpty()) {
            return Optional.of(name() + NO_TEMPORAL_PASS + " for " + problem.name() + " yet");
        }
        return pass.get().compiledFor(k) ? Optional.empty() : Optional.of(name() + ": the temporal pass of " + problem.name()
                + " is compiled for k = " + pass.get().sweepsList() + ", not " + k);
    }

    private static String unavailable(UserKernels user) {
        try {
            user.halfSweepsForStandardLaunches();
            return "";
        } catch (ModeUnavailableException e) {
            return e.getMessage();
        }
    }

    /** {@code k=1}: the half-sweeps per launch, the mode's one option; no variant name. */
    @Override
    public RowVariant variant(OptionValues values) {
        int k = Integer.parseInt(values.get(SWEEPS_PER_LAUNCH));
        return new RowVariant("k=" + k, "", k);
    }

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        int k = Integer.parseInt(request.options().get(SWEEPS_PER_LAUNCH));
        Optional<BandTransport> bands = bandTransport(request);
        if (bands.isPresent()) { // k ghost rows and an exchange every k half-sweeps, one launch per half-sweep
            return new GpuBandedRunner(request, machine, launchStyle(), variant(request.options()), bands.get());
        }
        // What does not exist for the problem is refused before the GPU is asked for: the same line on any machine.
        Optional<String> refused = refusal(request.kernels(), k, request.problem());
        if (refused.isPresent()) {
            throw new ModeRefusedException(refused.get());
        }
        RowVariant variant = variant(request.options());
        if (k > 1) { // the temporal pass, the square's or the cube's (refused above where the problem has none)
            Problem problem = request.problem();
            TemporalPass pass = TemporalPass.of(problem).orElseThrow();
            int wave = pass.wave(k, machine.gpu().device().multiprocessors());
            int asked = request.blocks().plannerBlocks(problem.pointsPerColour(), request.threads());
            return new TemporalGraphRunner(problem, pass, request, device(request, machine), k, asked == 0 ? wave : asked, variant,
                    plan -> configure(plan, request.profiler()));
        }
        TornadoDevice device = device(request, machine);
        int threads = request.threads();
        int blocks = request.blocks().standardBlocks(request.problem().pointsPerColour(), threads);
        return new TaskGraphRunner(request, device, blocks, threads, variant, plan -> configure(plan, request.profiler()));
    }

    /**
     * How the bands exchange where {@code request} runs split ({@code --gpus} above 1, or {@code --gpus 1} with
     * {@code -Dholdfast.bands.transport} set): NCCL unless the property says copy; empty for the one-device
     * path, which is every run of the hand-written kernels, a class of your own or the cube.
     */
    static Optional<BandTransport> bandTransport(RunRequest request) {
        Optional<BandTransport> chosen;
        try {
            chosen = BandTransport.chosen();
        } catch (IllegalArgumentException badProperty) {
            throw new ModeRefusedException(badProperty.getMessage());
        }
        boolean ownKernelsOnTheSquare = request.kernels().equals(KernelSource.JAVA) && request.problem() instanceof PoissonProblem;
        if (!ownKernelsOnTheSquare || request.gpus() == 1 && chosen.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(chosen.orElse(BandTransport.NCCL));
    }

    /** The GPU, with the hand-written kernels in place of the Java ones for {@code --kernels native}. */
    private static TornadoDevice device(RunRequest request, Machine machine) {
        return request.kernels() == KernelSource.NATIVE ? machine.gpuWithNativeKernels(request.problem()) : machine.gpu();
    }
}
