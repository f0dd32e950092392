package org.holdfast.bench.mode;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.bridge.BandPass;
import org.holdfast.bridge.HostPolling;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeStatus;
import org.holdfast.bridge.PersistentPlan;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.bridge.PersistentVariant;
import org.holdfast.kernels.PersistentRedBlackKernels;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.ResidentKernels;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.kernels.temporal.PersistentPassKernel;
import org.holdfast.kernels.temporal.TemporalKernels;

/**
 * What the persistent modes share: one kernel for all iterations. The native library's kernels are
 * planned by the library (variant, blocks, on chip or not) and run in a session on our stream: a
 * mode hands the planner its name and its variant's name, both as the command line spells them and
 * as the library's variant table lists them; Java never re-derives the native plan. A mode with a
 * Java twin ({@link #javaTwin()}) also runs its kernel written in Java ({@code --kernels java}, and a
 * user's {@code solve} with {@code java:<class>} where it runs the grid-barrier design), planned by
 * the same block-count rules with the Java kernel's own occupancy ({@link JavaPersistentPlan}).
 */
public abstract class NativePersistentMode extends DescribedMode {

    /**
     * The most half-sweeps between halo exchanges the command line takes; each variant's planner refuses what it does not
     * take (the clusters more than 8, temporal other than 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, resident more than its thinnest
     * band).
     */
    public static final int MOST_SWEEPS_PER_EXCHANGE = 64;

    /**
     * Half-sweeps between halo exchanges (k ghost rows per side), for the variants that keep the grid on chip in a
     * cluster or in every multiprocessor's shared memory ({@code --signal resident}), and k half-sweeps per pass of the
     * temporally blocked variant ({@code --barrier temporal});
     * {@code auto} (0 to the planner) lets the planner choose per size. Variants that exchange after every
     * half-sweep take only 1 or auto. Several values in one run give a row each. Split over {@code --gpus} bands, the
     * band kernel's ghost rows and half-sweeps between exchanges: any k up to 16 for its half-sweeps, 1, 2, 3, 4, 6, 8,
     * 12 or 16 for its temporal passes ({@link #bandPlan}).
     */
    public static final ModeOption SWEEPS_PER_EXCHANGE = ModeOption.parsed("sweeps-per-exchange",
            "half-sweeps between halo exchanges", "auto or a whole number from 1 to " + MOST_SWEEPS_PER_EXCHANGE, "auto",
            text -> {
                String value = text.trim();
                if (value.equals("auto")) {
                    return value;
                }
                try {
                    int sweeps = Integer.parseInt(value);
                    if (sweeps >= 1 && sweeps <= MOST_SWEEPS_PER_EXCHANGE) {
                        return Integer.toString(sweeps);
                    }
                } catch (NumberFormatException e) {
                    // falls through to the message below
                }
                throw new IllegalArgumentException(
                        "sweeps-per-exchange must be auto or a whole number from 1 to " + MOST_SWEEPS_PER_EXCHANGE + ", got '" + value + "'");
            }).named("k").withSeveralValues();

    /**
     * A Java twin of a mode's native kernels.
     *
     * @param design the Java kernel's design, or null for the temporal passes
     * @param passes the kernel of the temporal passes ({@code TemporalKernels.persistentPasses} or its three-block build),
     *     or null for a design
     * @param nativeVariant the variant of the native table it is the twin of, which the Java rows are labelled with
     */
    protected record JavaTwin(PersistentTaskGraph.Design design, PersistentPassKernel passes, String nativeVariant) {

        /** The kernel of {@code design}, the twin of {@code nativeVariant}. */
        JavaTwin(PersistentTaskGraph.Design design, String nativeVariant) {
            this(design, null, nativeVariant);
        }

        /** The temporal passes in one persistent launch on {@code passes}, the twin of {@code nativeVariant}. */
        static JavaTwin temporalPasses(PersistentPassKernel passes, String nativeVariant) {
            return new JavaTwin(null, passes, nativeVariant);
        }

        boolean temporal() {
            return passes != null;
        }

        /** Whether it takes more than one half-sweep between halo exchanges (k): the temporal passes, cluster and resident. */
        boolean takesSweeps() {
            return temporal() || design == PersistentTaskGraph.Design.CLUSTER || design == PersistentTaskGraph.Design.CLUSTER_ASYNC
                    || design == PersistentTaskGraph.Design.RESIDENT;
        }

