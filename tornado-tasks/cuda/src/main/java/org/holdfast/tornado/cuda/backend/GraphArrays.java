package org.holdfast.tornado.cuda.backend;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.tornado.api.ArrayKind;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.Transfer;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;
import org.holdfast.tornado.cuda.OwnedResources;
import org.holdfast.tornado.cuda.StagingCopier;

/** The device copy of every array of a graph, found by the host array's identity, and their transfers. */
final class GraphArrays implements AutoCloseable {

    private final ImmutableTaskGraph graph;
    private long totalBytes;
    private final Map<Object, DeviceBuffer> buffers = new IdentityHashMap<>();
    private final OwnedResources owned = new OwnedResources();

    private GraphArrays(ImmutableTaskGraph graph) {
        this.graph = graph;
    }

    /**
     * Allocates a zeroed device buffer per array, after checking that all of them fit: a graph
     * that would not fit is refused before anything is allocated.
     */
    static GraphArrays allocate(CudaContext context, ImmutableTaskGraph graph, CudaStream stream) {
        List<Object> arrays = graph.arrays();
        long total = 0;
        for (Object array : arrays) {
            total += ArrayKind.of(array).bytes(array);
        }
        context.requireFreeMemory(total, "task graph " + graph.name() + " (" + arrays.size() + " arrays)");
        GraphArrays allocated = new GraphArrays(graph);
        allocated.totalBytes = total;
        try {
            for (Object array : arrays) {
                DeviceBuffer buffer = allocated.owned.own(DeviceBuffer.allocate(context, ArrayKind.of(array).bytes(array),
                        "a " + array.getClass().getSimpleName() + " of task graph " + graph.name()));
                // Arrays copied only to the host start defined, not with whatever memory held.
                buffer.zeroAsync(stream);
                allocated.buffers.put(array, buffer);
            }
            return allocated;
        } catch (RuntimeException failure) {
            allocated.owned.closeAfter(failure);
            throw failure;
        }
    }

    /** The bytes of every array of the graph on the device. */
    long totalBytes() {
        return totalBytes;
    }

    /** The device copy of {@code array}. */
    DeviceBuffer buffer(Object array) {
        DeviceBuffer buffer = buffers.get(array);
        if (buffer == null) {
            throw new IllegalArgumentException("a " + (array == null ? "null" : array.getClass().getSimpleName())
                    + " that task graph " + graph.name() + " does not transfer: only arrays listed in transferToDevice"
                    + " or transferToHost have device copies");
        }
        return buffer;
    }

    long pointer(Object array) {
        return buffer(array).pointer();
    }

    /**
     * Queues the copies to the device that this execution needs: arrays copied on every execution,
     * and, when {@code firstExecution}, those copied on the first. Returns the bytes queued.
     */
    long copyIn(StagingCopier copier, CudaStream stream, boolean firstExecution) {
        return copy(graph.transfersToDevice(), copier, stream, firstExecution, true);
    }

    /** Copies back what the graph copies to the host after each execution (or after the first); returns the bytes. */
    long copyOut(StagingCopier copier, CudaStream stream, boolean firstExecution) {
        return copy(graph.transfersToHost(), copier, stream, firstExecution, false);
    }

    private long copy(List<Transfer> transfers, StagingCopier copier, CudaStream stream, boolean firstExecution, boolean toDevice) {
        long bytes = 0;
        for (Transfer transfer : transfers) {
            boolean due = transfer.mode() == DataTransferMode.EVERY_EXECUTION
                    || transfer.mode() == DataTransferMode.FIRST_EXECUTION && firstExecution;
            if (due) {
                if (toDevice) {
                    copier.toDevice(transfer.array(), buffer(transfer.array()), stream);
                } else {
                    copier.toHost(buffer(transfer.array()), transfer.array(), stream);
                }
                bytes += transfer.bytes();
            }
        }
        return bytes;
    }

    @Override
    public void close() {
        buffers.clear();
        owned.close();
    }
}
