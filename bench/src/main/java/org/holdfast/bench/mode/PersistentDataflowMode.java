package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import org.holdfast.kernels.PersistentTaskGraph;

/** {@code persistent-dataflow}: a persistent kernel whose blocks wait only for their neighbours. */
public final class PersistentDataflowMode extends NativePersistentMode {

    public static final String NAME = "persistent-dataflow";

    /**
     * How a block learns that its neighbours' rows are ready, a variant of the native table: {@code auto} (the
     * planner's rule for the size), step {@code counters} in global memory, or {@code cluster} (one thread-block
     * cluster holding the grid on chip; the halo rows arrive by st.async on the receiver's mbarrier).
     */
    public static final ModeOption SIGNAL = ModeOption.choice("signal", "how a block learns its neighbours are ready", "auto",
            "auto", "counters", "cluster");

    public PersistentDataflowMode() {
        super(NAME, "persistent kernel; each block waits only for its neighbours (step counters, or halos in a cluster)",
                0x2ca02c, new JavaTwin(PersistentTaskGraph.Design.DATAFLOW, "counters"));
    }

    @Override
    public List<ModeOption> options() {
        return List.of(SIGNAL, SWEEPS_PER_EXCHANGE);
    }

    @Override
    protected Optional<ModeOption> variantOption() {
        return Optional.of(SIGNAL);
    }
}
