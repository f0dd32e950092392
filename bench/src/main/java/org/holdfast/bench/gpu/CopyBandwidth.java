package org.holdfast.bench.gpu;

import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaEvent;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;

/**
 * Device-to-device copy bandwidth, counted as bytes read plus bytes written: the ceiling that a
 * kernel's effective bandwidth is compared against.
 *
 * @param bytesPerCopy bytes of each copy
 * @param copies copies timed
 * @param millis device time of all of them, from events
 */
public record CopyBandwidth(long bytesPerCopy, int copies, double millis) {

    /** Bytes per copy when the caller does not choose: large enough that launch costs vanish. */
    public static final long DEFAULT_BYTES = 1L << 30;

    /** Bytes read and written per second, in units of 10^9. */
    public double gigabytesPerSecond() {
        return 2.0 * bytesPerCopy * copies / (millis * 1e6);
    }

    /** Times {@code copies} back-to-back {@code cuMemcpyDtoDAsync} of {@code bytesPerCopy} each, after one untimed copy. */
    public static CopyBandwidth measure(CudaContext context, long bytesPerCopy, int copies) {
        if (bytesPerCopy < 1 || copies < 1) {
            throw new IllegalArgumentException("need at least one byte and one copy, got " + bytesPerCopy + " bytes, " + copies + " copies");
        }
        context.requireFreeMemory(2 * bytesPerCopy, "the copy bandwidth test");
        try (DeviceBuffer source = DeviceBuffer.allocate(context, bytesPerCopy, "the copy bandwidth source");
                DeviceBuffer target = DeviceBuffer.allocate(context, bytesPerCopy, "the copy bandwidth target");
                CudaStream stream = CudaStream.create(context);
                CudaEvent start = CudaEvent.create(context);
                CudaEvent end = CudaEvent.create(context)) {
            source.zeroAsync(stream);
            target.copyFromAsync(source, bytesPerCopy, stream);
            start.record(stream);
            for (int copy = 0; copy < copies; copy++) {
                target.copyFromAsync(source, bytesPerCopy, stream);
            }
            end.record(stream);
            end.synchronize();
            return new CopyBandwidth(bytesPerCopy, copies, end.millisSince(start));
        }
    }

    /** {@link #DEFAULT_BYTES} per copy, or a quarter of the free memory if that is less, 20 copies. */
    public static CopyBandwidth measure(CudaContext context) {
        long bytes = Math.min(DEFAULT_BYTES, context.memoryInfo().freeBytes() / 4);
        return measure(context, bytes, 20);
    }
}
