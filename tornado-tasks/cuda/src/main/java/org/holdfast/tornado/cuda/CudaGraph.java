package org.holdfast.tornado.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * Work captured from a stream as a CUDA graph, instantiated and uploaded, so that one
 * {@link #launch(CudaStream)} replays all of it. Both the graph and its executable form are
 * destroyed on {@link #close()}.
 */
public final class CudaGraph implements AutoCloseable {

    private final long graph;
    private final long executable;
    private boolean destroyed;

    private CudaGraph(long graph, long executable) {
        this.graph = graph;
        this.executable = executable;
    }

    /**
     * Captures what {@code work} queues on {@code stream} (nothing runs), then instantiates the graph
     * and uploads it on the stream, so that its first launch costs what the others do. Capture is
     * thread-local: other threads may keep using the driver meanwhile.
     */
    public static CudaGraph capture(CudaStream stream, Runnable work) {
        return capture(stream, cuda_h.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL, work);
    }

    /**
     * {@link #capture(CudaStream, Runnable)} in the relaxed mode, for work that calls a library of its own
     * (NCCL's sends and receives) which may make calls the stricter modes refuse during a capture.
     */
    public static CudaGraph captureRelaxed(CudaStream stream, Runnable work) {
        return capture(stream, cuda_h.CU_STREAM_CAPTURE_MODE_RELAXED, work);
    }

    private static CudaGraph capture(CudaStream stream, int mode, Runnable work) {
        CudaException.check(cuda_h.cuStreamBeginCapture_v2(stream.handle(), mode), "cuStreamBeginCapture_v2");
        try {
            work.run();
        } catch (RuntimeException | Error failure) {
            // End the capture so the stream is usable again; the partial graph is discarded.
            try {
                destroyGraph(endCapture(stream));
            } catch (CudaException alsoFailed) {
                failure.addSuppressed(alsoFailed);
            }
            throw failure;
        }
        long graph = endCapture(stream);
        long executable;
        try {
            executable = OutParameter.longValue("cuGraphInstantiateWithFlags",
                    out -> cuda_h.cuGraphInstantiateWithFlags(out, graph, 0L));
        } catch (CudaException failure) {
            cuda_h.cuGraphDestroy(graph);
            throw failure;
        }
        Allocations.counted();
        CudaGraph captured = new CudaGraph(graph, executable);
        int upload = cuda_h.cuGraphUpload(executable, stream.handle());
        if (upload != cuda_h.CUDA_SUCCESS) {
            CudaException failure = CudaException.failure("cuGraphUpload", upload);
            try {
                captured.close();
            } catch (CudaException alsoFailed) {
                failure.addSuppressed(alsoFailed);
            }
            throw failure;
        }
        return captured;
    }

    private static long endCapture(CudaStream stream) {
        return OutParameter.longValue("cuStreamEndCapture", out -> cuda_h.cuStreamEndCapture(stream.handle(), out));
    }

    private static void destroyGraph(long graph) {
        if (graph != 0) {
            CudaException.check(cuda_h.cuGraphDestroy(graph), "cuGraphDestroy");
        }
    }

    /** Queues the whole graph on {@code stream}. */
    public void launch(CudaStream stream) {
        int result = cuda_h.cuGraphLaunch(executable, stream.handle());
        if (result != cuda_h.CUDA_SUCCESS) {
            throw CudaException.failure("cuGraphLaunch", result);
        }
    }

    /** How many nodes (kernels, copies, ...) the graph holds. */
    public long nodeCount() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_LONG);
            CudaException.check(cuda_h.cuGraphGetNodes(graph, MemorySegment.NULL, count), "cuGraphGetNodes");
            return count.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    @Override
    public void close() {
        if (!destroyed) {
            destroyed = true;
            int execResult = cuda_h.cuGraphExecDestroy(executable);
            destroyGraph(graph);
            CudaException.check(execResult, "cuGraphExecDestroy");
        }
    }
}
