package org.holdfast.bench.bands;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.HaloTransport;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaGraph;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.OwnedResources;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * One GPU of a split and the one host thread that drives it: its primary context (current on that thread),
 * one stream, the bands it holds (one per GPU through NCCL; all of them on one GPU through device copies)
 * and its side of every halo exchange. Each half-sweep queues the band kernels of every band it holds, then,
 * where the split's schedule says (after every k-th half-sweep of the run and after its last, k the ghost
 * rows), the exchange, all on the one stream, so the stream's order is the schedule's. For {@code graph},
 * whole iterations of that (its NCCL calls included) are captured per GPU and replayed: up to
 * {@value #ITERATIONS_PER_GRAPH} iterations a graph, as the one-GPU graphs hold, rounded down to whole periods of
 * the schedule ({@link #iterationsPerGraph}), so that every graph starts where the run's count of half-sweeps is a
 * multiple of k and holds the exchanges of the run's schedule, at their places.
 *
 * <p>Every method but {@link #submit} runs on the lane's thread, through {@link #submit}.
 */
final class GpuLane implements AutoCloseable {

    static final int ITERATIONS_PER_GRAPH = 64;

    private final CudaTornadoDevice device;
    private final ExecutorService thread;
    private final OwnedResources owned = new OwnedResources();
    private final List<GpuBand> bands = new ArrayList<>();
    private final CudaGraph[] graphs = new CudaGraph[ITERATIONS_PER_GRAPH + 1];
    private CudaContext context;
    private CudaStream stream;
    private HaloTransport transport;
    private List<BandSplit.HaloCopy> halos;
    private BandSplit split;
    /** Iterations of a whole graph: {@link #iterationsPerGraph} of the split. */
    private int perGraph = ITERATIONS_PER_GRAPH;

    /** A lane for {@code device}, its thread started; nothing is allocated until {@link #open}. */
    GpuLane(CudaTornadoDevice device) {
        this.device = device;
        this.thread = Executors.newSingleThreadExecutor(work -> {
            Thread lane = new Thread(work, "holdfast-" + device.id());
            lane.setDaemon(true); // a lane stuck behind a GPU that never answers must not keep the JVM alive
            return lane;
        });
    }

    CudaTornadoDevice device() {
        return device;
    }

    /** Runs {@code work} on the lane's thread, with its context current once it has one. */
    <T> Future<T> submit(Callable<T> work) {
        return thread.submit(() -> {
            if (context != null) {
                context.makeCurrent();
            }
            return work.call();
        });
    }

    /** Retains the context and makes the stream. */
    void open() {
        context = device.context();
        stream = owned.own(CudaStream.create(context));
    }

    CudaStream stream() {
        return stream;
    }

    /** Adds a band this GPU holds. */
    void hold(GpuBand band) {
        bands.add(owned.own(band));
    }

    List<GpuBand> bands() {
        return List.copyOf(bands);
    }

    /** Sets how this GPU's halos travel, made from its stream; {@code halos} is the split's whole exchange. */
    void exchangeThrough(BandSplit split, Function<GpuLane, HaloTransport> transport) {
        this.split = split;
        this.halos = split.halos();
        this.perGraph = iterationsPerGraph(split.ghostRows());
        this.transport = transport.apply(this);
    }

    /** One exchange, outside any run (NCCL connects its peers on the first), and waits for it. */
    void exchangeOnce() {
        transport.exchange(halos);
        stream.synchronize();
    }

    /**
     * Iterations of a whole graph with an exchange every {@code k} half-sweeps: the most, up to
     * {@value #ITERATIONS_PER_GRAPH}, that are a whole number of the schedule's periods, lcm(2, k) half-sweeps
     * (64 for k = 1, 2, 4, 8, 16; 63 for k = 3 and 6; 60 for k = 12). A run is graphs of that many iterations,
     * then one graph of the rest: each starts after a multiple of k half-sweeps of the run, so its own count
     * of half-sweeps puts the exchanges where the run's count does, and the last one ends on the run's last
     * half-sweep, after which the schedule exchanges too. A graph of c iterations is therefore the same
     * whatever the run it serves, and is captured once.
     */
    static int iterationsPerGraph(int k) {
        int period = k % 2 == 0 ? k / 2 : k; // lcm(2, k) / 2 iterations
        if (period > ITERATIONS_PER_GRAPH) {
            throw new IllegalArgumentException("an exchange every " + k + " half-sweeps: a period of " + period
                    + " iterations does not fit a graph of " + ITERATIONS_PER_GRAPH);
        }
        return ITERATIONS_PER_GRAPH / period * period;
    }

    /** Captures the graphs {@code iterations} needs and does not have yet (outside the timed region). */
    void prepare(LaunchStyle style, int iterations) {
        if (style != LaunchStyle.CUDA_GRAPH) {
            return;
        }
        if (iterations >= perGraph) {
            graph(perGraph);
        }
        if (iterations % perGraph != 0) {
            graph(iterations % perGraph);
        }
    }

    /** Queues {@code iterations} iterations as {@code style} says and waits for the stream. */
    void run(LaunchStyle style, int iterations) {
        switch (style) {
            case QUEUED -> queue(0, 2 * iterations, 2 * iterations);
            case SYNC_EVERY_ITERATION -> {
                for (int iteration = 0; iteration < iterations; iteration++) {
                    queue(2 * iteration, 2, 2 * iterations);
                    stream.synchronize();
                }
            }
            case CUDA_GRAPH -> {
                for (int chunk = 0; chunk < iterations / perGraph; chunk++) {
                    graphs[perGraph].launch(stream);
                }
                if (iterations % perGraph != 0) {
                    graphs[iterations % perGraph].launch(stream);
                }
            }
        }
        stream.synchronize();
    }

    /**
     * Queues {@code count} half-sweeps of a run of {@code halfSweeps}, those after the first {@code before}: per
     * half-sweep, red first (the run's odd ones), every band's kernel, then the exchange where the split's
     * schedule puts it, by the run's count ({@link BandSplit#exchangesAfter}: after every k-th half-sweep
     * and after the last).
     */
    private void queue(int before, int count, int halfSweeps) {
        for (int done = before + 1; done <= before + count; done++) {
            for (GpuBand band : bands) {
                band.halfSweep(done % 2 == 1, stream);
            }
            if (split.exchangesAfter(done, halfSweeps)) {
                transport.exchange(halos);
            }
        }
    }

    /** The graph of {@code iterations} iterations, as a run of that many queues them ({@link #iterationsPerGraph}). */
    private CudaGraph graph(int iterations) {
        if (graphs[iterations] == null) {
            graphs[iterations] = owned.own(CudaGraph.captureRelaxed(stream, () -> queue(0, 2 * iterations, 2 * iterations)));
        }
        return graphs[iterations];
    }

    /** Waits for the stream, then frees graphs, bands and stream, the last made first. */
    void free() {
        Arrays.fill(graphs, null);
        bands.clear();
        if (stream == null) {
            owned.close();
            return;
        }
        owned.waitThenClose(stream::synchronize);
    }

    /** Stops the thread (after {@link #free}, or without it when the GPU no longer answers). */
    @Override
    public void close() {
        thread.shutdownNow();
    }
}
