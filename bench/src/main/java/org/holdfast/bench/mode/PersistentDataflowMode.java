package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import org.holdfast.kernels.PersistentTaskGraph;

/**
 * {@code persistent-dataflow}: a persistent kernel whose blocks wait only for their neighbours: through step counters with
 * the grid in global memory, in one thread-block cluster holding the grid on chip, or with every block's band resident in
 * shared memory and the halos as self-flagged lines. Its Java twins: the step counters ({@code counters}), the cluster
 * with asynchronous stores and mbarriers ({@code cluster}) and the resident bands ({@code resident}); {@code auto} runs the twin of the native planner's choice where there is one, else
 * the counters.
 */
public final class PersistentDataflowMode extends NativePersistentMode {

    public static final String NAME = "persistent-dataflow";

    /**
     * How a block learns that its neighbours' rows are ready: {@code auto} (the planner's rule for the size) or a
     * variant of this mode in the native library's table (step counters in global memory, one thread-block cluster
     * holding the grid on chip, bands resident in every multiprocessor's shared memory: docs/persistent-variants.md).
     */
    public static final ModeOption SIGNAL = NativeVariants.option(NAME, "signal", "how a block learns its neighbours are ready")
            .withSeveralValues();

    public PersistentDataflowMode() {
        super(NAME, "persistent kernel; each block waits only for its neighbours (step counters, halos in a cluster, or bands"
                + " resident in shared memory with self-flagged halos)", 0x2ca02c,
                List.of(new JavaTwin(PersistentTaskGraph.Design.DATAFLOW, "counters"),
                        new JavaTwin(PersistentTaskGraph.Design.CLUSTER_ASYNC, "cluster"),
                        new JavaTwin(PersistentTaskGraph.Design.RESIDENT, "resident")));
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
