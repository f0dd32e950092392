package org.holdfast.kernels.temporal;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;

/**
 * Temporally blocked iterations as a task graph: two passes of {@link TemporalKernels#streamPass}, u
 * to scratch ({@value #EVEN_TASK}) and scratch to u ({@value #ODD_TASK}), whose half-sweeps and first
 * colours the {@code schedule} array gives per execution ({@link PassSchedule}). u, scratch and f
 * go to the device on the first execution after a reset, the schedule and the zeroed work count on
 * every execution (before the timed region), and the work count (the half-sweeps every block ran,
 * summed) back after every execution; u and scratch come back on demand, from wherever the run ended.
 */
public final class TemporalTaskGraph {

    public static final String GRAPH = "temporal";
    public static final String EVEN_TASK = "passEven";
    public static final String ODD_TASK = "passOdd";

    private final ImmutableTaskGraph graph;
    private final GridScheduler scheduler;
    private final StreamGeometry geometry;

    /**
     * @param u the state, and the even pass's input
     * @param scratch the second buffer: its boundary must equal u's
     * @param schedule four ints, written before each execution ({@link PassSchedule.Execution#schedule()})
     * @param work one int, zeroed before each execution: after it, the half-sweeps the blocks ran, summed
     * @param k half-sweeps per pass: one of {@link TemporalKernels#SWEEPS}
     * @param geometry the items of a pass, one block each
     */
    public TemporalTaskGraph(PoissonProblem problem, double[] u, double[] scratch, double[] f, int[] schedule, int[] work,
            int k, StreamGeometry geometry) {
        if (java.util.Arrays.stream(TemporalKernels.SWEEPS).noneMatch(s -> s == k)) {
            throw new IllegalArgumentException("the temporally blocked kernel is compiled for k = "
                    + java.util.Arrays.toString(TemporalKernels.SWEEPS) + ", not " + k);
        }
        this.geometry = geometry;
        KernelContext context = new KernelContext();
        int n = problem.n();
        double h2 = problem.h2();
        int width = geometry.stripWidth();
        int strips = geometry.strips();
        int rows = geometry.segmentRows();
        this.graph = new TaskGraph(GRAPH)
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, u, scratch, f)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, schedule, work)
                .task(EVEN_TASK, TemporalKernels::streamPass, context, k, u, scratch, f, schedule, work, 0, n, h2, width, strips,
                        rows)
                .task(ODD_TASK, TemporalKernels::streamPass, context, k, scratch, u, f, schedule, work, 1, n, h2, width, strips,
                        rows)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, work)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u, scratch)
                .snapshot();
        WorkerGrid grid = new WorkerGrid1D((long) geometry.blocks() * TemporalKernels.THREADS)
                .setLocalWork(TemporalKernels.THREADS, 1, 1);
        this.scheduler = new GridScheduler()
                .addWorkerGrid(GRAPH + "." + EVEN_TASK, grid)
                .addWorkerGrid(GRAPH + "." + ODD_TASK, grid);
    }

    public ImmutableTaskGraph graph() {
        return graph;
    }

    public GridScheduler scheduler() {
        return scheduler;
    }

    public StreamGeometry geometry() {
        return geometry;
    }
}
