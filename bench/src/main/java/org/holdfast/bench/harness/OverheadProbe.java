package org.holdfast.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongToDoubleFunction;
import org.holdfast.bench.gpu.DeviceProblem;
import org.holdfast.bench.gpu.LaunchCosts;
import org.holdfast.bench.mode.PersistentGridMode;
import org.holdfast.bench.mode.PersistentHostMode;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bridge.LaunchOverhead;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentReport;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.bridge.PersistentSession;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * The overhead breakdown: what a launch, a graph node, a grid barrier, a host handshake, a
 * self-flagged halo exchange between multiprocessors, the hardware cluster barrier and a halo
 * exchange through distributed shared memory cost on this GPU, each the median of a few rounds, and
 * a halo exchange between GPUs 0 and 1 ({@link GpuHaloRows}). Launches from Java and from C alternate
 * round by round, so that both see the same machine. A probe the device refuses (no clusters: older
 * GPUs, AMD; one GPU for the exchange between GPUs) gives a row saying why.
 */
final class OverheadProbe {

    private static final int ROUNDS = 5;
    private static final int LAUNCHES = 20_000;
    /** Half-sweeps on a 3 x 3 grid (one point): all the time is synchronisation. */
    private static final int SYNC_ITERATIONS = 5_000;
    private static final PoissonProblem TINY = new PoissonProblem(3);
    /** Exchanges per halo probe launch. */
    private static final int HALO_ROUNDS = 2_000;
    /** Threads per block of the halo probe: the resident kernel's. */
    private static final int HALO_THREADS = 512;
    /** One colour of one row at N = 1001: what the resident kernel sends each neighbour per exchange at k = 1. */
    private static final int ROW_LINES = 502;
    /** Barriers per cluster barrier probe launch. */
    private static final int CLUSTER_BARRIERS = 20_000;
    /** Exchanges per DSMEM probe launch. */
    private static final int DSMEM_ROUNDS = 10_000;
    /** The largest cluster (non-portable size); the cluster kernels' bands hold N = 101 with 16 blocks. */
    private static final int CLUSTER_BLOCKS = 16;
    /** Threads per block of the DSMEM probe. */
    private static final int DSMEM_THREADS = 128;
    /** One colour of one row at N = 101: what a block of the cluster kernel sends each neighbour per half-sweep. */
    private static final int CLUSTER_ROW_DOUBLES = 51;

    private final CudaTornadoDevice gpu;
    private final PersistentBridge bridge;
    private final int gpus;

    /**
     * @param bridge the native library, or null: then only the Java-side figures are measured
     * @param gpus the GPUs on this machine (the exchange between GPUs needs 2)
     */
    OverheadProbe(CudaTornadoDevice gpu, PersistentBridge bridge, int gpus) {
        this.gpu = gpu;
        this.bridge = bridge;
        this.gpus = gpus;
    }

    List<OverheadRow> measure() {
        CudaContext context = gpu.context();
        context.makeCurrent();
        List<OverheadRow> rows = new ArrayList<>();
        measureLaunches(context, rows);
        if (bridge != null) {
            int perSm = gpu.device().multiprocessors();
            rows.add(probe("grid barrier, cooperative groups, " + perSm + " blocks", "device events, N = 3, per half-sweep",
                    () -> perBarrier("cg", perSm)));
            rows.add(probe("grid barrier, two-slot, " + perSm + " blocks", "device events, N = 3, per half-sweep",
                    () -> perBarrier("two-slot", perSm)));
            rows.add(probe("host handshake, one block, busy poll", "host clock per signalled-and-done half-sweep, N = 3",
                    this::perHandshake));
            for (int lines : new int[] {1, ROW_LINES}) {
                rows.add(probe("self-flagged halo exchange between SMs, " + perSm + " blocks, " + lines + " line"
                        + (lines == 1 ? "" : "s (a colour row of N = 1001)") + " per neighbour",
                        "device events per exchange, " + HALO_THREADS + " threads, " + HALO_ROUNDS + " exchanges",
                        () -> perHaloExchange(perSm, lines)));
            }
            for (int[] shape : new int[][] {{2, 128}, {CLUSTER_BLOCKS, 128}, {CLUSTER_BLOCKS, 1024}}) {
                rows.add(probe("cluster barrier (cluster.sync()), " + shape[0] + " blocks of " + shape[1] + " threads",
                        "device events per barrier, one cluster, " + CLUSTER_BARRIERS + " barriers",
                        () -> perClusterBarrier(shape[0], shape[1])));
            }
            rows.add(probe("DSMEM halo exchange in one cluster of " + CLUSTER_BLOCKS + ", 1 row of N = 101 ("
                    + CLUSTER_ROW_DOUBLES + " doubles) per neighbour",
                    "device events per exchange: remote stores, split cluster barrier, reads checked, "
                            + DSMEM_THREADS + " threads, " + DSMEM_ROUNDS + " exchanges",
                    () -> perDsmemExchange(CLUSTER_BLOCKS, CLUSTER_ROW_DOUBLES)));
        }
        rows.addAll(GpuHaloRows.measure(gpus,
                bridge == null ? Optional.empty() : Optional.ofNullable(bridge.library().getParent())));
        return rows;
    }

