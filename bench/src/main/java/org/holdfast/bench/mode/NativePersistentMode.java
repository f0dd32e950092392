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

    /** The most half-sweeps between halo exchanges a variant takes (native-hip's kMaxSweepsPerExchange). */
    public static final int MOST_SWEEPS_PER_EXCHANGE = 8;

    /**
     * Half-sweeps between halo exchanges (k ghost rows per side), for the variants that keep the grid on chip in a
     * cluster; {@code auto} (0 to the planner) lets the planner choose per size. Variants that exchange after every
     * half-sweep take only 1 or auto.
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
            });

    protected NativePersistentMode(String name, String description, int plotColour) {
        super(name, description, Paradigm.PERSISTENT, List.of(KernelSource.NATIVE), BlockCount.NATIVE_PLANNER, plotColour);
    }

    /** The option whose value is the native variant's name; empty for a mode with one variant (the planner's choice). */
    protected Optional<ModeOption> variantOption() {
        return Optional.empty();
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

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        OptionValues values = request.options();
        String variant = variantOption().map(values::get).orElse(PersistentRequest.AUTO);
        PersistentRequest planned = PersistentRequest.of(name(), variant).withThreadsPerBlock(request.threads())
                .withSweepsPerExchange(sweepsPerExchange(values)).withHostPolling(polling(values))
                .withWatchdogSeconds(request.watchdogSeconds());
        return new PersistentRunner(machine.bridge(), machine.gpu(), planned, request, ran -> label(ran, values));
    }

    /** The row's label: the values of the mode's options, the variant's being the one the planner resolved. */
    private String label(String resolvedVariant, OptionValues values) {
        return options().stream().map(o -> variantOption().filter(o::equals).map(v -> resolvedVariant).orElse(values.get(o)))
                .collect(Collectors.joining("/"));
    }
}
