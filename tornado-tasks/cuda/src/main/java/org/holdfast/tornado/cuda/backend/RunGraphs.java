package org.holdfast.tornado.cuda.backend;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.holdfast.tornado.cuda.CudaGraph;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.OwnedResources;

/**
 * Runs of a task graph replayed as CUDA graphs. One graph holds up to {@link #RUNS_PER_GRAPH}
 * whole runs, so that the host cost of one graph launch (a few microseconds) is spread over that
 * many runs instead of paid per run, which would dominate tiny kernels; and few enough that
 * capturing and instantiating a graph stays in milliseconds. {@code runs} executes as
 * {@code runs / 64} launches of the 64-run graph and one of a graph for the remainder. Each size is
 * captured once, on first need and outside the timed region, and kept until {@link #close()}.
 * When the host must wait after every run, each graph holds one run.
 */
final class RunGraphs implements AutoCloseable {

    static final int RUNS_PER_GRAPH = 64;

    private final CudaStream stream;
    private final IntConsumer queueRuns;
    private final boolean syncEveryRun;
    private final CudaGraph[] byRuns = new CudaGraph[RUNS_PER_GRAPH + 1];
    private final OwnedResources owned = new OwnedResources();

    /**
     * @param queueRuns queues the launches of that many whole runs on {@code stream}, as without graphs
     */
    RunGraphs(CudaStream stream, IntConsumer queueRuns, boolean syncEveryRun) {
        this.stream = stream;
        this.queueRuns = queueRuns;
        this.syncEveryRun = syncEveryRun;
    }

    /** Captures the graphs that {@code runs} needs and does not have yet. */
    void prepare(int runs) {
        if (syncEveryRun) {
            graph(1);
            return;
        }
        if (runs >= RUNS_PER_GRAPH) {
            graph(RUNS_PER_GRAPH);
        }
        if (runs % RUNS_PER_GRAPH != 0) {
            graph(runs % RUNS_PER_GRAPH);
        }
    }

    /** Queues {@code runs} runs as graph launches; {@link #prepare(int)} must have been called for {@code runs}. */
    void launch(int runs) {
        if (syncEveryRun) {
            CudaGraph single = byRuns[1];
            for (int run = 0; run < runs; run++) {
                single.launch(stream);
                stream.synchronize();
            }
            return;
        }
        CudaGraph full = byRuns[RUNS_PER_GRAPH];
        for (int chunk = 0; chunk < runs / RUNS_PER_GRAPH; chunk++) {
            full.launch(stream);
        }
        if (runs % RUNS_PER_GRAPH != 0) {
            byRuns[runs % RUNS_PER_GRAPH].launch(stream);
        }
    }

    /** The graph of {@code runs} runs, captured on first use. */
    CudaGraph graph(int runs) {
        if (byRuns[runs] == null) {
            byRuns[runs] = owned.own(CudaGraph.capture(stream, () -> queueRuns.accept(runs)));
        }
        return byRuns[runs];
    }

    @Override
    public void close() {
        Arrays.fill(byRuns, null);
        owned.close();
    }
}
