package org.holdfast.bench.mode;

import java.util.List;
import java.util.function.BiFunction;
import org.holdfast.bench.bands.HaloNote;
import org.holdfast.kernels.bands.ArrayCopyTransport;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.BandedSolver;
import org.holdfast.kernels.bands.HaloTransport;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.TornadoDevice;

/**
 * A CPU mode split over {@code --gpus G} virtual devices: the square in G bands of rows, each in arrays
 * of its own with k ghost rows each side ({@code --sweeps-per-launch k}, 1 by default), the band kernels on the
 * mode's CPU device, one half-sweep at a time, and the halo rows copied between the bands after every k-th
 * half-sweep and the run's last ({@link BandedSolver}): the schedule of the standard launches on GPUs. The harness checks the
 * gathered grid against the plain reference like any other row. Timed on the host clock.
 */
public final class BandedRunner extends SplitGridRunner {

    private final BandedSolver solver;
    private final RunShape shape;

    /** @throws ModeRefusedException when the size has fewer interior rows than devices */
    BandedRunner(RunRequest request, TornadoDevice device, int threadsPerGroup) {
        this(request, device, threadsPerGroup, ArrayCopyTransport::new);
    }

    /**
     * The same over another transport (a test's, that drops a halo row).
     *
     * @throws ModeRefusedException when the size has fewer interior rows than devices
     */
    public BandedRunner(RunRequest request, TornadoDevice device, int threadsPerGroup,
            BiFunction<BandSplit, double[][], HaloTransport> transport) {
        super((PoissonProblem) request.problem()); // splitRefusal admits the square alone
        BandSplit split = split(request);
        this.solver = new BandedSolver((PoissonProblem) request.problem(), request.f(), split, device, threadsPerGroup, transport);
        this.shape = new RunShape(0, 0, variant(split.ghostRows()), HaloNote.of(split.bands() + " virtual devices",
                "copied", split), List.of(), MemoryTraffic.HALF_SWEEP_PASSES);
    }

    /** {@code k=<k>}, k the ghost rows and half-sweeps between exchanges, as the standard launches' rows say k. */
    static RowVariant variant(int k) {
        return new RowVariant("k=" + k, "", k);
    }

    @Override
    protected void loadBands(double[] full) {
        solver.load(full);
    }

    @Override
    public double run(int iterations) {
        long start = System.nanoTime();
        solver.run(iterations);
        return (System.nanoTime() - start) / 1e3;
    }

    @Override
    protected void gatherBands(double[] full) {
        solver.gather(full);
    }

    @Override
    public RunShape shape() {
        return shape;
    }

    @Override
    public void close() {
        solver.close();
    }
}
