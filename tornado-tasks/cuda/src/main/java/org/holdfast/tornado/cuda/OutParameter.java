package org.holdfast.tornado.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Driver calls that return their result through a pointer: allocates the slot, checks the
 * {@code CUresult}, reads the value. Off the hot paths only (it allocates).
 */
final class OutParameter {

    /** A driver call writing its result to {@code out}, returning a {@code CUresult}. */
    @FunctionalInterface
    interface Call {
        int invoke(MemorySegment out);
    }

    private OutParameter() {
    }

    static int intValue(String call, Call driverCall) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT);
            CudaException.check(driverCall.invoke(out), call);
            return out.get(ValueLayout.JAVA_INT, 0);
        }
    }

    /** A 64-bit result: {@code size_t}, {@code CUdeviceptr}, or an opaque handle. */
    static long longValue(String call, Call driverCall) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG);
            CudaException.check(driverCall.invoke(out), call);
            return out.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    static float floatValue(String call, Call driverCall) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_FLOAT);
            CudaException.check(driverCall.invoke(out), call);
            return out.get(ValueLayout.JAVA_FLOAT, 0);
        }
    }
}
