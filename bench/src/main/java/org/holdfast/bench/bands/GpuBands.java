package org.holdfast.bench.bands;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.holdfast.kernels.bands.BandKernels;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.HaloTransport;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.KernelOverdueException;
import org.holdfast.tornado.api.LaunchInfo;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;
import org.holdfast.tornado.cuda.nccl.NcclCommunicator;

/**
 * The square's red-black iterations on GPUs in bands of rows, the standard launches' way: each GPU's bands
 * ({@link GpuBand}, the Java {@link BandKernels}) launched by one host thread per GPU on one stream
 * ({@link GpuLane}), the halo rows exchanged as the {@link BandSplit} says (k ghost rows each side and an exchange
 * after every k-th half-sweep, every half-sweep still one launch per band), and the grid gathered from the bands
 * for the harness's verification. Two layouts:
 * <ul>
 *   <li>{@link #overNccl}: band g on GPU g, an NCCL communicator over GPUs 0 to G-1 in this process
 *       ({@code ncclCommInitAll}), each exchange one group of sends and receives per GPU
 *       ({@link NcclHaloTransport});</li>
 *   <li>{@link #onOneGpu}: every band on one GPU, the halo rows by device-to-device copies
 *       ({@link DeviceCopyTransport}): the kernels and the schedule checked on one GPU, which NCCL cannot
 *       (one rank per GPU).</li>
 * </ul>
 * A run's time is the host clock from the first lane's start to the last lane's end. A lane that does not
 * end in time (a GPU waiting for a peer that never sends) ends the run with a
 * {@link KernelOverdueException}, and nothing is freed after it.
 */
public final class GpuBands implements AutoCloseable {

    /** Far under any GPU's rate over a band's arrays, so only a stopped GPU runs past it. */
    private static final double SLOWEST_BYTES_PER_SECOND = 1e10;

    private final BandSplit split;
    private final Lanes lanes;
    private final List<NcclCommunicator> communicators;
    private final double watchdogSeconds;
    /** The whole grid's bytes moved per iteration ({@code Problem.bytesPerIteration}), for the first run's bound. */
    private final long bytesPerIteration;
    private final String note;
    private double lastSecondsPerIteration;

    private GpuBands(PoissonProblem problem, BandSplit split, List<GpuLane> lanes, List<NcclCommunicator> communicators,
            double watchdogSeconds, String note) {
        this.split = split;
        this.lanes = new Lanes(lanes, note, watchdogSeconds);
        this.communicators = communicators;
        this.watchdogSeconds = watchdogSeconds;
        this.bytesPerIteration = problem.bytesPerIteration();
        this.note = note;
    }

    /**
     * Band g on {@code devices.get(g)}, halo rows through NCCL: one communicator over the devices
     * ({@code ncclCommInitAll}, rank g on device g) and one exchange outside any run, so that NCCL has
     * connected its peers before a run or a graph capture.
     *
     * @param blocks blocks per launch for a band of that many points per colour
     */
    public static GpuBands overNccl(PoissonProblem problem, double[] f, BandSplit split, List<CudaTornadoDevice> devices,
            Function<Long, Integer> blocks, int threads, double watchdogSeconds) {
        if (devices.size() != split.bands()) {
            throw new IllegalArgumentException(split.bands() + " bands need as many GPUs, got " + devices.size());
        }
        List<GpuLane> lanes = new ArrayList<>();
        for (CudaTornadoDevice device : devices) {
            lanes.add(new GpuLane(device));
        }
        List<NcclCommunicator> communicators = new ArrayList<>();
        GpuBands bands = new GpuBands(problem, split, lanes, communicators, watchdogSeconds, HaloNote.of(split.bands()
                + (split.bands() == 1 ? " GPU" : " GPUs"), split.ghostRows() == 1 ? "by NCCL send and receive" : "by NCCL", split));
        try {
            bands.onEveryLane(lane -> {
                lane.open();
                BandSplit.Band band = split.band(lanes.indexOf(lane));
                lane.hold(new GpuBand(lane.device(), problem, f, band, blocks.apply(BandKernels.pointsPerColour(band.rows(),
                        problem.n())), threads));
            });
            communicators.addAll(NcclCommunicator.initAll(devices.stream().mapToInt(d -> d.device().ordinal()).toArray()));
            bands.onEveryLane(lane -> {
                int rank = lanes.indexOf(lane);
                lane.exchangeThrough(split, l -> new NcclHaloTransport(split, rank, l.bands().get(0).u().pointer(),
                        new NcclPointToPoint(communicators.get(rank), l.stream())));
            });
            bands.onEveryLane(GpuLane::exchangeOnce);
            return bands;
        } catch (RuntimeException failure) {
            bands.closeAfter(failure);
            throw failure;
        }
    }

