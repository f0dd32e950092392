package org.holdfast.tornado.cuda;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.holdfast.tornado.api.ArrayKind;

/**
 * Copies Java arrays to and from device memory through a small pinned buffer in two halves: while
 * the device copies one half, the host fills or drains the other. The driver cannot read the Java
 * heap, and staging in chunks keeps the pinned memory small however large the arrays.
 * Not thread-safe; freed on {@link #close()}.
 */
public final class StagingCopier implements AutoCloseable {

    /** Bytes per half: large enough to reach copy bandwidth, small enough to pin cheaply. */
    public static final long DEFAULT_HALF_BYTES = 8L << 20;

    private final OwnedResources owned;
    private final MemorySegment[] halves;
    /** Completes when the device has finished with the matching half. */
    private final CudaEvent[] halfDone;
    /** Whether the matching event was ever recorded: only then is there anything to wait for. */
    private final boolean[] halfUsed = new boolean[2];
    private boolean closed;

    private StagingCopier(OwnedResources owned, MemorySegment[] halves, CudaEvent[] halfDone) {
        this.owned = owned;
        this.halves = halves;
        this.halfDone = halfDone;
    }

    public static StagingCopier create(CudaContext context) {
        return create(context, DEFAULT_HALF_BYTES);
    }

    /** A copier whose halves hold {@code halfBytes} each (rounded down to whole 8-byte elements). */
    public static StagingCopier create(CudaContext context, long halfBytes) {
        long half = halfBytes / Long.BYTES * Long.BYTES;
        if (half < Long.BYTES) {
            throw new IllegalArgumentException("a staging half holds at least one element, got " + halfBytes + " bytes");
        }
        OwnedResources owned = new OwnedResources();
        try {
            PinnedBuffer pinned = owned.own(PinnedBuffer.allocate(context, 2 * half));
            CudaEvent[] halfDone = {owned.own(CudaEvent.create(context)), owned.own(CudaEvent.create(context))};
            MemorySegment[] halves = {pinned.segment().asSlice(0, half), pinned.segment().asSlice(half, half)};
            return new StagingCopier(owned, halves, halfDone);
        } catch (RuntimeException failure) {
            owned.closeAfter(failure);
            throw failure;
        }
    }

    /**
     * Queues the copy of {@code array} to the start of {@code target} on {@code stream}. On return
     * the array may change: its contents are already staged. Work queued later on the same stream
     * sees the copy.
     */
    public void toDevice(Object array, DeviceBuffer target, CudaStream stream) {
        ArrayKind kind = ArrayKind.of(array);
        ValueLayout layout = layoutOf(kind);
        int length = kind.length(array);
        int perHalf = (int) (halves[0].byteSize() / kind.elementBytes());
        int half = 0;
        for (int first = 0; first < length; first += perHalf, half ^= 1) {
            int count = Math.min(perHalf, length - first);
            MemorySegment chunk = halves[half].asSlice(0, (long) count * kind.elementBytes());
            waitFor(half);
            MemorySegment.copy(array, first, chunk, layout, 0, count);
            target.copyFromHostAsync((long) first * kind.elementBytes(), chunk, stream);
            recordUse(half, stream);
        }
    }

    /** Copies the start of {@code source} into {@code array}, after the work queued on {@code stream}; returns when done. */
    public void toHost(DeviceBuffer source, Object array, CudaStream stream) {
        ArrayKind kind = ArrayKind.of(array);
        ValueLayout layout = layoutOf(kind);
        int length = kind.length(array);
        int perHalf = (int) (halves[0].byteSize() / kind.elementBytes());
        int pendingFirst = -1;
        int pendingCount = 0;
        int half = 0;
        for (int first = 0; first < length; first += perHalf, half ^= 1) {
            int count = Math.min(perHalf, length - first);
            MemorySegment chunk = halves[half].asSlice(0, (long) count * kind.elementBytes());
            waitFor(half);
            source.copyToHostAsync((long) first * kind.elementBytes(), chunk, stream);
            recordUse(half, stream);
            if (pendingFirst >= 0) {
                drain(half ^ 1, array, layout, pendingFirst, pendingCount);
            }
            pendingFirst = first;
            pendingCount = count;
        }
        if (pendingFirst >= 0) {
            drain(half ^ 1, array, layout, pendingFirst, pendingCount);
        }
    }

    /** Waits for {@code half} to arrive, then moves its {@code count} elements into the array at {@code first}. */
    private void drain(int half, Object array, ValueLayout layout, int first, int count) {
        waitFor(half);
        MemorySegment.copy(halves[half], layout, 0, array, first, count);
    }

    /** Waits until the device no longer uses {@code half} (a copy from an earlier call, perhaps on another stream). */
    private void waitFor(int half) {
        if (halfUsed[half]) {
            halfDone[half].synchronize();
        }
    }

    private void recordUse(int half, CudaStream stream) {
        halfDone[half].record(stream);
        halfUsed[half] = true;
    }

    private static ValueLayout layoutOf(ArrayKind kind) {
        return switch (kind) {
            case DOUBLE -> ValueLayout.JAVA_DOUBLE;
            case FLOAT -> ValueLayout.JAVA_FLOAT;
            case INT -> ValueLayout.JAVA_INT;
            case LONG -> ValueLayout.JAVA_LONG;
        };
    }

    /** Waits for copies still using the pinned memory, then frees it and the events. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        owned.waitThenClose(() -> {
            waitFor(0);
            waitFor(1);
        });
    }
}
