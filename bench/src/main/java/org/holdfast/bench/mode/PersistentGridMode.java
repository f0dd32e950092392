package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.temporal.PersistentPassKernel;

/**
 * {@code persistent-grid}: one launch for all iterations, a barrier between half-sweeps: grid-wide
 * (cooperative), or on chip in one block or one thread-block cluster, or between temporally blocked
 * passes. Its Java twins: the grid barrier ({@code two-slot}), the temporal passes ({@code temporal}, and built for three
 * blocks per multiprocessor, {@code temporal-3blocks}) and one block
 * with each thread's points in registers ({@code block}); {@code auto} runs the twin of the native planner's choice
 * where there is one, else the grid barrier.
 */
public final class PersistentGridMode extends NativePersistentMode {

    public static final String NAME = "persistent-grid";

    /**
     * The barrier between half-sweeps: {@code auto} (the planner's rule for the size) or a variant of this mode in the
     * native library's table (cooperative groups' {@code grid.sync()}, Holdfast's two-slot barrier, one block or one
     * cluster holding the grid on chip, temporally blocked passes with either barrier between them:
     * docs/persistent-variants.md). Split over {@code --gpus} bands it chooses the band kernel's pass: {@code two-slot}
     * its half-sweeps, {@code temporal} its temporal passes, {@code auto} {@link BandPassRule}'s choice; the others run
     * on one device.
     */
    public static final ModeOption BARRIER = NativeVariants.option(NAME, "barrier", "barrier between half-sweeps")
            .withSeveralValues();

    public PersistentGridMode() {
        super(NAME, "one launch for all iterations; a barrier between half-sweeps (grid-wide, or on chip in one block or one cluster),"
                + " or between temporally blocked passes", 0x1f77b4,
                List.of(new JavaTwin(PersistentTaskGraph.Design.GRID_BARRIER, "two-slot"),
                        JavaTwin.temporalPasses(PersistentPassKernel.TWO_BLOCKS, "temporal"),
                        JavaTwin.temporalPasses(PersistentPassKernel.THREE_BLOCKS, "temporal-3blocks"),
                        new JavaTwin(PersistentTaskGraph.Design.REGISTERS, "block"),
                        new JavaTwin(PersistentTaskGraph.Design.CLUSTER, "cluster")));
    }

    @Override
    public List<ModeOption> options() {
        return List.of(BARRIER, SWEEPS_PER_EXCHANGE);
    }

    @Override
    protected Optional<ModeOption> variantOption() {
        return Optional.of(BARRIER);
    }

    /** Split over several GPUs: the native band kernel, a band per GPU or every band on GPU 0 (docs/multi-gpu.md). */
    @Override
    protected boolean runsBands() {
        return true;
    }
}
