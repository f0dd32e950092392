package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import org.holdfast.kernels.PersistentTaskGraph;

/**
 * {@code persistent-grid}: one launch for all iterations, a barrier between half-sweeps: grid-wide
 * (cooperative), or on chip in one block or one thread-block cluster.
 */
public final class PersistentGridMode extends NativePersistentMode {

    public static final String NAME = "persistent-grid";

    /**
     * The barrier between half-sweeps, a variant of the native table: {@code auto} (the planner's rule for the size),
     * cooperative groups' {@code grid.sync()}, Holdfast's two-slot barrier, {@code block} (one block or one warp
     * holding the grid on chip: a block barrier) or {@code cluster} (one thread-block cluster holding it: the
     * hardware cluster barrier), or {@code temporal} (passes of k = {@code --sweeps-per-exchange} half-sweeps
     * streamed through shared memory, temporal blocking between two buffers, the two-slot barrier between passes), or
     * {@code temporal-cg} (the same passes, cooperative groups' {@code grid.sync()} between them).
     */
    public static final ModeOption BARRIER = ModeOption.choice("barrier", "barrier between half-sweeps", "auto", "auto", "cg",
            "two-slot", "block", "cluster", "temporal", "temporal-cg").withSeveralValues();

    public PersistentGridMode() {
        super(NAME, "one launch for all iterations; a barrier between half-sweeps (grid-wide, or on chip in one block or one cluster),"
                + " or between temporally blocked passes", 0x1f77b4,
                new JavaTwin(PersistentTaskGraph.Design.GRID_BARRIER, "two-slot"));
    }

    @Override
    public List<ModeOption> options() {
        return List.of(BARRIER, SWEEPS_PER_EXCHANGE);
    }

    @Override
    protected Optional<ModeOption> variantOption() {
        return Optional.of(BARRIER);
    }
}