        /** Its kernels' generated names, as {@code --print-kernel} lists the twins {@code auto} may run. */
        String kernels() {
            if (temporal()) {
                return passes.kernelName() + "_k<k>";
            }
            return switch (design) {
                case REGISTERS -> "onChipRegisters_p<P>_warp<W>";
                case CLUSTER -> "clusterResident_p<P>";
                case CLUSTER_ASYNC -> "clusterAsync_p<P>";
                case RESIDENT -> "resident_fOnChip<F>";
                default -> design.kernel().getName();
            };
        }
    }

    /** The barrier that runs the band kernel's half-sweeps, each band meeting at its own barrier after each. */
    static final String BANDS_BARRIER = "two-slot";

    /** The barrier that runs the band kernel's temporal passes of k half-sweeps. */
    static final String BANDS_TEMPORAL_BARRIER = "temporal";

    /** The Java twins, the one {@code auto} runs first; empty for a mode with native kernels only. */
    private final List<JavaTwin> javaTwins;

    /** A mode with native kernels only. */
    protected NativePersistentMode(String name, String description, int plotColour) {
        this(name, description, plotColour, List.of());
    }

    /**
     * A mode whose native kernels have the Java twins {@code javaTwins}: native first, so that {@code auto}
     * kernels run the planner's fastest variant, and {@code java} a twin. With one twin, the Java kernels
     * run it whatever the variant option says; with several, the option chooses ({@code auto}: the first)
     * and a variant without a twin is refused.
     */
    protected NativePersistentMode(String name, String description, int plotColour, List<JavaTwin> javaTwins) {
        super(name, description, Paradigm.PERSISTENT, javaTwins.isEmpty() ? List.of(KernelSource.NATIVE)
                : List.of(KernelSource.NATIVE, KernelSource.JAVA), BlockCount.NATIVE_PLANNER, plotColour);
        this.javaTwins = List.copyOf(javaTwins);
    }

    /** The option whose value is the native variant's name; empty for a mode with one variant (the planner's choice). */
    protected Optional<ModeOption> variantOption() {
        return Optional.empty();
    }

    /**
     * Whether the mode runs split over several GPUs, on the native band kernel ({@link PersistentBandsRunner}):
     * {@code persistent-grid} does; the others run on one device.
     */
    protected boolean runsBands() {
        return false;
    }

    /**
     * Split over {@code gpus} GPUs: the native band kernel on the square where the mode runs it
     * ({@link #runsBands}); the Java kernels, the cube and the other persistent modes are skipped with what they lack.
     */
    @Override
    public Optional<String> splitRefusal(int gpus, KernelSource kernels, Problem problem) {
        if (gpus == 1) {
            return Optional.empty();
        }
        String tail = "; --gpus " + gpus + " runs persistent-grid's native band kernel, the CPU modes (on virtual devices)"
                + " and the standard launches (docs/multi-gpu.md)";
        if (!runsBands()) {
            return Optional.of("runs on one device; not built yet: " + name() + " on several GPUs" + tail);
        }
        if (!kernels.equals(KernelSource.NATIVE)) {
            return Optional.of("runs on one device; not built yet: the Java persistent kernels on several GPUs (--kernels"
                    + " native runs the band kernel)" + tail);
        }
        if (!(problem instanceof PoissonProblem)) {
            return Optional.of("--gpus " + gpus + ": the band split exists for " + PoissonProblem.NAME + " only, not "
                    + problem.name() + " yet");
        }
        return Optional.empty();
    }

    /**
     * What the bands lack on {@code machine} where they run ({@code --gpus} above 1, or the transport property set):
     * the GPU or the native library, GPUs enough for NCCL, NCCL, libholdfast_nccl_bands.
     */
    @Override
    public Optional<String> unavailableOn(Machine machine, KernelSource kernels, int gpus) {
        Optional<String> missing = unavailableOn(machine, kernels);
        if (missing.isPresent() || !runsBands() || !kernels.equals(KernelSource.NATIVE)) {
            return missing;
        }
        try {
            Optional<BandTransport> transport = bandTransport(gpus);
            return transport.flatMap(t -> t.tooFewGpus(gpus, machine.gpuCount())
                    .or(() -> PersistentBandsRunner.librariesMissing(t, machine)));
        } catch (ModeRefusedException badProperty) {
            return Optional.of(badProperty.getMessage());
        }
    }

