package org.holdfast.bench.bands;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.holdfast.bridge.BandPass;
import org.holdfast.bridge.BandRequest;
import org.holdfast.bridge.BandSession;
import org.holdfast.bridge.NcclBandWindow;
import org.holdfast.bridge.NcclBandWindows;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentReport;
import org.holdfast.bridge.WatchdogWait;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.KernelOverdueException;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;
import org.holdfast.tornado.cuda.nccl.NcclCommunicator;

/**
 * The square's iterations on GPUs in bands of rows, the persistent paradigm's way: the native band kernel
 * ({@code persistent_bands}, holdfast_bands.h), one cooperative launch per run in which every band runs all its
 * half-sweeps and exchanges its halo rows with the other bands from inside the kernel (self-flagged LL lines, an
 * exchange every k half-sweeps and after the run's last). Each GPU is a lane ({@link GpuLane}: one host thread, its
 * context current, one stream) holding one band session, which keeps its arrays, receive buffers and launch memory
 * from open to close. Two layouts:
 * <ul>
 *   <li>{@link #onOneGpu}: every band on one GPU in one session (one launch of G x blocks-per-band blocks), the
 *       receive buffers plain device memory: the kernel and its exchange checked on one GPU;</li>
 *   <li>{@link #overNccl}: band g on GPU g, the receive buffers NCCL symmetric memory windows (libholdfast_nccl_bands)
 *       over a communicator of GPUs 0 to G-1, each GPU's session given every band's buffer as it addresses it.</li>
 * </ul>
 * Each band computes the k half-sweeps between two exchanges as its {@link BandRequest#pass()} says: one half-sweep
 * at a time with a band barrier after each, or one temporally blocked pass of the k.
 * The grid lives in host memory here; each load copies every band's held rows in, each gather its owned rows back.
 * A run's time is the kernel's (device events) on one GPU, and the host clock from the lanes' start to the last
 * lane's end on several.
 */
public final class PersistentBands implements AutoCloseable {

    /** Far under any GPU's rate over a band's arrays, so only a stopped GPU runs past it. */
    private static final double SLOWEST_BYTES_PER_SECOND = 1e10;

    private final BandSplit split;
    private final Lanes lanes;
    private final BandSession[] sessions;
    private final NcclBandWindow[] windows;
    private final List<NcclCommunicator> communicators = new ArrayList<>();
    private final double watchdogSeconds;
    private final long bytesPerIteration;
    private final String note;
    private final Arena grid = Arena.ofShared();
    private final MemorySegment u;
    private final MemorySegment f;
    private double lastSecondsPerIteration;
    /** A kernel did not end (the library keeps its memory): nothing is freed, the windows' collective close included. */
    private boolean kernelStuck;

    private PersistentBands(PoissonProblem problem, double[] f, BandSplit split, List<GpuLane> lanes, double watchdogSeconds,
            String note) {
        this.split = split;
        this.note = note;
        this.lanes = new Lanes(lanes, note, watchdogSeconds);
        this.sessions = new BandSession[lanes.size()];
        this.windows = new NcclBandWindow[lanes.size()];
        this.watchdogSeconds = watchdogSeconds;
        this.bytesPerIteration = problem.bytesPerIteration();
        this.u = grid.allocate(JAVA_DOUBLE, problem.points());
        this.f = grid.allocate(JAVA_DOUBLE, problem.points());
        MemorySegment.copy(f, 0, this.f, JAVA_DOUBLE, 0, f.length);
    }

    /**
     * Every band of {@code split} on {@code device} in one session.
     *
     * @param request the bands, k, blocks per band, threads, watchdog and fault the session is opened with
     */
    public static PersistentBands onOneGpu(PoissonProblem problem, double[] f, BandSplit split, CudaTornadoDevice device,
            PersistentBridge bridge, BandRequest request) {
        PersistentBands bands = new PersistentBands(problem, f, split, List.of(new GpuLane(device)), watchdog(request),
                noteOf(split, request, split.bands() + " bands on " + device.id()));
        return bands.opened(lanes -> {
            lanes.onEvery(GpuLane::open);
            // A second task: the lane makes its context current before each task once it has one.
            lanes.onEvery(lane -> bands.sessions[0] = bridge.openBands(solved(problem), request, lane.stream().handle()));
        });
    }

    /**
     * Band g on {@code devices.get(g)}, its receive buffer an NCCL symmetric memory window over a communicator of the
     * devices ({@code ncclCommInitAll}, rank g on device g), every window opened at once from the lanes' threads (a
     * collective), each of the largest receive buffer's bytes. {@link NcclBandWindows#bind} must have succeeded.
     */
    public static PersistentBands overNccl(PoissonProblem problem, double[] f, BandSplit split, List<CudaTornadoDevice> devices,
            PersistentBridge bridge, BandRequest request) {
        if (devices.size() != split.bands()) {
            throw new IllegalArgumentException(split.bands() + " bands need as many GPUs, got " + devices.size());
        }
        List<GpuLane> lanes = devices.stream().map(GpuLane::new).toList();
        PersistentBands bands = new PersistentBands(problem, f, split, lanes, watchdog(request),
                noteOf(split, request, split.bands() + (split.bands() == 1 ? " GPU" : " GPUs")));
        long bytes = 0;
        for (int band = 0; band < split.bands(); band++) {
            bytes = Math.max(bytes, bridge.bandLayout(problem.n(), split.bands(), split.ghostRows(), band).receiveBytes());
        }
        long windowBytes = bytes;
        return bands.opened(all -> {
            all.onEvery(GpuLane::open);
            bands.communicators.addAll(NcclCommunicator.initAll(devices.stream().mapToInt(d -> d.device().ordinal()).toArray()));
            all.onEvery(lane -> {
                int rank = all.indexOf(lane);
                bands.windows[rank] = NcclBandWindows.open(bands.communicators.get(rank).handle(), windowBytes);
            });
            all.onEvery(lane -> {
                int rank = all.indexOf(lane);
                long[] peers = bands.windows[rank].peers(split.bands());
                bands.sessions[rank] = bridge.openBand(solved(problem), request, rank, peers, lane.stream().handle());
            });
        });
    }

