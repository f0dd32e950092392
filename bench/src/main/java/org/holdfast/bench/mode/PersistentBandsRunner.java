package org.holdfast.bench.mode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.holdfast.bench.bands.BandTransport;
import org.holdfast.bench.bands.PersistentBands;
import org.holdfast.bridge.BandPass;
import org.holdfast.bridge.BandRequest;
import org.holdfast.bridge.IncompleteWorkException;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeStatus;
import org.holdfast.bridge.NcclBandWindows;
import org.holdfast.kernels.bands.BandKernels;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.KernelOverdueException;
import org.holdfast.tornado.api.LaunchInfo;

/**
 * {@code persistent-grid} split over {@code --gpus G} GPUs: the square in G bands of rows, each band run by the
 * native band kernel ({@link PersistentBands}: one cooperative launch per run, the halo rows exchanged from inside
 * the kernel every k half-sweeps and after the run's last), as its {@link BandPlan} says: each half-sweep with a band
 * barrier after it ({@code --barrier two-slot}) or temporal passes of k half-sweeps ({@code --barrier temporal}), k
 * from {@code --sweeps-per-exchange}; {@code --barrier auto} is {@link BandPassRule}'s choice by size. Through NCCL
 * one band per GPU, the receive buffers NCCL symmetric memory windows; with
 * {@code -Dholdfast.bands.transport=copy} every band on GPU 0 in one launch. The harness checks the gathered grid
 * against the plain reference like any other row.
 */
public final class PersistentBandsRunner extends SplitGridRunner {

    /** The most ghost rows (k) the band kernel takes ({@code kMaxBandGhostRows}). */
    public static final int MOST_GHOST_ROWS = 16;

    private final PersistentBands bands;
    private final RunShape shape;

    /**
     * @param plan the bands' pass, k (ghost rows each side and half-sweeps between exchanges) and threads
     * @param variant the row's variant
     * @throws ModeRefusedException too few interior rows, k beyond the kernel's, more GPUs than the machine has, what
     *     the library refuses when the session opens (the temporal pass on HIP, say)
     * @throws ModeUnavailableException without a GPU, or without NCCL or libholdfast_nccl_bands where they carry the halos
     */
    public PersistentBandsRunner(RunRequest request, Machine machine, BandTransport transport, BandPlan plan, RowVariant variant) {
        this(request, machine, transport, variant, request.watchdogSeconds(),
                BandRequest.of(request.gpus(), plan.k()).withPass(plan.pass()).withThreadsPerBlock(plan.threads()));
    }

    /**
     * The same with the session's request as given (a test's fault, a shorter watchdog): its bands, k and pass; its
     * threads where it fixes them, else the request's.
     */
    PersistentBandsRunner(RunRequest request, Machine machine, BandTransport transport, RowVariant variant,
            double watchdogSeconds, BandRequest asked) {
        super((PoissonProblem) request.problem()); // splitRefusal admits the square alone
        PoissonProblem problem = (PoissonProblem) request.problem();
        BandSplit split = split(request.gpus(), asked.ghostRows(), problem.n());
        machine.bridge(); // without a GPU or the native library: that, before the GPUs are counted
        Optional<String> refused = transport.tooFewGpus(request.gpus(), machine.gpuCount());
        if (refused.isPresent()) {
            throw new ModeRefusedException(refused.get());
        }
        Optional<String> missing = librariesMissing(transport, machine);
        if (missing.isPresent()) {
            throw new ModeUnavailableException(missing.get());
        }
        int threads = asked.threadsPerBlock() > 0 ? asked.threadsPerBlock() : request.threadsAsked();
        long widest = BandKernels.pointsPerColour(split.band(0).rows(), problem.n());
        BandRequest session = asked.withThreadsPerBlock(threads).withWatchdogSeconds(watchdogSeconds)
                .withBlocksPerBand(request.blocks().plannerBlocks(widest, threads == 0 ? RunRequest.DEFAULT_THREADS : threads));
        try {
            this.bands = transport == BandTransport.COPY
                    ? PersistentBands.onOneGpu(problem, request.f(), split, machine.gpu(), machine.bridge(), session)
                    : PersistentBands.overNccl(problem, request.f(), split, devices(request.gpus()), machine.bridge(), session);
        } catch (NativeException e) {
            throw NativePersistentMode.refusalOrItself(e);
        }
        int[] blocksAndThreads = bands.blocksAndThreads();
        List<LaunchInfo> launches = new ArrayList<>();
        int launchesOfBlocks = transport == BandTransport.COPY ? split.bands() : 1;
        for (int gpu = 0; gpu < (transport == BandTransport.COPY ? 1 : split.bands()); gpu++) {
            String kernel = asked.pass() == BandPass.TEMPORAL ? "persistent_bands_temporal_k" + split.ghostRows() : "persistent_bands";
            launches.add(new LaunchInfo("bands", kernel, new int[] {launchesOfBlocks * blocksAndThreads[0], 1, 1},
                    new int[] {blocksAndThreads[1], 1, 1}, 0, transport == BandTransport.COPY ? machine.gpu().id() : "gpu" + gpu));
        }
        this.shape = new RunShape(blocksAndThreads[0], blocksAndThreads[1], variant, bands.note() + timeNote(transport),
                launches, asked.pass() == BandPass.TEMPORAL ? MemoryTraffic.passes(split.ghostRows()) : MemoryTraffic.HALF_SWEEP_PASSES);
    }

    /**
     * The split of the square of side {@code n} into {@code gpus} bands with {@code k} ghost rows.
     *
     * @throws ModeRefusedException with fewer interior rows than bands, or k beyond the kernel's
     */
    static BandSplit split(int gpus, int k, int n) {
        if (k > MOST_GHOST_ROWS) {
            throw new ModeRefusedException("--gpus " + gpus + ": the persistent band kernel takes k = 1 to " + MOST_GHOST_ROWS
                    + " ghost rows (--sweeps-per-exchange), not " + k);
        }
        try {
            return new BandSplit(n, gpus, k);
        } catch (IllegalArgumentException e) {
            throw new ModeRefusedException("--gpus " + gpus + ": " + e.getMessage());
        }
    }

    /** How the row's time was taken, after its note. */
    static String timeNote(BandTransport transport) {
        return transport == BandTransport.COPY ? "; the kernel's time" : "; host clock, the lanes' start to the last one's end";
    }

    /**
     * Why the halos cannot travel here: NCCL not found (with what to install), or libholdfast_nccl_bands not built
     * (with where it was looked for); empty for the copies, and where both are found (then bound).
     */
    static Optional<String> librariesMissing(BandTransport transport, Machine machine) {
        if (transport == BandTransport.COPY) {
            return Optional.empty();
        }
        return transport.libraryMissing().or(() -> NcclBandWindows.bind(machine.bridge().library()));
    }

    @Override
    protected void loadBands(double[] full) {
        bands.load(full);
    }

    @Override
    public double run(int iterations) {
        try {
            return bands.run(iterations);
        } catch (IncompleteWorkException e) {
            throw new WorkShortfallException(e.nativeMessage(), e);
        } catch (KernelOverdueException e) {
            throw new KernelStillRunningException(e.getMessage(), e);
        } catch (NativeException e) {
            if (e.status() == NativeStatus.WATCHDOG
                    && e.kernelDidNotEnd()) {
                // Freeing memory under a kernel that still runs would wait for it forever: the bands keep it.
                throw new KernelStillRunningException(e.getMessage(), e);
            }
            throw e;
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
