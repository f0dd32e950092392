package org.holdfast.kernels.poisson;

import java.lang.reflect.Method;
import java.util.function.BiFunction;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.kernels.problem.HalfSweepKernels;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;

/**
 * One Gauss-Seidel iteration as a task graph: the red task, then the black one, over shared
 * {@code u} and {@code f}. A plan that repeats the graph k times runs k iterations. The tasks are the
 * problem's own half-sweeps ({@link Problem#halfSweepKernels()}: {@link RedBlackKernels} on the 2D
 * grid, {@code RedBlackKernels3D} on the cube), which take the same arguments, so one graph runs both.
 *
 * <p>By default {@code u} is copied to the device on every execution and back after it, so each
 * execution starts from whatever the host array holds; {@code f} is copied once.
 */
public final class PoissonTaskGraph {

    public static final String GRAPH = "poisson";
    public static final String RED_TASK = "red";
    public static final String BLACK_TASK = "black";

    private final ImmutableTaskGraph graph;
    private final GridScheduler scheduler;

    /**
     * @param problem the grid
     * @param u the solution array, updated in place
     * @param f the right-hand side
     * @param blocks groups (CUDA blocks) per task
     * @param threadsPerBlock threads per group
     */
    public PoissonTaskGraph(Problem problem, double[] u, double[] f, int blocks, int threadsPerBlock) {
        this(problem, u, f, blocks, threadsPerBlock, DataTransferMode.EVERY_EXECUTION);
    }

    /**
     * @param uTransfers when {@code u} moves: {@code EVERY_EXECUTION} (in before, out after every
     *     execution) or {@code FIRST_EXECUTION} (in once; out only on demand), for benchmarks that
     *     keep iterating on the device
     */
    public PoissonTaskGraph(Problem problem, double[] u, double[] f, int blocks, int threadsPerBlock,
            DataTransferMode uTransfers) {
        this(problem, u, f, blocks, threadsPerBlock, uTransfers, problem.halfSweepKernels());
    }

    private PoissonTaskGraph(Problem problem, double[] u, double[] f, int blocks, int threadsPerBlock,
            DataTransferMode uTransfers, HalfSweepKernels kernels) {
        this(problem, u, f, blocks, threadsPerBlock, uTransfers, (graph, context) -> graph
                .task(RED_TASK, kernels.red(), context, u, f, problem.n(), problem.h2())
                .task(BLACK_TASK, kernels.black(), context, u, f, problem.n(), problem.h2()));
    }

    /**
     * The same graph with other red and black kernels known by reflection (a user's class loaded at
     * run time), with {@link RedBlackKernels}' parameters: {@code (KernelContext, double[] u, double[] f, int n, double h2)}.
     */
    public PoissonTaskGraph(Problem problem, double[] u, double[] f, int blocks, int threadsPerBlock,
            DataTransferMode uTransfers, Method red, Method black) {
        this(problem, u, f, blocks, threadsPerBlock, uTransfers, (graph, context) -> graph
                .task(RED_TASK, red, context, u, f, problem.n(), problem.h2())
                .task(BLACK_TASK, black, context, u, f, problem.n(), problem.h2()));
    }

    private PoissonTaskGraph(Problem problem, double[] u, double[] f, int blocks, int threadsPerBlock,
            DataTransferMode uTransfers, BiFunction<TaskGraph, KernelContext, TaskGraph> tasks) {
        DataTransferMode uBack = uTransfers == DataTransferMode.EVERY_EXECUTION ? uTransfers : DataTransferMode.UNDER_DEMAND;
        TaskGraph graph = new TaskGraph(GRAPH)
                .transferToDevice(uTransfers, u)
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, f);
        this.graph = tasks.apply(graph, new KernelContext())
                .transferToHost(uBack, u)
                .snapshot();
        WorkerGrid grid = new WorkerGrid1D((long) blocks * threadsPerBlock).setLocalWork(threadsPerBlock, 1, 1);
        this.scheduler = new GridScheduler()
                .addWorkerGrid(GRAPH + "." + RED_TASK, grid)
                .addWorkerGrid(GRAPH + "." + BLACK_TASK, grid);
    }

    public ImmutableTaskGraph graph() {
        return graph;
    }

    public GridScheduler scheduler() {
        return scheduler;
    }

    /** Blocks that give every point of a colour its own thread. */
    public static int blocksForOnePointPerThread(Problem problem, int threadsPerBlock) {
        return (int) Math.max(1, (problem.pointsPerColour() + threadsPerBlock - 1) / threadsPerBlock);
    }
}