    /** Launch costs from Java and, where the native library is here, from C, round by round. */
    private void measureLaunches(CudaContext context, List<OverheadRow> rows) {
        double[] javaSync = new double[ROUNDS];
        double[] javaQueued = new double[ROUNDS];
        double[] javaCall = new double[ROUNDS];
        double[] graphNode = new double[ROUNDS];
        double[] cSync = new double[ROUNDS];
        double[] cQueued = new double[ROUNDS];
        try (CudaStream stream = CudaStream.create(context)) {
            for (int round = 0; round < ROUNDS; round++) {
                LaunchCosts java = LaunchCosts.measure(context, gpu.compiler(), LAUNCHES);
                javaSync[round] = java.launchSyncMicros();
                javaQueued[round] = java.queuedLaunchMicros();
                javaCall[round] = java.hostCallMicros();
                graphNode[round] = java.graphNodeMicros();
                if (bridge != null) {
                    LaunchOverhead c = bridge.launchOverhead(LAUNCHES, stream.handle());
                    cSync[round] = c.syncedSeconds() * 1e6;
                    cQueued[round] = c.queuedSeconds() * 1e6;
                }
            }
        } catch (RuntimeException e) {
            rows.add(new OverheadRow("launch costs", Double.NaN, "not measured: " + e.getMessage()));
            return;
        }
        rows.add(row("empty kernel: launch + sync, from Java", javaSync, "host clock, " + LAUNCHES + " launches"));
        if (bridge != null) {
            rows.add(row("empty kernel: launch + sync, from C", cSync, "host clock, " + LAUNCHES + " launches"));
        }
        rows.add(row("empty kernel: queued launch, from Java", javaQueued, "host clock, back to back, one sync"));
        if (bridge != null) {
            rows.add(row("empty kernel: queued launch, from C", cQueued, "host clock, back to back, one sync"));
        }
        rows.add(row("cuLaunchKernel call, from Java", javaCall, "host time inside the call, queue not full"));
        rows.add(row("CUDA graph: per kernel node", graphNode, "device events, graph of 256 empty kernels vs 1"));
    }

    /** One figure, or why it could not be measured on this machine (no cooperative launch, say). */
    private static OverheadRow probe(String what, String how, java.util.function.DoubleSupplier micros) {
        try {
            return new OverheadRow(what, micros.getAsDouble(), how + ", median of " + ROUNDS);
        } catch (RuntimeException e) {
            return new OverheadRow(what, Double.NaN, "not measured: " + e.getMessage());
        }
    }

    private static OverheadRow row(String what, double[] rounds, String how) {
        return new OverheadRow(what, Statistics.of(rounds).median(), how + ", median of " + ROUNDS);
    }

    private double perBarrier(String barrier, int blocks) {
        double[] micros = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            PersistentRequest request = PersistentRequest.of(PersistentGridMode.NAME, barrier).withBlocks(blocks);
            micros[round] = tinyRun(request).deviceMillis() * 1e3 / (2.0 * SYNC_ITERATIONS);
        }
        return Statistics.of(micros).median();
    }

    private double perHandshake() {
        double[] micros = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            PersistentReport report = tinyRun(PersistentRequest.of(PersistentHostMode.NAME, "lockstep").withBlocks(1));
            micros[round] = report.hostMillis() * 1e3 / report.handshakes();
        }
        return Statistics.of(micros).median();
    }

    private double perHaloExchange(int blocks, int lines) {
        return medianOnAStream(stream -> bridge.haloExchangeProbe(blocks, HALO_THREADS, lines, HALO_ROUNDS, stream));
    }

    private double perClusterBarrier(int clusterSize, int threads) {
        return medianOnAStream(stream -> bridge.clusterBarrierProbe(clusterSize, threads, CLUSTER_BARRIERS, stream));
    }

    private double perDsmemExchange(int clusterSize, int doubles) {
        return medianOnAStream(
                stream -> bridge.dsmemExchangeProbe(clusterSize, DSMEM_THREADS, doubles, DSMEM_ROUNDS, stream));
    }

    /** The median over the rounds of one native probe on a stream of its own, in µs. */
    private double medianOnAStream(LongToDoubleFunction secondsOnStream) {
        double[] micros = new double[ROUNDS];
        try (CudaStream stream = CudaStream.create(gpu.context())) {
            for (int round = 0; round < ROUNDS; round++) {
                micros[round] = secondsOnStream.applyAsDouble(stream.handle()) * 1e6;
            }
        }
        return Statistics.of(micros).median();
    }

    private PersistentReport tinyRun(PersistentRequest request) {
        CudaContext context = gpu.context();
        try (CudaStream stream = CudaStream.create(context);
                DeviceProblem device = new DeviceProblem(context, TINY, TINY.rightHandSide());
                PersistentSession session = bridge.open(PersistentProblem.poisson2d(TINY.n(), TINY.h2()), request,
                        stream.handle())) {
            device.uploadU(TINY.initialU());
            return session.run(device.u(), device.f(), SYNC_ITERATIONS);
        }
    }
}
