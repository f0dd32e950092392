package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_capacity} of holdfast_native.h. */
public final class hf_capacity {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("blocks_per_sm"),
            JAVA_INT.withName("sm_count"),
            JAVA_INT.withName("cooperative_launch"),
            JAVA_INT.withName("device"))
            .withName("hf_capacity");

    public static final long blocks_per_sm$OFFSET = offset("blocks_per_sm");
    public static final long sm_count$OFFSET = offset("sm_count");
    public static final long cooperative_launch$OFFSET = offset("cooperative_launch");
    public static final long device$OFFSET = offset("device");

    private hf_capacity() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    public static int blocks_per_sm(MemorySegment struct) {
        return struct.get(JAVA_INT, blocks_per_sm$OFFSET);
    }

    public static int sm_count(MemorySegment struct) {
        return struct.get(JAVA_INT, sm_count$OFFSET);
    }

    public static int cooperative_launch(MemorySegment struct) {
        return struct.get(JAVA_INT, cooperative_launch$OFFSET);
    }

    public static int device(MemorySegment struct) {
        return struct.get(JAVA_INT, device$OFFSET);
    }
}
