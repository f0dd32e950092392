package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import org.holdfast.bridge.HostPolling;

/** {@code persistent-host}: a persistent kernel driven by the host through per-block flags in pinned memory. */
public final class PersistentHostMode extends NativePersistentMode {

    public static final String NAME = "persistent-host";

    /** How the host releases blocks, a variant of the native table: all together, or each once its neighbours are not behind. */
    public static final ModeOption SCHEDULE = ModeOption.choice("schedule", "host schedule", "neighbour", "lockstep", "neighbour");
    /** How the host waits for the flags: spinning, or sleeping about a microsecond between polls. */
    public static final ModeOption POLL = ModeOption.choice("poll", "host polling", "busy", "busy", "sleep");

    public PersistentHostMode() {
        super(NAME, "persistent kernel driven by the host through per-block flags in pinned memory", 0xd62728);
    }

    @Override
    public List<ModeOption> options() {
        return List.of(SCHEDULE, POLL);
    }

    @Override
    protected Optional<ModeOption> variantOption() {
        return Optional.of(SCHEDULE);
    }

    @Override
    protected HostPolling polling(OptionValues values) {
        return values.get(POLL).equals("sleep") ? HostPolling.SLEEP : HostPolling.BUSY;
    }
}
