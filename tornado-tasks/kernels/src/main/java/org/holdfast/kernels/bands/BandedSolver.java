package org.holdfast.kernels.bands;

import java.util.List;
import java.util.function.BiFunction;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;

/**
 * The square's red-black iterations on G virtual devices: each band of a {@link BandSplit} in arrays of
 * its own (u and f, owned rows and ghost rows), its own red and black plans of {@link BandKernels} on a
 * CPU device, and the halo rows carried between them by a {@link HaloTransport} after the half-sweeps
 * the split names. This is the schedule a run on G GPUs follows, on the CPU, so that it can be checked
 * bit for bit against the plain reference without a GPU.
 */
public final class BandedSolver implements AutoCloseable {

    private final BandSplit split;
    private final List<BandSplit.Band> bands;
    private final List<BandSplit.HaloCopy> halos;
    private final double[][] u;
    private final TornadoExecutionPlan[] red;
    private final TornadoExecutionPlan[] black;
    private final HaloTransport transport;

    /**
     * @param f the whole grid's right-hand side; each band copies its rows
     * @param device the CPU device every virtual device runs its kernels on
     * @param threadsPerGroup 1: one work item walks each band (as the {@code cpu} mode); more: a work item
     *     per point of a colour, in groups of this many (as {@code cpu-parallel})
     * @param transport makes the transport over the split and the bands' u arrays
     */
    public BandedSolver(PoissonProblem problem, double[] f, BandSplit split, TornadoDevice device, int threadsPerGroup,
            BiFunction<BandSplit, double[][], HaloTransport> transport) {
        if (split.n() != problem.n()) {
            throw new IllegalArgumentException("a split of N = " + split.n() + " for a problem of N = " + problem.n());
        }
        this.split = split;
        this.bands = split.bandList();
        this.halos = split.halos();
        int n = problem.n();
        this.u = new double[bands.size()][];
        this.red = new TornadoExecutionPlan[bands.size()];
        this.black = new TornadoExecutionPlan[bands.size()];
        for (BandSplit.Band band : bands) {
            int b = band.index();
            u[b] = new double[band.rows() * n];
            double[] bandF = new double[band.rows() * n];
            System.arraycopy(f, band.lowRow() * n, bandF, 0, bandF.length);
            long points = BandKernels.pointsPerColour(band.rows(), n);
            int groups = threadsPerGroup == 1 ? 1 : (int) Math.max(1, (points + threadsPerGroup - 1) / threadsPerGroup);
            WorkerGrid grid = new WorkerGrid1D((long) groups * threadsPerGroup).setLocalWork(threadsPerGroup, 1, 1);
            red[b] = plan("band" + b + "_red", device, grid, new TaskGraph("band" + b + "_red")
                    .transferToDevice(DataTransferMode.FIRST_EXECUTION, u[b], bandF)
                    .task("red", BandKernels::red, new KernelContext(), u[b], bandF, band.rows(), n, problem.h2(), band.lowRow()));
            black[b] = plan("band" + b + "_black", device, grid, new TaskGraph("band" + b + "_black")
                    .transferToDevice(DataTransferMode.FIRST_EXECUTION, u[b], bandF)
                    .task("black", BandKernels::black, new KernelContext(), u[b], bandF, band.rows(), n, problem.h2(), band.lowRow()));
        }
        this.transport = transport.apply(split, u);
    }

    private static TornadoExecutionPlan plan(String name, TornadoDevice device, WorkerGrid grid, TaskGraph graph) {
        String task = name.substring(name.lastIndexOf('_') + 1);
        return new TornadoExecutionPlan(graph.snapshot()).withDevice(device)
                .withGridScheduler(new GridScheduler().addWorkerGrid(name + "." + task, grid));
    }

    /** The split the bands follow. */
    public BandSplit split() {
        return split;
    }

    /** Gives every band the rows it holds of {@code full}, the whole grid (boundary included). */
    public void load(double[] full) {
        int n = split.n();
        for (BandSplit.Band band : bands) {
            System.arraycopy(full, band.lowRow() * n, u[band.index()], 0, band.rows() * n);
        }
    }

    /**
     * {@code iterations} iterations: every half-sweep on every band in turn, red first, and the halo
     * exchange after the half-sweeps {@link BandSplit#exchangesAfter} names.
     */
    public void run(int iterations) {
        int halfSweeps = 2 * iterations;
        for (int done = 1; done <= halfSweeps; done++) {
            TornadoExecutionPlan[] plans = done % 2 == 1 ? red : black;
            for (TornadoExecutionPlan plan : plans) {
                plan.execute();
            }
            if (split.exchangesAfter(done, halfSweeps)) {
                transport.exchange(halos);
            }
        }
    }

    /** Writes every band's owned rows into {@code full}; its other rows (the boundary) are left as they are. */
    public void gather(double[] full) {
        int n = split.n();
        for (BandSplit.Band band : bands) {
            System.arraycopy(u[band.index()], band.localRow(band.firstRow()) * n, full, band.firstRow() * n, band.ownedRows() * n);
        }
    }

    @Override
    public void close() {
        for (int b = 0; b < bands.size(); b++) {
            red[b].close();
            black[b].close();
        }
    }
}
