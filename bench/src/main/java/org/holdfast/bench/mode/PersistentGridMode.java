package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.bridge.PersistentMode;

/** {@code persistent-grid}: one cooperative launch for all iterations, a grid barrier between half-sweeps. */
public final class PersistentGridMode extends NativePersistentMode {

    /** The grid barrier: cooperative groups' {@code grid.sync()}, or Holdfast's own two-slot barrier. */
    public static final ModeOption BARRIER = ModeOption.choice("barrier", "grid barrier", "cg", "cg", "two-slot");

    public PersistentGridMode() {
        super("persistent-grid", "one cooperative launch for all iterations; grid barrier between half-sweeps", 0x1f77b4);
    }

    @Override
    public List<ModeOption> options() {
        return List.of(BARRIER);
    }

    @Override
    protected PersistentMode nativeVariant(OptionValues values) {
        return values.get(BARRIER).equals("two-slot") ? PersistentMode.GRID_TWO_SLOT : PersistentMode.GRID_COOPERATIVE_GROUPS;
    }
}