    /**
     * How the bands' halos travel where the run is split ({@code --gpus} above 1, or {@code --gpus 1} with
     * {@code -Dholdfast.bands.transport} set): NCCL unless the property says copy; empty for the one-device path.
     */
    static Optional<BandTransport> bandTransport(int gpus) {
        Optional<BandTransport> chosen;
        try {
            chosen = BandTransport.chosen();
        } catch (IllegalArgumentException badProperty) {
            throw new ModeRefusedException(badProperty.getMessage());
        }
        return gpus == 1 && chosen.isEmpty() ? Optional.empty() : Optional.of(chosen.orElse(BandTransport.NCCL));
    }

    /** The planner's sweeps per exchange: the option's number, or 0 (auto, or a mode without the option). */
    private int sweepsPerExchange(OptionValues values) {
        if (!options().contains(SWEEPS_PER_EXCHANGE)) {
            return 0;
        }
        String value = values.get(SWEEPS_PER_EXCHANGE);
        return value.equals("auto") ? 0 : Integer.parseInt(value);
    }

    /** How the host polls the device's flags, for the variants that have them. */
    protected HostPolling polling(OptionValues values) {
        return HostPolling.BUSY;
    }

    /** The Java twin of the mode's native kernels that {@code auto} runs, if it has one. */
    protected final Optional<JavaTwin> javaTwin() {
        return javaTwins.stream().findFirst();
    }

    /** Whether the variant option chooses among the Java twins (there are several). */
    private boolean javaTwinsByVariant() {
        return javaTwins.size() > 1 && variantOption().isPresent();
    }

    /** The Java twin the variant asked for runs, or empty where it has none. */
    private Optional<JavaTwin> javaTwin(OptionValues values) {
        if (!javaTwinsByVariant()) {
            return javaTwin();
        }
        String variant = values.get(variantOption().orElseThrow());
        return variant.equals(PersistentRequest.AUTO) ? javaTwin()
                : javaTwins.stream().filter(twin -> twin.nativeVariant().equals(variant)).findFirst();
    }

