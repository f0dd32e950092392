package org.holdfast.kernels;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.Problem;
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
 *
 * <p>A built-in kernel's work tally ({@link WorkTally}) goes to the device with every execution and
 * comes back after it: call {@link #clearWork} before an execute and {@link #workShortfall} after it,
 * before its time counts. A user's {@code solve} keeps the signature of {@code docs/user-kernels.md}
 * and counts nothing; its tally is always complete.
 */
public final class PersistentTaskGraph implements PersistentSolveGraph {

    public static final String GRAPH = "persistent";
    public static final String TASK = "solve";

    /** The persistent designs, each with the kernel that runs it. */
    public enum Design {
        /** {@link PersistentRedBlackKernels#gridBarrierSweeps}: grid-stride half-sweeps, a grid barrier between them. */
        GRID_BARRIER("gridBarrierSweeps"),
        /** {@link PersistentRedBlackKernels#dataflowSweeps}: a band of rows per block, neighbours' step counters. */
        DATAFLOW("dataflowSweeps"),
        /** {@link PersistentRedBlackKernels#onChipSweeps}: one block, the grid in dynamic shared memory. */
        ON_CHIP("onChipSweeps"),
        /**
         * {@link PersistentRedBlackKernels#onChipRegisters} (and its 8- and 16-point kernels): one block, the grid as two
         * colour planes in dynamic shared memory, each thread's points in registers ({@link #onChipRegisters}).
         */
        REGISTERS("onChipRegisters"),
        /**
         * {@link PersistentRedBlackKernels#clusterResident} (and its 8- and 16-point kernels): one cluster of up to 16
         * blocks holding the grid in shared memory, halos pushed into the neighbours' ({@link #clusterResident}).
         */
        CLUSTER("clusterResident"),
        /**
         * {@link PersistentRedBlackKernels#clusterAsync} (and its 8- and 16-point kernels): the cluster kernel with the
         * edge rows stored asynchronously into the neighbours' shared memory and awaited on mbarriers ({@link #clusterAsync}).
         */
        CLUSTER_ASYNC("clusterAsync"),
        /**
         * {@link ResidentKernels#resident}: every block's band in shared memory for the whole run, k ghost rows, the halos
         * as self-flagged lines through a global mailbox ({@link #resident}).
         */
        RESIDENT(ResidentKernels.class, "resident");

        private final Class<?> owner;
        private final String kernel;

        Design(String kernel) {
            this(PersistentRedBlackKernels.class, kernel);
        }

        Design(Class<?> owner, String kernel) {
            this.owner = owner;
            this.kernel = kernel;
        }

        /** The kernel of this design. */
        public Method kernel() {
            return kernelNamed(owner, kernel);
        }
    }

    private final ImmutableTaskGraph graph;
    private final GridScheduler scheduler;
    private final double[] u;
    private final long[] work;
    private final int reportingBlocks;
    private final int steps;

    private PersistentTaskGraph(ImmutableTaskGraph graph, GridScheduler scheduler, double[] u, long[] work, int reportingBlocks,
            int steps) {
        this.graph = graph;
        this.scheduler = scheduler;
        this.u = u;
        this.work = work;
        this.reportingBlocks = reportingBlocks;
        this.steps = steps;
    }

    /**
     * The built-in kernel of {@code design} on {@code blocks} blocks of {@code threads} threads (on chip:
     * one block, with u, and f when {@code fOnChip}, in dynamic shared memory).
     */
    public static PersistentTaskGraph of(Design design, PoissonProblem problem, double[] u, double[] f, int iterations, int blocks,
            int threads, boolean fOnChip) {
        return of(design, design.kernel(), problem, u, f, iterations, blocks, threads, fOnChip);
    }

    /** {@code kernel}, with the signature and the launch of {@code design}'s (tests run broken copies so). */
    static PersistentTaskGraph of(Design design, Method kernel, PoissonProblem problem, double[] u, double[] f, int iterations,
            int blocks, int threads, boolean fOnChip) {
        int n = problem.n();
        double h2 = problem.h2();
        KernelContext context = new KernelContext();
        WorkerGrid1D grid = grid(blocks, threads);
        long[] work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        List<Object> args = new ArrayList<>(List.of(context, u, f, n, h2, iterations, work));
        TaskGraph tasks = new TaskGraph(GRAPH).transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, work);
        int reporting = blocks;
        switch (design) {
            case GRID_BARRIER -> { }
            case DATAFLOW -> {
                reporting = Math.min(blocks, n - 2); // blocks without rows have no work to report
                int[] counters = new int[blocks * PersistentRedBlackKernels.COUNTER_STRIDE];
                tasks.transferToDevice(DataTransferMode.EVERY_EXECUTION, counters);
                args.add(counters);
            }
            case REGISTERS -> throw new IllegalArgumentException("the register kernels take their points per thread:"
                    + " PersistentTaskGraph.onChipRegisters");
            case RESIDENT -> throw new IllegalArgumentException("the resident kernel takes k and its mailbox:"
                    + " PersistentTaskGraph.resident");
            case ON_CHIP -> {
                if (blocks != 1) {
                    throw new IllegalArgumentException("the on-chip kernel runs on one block, not " + blocks);
                }
                grid.setDynamicSharedBytes(onChipBytes(n, fOnChip));
                args.add(fOnChip);
            }
        }
        ImmutableTaskGraph graph = tasks.task(TASK, kernel, args.toArray()).transferToHost(DataTransferMode.UNDER_DEMAND, u)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, work).snapshot();
        return new PersistentTaskGraph(graph, scheduler(grid), u, work, reporting, 2 * iterations);
    }

    /**
     * The one-block kernel with {@code slots} points of each colour per thread in registers
     * ({@link PersistentRedBlackKernels#kernelFor}, instance {@code _p<slots>_warp0}) on one block of {@code threads}
     * threads, with the grid's two colour planes in dynamic shared memory, or its one-warp form ({@code _warp1}, 32
     * threads, the warp barrier between half-sweeps): the shape the native planner gives {@code persistent-grid block}.
     */
    public static PersistentTaskGraph onChipRegisters(PoissonProblem problem, double[] u, double[] f, int iterations, int threads,
            int slots, boolean oneWarp) {
        String name = PersistentRedBlackKernels.kernelFor(slots);
        if (oneWarp && threads != KernelContext.WARP_SIZE) {
            throw new IllegalArgumentException(name + " as one warp runs " + KernelContext.WARP_SIZE + " threads, not " + threads);
        }
        if (threads > PersistentRedBlackKernels.maxThreadsFor(slots)) {
            throw new IllegalArgumentException(name + " runs at most " + PersistentRedBlackKernels.maxThreadsFor(slots)
                    + " threads for " + slots + " points per thread, not " + threads);
        }
        WorkerGrid1D grid = grid(1, threads);
        grid.setDynamicSharedBytes(PersistentRedBlackKernels.planesBytes(problem.n()));
        long[] work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        ImmutableTaskGraph graph = new TaskGraph(GRAPH).transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, work)
                .task(TASK, kernelNamed(name), new KernelContext(), slots, oneWarp ? 1 : 0, u, f, problem.n(), problem.h2(), iterations, work)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u).transferToHost(DataTransferMode.EVERY_EXECUTION, work).snapshot();
        return new PersistentTaskGraph(graph, scheduler(grid), u, work, 1, 2 * iterations);
    }

    /**
     * The cluster kernel with {@code slots} points of each colour per thread in registers
     * ({@link ClusterLayout#kernelFor}, instance {@code _p<slots>}) on one cluster of {@code blocks} blocks (1 to 16)
     * of {@code threads} threads, {@code k} half-sweeps between halo exchanges, each block's planes and inbox in
     * dynamic shared memory: the shape the native planner gives {@code persistent-grid cluster}.
     *
     * @throws IllegalArgumentException for a shape the kernel cannot run, in one line
     */
    public static PersistentTaskGraph clusterResident(PoissonProblem problem, double[] u, double[] f, int iterations, int blocks,
            int threads, int slots, int k) {
        return cluster(ClusterLayout.kernelFor(slots), problem, u, f, iterations, blocks, threads, slots, k);
    }

    /**
     * {@link #clusterResident} with the asynchronous-store kernel ({@link ClusterLayout#asyncKernelFor}, instance
     * {@code _p<slots>}): the same shape, the shape the native planner gives {@code persistent-dataflow cluster}
     * (native {@code cluster_async_p<slots>}).
     *
     * @throws IllegalArgumentException for a shape the kernel cannot run, in one line
     */
    public static PersistentTaskGraph clusterAsync(PoissonProblem problem, double[] u, double[] f, int iterations, int blocks,
            int threads, int slots, int k) {
        return cluster(ClusterLayout.asyncKernelFor(slots), problem, u, f, iterations, blocks, threads, slots, k);
    }

    private static PersistentTaskGraph cluster(String name, PoissonProblem problem, double[] u, double[] f, int iterations, int blocks,
            int threads, int slots, int k) {
        int n = problem.n();
        if (blocks < 1 || blocks > ClusterLayout.MAX_BLOCKS) {
            throw new IllegalArgumentException(name + " runs one cluster of 1 to " + ClusterLayout.MAX_BLOCKS + " blocks, not " + blocks);
        }
        int most = ClusterLayout.mostSweepsPerExchange(n, blocks);
        if (k < 1 || k > most) {
            throw new IllegalArgumentException(name + ": k = " + k + ", but with " + blocks + " blocks at N = " + n + " it is 1 to "
                    + most + " (the thinnest band's rows, at most " + ClusterLayout.MAX_SWEEPS_PER_EXCHANGE + ")");
        }
        if (threads > PersistentRedBlackKernels.maxThreadsFor(slots)) {
            throw new IllegalArgumentException(name + " runs at most " + PersistentRedBlackKernels.maxThreadsFor(slots)
                    + " threads for " + slots + " points per thread, not " + threads);
        }
        int points = ClusterLayout.pointsPerColour(n, blocks, k);
        if ((long) threads * slots < points) {
            throw new IllegalArgumentException(name + ": " + threads + " threads of " + slots + " points hold " + threads * slots
                    + " points of a colour, a block updates up to " + points);
        }
        WorkerGrid1D grid = grid(blocks, threads);
        grid.setDynamicSharedBytes(ClusterLayout.sharedBytes(n, blocks, k));
        long[] work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        ImmutableTaskGraph graph = new TaskGraph(GRAPH).transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, work)
                .task(TASK, kernelNamed(name), new KernelContext(), slots, u, f, n, problem.h2(), iterations, k, work)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u).transferToHost(DataTransferMode.EVERY_EXECUTION, work).snapshot();
        return new PersistentTaskGraph(graph, scheduler(grid), u, work, ClusterLayout.activeBlocks(blocks, n), 2 * iterations);
    }

    /**
     * The grid-resident kernel ({@link ResidentKernels#resident}, instance {@code _fOnChip0} or {@code _fOnChip1}) on
     * {@code blocks} blocks of {@code threads} threads, {@code k} half-sweeps between halo exchanges, each block's band
     * (and h2 f where {@code fOnChip}) in dynamic shared memory: the shape the native planner gives
     * {@code persistent-dataflow resident} ({@code sweeps_per_exchange} k, {@code f_on_chip}). Its mailbox (lines and
     * counters) goes to the device once, zero, and carries on from run to run (the flags only grow).
     *
     * @throws IllegalArgumentException for a shape the kernel cannot run, in one line
     */
    public static PersistentTaskGraph resident(PoissonProblem problem, double[] u, double[] f, int iterations, int blocks,
            int threads, int k, boolean fOnChip) {
        int n = problem.n();
        if (blocks < 1) {
            throw new IllegalArgumentException("resident runs on at least 1 block, not " + blocks);
        }
        if (threads < 1 || threads > ResidentLayout.MAX_THREADS) {
            throw new IllegalArgumentException("resident runs 1 to " + ResidentLayout.MAX_THREADS + " threads per block, not " + threads);
        }
        int bands = ResidentLayout.bands(blocks, n);
        int smallest = ResidentLayout.smallestBandRows(bands, n);
        if (k < 1) {
            throw new IllegalArgumentException("resident: k = " + k + ", but it is at least 1");
        }
        if (bands > 1 && k > smallest) {
            throw new IllegalArgumentException("resident: k = " + k + ", but with " + blocks + " blocks at N = " + n + " it is 1 to "
                    + smallest + " (a band's k ghost rows come from one neighbour's band)");
        }
        WorkerGrid1D grid = grid(blocks, threads);
        grid.setDynamicSharedBytes(ResidentLayout.sharedBytes(bands, n, k, fOnChip));
        long[] work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        long[] mailbox = new long[ResidentLayout.mailboxLongs(bands, n, k)];
        ImmutableTaskGraph graph = new TaskGraph(GRAPH).transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f, mailbox)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, work)
                .task(TASK, Design.RESIDENT.kernel(), new KernelContext(), fOnChip ? 1 : 0, u, f, n, problem.h2(), iterations, k, work, mailbox)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u).transferToHost(DataTransferMode.EVERY_EXECUTION, work).snapshot();
        return new PersistentTaskGraph(graph, scheduler(grid), u, work, bands, 2 * iterations);
    }

    /**
     * The arguments that choose the instance of {@link ResidentKernels#resident} ({@code _fOnChip0} or {@code _fOnChip1}),
     * for an occupancy query before the graph is built.
     */
    public static List<Object> residentInstance(boolean fOnChip) {
        return List.of(new KernelContext(), fOnChip ? 1 : 0);
    }

    /** {@code PersistentRedBlackKernels.name}. */
    public static Method kernelNamed(String name) {
        return kernelNamed(PersistentRedBlackKernels.class, name);
    }

    /** {@code owner.name}. */
    private static Method kernelNamed(Class<?> owner, String name) {
        for (Method m : owner.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalStateException(owner.getSimpleName() + "." + name + " is missing");
    }

    /**
     * A user's persistent kernel {@code solve(context, u, f, n, h2, iterations)} on {@code blocks} blocks
     * of {@code threads} threads, or, with {@code blocks} 0, on the grid its backend chooses.
     */
    public static PersistentTaskGraph of(Method solve, Problem problem, double[] u, double[] f, int iterations, int blocks,
            int threads) {
        return of(solve, problem, u, f, iterations, blocks, threads, 0);
    }

    /**
     * A user's persistent kernel as {@link #of(Method, Problem, double[], double[], int, int, int)} says, with
     * {@code sharedBytes} of dynamic shared memory per block (a cluster kernel's bands); {@code blocks} must then be given.
     */
    public static PersistentTaskGraph of(Method solve, Problem problem, double[] u, double[] f, int iterations, int blocks,
            int threads, int sharedBytes) {
        WorkerGrid1D grid = blocks == 0 ? null : grid(blocks, threads);
        if (sharedBytes > 0) {
            grid.setDynamicSharedBytes(sharedBytes);
        }
        TaskGraph tasks = new TaskGraph(GRAPH).transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f);
        ImmutableTaskGraph graph = tasks.task(TASK, solve, new KernelContext(), u, f, problem.n(), problem.h2(), iterations)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u).snapshot();
        return new PersistentTaskGraph(graph, scheduler(grid), u, null, 0, 2 * iterations);
    }

    private static GridScheduler scheduler(WorkerGrid1D grid) {
        GridScheduler scheduler = new GridScheduler();
        if (grid != null) {
            scheduler.addWorkerGrid(GRAPH + "." + TASK, grid);
        }
        return scheduler;
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

    /** Zeroes the work tally, which goes to the device with the next execute: before every execute. */
    public void clearWork() {
        if (work != null) {
            WorkTally.clear(work);
        }
    }

    /** {@link #clearWork}: nothing else changes between runs. */
    @Override
    public void beforeRun() {
        clearWork();
    }

    /** As {@link PersistentSolveGraph#workShortfall} says (always empty for a user's kernel, which counts nothing). */
    @Override
    public Optional<String> workShortfall(int runs, String label) {
        return work == null ? Optional.empty() : WorkTally.shortfall(work, runs, reportingBlocks, steps, label);
    }

    /** u: the kernels work in place. */
    @Override
    public double[] state() {
        return u;
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
