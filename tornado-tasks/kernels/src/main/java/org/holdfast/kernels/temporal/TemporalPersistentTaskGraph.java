package org.holdfast.kernels.temporal;

import java.util.Arrays;
import java.util.Optional;
import org.holdfast.kernels.PersistentRedBlackKernels;
import org.holdfast.kernels.PersistentSolveGraph;
import org.holdfast.kernels.WorkTally;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoFunctions.Task14;
import org.holdfast.tornado.api.WorkerGrid1D;

/**
 * Every temporally blocked pass of a run in one persistent launch ({@link TemporalKernels#persistentPasses}, or
 * {@link TemporalKernels#persistentPasses3Blocks}: {@link PersistentPassKernel}),
 * over u and a scratch array: one execution is one run of {@code iterations} iterations. u, scratch
 * and f go to the device on the first execution after a reset; the run array and the zeroed work
 * tally on every execution, the tally back after it (all outside the timed region).
 *
 * <p>Where a run starts: after {@link #loaded} both arrays hold the state, and the run starts from
 * the one that makes its last pass write u, as native-hip's session does after copying u into its
 * scratch array, so the result is in u. A run that follows another without a load (the repeats of a
 * benchmark) starts where the last one ended, which is u or scratch: the Java API has no device copy
 * outside the timed region, and copying inside it would time work the native run does not.
 * {@link #state} names the array that holds the result.
 */
public final class TemporalPersistentTaskGraph implements PersistentSolveGraph {

    public static final String GRAPH = "temporalPersistent";
    public static final String TASK = "passes";

    private final ImmutableTaskGraph graph;
    private final GridScheduler scheduler;
    private final double[] u;
    private final double[] scratch;
    private final int[] run = new int[TemporalKernels.RUN_LENGTH];
    private final long[] work = new long[PersistentRedBlackKernels.WORK_LENGTH];
    private final int blocks;
    private final int steps;
    private final boolean oddPasses;
    private boolean bothHoldTheState = true;
    private boolean inScratch;

    /**
     * @param scratch the second buffer, as long as u ({@link #loaded} gives it u's contents)
     * @param k half-sweeps per pass: one of {@link TemporalKernels#SWEEPS}
     * @param geometry the items of a pass
     * @param blocks blocks of {@value TemporalKernels#THREADS} threads sharing each pass's items
     */
    public TemporalPersistentTaskGraph(PoissonProblem problem, double[] u, double[] scratch, double[] f, int k, int iterations,
            StreamGeometry geometry, int blocks) {
        this(PersistentPassKernel.TWO_BLOCKS, problem, u, scratch, f, k, iterations, geometry, blocks);
    }

    /**
     * The same run on {@code kernel}'s instance for k.
     *
     * @param k half-sweeps per pass: one of {@code kernel.sweeps()}
     */
    public TemporalPersistentTaskGraph(PersistentPassKernel kernel, PoissonProblem problem, double[] u, double[] scratch, double[] f,
            int k, int iterations, StreamGeometry geometry, int blocks) {
        if (!kernel.compiledFor(k)) {
            throw new IllegalArgumentException("the temporally blocked kernel " + kernel.kernelName() + " is compiled for k = "
                    + Arrays.toString(kernel.sweeps()) + ", not " + k);
        }
        this.u = u;
        this.scratch = scratch;
        this.blocks = blocks;
        this.steps = 2 * iterations;
        this.oddPasses = PassSchedule.of(k, iterations).endsInScratch(false);
        run[TemporalKernels.RUN_SKIPPING_GROUP] = -1;
        // A method reference, not kernel.kernel(): a task given a Method takes at most 10 parameters.
        Task14<KernelContext, Integer, double[], double[], double[], int[], long[], Integer, Integer, Double, Integer, Integer, Integer,
                Integer> passes = switch (kernel) {
                    case TWO_BLOCKS -> TemporalKernels::persistentPasses;
                    case THREE_BLOCKS -> TemporalKernels::persistentPasses3Blocks;
                };
        this.graph = new TaskGraph(GRAPH)
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, u, scratch, f)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, run, work)
                .task(TASK, passes, new KernelContext(), k, u, scratch, f, run, work, iterations,
                        problem.n(), problem.h2(), geometry.stripWidth(), geometry.strips(), geometry.segmentRows(),
                        geometry.segments())
                .transferToHost(DataTransferMode.EVERY_EXECUTION, work)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u, scratch)
                .snapshot();
        WorkerGrid1D grid = new WorkerGrid1D((long) blocks * TemporalKernels.THREADS);
        grid.setLocalWork(TemporalKernels.THREADS, 1, 1);
        this.scheduler = new GridScheduler().addWorkerGrid(GRAPH + "." + TASK, grid);
    }

    /** Makes group {@code group} run its last pass one half-sweep short from the next run on (-1: none), for the tests. */
    public void skipLastHalfSweepIn(int group) {
        run[TemporalKernels.RUN_SKIPPING_GROUP] = group;
    }

    /** u was just loaded: scratch takes its contents (the boundary, and the state a run may start from). */
    @Override
    public void loaded() {
        System.arraycopy(u, 0, scratch, 0, u.length);
        bothHoldTheState = true;
    }

    /** Zeroes the tally and starts the run from the array that holds the state; when both do, from the one that ends in u. */
    @Override
    public void beforeRun() {
        WorkTally.clear(work);
        boolean fromScratch = bothHoldTheState ? oddPasses : inScratch;
        run[TemporalKernels.RUN_FROM] = fromScratch ? 1 : 0;
        inScratch = fromScratch ^ oddPasses;
        bothHoldTheState = false;
    }

    /** Every block reports once per run, whether or not it had items. */
    @Override
    public Optional<String> workShortfall(int runs, String label) {
        return WorkTally.shortfall(work, runs, blocks, steps, label);
    }

    @Override
    public double[] state() {
        return inScratch ? scratch : u;
    }

    @Override
    public ImmutableTaskGraph graph() {
        return graph;
    }

    @Override
    public GridScheduler scheduler() {
        return scheduler;
    }
}
