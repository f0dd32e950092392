package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.holdfast.bridge.HostPolling;
import org.holdfast.bridge.PersistentPlan;
import org.holdfast.bridge.PersistentRequest;

/**
 * What the persistent modes of the native library share: one kernel for all iterations, planned by
 * the library (variant, blocks, on chip or not) and run in a session on our stream. A mode hands
 * the planner its name and its variant's name, both as the command line spells them and as the
 * library's variant table lists them; Java never re-derives the plan.
 */
public abstract class NativePersistentMode extends DescribedMode {

    /** The most half-sweeps per exchange the command line takes (the native planner checks the rest). */
    static final int MAX_SWEEPS_PER_EXCHANGE = 64;

    /**
     * Half-sweeps between halo exchanges (ghost rows): {@code auto} for the planner's choice, or a number; a variant that
     * exchanges after every half-sweep refuses more than 1. A mode that takes it lists it in {@link #options()}.
     */
    public static final ModeOption SWEEPS_PER_EXCHANGE = ModeOption.parsed("sweeps-per-exchange",
            "half-sweeps between halo exchanges", "auto, or a whole number from 1 to " + MAX_SWEEPS_PER_EXCHANGE, "auto",
            NativePersistentMode::sweepsText);

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
        int sweeps = options().contains(SWEEPS_PER_EXCHANGE) ? sweepsPerExchange(values.get(SWEEPS_PER_EXCHANGE)) : 0;
        PersistentRequest planned = PersistentRequest.of(name(), variant).withThreadsPerBlock(request.threads())
                .withSweepsPerExchange(sweeps).withHostPolling(polling(values)).withWatchdogSeconds(request.watchdogSeconds());
        return new PersistentRunner(machine.bridge(), machine.gpu(), planned, request, plan -> label(plan, values));
    }

    /** The row's label: the values of the mode's options, the variant's and the sweeps' being what the planner resolved. */
    private String label(PersistentPlan plan, OptionValues values) {
        return options().stream().map(o -> variantOption().filter(o::equals).map(v -> plan.variant())
                .orElse(o.equals(SWEEPS_PER_EXCHANGE) ? "k=" + plan.sweepsPerExchange() : values.get(o)))
                .collect(Collectors.joining("/"));
    }

    /** The native request's value: 0 for {@code auto} (the planner's choice), else the number. */
    static int sweepsPerExchange(String value) {
        return value.equals("auto") ? 0 : Integer.parseInt(value);
    }

    private static String sweepsText(String text) {
        String value = text.trim();
        if (value.equals("auto")) {
            return value;
        }
        try {
            int sweeps = Integer.parseInt(value);
            if (sweeps >= 1 && sweeps <= MAX_SWEEPS_PER_EXCHANGE) {
                return Integer.toString(sweeps);
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("sweeps-per-exchange must be auto or a whole number from 1 to "
                + MAX_SWEEPS_PER_EXCHANGE + ", got '" + value + "'");
    }
}