    /** Why the Java kernels do not run the variant asked for: what they have, in one line. */
    private String noJavaTwin(OptionValues values) {
        ModeOption option = variantOption().orElseThrow();
        return name() + " (java): the Java kernels have --" + option.name() + " " + PersistentRequest.AUTO + ", "
                + javaTwins.stream().map(JavaTwin::nativeVariant).collect(Collectors.joining(", ")) + ", not "
                + values.get(option);
    }

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        OptionValues values = request.options();
        if (!request.kernels().equals(KernelSource.NATIVE)) {
            Optional<UserKernels> user = request.kernels().userKernels();
            return user.isPresent() ? userRunner(user.get(), request, machine)
                    : javaRunner(OnlyFor2D.require(request.problem(), noJavaKernels()), request, machine);
        }
        String variant = variantOption().map(values::get).orElse(PersistentRequest.AUTO);
        Optional<BandTransport> bands = runsBands() && request.problem() instanceof PoissonProblem
                ? bandTransport(request.gpus()) : Optional.empty();
        if (bands.isPresent()) {
            return bandsRunner(request, machine, bands.get());
        }
        // What the library's table lacks for the problem is refused before the GPU is asked for: the same line on any machine.
        Optional<String> refused = NativeVariants.library().refusal(name(), variantOption(), variant, request.problem());
        if (refused.isPresent()) {
            throw new ModeRefusedException(refused.get());
        }
        PersistentRequest planned = PersistentRequest.of(name(), variant).withThreadsPerBlock(request.threadsAsked())
                .withSweepsPerExchange(sweepsPerExchange(values)).withHostPolling(polling(values))
                .withWatchdogSeconds(request.watchdogSeconds());
        try {
            return new PersistentRunner(request.problem(), machine.bridge(), machine.gpu(), planned, request,
                    plan -> ran(plan.variant(), plan.sweepsPerExchange(), values));
        } catch (NativeException e) {
            throw refusalOrItself(e);
        }
    }

    /**
     * The native band kernel over {@code --gpus} bands ({@link PersistentBandsRunner}), its pass and k as
     * {@link #bandPlan} chooses them, refused before the GPU is asked for where they cannot run.
     */
    private ModeRunner bandsRunner(RunRequest request, Machine machine, BandTransport transport) {
        BandPlan plan = bandPlan(request.options(), request.problem().n(), request.gpus(), request.threadsAsked());
        return new PersistentBandsRunner(request, machine, transport, plan, ran(plan.variantName(), plan.k(), request.options()));
    }

    /**
     * How the bands run: {@code --barrier two-slot} the band kernel's half-sweeps (k from {@code --sweeps-per-exchange},
     * {@code auto}: 1), {@code temporal} its temporal passes (k one of {@link BandPass#TEMPORAL_DEPTHS}, {@code auto}:
     * {@link BandPassRule#temporalK}), {@code auto} {@link BandPassRule}'s choice for side {@code n}.
     *
     * @param threadsAsked {@code -t}, or 0
     * @throws ModeRefusedException another barrier; with the temporal passes, a k they are not built for or threads
     *     other than theirs
     */
    BandPlan bandPlan(OptionValues values, int n, int gpus, int threadsAsked) {
        String barrier = variantOption().map(values::get).orElse(PersistentRequest.AUTO);
        int asked = sweepsPerExchange(values);
        String refused = name() + " --gpus " + gpus + ": ";
        if (barrier.equals(PersistentRequest.AUTO)) {
            return BandPassRule.auto(n, asked);
        }
        if (barrier.equals(BANDS_BARRIER)) {
            return BandPlan.halfSweeps(asked == 0 ? 1 : asked);
        }
        if (!barrier.equals(BANDS_TEMPORAL_BARRIER)) {
            throw new ModeRefusedException(refused + "the band kernel runs --" + variantOption().orElseThrow().name() + " "
                    + BANDS_BARRIER + " (each half-sweep, a band barrier after it), " + BANDS_TEMPORAL_BARRIER
                    + " (temporal passes of k half-sweeps) or auto (the pass by size); --" + variantOption().orElseThrow().name()
                    + " " + barrier + " runs on one device");
        }
        if (asked != 0 && !BandPass.TEMPORAL.takes(asked)) {
            throw new ModeRefusedException(refused + "the temporal band pass takes k = " + temporalDepths()
                    + " (--sweeps-per-exchange), not " + asked);
        }
        if (threadsAsked != 0 && threadsAsked != BandPassRule.TEMPORAL_THREADS) {
            throw new ModeRefusedException(refused + "the temporal band pass runs " + BandPassRule.TEMPORAL_THREADS
                    + " threads per block, not " + threadsAsked + " (-t)");
        }
        return new BandPlan(BandPass.TEMPORAL, asked == 0 ? BandPassRule.temporalK(n) : asked, 0);
    }

    /** The k the temporal band pass is built for, as {@code 1, 2, 3}. */
    private static String temporalDepths() {
        return BandPass.TEMPORAL_DEPTHS.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    /**
     * What the planner cannot do here (the variant does not fit the size or the device, or more blocks
     * than fit were asked for) is a refusal, in the planner's own words; anything else, a bad request
     * included, stays the failure it is.
     */
    static RuntimeException refusalOrItself(NativeException e) {
        boolean refused = List.of("hf_session_open", "hf_plan_run", "hf_plan_twin", "hf_bands_session_open", "hf_band_session_open")
                .contains(e.function())
                && (e.status() == NativeStatus.UNSUPPORTED || e.status() == NativeStatus.NOT_CORESIDENT);
        return refused ? new ModeRefusedException(e.nativeMessage().isEmpty() ? e.getMessage() : e.nativeMessage(), e) : e;
    }

    /** The variant option chooses the Java kernels only where they have several designs; a user's {@code solve} is one. */
    @Override
    public List<ModeOption> options(KernelSource kernels) {
        if (kernels.equals(KernelSource.NATIVE) || (javaTwinsByVariant() && kernels.userKernels().isEmpty())) {
            return options();
        }
        return options().stream().filter(option -> variantOption().map(v -> !v.equals(option)).orElse(true)).toList();
    }

    /**
     * Before the run: the options' values, the sweeps per exchange as {@code k=...}; the variant's name as asked
     * ({@code auto} included), k the number asked (0 for auto).
     */
    @Override
    public RowVariant variant(OptionValues values) {
        return variant(values, variantOption().map(values::get).orElse(""),
                options().contains(SWEEPS_PER_EXCHANGE) ? values.get(SWEEPS_PER_EXCHANGE) : "", sweepsPerExchange(values));
    }

    /**
     * Split over {@code gpus} GPUs: the native band kernel where the mode runs it on the square, what is skipped
     * with its reason; one GPU as {@link #kernelsThatRun(KernelSource, OptionValues, Problem)} says.
     */
    @Override
    public KernelsThatRun kernelsThatRun(KernelSource kernels, OptionValues values, Problem problem, int gpus) {
        if (gpus == 1) {
            return kernelsThatRun(kernels, values, problem);
        }
        Optional<String> refused = splitRefusal(gpus, kernels, problem);
        if (refused.isPresent()) {
            return KernelsThatRun.described("skipped: " + refused.get());
        }
        String launches = NativeKernelFiles.bandKernel() + ": one cooperative launch per run on each of " + gpus + " bands (a"
                + " band per GPU through NCCL's windows, or every band on GPU 0 with -D" + BandTransport.PROPERTY + "=copy), ";
        String exchanged = " ghost rows, the halo rows exchanged inside the kernel as LL lines every ";
        boolean auto = variantOption().map(values::get).orElse(PersistentRequest.AUTO).equals(PersistentRequest.AUTO);
        if (auto && sweepsPerExchange(values) == 0) {
            return KernelsThatRun.described(launches + "the pass by size: " + BandPassRule.described() + "; k" + exchanged
                    + "k half-sweeps and after the run's last");
        }
        BandPlan plan;
        try {
            plan = bandPlan(values, problem.n(), gpus, 0);
        } catch (ModeRefusedException e) {
            return KernelsThatRun.described("refused: " + e.getMessage());
        }
        String k = Integer.toString(plan.k());
        return KernelsThatRun.described(launches + plan.described() + (auto ? " (at N = " + problem.n() + "; the pass by size)"
                : "") + ", k = " + k + exchanged + k + (plan.k() == 1 ? " half-sweep" : " half-sweeps") + " and after the run's last");
    }

    @Override
    public KernelsThatRun kernelsThatRun(KernelSource kernels, OptionValues values, Problem problem) {
        if (kernels.equals(KernelSource.NATIVE)) {
            String variant = variantOption().map(values::get).orElse(PersistentRequest.AUTO);
            NativeVariants table = NativeVariants.library();
            Optional<String> refused = table.refusal(name(), variantOption(), variant, problem);
            return KernelsThatRun.described(refused.map(line -> "refused: " + line).orElseGet(() -> NativeKernelFiles.describe(
                    table, problem, name(), variant, options().contains(SWEEPS_PER_EXCHANGE) ? values.get(SWEEPS_PER_EXCHANGE) : "auto")));
        }
        Optional<String> refused = OnlyFor2D.refusal(problem, noJavaKernels());
        if (refused.isPresent() && kernels.userKernels().isEmpty()) {
            return KernelsThatRun.described("refused: " + refused.get());
        }
        Optional<JavaTwin> twin = javaTwin();
        if (twin.isEmpty()) {
            return KernelsThatRun.described("skipped: " + name() + " has no Java kernels");
        }
        Optional<UserKernels> user = kernels.userKernels();
        if (user.isEmpty()) {
            Optional<JavaTwin> asked = javaTwin(values);
            if (asked.isEmpty()) {
                return KernelsThatRun.described("refused: " + noJavaTwin(values));
            }
            if (asked.get().temporal()) {
                String k = values.get(SWEEPS_PER_EXCHANGE);
                boolean auto = k.equals("auto");
                PersistentPassKernel passes = asked.get().passes();
                Optional<String> deeper = javaTemporalRefusal(passes, "java", sweepsPerExchange(values));
                if (deeper.isPresent()) {
                    return KernelsThatRun.described("refused: " + deeper.get());
                }
                return KernelsThatRun.generated(TemporalKernels.class, passes.kernelName() + "_k" + (auto ? "<k>" : k) + ", every pass of "
                        + (auto ? "k" : k) + " half-sweeps in one persistent launch, a grid barrier between passes"
                        + (passes == PersistentPassKernel.THREE_BLOCKS ? ", three blocks per multiprocessor" : "") + (auto ? " (k = "
                        + sweepList(passes) + ": the rule's for each size)" : ""));
            }
            if (asked.get().design() == PersistentTaskGraph.Design.REGISTERS) {
                return KernelsThatRun.generated(PersistentRedBlackKernels.class, "onChipRegisters_p<P>_warp<W> (P = 1, 2, 4;"
                        + " onChipRegisters8_p8_warp<W>, onChipRegisters16_p16_warp<W>), one block (W = 0) or one warp (W = 1)"
                        + " holding the grid as two colour planes, each thread's P points of a colour in registers (P, W and"
                        + " the threads: the block rule's for each size)");
            }
            if (asked.get().design() == PersistentTaskGraph.Design.CLUSTER) {
                return KernelsThatRun.generated(PersistentRedBlackKernels.class, "clusterResident_p<P> (P = 1, 2, 4;"
                        + " clusterResident8_p8, clusterResident16_p16), one cluster of up to 16 blocks holding the grid in"
                        + " shared memory, each thread's P points of a colour in registers, k ghost rows pushed into the"
                        + " neighbours' shared memory (P, the blocks, the threads and k: the cluster rule's for each size)");
            }
            if (asked.get().design() == PersistentTaskGraph.Design.CLUSTER_ASYNC) {
                return KernelsThatRun.generated(PersistentRedBlackKernels.class, "clusterAsync_p<P> (P = 1, 2, 4;"
                        + " clusterAsync8_p8, clusterAsync16_p16), one cluster of up to 16 blocks holding the grid in"
                        + " shared memory, each thread's P points of a colour in registers, k ghost rows stored asynchronously"
                        + " into the neighbours' shared memory, each block waiting on mbarriers for its two neighbours only (P,"
                        + " the blocks, the threads and k: the cluster rule's for each size)");
            }
            if (asked.get().design() == PersistentTaskGraph.Design.RESIDENT) {
                return KernelsThatRun.generated(ResidentKernels.class, "resident_fOnChip<F> (F = 0, 1), every block holding"
                        + " its band of rows colour-split in shared memory for the whole run, k ghost rows per side, the halos"
                        + " exchanged with the neighbouring blocks as self-flagged lines (the blocks, the threads, k and F, h²f"
                        + " on chip or not: the resident rule's for each size)");
            }
            boolean auto = javaTwinsByVariant() && values.get(variantOption().orElseThrow()).equals(PersistentRequest.AUTO);
            return KernelsThatRun.generated(PersistentRedBlackKernels.class, twin.get().design().kernel().getName()
                    + ", one launch for all iterations; or onChipSweeps where one block holds the grid in shared memory"
                    + " (chosen at run time for each size, from the GPU's shared memory)" + (auto ? "; or the twin of the"
                    + " native planner's choice where the Java kernels have it (" + javaTwins.stream().skip(1)
                    .map(other -> other.nativeVariant() + ": " + other.kernels()).collect(Collectors.joining(", ")) + ")" : ""));
        }
        if (twin.get().design() != PersistentTaskGraph.Design.GRID_BARRIER || user.get().solve().isEmpty()) {
            return KernelsThatRun.described("skipped: " + (twin.get().design() != PersistentTaskGraph.Design.GRID_BARRIER
                    ? "a user's solve runs in persistent-grid, not " + name()
                    : user.get().className() + " has no persistent kernel (solve)"));
        }
        return KernelsThatRun.generated(user.get().owner(), "solve, one launch for all iterations"
                + (user.get().clusterSolve() ? ", " + user.get().clusterRule() : ""));
    }

    /**
     * Why the Java temporal passes on {@code passes} cannot run k half-sweeps per pass (0: the rule's k), if they cannot: the
     * native rows go deeper (k = 24, 32, one block per multiprocessor) than the Java kernel's instances
     * ({@link PersistentPassKernel#sweeps}).
     */
    private Optional<String> javaTemporalRefusal(PersistentPassKernel passes, String kernels, int sweeps) {
        if (sweeps <= 0 || passes.compiledFor(sweeps)) {
            return Optional.empty();
        }
        return Optional.of(name() + " (" + kernels + "): the Java temporal passes (" + passes.kernelName() + ") are compiled for k = "
                + sweepList(passes) + ", not " + sweeps + " (--kernels native runs it)");
    }

    /** The k {@code passes} is compiled for, as {@code 1, 2, 3}. */
    private static String sweepList(PersistentPassKernel passes) {
        return Arrays.stream(passes.sweeps()).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }

    /**
     * Where the Java twins that take k are named for the run that asked another twin for more (empty with one twin):
     * {@code (--barrier temporal or cluster take more)}.
     */
    private String takeMore() {
        if (!javaTwinsByVariant()) {
            return "";
        }
        List<String> more = javaTwins.stream().filter(JavaTwin::takesSweeps).map(JavaTwin::nativeVariant).toList();
        return more.isEmpty() ? "" : " (--" + variantOption().orElseThrow().name() + " " + String.join(" or ", more)
                + (more.size() == 1 ? " takes" : " take") + " more)";
    }

    /**
     * The twin the Java kernels run, and its threads per block: the request's, or under {@code auto} those the native
     * planner gave the variant it chose where that is this twin's (the auto rule's block size, {@code resident}'s 512).
     */
    private record ChosenTwin(JavaTwin twin, int threads) {
    }

    /**
     * The twin {@code auto} runs for the Java kernels: the variant the native planner chooses for this run (its rule,
     * read through the library: {@code hf_plan_run} with {@code auto}) where the Java kernels have its twin, on the
     * threads per block it chose, else the first twin. The temporal passes count as the twin only at a k they are
     * compiled for.
     */
    private ChosenTwin autoTwin(PoissonProblem square, RunRequest request, Machine machine) {
        ChosenTwin first = new ChosenTwin(javaTwin().orElseThrow(), request.threads());
        PersistentRequest asked = PersistentRequest.of(name(), PersistentRequest.AUTO).withThreadsPerBlock(request.threads())
                .withBlocks(request.blocks().plannerBlocks(square.pointsPerColour(), request.threads()))
                .withSweepsPerExchange(sweepsPerExchange(request.options()));
        PersistentPlan chosen;
        try {
            chosen = machine.bridge().plan(PersistentProblem.poisson2d(square.n(), square.h2()), asked);
        } catch (NativeException e) {
            return first; // nothing native fits: the first twin's own rule says why, if it cannot run either
        }
        return javaTwins.stream().filter(twin -> twin.nativeVariant().equals(chosen.variant()))
                .filter(twin -> !twin.temporal() || twin.passes().compiledFor(chosen.sweepsPerExchange())).findFirst()
                .map(twin -> new ChosenTwin(twin, chosen.threadsPerBlock())).orElse(first);
    }

    /**
     * The threads a named twin runs on: those asked for, else its native row's own (the table's {@code default_threads},
     * what the native session of that variant runs), else the request's default where the row sizes its blocks itself.
     */
    private int threadsOf(JavaTwin twin, RunRequest request) {
        if (request.threadsAsked() > 0) {
            return request.threadsAsked();
        }
        return NativeVariants.kindOf(request.problem()).flatMap(kind -> NativeVariants.library().row(kind, name(), twin.nativeVariant()))
                .map(PersistentVariant::defaultThreads).filter(threads -> threads > 0).orElse(request.threads());
    }

    /** The Java kernel of the twin's design, labelled as its native twin. */
    private ModeRunner javaRunner(PoissonProblem square, RunRequest request, Machine machine) {
        javaTwin().orElseThrow(() -> new ModeUnavailableException(name() + " has no Java kernels"));
        JavaTwin asked = javaTwin(request.options()).orElseThrow(() -> new ModeRefusedException(noJavaTwin(request.options())));
        boolean auto = javaTwinsByVariant() && request.options().get(variantOption().orElseThrow()).equals(PersistentRequest.AUTO);
        ChosenTwin choice = auto ? autoTwin(square, request, machine) : new ChosenTwin(asked, threadsOf(asked, request));
        JavaTwin twin = choice.twin();
        if (twin.temporal()) {
            int sweeps = sweepsPerExchange(request.options());
            Optional<String> deeper = javaTemporalRefusal(twin.passes(), request.kernels().toString(), sweeps);
            if (deeper.isPresent()) {
                throw new ModeRefusedException(deeper.get());
            }
            JavaTemporalPlan plan;
            try {
                plan = JavaTemporalPlan.of(twin.passes(), square, name(), twin.nativeVariant(), sweeps, request, machine.gpu(),
                        machine.bridge());
            } catch (NativeException e) {
                throw refusalOrItself(e);
            }
            return JavaPersistentRunner.temporal(square, request, machine.gpu(), plan, name(),
                    ran(twin.nativeVariant(), plan.k(), request.options()));
        }
        if (sweepsPerExchange(request.options()) > 1 && !twin.takesSweeps()) {
            throw new IllegalArgumentException(name() + " (" + request.kernels() + "): the Java kernels exchange halos after every"
                    + " half-sweep, so --sweeps-per-exchange takes 1 or auto for them" + takeMore() + ", got "
                    + sweepsPerExchange(request.options()));
        }
        JavaPersistentPlan plan;
        try {
            plan = JavaPersistentPlan.of(twin.design(), name(), twin.nativeVariant(), sweepsPerExchange(request.options()),
                    choice.threads(), request, machine.gpu(), machine.bridge());
        } catch (NativeException e) {
            throw refusalOrItself(e);
        }
        return JavaPersistentRunner.onGpu(square, request, machine.gpu(), plan, name(), ran(twin.nativeVariant(), plan.sweeps(),
                request.options()));
    }

    /**
     * A user's {@code solve}, in the mode of the grid-barrier design, on whichever problem the class solves (the
     * command checked that it is the run's).
     */
    private ModeRunner userRunner(UserKernels user, RunRequest request, Machine machine) {
        JavaTwin twin = javaTwin().orElseThrow(() -> new ModeUnavailableException(name() + " has no Java kernels"));
        if (twin.design() != PersistentTaskGraph.Design.GRID_BARRIER) {
            throw new ModeUnavailableException("a user's solve is one persistent kernel with its own synchronisation: it runs in"
                    + " persistent-grid, not " + name());
        }
        if (sweepsPerExchange(request.options()) > 1) {
            throw new IllegalArgumentException(name() + " (" + request.kernels() + "): a user's solve exchanges halos as it"
                    + " chooses, so --sweeps-per-exchange takes 1 or auto for it, got " + sweepsPerExchange(request.options()));
        }
        Method solve = user.solveFor(name());
        if (user.clusterSolve()) {
            return clusterRunner(user, request, machine);
        }
        JavaPersistentPlan plan = JavaPersistentPlan.of(solve, request, machine.gpu());
        return JavaPersistentRunner.ofSolve(request, machine.gpu(), plan, name());
    }

    /**
     * A user's cluster {@code solve}, on its launch rule's one cluster: a fixed {@code -b} count other than the rule's is
     * refused, and so is a size whose blocks need more shared memory than a block of this GPU may have.
     */
    private ModeRunner clusterRunner(UserKernels user, RunRequest request, Machine machine) {
        UserClusterLaunch launch = user.clusterLaunch(request.problem().n());
        int asked = request.blocks().plannerBlocks(request.problem().pointsPerColour(), launch.threads());
        if (asked != 0 && asked != launch.blocks()) {
            throw new ModeRefusedException(name() + " (" + request.kernels() + "): a cluster solve runs one cluster of "
                    + launch.blocks() + " blocks at N = " + request.problem().n() + " (its launch rule; docs/user-kernels.md), not "
                    + asked + " (-b)");
        }
        int most = machine.gpu().sharedBytesPerBlockOptIn();
        if (launch.sharedBytes() > most) {
            throw new ModeRefusedException(name() + " (" + request.kernels() + "): " + user.owner().getSimpleName() + "."
                    + UserKernels.SHARED_BYTES + "(" + request.problem().n() + ", " + launch.blocks() + ") asks for "
                    + launch.sharedBytes() + " bytes of shared memory per block, more than the " + most + " a block of "
                    + machine.gpu().device().name() + " may have");
        }
        return JavaPersistentRunner.ofClusterSolve(request, machine.gpu(), user, launch, name());
    }

    /**
     * What a problem without the Java kernels of these modes lacks, as its refusal says it:
     * {@code persistent-grid (java): no Java persistent kernels}. The native kernels are the library's table's, for any problem.
     */
    private String noJavaKernels() {
        return name() + " (java): no Java persistent kernels";
    }

    /** The row's variant: the variant and k that ran (those the planner resolved), with the values of the mode's other options. */
    RowVariant ran(String resolvedVariant, int sweepsPerExchange, OptionValues values) {
        return variant(values, resolvedVariant, Integer.toString(sweepsPerExchange), sweepsPerExchange);
    }

    /**
     * The label is the mode's option values joined by '/', with {@code variant} for the variant option's and
     * {@code k=sweeps} for the sweeps'; the name and k are those of the options the mode has, else empty and 0.
     */
    private RowVariant variant(OptionValues values, String variant, String sweeps, int k) {
        String label = options().stream().map(o -> o.equals(SWEEPS_PER_EXCHANGE) ? "k=" + sweeps
                : variantOption().filter(o::equals).map(v -> variant).orElse(values.get(o)))
                .collect(Collectors.joining("/"));
        return new RowVariant(label, variantOption().isPresent() ? variant : "",
                options().contains(SWEEPS_PER_EXCHANGE) ? k : 0);
    }
}
