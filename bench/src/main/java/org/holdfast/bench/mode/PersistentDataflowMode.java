package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;

/**
 * {@code persistent-dataflow}: a persistent kernel whose blocks wait only for their neighbours: through step counters with
 * the grid in global memory, or with every block's band resident in shared memory and the halos as self-flagged lines.
 */
public final class PersistentDataflowMode extends NativePersistentMode {

    public static final String NAME = "persistent-dataflow";

    /**
     * How neighbours hand over their halos, a variant of the native table: step counters beside the grid in global memory,
     * or bands resident in shared memory that swap self-flagged halo lines ({@code auto}: the planner's rule by size).
     */
    public static final ModeOption HALO = ModeOption.choice("halo", "halo exchange", "auto", "auto", "counters", "resident");

    public PersistentDataflowMode() {
        super(NAME, "persistent kernel; each block waits only for its neighbours (step counters, or bands resident in shared"
                + " memory with self-flagged halos)", 0x2ca02c);
    }

    @Override
    public List<ModeOption> options() {
        return List.of(HALO, SWEEPS_PER_EXCHANGE);
    }

    @Override
    protected Optional<ModeOption> variantOption() {
        return Optional.of(HALO);
    }
}
