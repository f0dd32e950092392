package org.holdfast.tornado.cuda.backend;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;

/**
 * The hidden control block of a persistent task: device memory allocated once per compiled graph,
 * in the layout the generated code declares ({@code hf_control_block}, as native-hip's
 * {@code ControlBlock}): the error word (wait, block, step, index) on the first 128-byte line, the
 * grid barrier's arrival count and release generation on the next two.
 *
 * <p>The barrier's lines are zeroed on the stream before every launch (a launch counts its
 * barriers from 0). The error word is zeroed once before the runs of an {@code execute} and read
 * after them: a launch that finds it set gives up at its first wait, so the first expiry survives
 * the runs after it and the host reports it once.
 */
final class ControlBlock implements AutoCloseable {

    static final int LINE_BYTES = 128;
    private static final int ERROR_INTS = 4;

    private final DeviceBuffer buffer;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment host;

    private ControlBlock(DeviceBuffer buffer) {
        this.buffer = buffer;
        this.host = arena.allocate(KernelMetadata.CONTROL_BLOCK_BYTES, LINE_BYTES);
    }

    static ControlBlock allocate(CudaContext context, String task) {
        return new ControlBlock(DeviceBuffer.allocate(context, KernelMetadata.CONTROL_BLOCK_BYTES, "the control block of task " + task));
    }

    /** The device address the kernel gets as its {@code hf_control} parameter. */
    long pointer() {
        return buffer.pointer();
    }

    /** Queues zeroing the grid barrier's arrival count and generation: before every launch. */
    void zeroBarrierAsync(CudaStream stream) {
        buffer.zeroAsync(LINE_BYTES, 2L * LINE_BYTES, stream);
    }

    /** Queues zeroing the error word: before the runs of an execute. */
    void zeroErrorAsync(CudaStream stream) {
        buffer.zeroAsync(0, LINE_BYTES, stream);
    }

    /**
     * Reads the control block after the kernel has ended (waits for the context) and returns the
     * watchdog's error, if a wait expired.
     */
    Optional<WatchdogExpiredException> readError(String where, double watchdogSeconds, int blocks) {
        buffer.copyToHost(host);
        int[] error = new int[ERROR_INTS];
        for (int i = 0; i < ERROR_INTS; i++) {
            error[i] = host.getAtIndex(ValueLayout.JAVA_INT, i);
        }
        return decode(error, where, watchdogSeconds, blocks);
    }

    /**
     * The exception for an error word ({@code code, block, step, index}; code 0 when no wait expired).
     * A grid barrier's expiry records as its index the arrivals it saw: the count itself moves on as
     * the kernel runs to its end.
     */
    static Optional<WatchdogExpiredException> decode(int[] error, String where, double watchdogSeconds, int blocks) {
        if (error[0] == 0) {
            return Optional.empty();
        }
        WatchdogExpiredException.Wait wait;
        try {
            wait = WatchdogExpiredException.Wait.fromCode(error[0]);
        } catch (IllegalArgumentException unknown) {
            throw new IllegalStateException(where + ": the control block holds an unknown wait code " + error[0]
                    + " (is the kernel's generated code from another version of the compiler?)", unknown);
        }
        boolean barrier = wait == WatchdogExpiredException.Wait.GRID_BARRIER;
        return Optional.of(new WatchdogExpiredException(where, wait, error[1], error[2], barrier ? -1 : error[3], watchdogSeconds,
                barrier ? error[3] : -1, blocks));
    }

    @Override
    public void close() {
        try {
            buffer.close();
        } finally {
            arena.close();
        }
    }
}
