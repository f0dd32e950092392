package org.holdfast.kernels;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.WorkerGrid1D;

/**
 * A whole solve as one task: a persistent kernel that runs every iteration in one launch, over
 * {@code u} and {@code f}. One execution of the plan is one run of {@code iterations} iterations.
 *
 * <p>{@code u} goes to the device on the first execution after the plan's device copies are reset
 * and comes back on demand ({@code transferToHost}), so an execution moves no data of its own; the
 * dataflow kernel's step counters go to the device, zero, before every execution (outside the
 * timed region). The kernels are {@link PersistentRedBlackKernels}', or a user's {@code solve}.
 */
public final class PersistentTaskGraph {

    public static final String GRAPH = "persistent";
    public static final String TASK = "solve";

    /** The persistent designs, each with the kernel that runs it. */
    public enum Design {
        /** {@link PersistentRedBlackKernels#gridBarrierSweeps}: grid-stride half-sweeps, a grid barrier between them. */
        GRID_BARRIER("gridBarrierSweeps"),
        /** {@link PersistentRedBlackKernels#dataflowSweeps}: a band of rows per block, neighbours' step counters. */
        DATAFLOW("dataflowSweeps"),
        /** {@link PersistentRedBlackKernels#onChipSweeps}: one block, the grid in dynamic shared memory. */
        ON_CHIP("onChipSweeps");

        private final String kernel;

        Design(String kernel) {
            this.kernel = kernel;
        }

        /** The kernel of this design. */
        public Method kernel() {
            for (Method m : PersistentRedBlackKernels.class.getMethods()) {
                if (m.getName().equals(kernel)) {
                    return m;
                }
            }
            throw new IllegalStateException("PersistentRedBlackKernels." + kernel + " is missing");
        }
    }

    private final ImmutableTaskGraph graph;
    private final GridScheduler scheduler;

    private PersistentTaskGraph(ImmutableTaskGraph graph, GridScheduler scheduler) {
        this.graph = graph;
        this.scheduler = scheduler;
    }

    /**
     * The built-in kernel of {@code design} on {@code blocks} blocks of {@code threads} threads (on chip:
     * one block, with u, and f when {@code fOnChip}, in dynamic shared memory).
     */
    public static PersistentTaskGraph of(Design design, PoissonProblem problem, double[] u, double[] f, int iterations, int blocks,
            int threads, boolean fOnChip) {
        int n = problem.n();
        double h2 = problem.h2();
        KernelContext context = new KernelContext();
        WorkerGrid1D grid = grid(blocks, threads);
        List<Object> args = new ArrayList<>(List.of(context, u, f, n, h2, iterations));
        TaskGraph tasks = new TaskGraph(GRAPH).transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f);
        switch (design) {
            case GRID_BARRIER -> { }
            case DATAFLOW -> {
                int[] counters = new int[blocks * PersistentRedBlackKernels.COUNTER_STRIDE];
                tasks.transferToDevice(DataTransferMode.EVERY_EXECUTION, counters);
                args.add(counters);
            }
            case ON_CHIP -> {
                if (blocks != 1) {
                    throw new IllegalArgumentException("the on-chip kernel runs on one block, not " + blocks);
                }
                grid.setDynamicSharedBytes(onChipBytes(n, fOnChip));
                args.add(fOnChip);
            }
        }
        return finish(tasks, design.kernel(), args, grid);
    }

    /**
     * A user's persistent kernel {@code solve(context, u, f, n, h2, iterations)} on {@code blocks} blocks
     * of {@code threads} threads, or, with {@code blocks} 0, on the grid its backend chooses.
     */
    public static PersistentTaskGraph of(Method solve, PoissonProblem problem, double[] u, double[] f, int iterations, int blocks,
            int threads) {
        TaskGraph tasks = new TaskGraph(GRAPH).transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f);
        List<Object> args = List.of(new KernelContext(), u, f, problem.n(), problem.h2(), iterations);
        return finish(tasks, solve, args, blocks == 0 ? null : grid(blocks, threads));
    }

    private static PersistentTaskGraph finish(TaskGraph tasks, Method kernel, List<Object> args, WorkerGrid1D grid) {
        double[] u = (double[]) args.get(1);
        ImmutableTaskGraph graph = tasks.task(TASK, kernel, args.toArray()).transferToHost(DataTransferMode.UNDER_DEMAND, u)
                .snapshot();
        GridScheduler scheduler = new GridScheduler();
        if (grid != null) {
            scheduler.addWorkerGrid(GRAPH + "." + TASK, grid);
        }
        return new PersistentTaskGraph(graph, scheduler);
    }

    private static WorkerGrid1D grid(int blocks, int threads) {
        WorkerGrid1D grid = new WorkerGrid1D((long) blocks * threads);
        grid.setLocalWork(threads, 1, 1);
        return grid;
    }

    /** Dynamic shared bytes of the on-chip kernel: u, and f after it when {@code withF}. */
    public static int onChipBytes(int n, boolean withF) {
        return Math.toIntExact((long) n * n * Double.BYTES * (withF ? 2 : 1));
    }

    public ImmutableTaskGraph graph() {
        return graph;
    }

    public GridScheduler scheduler() {
        return scheduler;
    }
}
