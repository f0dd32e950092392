package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_standard_kernels} of holdfast_native.h: three {@code CUfunction} handles. */
public final class hf_standard_kernels {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            ADDRESS.withName("red"),
            ADDRESS.withName("black"),
            ADDRESS.withName("empty"))
            .withName("hf_standard_kernels");

    public static final long red$OFFSET = offset("red");
    public static final long black$OFFSET = offset("black");
    public static final long empty$OFFSET = offset("empty");

    private hf_standard_kernels() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    public static MemorySegment red(MemorySegment struct) {
        return struct.get(ADDRESS, red$OFFSET);
    }

    public static MemorySegment black(MemorySegment struct) {
        return struct.get(ADDRESS, black$OFFSET);
    }

    public static MemorySegment empty(MemorySegment struct) {
        return struct.get(ADDRESS, empty$OFFSET);
    }
}
