package org.holdfast.bench.mode;

import java.util.Optional;
import java.util.function.Function;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.bench.bands.GpuBands;
import org.holdfast.bench.bands.LaunchStyle;
import org.holdfast.kernels.bands.BandKernels;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.HaloTransport;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.KernelOverdueException;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * A standard mode ({@code launch}, {@code launch-sync}, {@code graph}) split over {@code --gpus G} GPUs: the
 * square in G bands of rows with k ghost rows each side ({@code --sweeps-per-launch k}, 1 by default), the Java
 * band kernels on each band's GPU, one launch per half-sweep, the halo rows exchanged after every k-th
 * half-sweep and the run's last ({@link GpuBands}; not the temporal pass, which is one launch per k
 * half-sweeps on one device): through NCCL, one band per GPU, or, with
 * {@code -Dholdfast.bands.transport=copy}, every band on GPU 0 by device copies. The harness checks the
 * gathered grid against the plain reference like any other row. Timed on the host clock.
 */
public final class GpuBandedRunner extends SplitGridRunner {

    private final GpuBands bands;
    private final LaunchStyle style;
    private final RunShape shape;

    /**
     * @throws ModeRefusedException when the size has fewer interior rows than bands, or the machine too few GPUs
     * @throws ModeUnavailableException without a GPU, or without NCCL where it carries the halos
     */
    public GpuBandedRunner(RunRequest request, Machine machine, LaunchStyle style, RowVariant variant, BandTransport transport) {
        this(request, machine, style, variant, transport, copies -> copies);
    }

    /** The same, the copy transport wrapped by {@code wrap} (a test's drops a halo row); NCCL's is never wrapped. */
    public GpuBandedRunner(RunRequest request, Machine machine, LaunchStyle style, RowVariant variant, BandTransport transport,
            Function<HaloTransport, HaloTransport> wrap) {
        super((PoissonProblem) request.problem()); // splitRefusal admits the square alone
        PoissonProblem problem = (PoissonProblem) request.problem();
        BandSplit split = split(request);
        CudaTornadoDevice first = machine.gpu();
        Optional<String> refused = transport.tooFewGpus(request.gpus(), machine.gpuCount());
        if (refused.isPresent()) {
            throw new ModeRefusedException(refused.get());
        }
        Optional<String> missing = transport.libraryMissing();
        if (missing.isPresent()) {
            throw new ModeUnavailableException(missing.get());
        }
        int threads = request.threads();
        Function<Long, Integer> blocks = points -> request.blocks().standardBlocks(points, threads);
        this.style = style;
        this.bands = transport == BandTransport.COPY
                ? GpuBands.onOneGpu(problem, request.f(), split, first, blocks, threads, request.watchdogSeconds(), wrap)
                : GpuBands.overNccl(problem, request.f(), split, devices(request.gpus()), blocks, threads, request.watchdogSeconds());
        int firstBlocks = blocks.apply(BandKernels.pointsPerColour(split.band(0).rows(), problem.n()));
        this.shape = new RunShape(firstBlocks, threads, variant, bands.note(), bands.launches(), MemoryTraffic.HALF_SWEEP_PASSES);
    }

    @Override
    protected void loadBands(double[] full) {
        bands.load(full);
    }

    @Override
    public double run(int iterations) {
        try {
            return bands.run(style, iterations);
        } catch (KernelOverdueException e) {
            // A GPU still waits: the harness stops the GPU rows (KernelStillRunningException).
            throw new KernelStillRunningException(e.getMessage(), e);
        }
    }

    @Override
    protected void gatherBands(double[] full) {
        bands.gather(full);
    }

    @Override
    public RunShape shape() {
        return shape;
    }

    @Override
    public void close() {
        bands.close();
    }
}
