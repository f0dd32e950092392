package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;

/** {@code persistent-grid}: one cooperative launch for all iterations, a grid barrier between half-sweeps. */
public final class PersistentGridMode extends NativePersistentMode {

    public static final String NAME = "persistent-grid";

    /** The grid barrier, a variant of the native table: cooperative groups' {@code grid.sync()}, or Holdfast's two-slot barrier. */
    public static final ModeOption BARRIER = ModeOption.choice("barrier", "grid barrier", "cg", "cg", "two-slot");

    public PersistentGridMode() {
        super(NAME, "one cooperative launch for all iterations; grid barrier between half-sweeps", 0x1f77b4);
    }

    @Override
    public List<ModeOption> options() {
        return List.of(BARRIER);
    }

    @Override
    protected Optional<ModeOption> variantOption() {
        return Optional.of(BARRIER);
    }
}