    /**
     * Every band on {@code device}, the halo rows by device-to-device copies on its one stream.
     *
     * @param transport wraps the copy transport (a test's drops a row); identity otherwise
     */
    public static GpuBands onOneGpu(PoissonProblem problem, double[] f, BandSplit split, CudaTornadoDevice device,
            Function<Long, Integer> blocks, int threads, double watchdogSeconds, Function<HaloTransport, HaloTransport> transport) {
        GpuLane lane = new GpuLane(device);
        GpuBands bands = new GpuBands(problem, split, List.of(lane), List.of(), watchdogSeconds, HaloNote.of(split.bands()
                + " bands on " + device.id(), "by device-to-device copies", split));
        try {
            bands.onEveryLane(only -> {
                only.open();
                for (BandSplit.Band band : split.bandList()) {
                    only.hold(new GpuBand(device, problem, f, band, blocks.apply(BandKernels.pointsPerColour(band.rows(),
                            problem.n())), threads));
                }
                only.exchangeThrough(split, l -> transport.apply(new DeviceCopyTransport(split,
                        l.bands().stream().map(GpuBand::u).toList(), l.stream())));
            });
            return bands;
        } catch (RuntimeException failure) {
            bands.closeAfter(failure);
            throw failure;
        }
    }

    public BandSplit split() {
        return split;
    }

    /** What the row's note says: how many GPUs and how the halos travel. */
    public String note() {
        return note;
    }

    /** Gives every band the rows it holds of {@code full}, the whole grid (boundary included). */
    public void load(double[] full) {
        onEveryLane(lane -> lane.bands().forEach(band -> band.load(full)));
    }

    /**
     * Runs {@code iterations} iterations on every GPU at once, as {@code style} says; the graphs a
     * {@code graph} run needs are captured first, outside the time.
     *
     * @return the host clock's µs from the start of the first lane's launches to the end of the last one's
     */
    public double run(LaunchStyle style, int iterations) {
        onEveryLane(lane -> lane.prepare(style, iterations));
        double bound = 2 * watchdogSeconds + 1 + iterations * (lastSecondsPerIteration > 0 ? 10 * lastSecondsPerIteration
                : bytesPerIteration / SLOWEST_BYTES_PER_SECOND);
        long start = System.nanoTime();
        onEveryLane(lane -> lane.run(style, iterations), bound);
        long elapsed = System.nanoTime() - start;
        lastSecondsPerIteration = elapsed * 1e-9 / iterations;
        return elapsed / 1e3;
    }

    /** Writes every band's owned rows into {@code full}; its other rows (the boundary) are left as they are. */
    public void gather(double[] full) {
        onEveryLane(lane -> lane.bands().forEach(band -> band.gather(full)));
    }

    /** Every band's red and black launch. */
    public List<LaunchInfo> launches() {
        List<LaunchInfo> launches = new ArrayList<>();
        for (GpuLane lane : lanes.all()) {
            for (GpuBand band : lane.bands()) {
                launches.addAll(band.launches());
            }
        }
        return launches;
    }

    private void onEveryLane(Consumer<GpuLane> work) {
        lanes.onEvery(work);
    }

    private void onEveryLane(Consumer<GpuLane> work, double seconds) {
        lanes.onEvery(work, seconds);
    }

    private void closeAfter(RuntimeException failure) {
        try {
            close();
        } catch (RuntimeException alsoFailed) {
            failure.addSuppressed(alsoFailed);
        }
    }

    /**
     * Waits for every GPU, frees every lane's graphs, bands and stream, destroys the communicators, and stops
     * the threads; after an overdue run, only the threads (freeing under a GPU that still waits would hang).
     */
    @Override
    public void close() {
        RuntimeException first = null;
        if (!lanes.overdue()) {
            try {
                onEveryLane(lane -> {
                    if (lane.stream() != null) {
                        lane.stream().synchronize();
                    }
                });
            } catch (RuntimeException failure) {
                first = failure;
            }
            // The graphs first: NCCL's captured work belongs to its communicator, which must outlive them.
            for (GpuLane lane : lanes.all()) {
                first = Lanes.closing(() -> lanes.awaitOn(lane, lane::free), first);
            }
            for (NcclCommunicator communicator : communicators) {
                first = Lanes.closing(communicator::close, first);
            }
        }
        lanes.close();
        if (first != null) {
            throw first;
        }
    }
}
