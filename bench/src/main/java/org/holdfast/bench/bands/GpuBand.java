package org.holdfast.bench.bands;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.holdfast.kernels.bands.BandKernels;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;
import org.holdfast.tornado.cuda.KernelLaunch;
import org.holdfast.tornado.cuda.backend.CudaCompiledGraph;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * One band of rows on a GPU: its u and f ({@code rows x n}, owned rows and ghost rows) in device memory and
 * its red and black launches of the Java {@link BandKernels}, compiled as a task graph of two tasks (the
 * CUDA backend's kernels, memory and prepared launches) that is never executed as a graph: the band's GPU
 * lane queues the launches itself, on its own stream, between the halo exchanges. Made and used on the
 * lane's thread, with the GPU's context current.
 */
final class GpuBand implements AutoCloseable {

    private final BandSplit.Band band;
    private final int n;
    private final double[] u;
    private final double[] f;
    private final CudaCompiledGraph compiled;
    private final KernelLaunch red;
    private final KernelLaunch black;

    /**
     * @param fullF the whole grid's right-hand side; the band copies its rows to the device
     * @param blocks blocks per half-sweep launch
     * @param threads threads per block
     */
    GpuBand(CudaTornadoDevice device, PoissonProblem problem, double[] fullF, BandSplit.Band band, int blocks, int threads) {
        this.band = band;
        this.n = problem.n();
        this.u = new double[band.rows() * n];
        this.f = new double[band.rows() * n];
        System.arraycopy(fullF, band.lowRow() * n, f, 0, f.length);
        String name = "band" + band.index();
        TaskGraph graph = new TaskGraph(name)
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .task("red", BandKernels::red, new KernelContext(), u, f, band.rows(), n, problem.h2(), band.lowRow())
                .task("black", BandKernels::black, new KernelContext(), u, f, band.rows(), n, problem.h2(), band.lowRow());
        WorkerGrid grid = new WorkerGrid1D((long) blocks * threads).setLocalWork(threads, 1, 1);
        GridScheduler scheduler = new GridScheduler().addWorkerGrid(name + ".red", grid).addWorkerGrid(name + ".black", grid);
        this.compiled = device.compile(graph.snapshot(), new PlanSettings(scheduler, false, false, false));
        try {
            this.red = compiled.kernelLaunch(name + ".red");
            this.black = compiled.kernelLaunch(name + ".black");
            copyToDevice(f, compiled.deviceBuffer(f));
        } catch (RuntimeException failure) {
            try {
                compiled.close();
            } catch (RuntimeException alsoFailed) {
                failure.addSuppressed(alsoFailed);
            }
            throw failure;
        }
    }

    BandSplit.Band band() {
        return band;
    }

    /** The band's u on the device: what the halo copies read and write. */
    DeviceBuffer u() {
        return compiled.deviceBuffer(u);
    }

    /** Queues the red half-sweep ({@code red}) or the black one on {@code stream}. */
    void halfSweep(boolean isRed, CudaStream stream) {
        (isRed ? red : black).launch(stream);
    }

    /** Gives the band the rows it holds of {@code full}, the whole grid; returns when they are on the device. */
    void load(double[] full) {
        System.arraycopy(full, band.lowRow() * n, u, 0, u.length);
        copyToDevice(u, u());
    }

    /** Writes the band's owned rows into {@code full} (through its host array), after the work queued in its context. */
    void gather(double[] full) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate((long) u.length * Double.BYTES, Double.BYTES);
            u().copyToHost(host);
            MemorySegment.copy(host, ValueLayout.JAVA_DOUBLE, 0, u, 0, u.length);
        }
        System.arraycopy(u, band.localRow(band.firstRow()) * n, full, band.firstRow() * n, band.ownedRows() * n);
    }

    /** The red and black launches' grids and blocks, for the row's launches. */
    List<LaunchInfo> launches() {
        return compiled.launches();
    }

    /** Synchronous copy of all of {@code array} to {@code target}, after the work queued in the context. */
    private static void copyToDevice(double[] array, DeviceBuffer target) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate((long) array.length * Double.BYTES, Double.BYTES);
            MemorySegment.copy(array, 0, host, ValueLayout.JAVA_DOUBLE, 0, array.length);
            target.copyFromHost(host);
        }
    }

    /** Waits for the band's work, then frees its kernels' arguments, memory and module. */
    @Override
    public void close() {
        compiled.close();
    }
}