    private static double watchdog(BandRequest request) {
        return request.watchdogSeconds() > 0 ? request.watchdogSeconds() : 10.0;
    }

    /**
     * {@code "<where>, halos in-kernel (LL lines), k = 2"} for the half-sweeps, {@code "<where>, temporal passes of k = 8,
     * halos in-kernel (LL lines)"} for the temporal passes.
     */
    static String noteOf(BandSplit split, BandRequest request, String where) {
        return request.pass() == BandPass.TEMPORAL
                ? where + ", temporal passes of k = " + split.ghostRows() + ", halos in-kernel (LL lines)"
                : where + ", halos in-kernel (LL lines), k = " + split.ghostRows();
    }

    static PersistentProblem solved(PoissonProblem problem) {
        return PersistentProblem.poisson2d(problem.n(), problem.h2());
    }

    private PersistentBands opened(Consumer<Lanes> open) {
        try {
            open.accept(lanes);
            return this;
        } catch (RuntimeException failure) {
            try {
                close();
            } catch (RuntimeException alsoFailed) {
                failure.addSuppressed(alsoFailed);
            }
            throw failure;
        }
    }

    public BandSplit split() {
        return split;
    }

    /** What the row's note says: where the bands are, the temporal passes where they run, the halos inside the kernel, k. */
    public String note() {
        return note;
    }

    /** The first session's blocks per band and threads per block, as the library resolved them. */
    public int[] blocksAndThreads() {
        int[] shape = new int[2];
        lanes.awaitOn(lanes.all().get(0), () -> {
            var info = sessions[0].info();
            shape[0] = info.blocksPerBand();
            shape[1] = info.threadsPerBlock();
        });
        return shape;
    }

    /** Gives every band the rows it holds of {@code full}, the whole grid (boundary included). */
    public void load(double[] full) {
        MemorySegment.copy(full, 0, u, JAVA_DOUBLE, 0, full.length);
        lanes.onEvery(lane -> sessions[lanes.indexOf(lane)].load(u.address(), f.address()));
    }

    /**
     * Runs {@code iterations} iterations on every GPU at once, one launch each.
     *
     * @return µs: the kernel's time between its events on one GPU; on several, the host clock from the lanes' start
     *     to the last lane's end
     * @throws KernelOverdueException a lane did not end within its bound (nothing is freed after it)
     * @throws NativeException a watchdog (naming the band and the one it waited for), or a kernel that did not end
     *     ({@link WatchdogWait#KERNEL_EXIT}; nothing is freed after it)
     */
    public double run(int iterations) {
        PersistentReport[] reports = new PersistentReport[sessions.length];
        // Beyond the library's own deadline (3 watchdogs + 2 s + the work), so that it reports first.
        double bound = 4 * watchdogSeconds + 3 + iterations * (lastSecondsPerIteration > 0 ? 10 * lastSecondsPerIteration
                : bytesPerIteration / SLOWEST_BYTES_PER_SECOND);
        long start = System.nanoTime();
        try {
            lanes.onEvery(lane -> reports[lanes.indexOf(lane)] = sessions[lanes.indexOf(lane)].run(iterations), bound);
        } catch (NativeException e) {
            kernelStuck |= e.kernelDidNotEnd()
                    || Arrays.stream(e.getSuppressed()).anyMatch(PersistentBands::kernelExit);
            throw e;
        }
        long elapsed = System.nanoTime() - start;
        lastSecondsPerIteration = elapsed * 1e-9 / Math.max(1, iterations);
        return sessions.length == 1 ? reports[0].deviceMillis() * 1e3 : elapsed / 1e3;
    }

    private static boolean kernelExit(Throwable suppressed) {
        return suppressed instanceof NativeException e && e.kernelDidNotEnd();
    }

    /** Writes every band's owned rows into {@code full}; its other rows (the boundary) are left as they are. */
    public void gather(double[] full) {
        lanes.onEvery(lane -> sessions[lanes.indexOf(lane)].unload(u.address()));
        MemorySegment.copy(u, JAVA_DOUBLE, 0, full, 0, full.length);
    }

    /**
     * Closes every session, then the windows (together: a collective), the communicators and the streams, and stops
     * the threads; after an overdue run or a kernel that did not end, only the threads.
     */
    @Override
    public void close() {
        RuntimeException first = null;
        if (!lanes.overdue() && !kernelStuck) {
            for (GpuLane lane : lanes.all()) {
                BandSession session = sessions[lanes.indexOf(lane)];
                if (session != null) {
                    first = Lanes.closing(() -> lanes.awaitOn(lane, session::close), first);
                }
            }
            if (Arrays.stream(windows).anyMatch(w -> w != null)) {
                first = Lanes.closing(() -> lanes.onEvery(lane -> {
                    NcclBandWindow window = windows[lanes.indexOf(lane)];
                    if (window != null) {
                        window.close();
                    }
                }), first);
            }
            for (NcclCommunicator communicator : communicators) {
                first = Lanes.closing(communicator::close, first);
            }
            for (GpuLane lane : lanes.all()) {
                first = Lanes.closing(() -> lanes.awaitOn(lane, lane::free), first);
            }
            grid.close();
        }
        lanes.close();
        if (first != null) {
            throw first;
        }
    }
}
