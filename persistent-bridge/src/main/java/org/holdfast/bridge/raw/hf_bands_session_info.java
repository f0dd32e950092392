package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_bands_session_info} of holdfast_bands.h (written by the library). */
public final class hf_bands_session_info {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("n"),
            JAVA_INT.withName("bands"),
            JAVA_INT.withName("ghost_rows"),
            JAVA_INT.withName("first_band"),
            JAVA_INT.withName("band_count"),
            JAVA_INT.withName("blocks_per_band"),
            JAVA_INT.withName("threads_per_block"),
            JAVA_INT.withName("device"),
            JAVA_DOUBLE.withName("watchdog_seconds"),
            JAVA_INT.withName("flag_base"),
            JAVA_INT.withName("runs"),
            JAVA_INT.withName("pass"),
            JAVA_INT.withName("items_per_band"))
            .withName("hf_bands_session_info");

    public static final long n$OFFSET = offset("n");
    public static final long bands$OFFSET = offset("bands");
    public static final long ghost_rows$OFFSET = offset("ghost_rows");
    public static final long first_band$OFFSET = offset("first_band");
    public static final long band_count$OFFSET = offset("band_count");
    public static final long blocks_per_band$OFFSET = offset("blocks_per_band");
    public static final long threads_per_block$OFFSET = offset("threads_per_block");
    public static final long device$OFFSET = offset("device");
    public static final long watchdog_seconds$OFFSET = offset("watchdog_seconds");
    public static final long flag_base$OFFSET = offset("flag_base");
    public static final long runs$OFFSET = offset("runs");
    public static final long pass$OFFSET = offset("pass");
    public static final long items_per_band$OFFSET = offset("items_per_band");

    private hf_bands_session_info() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    public static int n(MemorySegment struct) {
        return struct.get(JAVA_INT, n$OFFSET);
    }

    public static int bands(MemorySegment struct) {
        return struct.get(JAVA_INT, bands$OFFSET);
    }

    public static int ghost_rows(MemorySegment struct) {
        return struct.get(JAVA_INT, ghost_rows$OFFSET);
    }

    public static int first_band(MemorySegment struct) {
        return struct.get(JAVA_INT, first_band$OFFSET);
    }

    public static int band_count(MemorySegment struct) {
        return struct.get(JAVA_INT, band_count$OFFSET);
    }

    public static int blocks_per_band(MemorySegment struct) {
        return struct.get(JAVA_INT, blocks_per_band$OFFSET);
    }

    public static int threads_per_block(MemorySegment struct) {
        return struct.get(JAVA_INT, threads_per_block$OFFSET);
    }

    public static int device(MemorySegment struct) {
        return struct.get(JAVA_INT, device$OFFSET);
    }

    public static double watchdog_seconds(MemorySegment struct) {
        return struct.get(JAVA_DOUBLE, watchdog_seconds$OFFSET);
    }

    /** A uint32_t: read as Integer.toUnsignedLong. */
    public static int flag_base(MemorySegment struct) {
        return struct.get(JAVA_INT, flag_base$OFFSET);
    }

    public static int runs(MemorySegment struct) {
        return struct.get(JAVA_INT, runs$OFFSET);
    }

    public static int pass(MemorySegment struct) {
        return struct.get(JAVA_INT, pass$OFFSET);
    }

    public static int items_per_band(MemorySegment struct) {
        return struct.get(JAVA_INT, items_per_band$OFFSET);
    }
}
