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

    /**
     * Half-sweeps between halo exchanges (the native config's {@code sweeps_per_exchange}): {@code auto}
     * leaves it to the planner (1, or 8 for the temporally blocked variant); a variant that cannot
     * block in time refuses more than 1.
     */
    public static final ModeOption SWEEPS_PER_EXCHANGE = ModeOption.parsed("sweeps-per-exchange",
            "half-sweeps between halo exchanges", "auto, or a whole number from 1 to 64", "auto", text -> {
                String value = text.trim();
                if (value.equals("auto")) {
                    return value;
                }
                try {
                    int sweeps = Integer.parseInt(value);
                    if (sweeps >= 1 && sweeps <= 64) {
                        return Integer.toString(sweeps);
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
                throw new IllegalArgumentException("sweeps-per-exchange must be auto or a whole number from 1 to 64, got '"
                        + value + "'");
            }).withSeveralValues();

    protected NativePersistentMode(String name, String description, int plotColour) {
        super(name, description, Paradigm.PERSISTENT, List.of(KernelSource.NATIVE), BlockCount.NATIVE_PLANNER, plotColour);
    }

    /** The mode's options; a mode with variant choices lists them and {@link #SWEEPS_PER_EXCHANGE}. */
    @Override
    public List<ModeOption> options() {
        return List.of(SWEEPS_PER_EXCHANGE);
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
        String sweeps = values.get(SWEEPS_PER_EXCHANGE);
        PersistentRequest planned = PersistentRequest.of(name(), variant).withThreadsPerBlock(request.threads())
                .withHostPolling(polling(values)).withWatchdogSeconds(request.watchdogSeconds())
                .withSweepsPerExchange(sweeps.equals("auto") ? 0 : Integer.parseInt(sweeps));
        return new PersistentRunner(machine.bridge(), machine.gpu(), planned, request, ran -> label(ran, values));
    }

    /** Before the run: the options' values, the sweeps per exchange as {@code k=...}. */
    @Override
    public String variant(OptionValues values) {
        return options().stream().map(o -> o.equals(SWEEPS_PER_EXCHANGE) ? "k=" + values.get(o) : values.get(o))
                .collect(Collectors.joining("/"));
    }

    /** The row's label: the values of the mode's options, the variant and k being those the planner resolved. */
    private String label(PersistentPlan ran, OptionValues values) {
        return options().stream().map(o -> o.equals(SWEEPS_PER_EXCHANGE) ? "k=" + ran.sweepsPerExchange()
                : variantOption().filter(o::equals).map(v -> ran.variant()).orElse(values.get(o)))
                .collect(Collectors.joining("/"));
    }
}
