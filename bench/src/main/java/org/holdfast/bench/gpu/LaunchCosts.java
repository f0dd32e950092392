package org.holdfast.bench.gpu;

import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaEvent;
import org.holdfast.tornado.cuda.CudaGraph;
import org.holdfast.tornado.cuda.CudaModule;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.KernelArguments;
import org.holdfast.tornado.cuda.KernelLaunch;
import org.holdfast.tornado.cuda.nvrtc.KernelCompiler;

/**
 * What a launch costs on this GPU from Java, measured with an empty kernel (one block of one thread).
 *
 * @param launches launches per measurement
 * @param launchSyncMicros one launch then a stream synchronise, host clock, per launch
 * @param queuedLaunchMicros launches queued back to back, then one synchronise, host clock, per
 *     launch: the throughput, which is host-bound
 * @param hostCallMicros host time inside one {@code cuLaunchKernel} call while the launch queue
 *     has room: batches of {@value #CALLS_PER_BATCH} calls are timed, with an untimed synchronise between
 * @param graphNodeMicros device time each extra kernel node adds to a CUDA graph: a graph of
 *     {@value #GRAPH_NODES} empty kernels against a graph of one
 */
public record LaunchCosts(int launches, double launchSyncMicros, double queuedLaunchMicros, double hostCallMicros,
        double graphNodeMicros) {

    /** The kernel that does nothing. */
    public static final String EMPTY_KERNEL = "extern \"C\" __global__ void empty() {}\n";
    private static final int CALLS_PER_BATCH = 256;
    private static final int GRAPH_NODES = 256;
    private static final int[] ONE = {1, 1, 1};
    private static final int GRAPH_REPEATS = 20;

    /** Compiles the empty kernel and measures every figure with {@code launches} launches each, after as many untimed. */
    public static LaunchCosts measure(CudaContext context, KernelCompiler compiler, int launches) {
        if (launches < 1) {
            throw new IllegalArgumentException("need at least one launch, got " + launches);
        }
        byte[] cubin = compiler.compile(EMPTY_KERNEL, "empty.cu", context.device().architecture()).cubin();
        try (CudaModule module = CudaModule.load(context, cubin);
                CudaStream stream = CudaStream.create(context);
                KernelArguments none = KernelArguments.builder().build()) {
            KernelLaunch empty = KernelLaunch.of(module.function("empty"), ONE, ONE, 0, none);
            queued(empty, stream, launches);
            return new LaunchCosts(launches, launchSync(empty, stream, launches), queued(empty, stream, launches),
                    hostCall(empty, stream, launches), graphNode(context, empty, stream));
        }
    }

    private static double launchSync(KernelLaunch empty, CudaStream stream, int launches) {
        long start = System.nanoTime();
        for (int i = 0; i < launches; i++) {
            empty.launch(stream);
            stream.synchronize();
        }
        return (System.nanoTime() - start) / 1e3 / launches;
    }

    private static double queued(KernelLaunch empty, CudaStream stream, int launches) {
        long start = System.nanoTime();
        for (int i = 0; i < launches; i++) {
            empty.launch(stream);
        }
        stream.synchronize();
        return (System.nanoTime() - start) / 1e3 / launches;
    }

    private static double hostCall(KernelLaunch empty, CudaStream stream, int launches) {
        long inCalls = 0;
        for (int done = 0; done < launches; done += CALLS_PER_BATCH) {
            int batch = Math.min(CALLS_PER_BATCH, launches - done);
            long start = System.nanoTime();
            for (int i = 0; i < batch; i++) {
                empty.launch(stream);
            }
            inCalls += System.nanoTime() - start;
            stream.synchronize();
        }
        return inCalls / 1e3 / launches;
    }

    private static double graphNode(CudaContext context, KernelLaunch empty, CudaStream stream) {
        try (CudaGraph one = CudaGraph.capture(stream, () -> empty.launch(stream));
                CudaGraph many = CudaGraph.capture(stream, () -> {
                    for (int i = 0; i < GRAPH_NODES; i++) {
                        empty.launch(stream);
                    }
                });
                CudaEvent start = CudaEvent.create(context);
                CudaEvent end = CudaEvent.create(context)) {
            double oneMicros = deviceMicrosPerLaunch(one, stream, start, end);
            double manyMicros = deviceMicrosPerLaunch(many, stream, start, end);
            return (manyMicros - oneMicros) / (GRAPH_NODES - 1);
        }
    }

    private static double deviceMicrosPerLaunch(CudaGraph graph, CudaStream stream, CudaEvent start, CudaEvent end) {
        graph.launch(stream);
        start.record(stream);
        for (int i = 0; i < GRAPH_REPEATS; i++) {
            graph.launch(stream);
        }
        end.record(stream);
        end.synchronize();
        return end.millisSince(start) * 1e3 / GRAPH_REPEATS;
    }
}
