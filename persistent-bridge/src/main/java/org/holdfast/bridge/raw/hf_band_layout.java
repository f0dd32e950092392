package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_band_layout} of holdfast_bands.h (written by the library). */
public final class hf_band_layout {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("first_row"),
            JAVA_INT.withName("end_row"),
            JAVA_INT.withName("low_row"),
            JAVA_INT.withName("high_row"),
            JAVA_LONG.withName("receive_bytes"))
            .withName("hf_band_layout");

    public static final long first_row$OFFSET = offset("first_row");
    public static final long end_row$OFFSET = offset("end_row");
    public static final long low_row$OFFSET = offset("low_row");
    public static final long high_row$OFFSET = offset("high_row");
    public static final long receive_bytes$OFFSET = offset("receive_bytes");

    private hf_band_layout() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    public static int first_row(MemorySegment struct) {
        return struct.get(JAVA_INT, first_row$OFFSET);
    }

    public static int end_row(MemorySegment struct) {
        return struct.get(JAVA_INT, end_row$OFFSET);
    }

    public static int low_row(MemorySegment struct) {
        return struct.get(JAVA_INT, low_row$OFFSET);
    }

    public static int high_row(MemorySegment struct) {
        return struct.get(JAVA_INT, high_row$OFFSET);
    }

    public static long receive_bytes(MemorySegment struct) {
        return struct.get(JAVA_LONG, receive_bytes$OFFSET);
    }
}
