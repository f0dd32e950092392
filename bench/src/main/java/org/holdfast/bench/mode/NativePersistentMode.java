package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.holdfast.bridge.HostPolling;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.kernels.PersistentTaskGraph;

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
     * The Java twin of a mode's native kernels.
     *
     * @param design the Java kernel's design
     * @param nativeVariant the variant of the native table it is the twin of, which the Java rows are labelled with
     */
    protected record JavaTwin(PersistentTaskGraph.Design design, String nativeVariant) {
    }

    private final JavaTwin javaTwin;

    /** A mode with native kernels only. */
    protected NativePersistentMode(String name, String description, int plotColour) {
        this(name, description, plotColour, null);
    }

    /** A mode whose native kernels have the Java twin {@code javaTwin} (run first when the experiment names no kernels). */
    protected NativePersistentMode(String name, String description, int plotColour, JavaTwin javaTwin) {
        super(name, description, Paradigm.PERSISTENT, javaTwin == null ? List.of(KernelSource.NATIVE)
                : List.of(KernelSource.JAVA, KernelSource.NATIVE), BlockCount.NATIVE_PLANNER, plotColour);
        this.javaTwin = javaTwin;
    }

    /** The option whose value is the native variant's name; empty for a mode with one variant (the planner's choice). */
    protected Optional<ModeOption> variantOption() {
        return Optional.empty();
    }

    /** How the host polls the device's flags, for the variants that have them. */
    protected HostPolling polling(OptionValues values) {
        return HostPolling.BUSY;
    }

    /** The Java twin of the mode's native kernels, if it has one. */
    protected final Optional<JavaTwin> javaTwin() {
        return Optional.ofNullable(javaTwin);
    }

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        OptionValues values = request.options();
        if (!request.kernels().equals(KernelSource.NATIVE)) {
            return javaRunner(request, machine);
        }
        String variant = variantOption().map(values::get).orElse(PersistentRequest.AUTO);
        PersistentRequest planned = PersistentRequest.of(name(), variant).withThreadsPerBlock(request.threads())
                .withHostPolling(polling(values)).withWatchdogSeconds(request.watchdogSeconds());
        return new PersistentRunner(machine.bridge(), machine.gpu(), planned, request, ran -> label(ran, values));
    }

    /**
     * The Java kernel of the twin's design, labelled as its native twin; or a user's {@code solve}, in the
     * mode of the grid-barrier design.
     */
    private ModeRunner javaRunner(RunRequest request, Machine machine) {
        JavaTwin twin = javaTwin().orElseThrow(() -> new ModeUnavailableException(name() + " has no Java kernels"));
        Optional<UserKernels> user = request.kernels().userKernels();
        if (user.isEmpty()) {
            JavaPersistentPlan plan = JavaPersistentPlan.of(twin.design(), request, machine.gpu());
            return JavaPersistentRunner.onGpu(request, machine.gpu(), plan, label(twin.nativeVariant(), request.options()));
        }
        if (twin.design() != PersistentTaskGraph.Design.GRID_BARRIER) {
            throw new ModeUnavailableException("a user's solve is one persistent kernel with its own synchronisation: it runs in"
                    + " persistent-grid, not " + name());
        }
        JavaPersistentPlan plan = JavaPersistentPlan.of(user.get().solveFor(name()), request, machine.gpu());
        return JavaPersistentRunner.onGpu(request, machine.gpu(), plan, "");
    }

    /** The row's label: the values of the mode's options, the variant's being the one the planner resolved. */
    private String label(String resolvedVariant, OptionValues values) {
        return options().stream().map(o -> variantOption().filter(o::equals).map(v -> resolvedVariant).orElse(values.get(o)))
                .collect(Collectors.joining("/"));
    }
}
