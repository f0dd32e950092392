package org.holdfast.kernels.temporal;

import java.util.Arrays;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;

/**
 * Temporally blocked iterations as a task graph: two passes of {@link TemporalKernels#streamPass} (the
 * square) or {@link TemporalKernels3D#streamPass} (the cube), u to scratch ({@value #EVEN_TASK}) and
 * scratch to u ({@value #ODD_TASK}), whose half-sweeps and first colours the {@code schedule} array
 * gives per execution ({@link PassSchedule}). u, scratch and f go to the device on the first execution
 * after a reset, the schedule and the zeroed work count on every execution (before the timed region),
 * and the work count (the half-sweeps every block ran, summed) back after every execution; u and
 * scratch come back on demand, from wherever the run ended.
 */
public final class TemporalTaskGraph {

    public static final String GRAPH = "temporal";
    public static final String EVEN_TASK = "passEven";
    public static final String ODD_TASK = "passOdd";

    private final ImmutableTaskGraph graph;
    private final GridScheduler scheduler;
    private final int blocks;

    /**
     * The square's passes.
     *
     * @param u the state, and the even pass's input
     * @param scratch the second buffer: its boundary must equal u's
     * @param schedule four ints, written before each execution ({@link PassSchedule.Execution#schedule()})
     * @param work one int, zeroed before each execution: after it, the half-sweeps the blocks ran, summed
     * @param k half-sweeps per pass: one of {@link TemporalKernels#SWEEPS}
     * @param geometry the items of a pass, one block each
     */
    public TemporalTaskGraph(PoissonProblem problem, double[] u, double[] scratch, double[] f, int[] schedule, int[] work,
            int k, StreamGeometry geometry) {
        this(new TaskGraph(GRAPH)
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, u, scratch, f)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, schedule, work)
                .task(EVEN_TASK, TemporalKernels::streamPass, new KernelContext(), compiledFor(TemporalKernels.SWEEPS, k), u, scratch,
                        f, schedule, work, 0, problem.n(), problem.h2(), geometry.stripWidth(), geometry.strips(),
                        geometry.segmentRows())
                .task(ODD_TASK, TemporalKernels::streamPass, new KernelContext(), k, scratch, u, f, schedule, work, 1, problem.n(),
                        problem.h2(), geometry.stripWidth(), geometry.strips(), geometry.segmentRows()),
                u, scratch, work, new WorkerGrid1D((long) geometry.blocks() * TemporalKernels.THREADS)
                        .setLocalWork(TemporalKernels.THREADS, 1, 1), geometry.blocks());
    }

    /** The cube's passes ({@link TemporalKernels3D}), as the square's: k one of {@link TemporalKernels3D#SWEEPS}. */
    public static TemporalTaskGraph cube(Poisson3DProblem problem, double[] u, double[] scratch, double[] f, int[] schedule,
            int[] work, int k, StreamGeometry3D geometry) {
        int n = problem.n();
        double h2 = problem.h2();
        TaskGraph passes = new TaskGraph(GRAPH)
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, u, scratch, f)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, schedule, work);
        // Two kernels, one body: streamPass up to k = 4 (two blocks an SM), streamPassDeep above (one, more registers).
        if (compiledFor(TemporalKernels3D.SWEEPS, k) <= 4) {
            passes = passes
                    .task(EVEN_TASK, TemporalKernels3D::streamPass, new KernelContext(), k, u, scratch, f, schedule, work, 0, n, h2,
                            geometry.tilesJ(), geometry.tilesK(), geometry.segmentPlanes())
                    .task(ODD_TASK, TemporalKernels3D::streamPass, new KernelContext(), k, scratch, u, f, schedule, work, 1, n, h2,
                            geometry.tilesJ(), geometry.tilesK(), geometry.segmentPlanes());
        } else {
            passes = passes
                    .task(EVEN_TASK, TemporalKernels3D::streamPassDeep, new KernelContext(), k, u, scratch, f, schedule, work, 0, n,
                            h2, geometry.tilesJ(), geometry.tilesK(), geometry.segmentPlanes())
                    .task(ODD_TASK, TemporalKernels3D::streamPassDeep, new KernelContext(), k, scratch, u, f, schedule, work, 1, n,
                            h2, geometry.tilesJ(), geometry.tilesK(), geometry.segmentPlanes());
        }
        WorkerGrid grid = new WorkerGrid1D((long) geometry.blocks() * TemporalKernels3D.THREADS)
                .setLocalWork(TemporalKernels3D.THREADS, 1, 1).setDynamicSharedBytes(TemporalKernels3D.sharedBytes(k));
        return new TemporalTaskGraph(passes, u, scratch, work, grid, geometry.blocks());
    }

    private TemporalTaskGraph(TaskGraph passes, double[] u, double[] scratch, int[] work, WorkerGrid grid, int blocks) {
        this.graph = passes
                .transferToHost(DataTransferMode.EVERY_EXECUTION, work)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u, scratch)
                .snapshot();
        this.scheduler = new GridScheduler()
                .addWorkerGrid(GRAPH + "." + EVEN_TASK, grid)
                .addWorkerGrid(GRAPH + "." + ODD_TASK, grid);
        this.blocks = blocks;
    }

    /** {@code k}, when a kernel is compiled for it. */
    private static int compiledFor(int[] sweeps, int k) {
        if (Arrays.stream(sweeps).noneMatch(s -> s == k)) {
            throw new IllegalArgumentException("the temporally blocked kernel is compiled for k = " + Arrays.toString(sweeps)
                    + ", not " + k);
        }
        return k;
    }

    public ImmutableTaskGraph graph() {
        return graph;
    }

    public GridScheduler scheduler() {
        return scheduler;
    }

    /** Blocks of one pass: one per item. */
    public int blocks() {
        return blocks;
    }
}
