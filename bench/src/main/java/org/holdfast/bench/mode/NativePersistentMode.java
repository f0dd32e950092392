package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.holdfast.bridge.HostPolling;
import org.holdfast.bridge.PersistentRequest;

/**
 * What the persistent modes of the native library share: one kernel for all iterations, planned by
 * the library (variant, blocks, on chip or not) and run in a session on our stream. A mode hands
 * the planner its name and its variant's name, both as the command line spells them and as the
 * library's variant table lists them; Java never re-derives the plan.
 */
public abstract class NativePersistentMode extends DescribedMode {

    protected NativePersistentMode(String name, String description, int plotColour) {
        super(name, description, Paradigm.PERSISTENT, List.of(KernelSource.NATIVE), BlockCount.NATIVE_PLANNER, plotColour);
    }

    /** The option whose value is the native variant's name; empty for a mode with one variant (the planner's choice). */
    protected Optional<ModeOption> variantOption() {
        return Optional.empty();
    }

    /** How the host polls the device's flags, for the variants that have them. */
    protected HostPolling polling(OptionValues values) {
        return HostPolling.BUSY;
    }

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        OptionValues values = request.options();
        String variant = variantOption().map(values::get).orElse(PersistentRequest.AUTO);
        PersistentRequest planned = PersistentRequest.of(name(), variant).withThreadsPerBlock(request.threads())
                .withHostPolling(polling(values)).withWatchdogSeconds(request.watchdogSeconds());
        return new PersistentRunner(machine.bridge(), machine.gpu(), planned, request, ran -> label(ran, values));
    }

    /** The row's label: the values of the mode's options, the variant's being the one the planner resolved. */
    private String label(String resolvedVariant, OptionValues values) {
        return options().stream().map(o -> variantOption().filter(o::equals).map(v -> resolvedVariant).orElse(values.get(o)))
                .collect(Collectors.joining("/"));
    }
}
