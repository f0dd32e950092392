package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import org.holdfast.bridge.HostPolling;

/**
 * {@code persistent-host}: a persistent kernel driven by the host through flags in pinned memory: one step word relayed by
 * block 0 and one done word reported by the last block to finish, or a pair of flags per block.
 */
public final class PersistentHostMode extends NativePersistentMode {

    public static final String NAME = "persistent-host";

    /**
     * How the host releases blocks: {@code auto} (the planner's rule) or a variant of this mode in the native library's
     * table (one step word that block 0 relays on the chip, or per-block flags, all together or each once its
     * neighbours are not behind: docs/persistent-variants.md).
     */
    public static final ModeOption SCHEDULE = NativeVariants.option(NAME, "schedule", "host schedule").withSeveralValues();
    /** How the host waits for the flags: spinning, or sleeping about a microsecond between polls. */
    public static final ModeOption POLL = ModeOption.choice("poll", "host polling", "busy", "busy", "sleep");

    public PersistentHostMode() {
        super(NAME, "persistent kernel driven by the host through flags in pinned memory (one relayed step word, or per-block"
                + " flags)", 0xd62728);
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
