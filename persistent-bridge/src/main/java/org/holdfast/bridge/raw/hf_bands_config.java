package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_bands_config} of holdfast_bands.h (written by Java, read by the library). */
public final class hf_bands_config {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("bands"),
            JAVA_INT.withName("ghost_rows"),
            JAVA_INT.withName("blocks_per_band"),
            JAVA_INT.withName("threads_per_block"),
            JAVA_DOUBLE.withName("watchdog_seconds"),
            JAVA_INT.withName("fault"),
            JAVA_INT.withName("fault_band"),
            JAVA_INT.withName("pass"),
            MemoryLayout.paddingLayout(4))
            .withName("hf_bands_config");

    public static final long bands$OFFSET = offset("bands");
    public static final long ghost_rows$OFFSET = offset("ghost_rows");
    public static final long blocks_per_band$OFFSET = offset("blocks_per_band");
    public static final long threads_per_block$OFFSET = offset("threads_per_block");
    public static final long watchdog_seconds$OFFSET = offset("watchdog_seconds");
    public static final long fault$OFFSET = offset("fault");
    public static final long fault_band$OFFSET = offset("fault_band");
    public static final long pass$OFFSET = offset("pass");

    private hf_bands_config() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    public static void bands(MemorySegment struct, int value) {
        struct.set(JAVA_INT, bands$OFFSET, value);
    }

    public static void ghost_rows(MemorySegment struct, int value) {
        struct.set(JAVA_INT, ghost_rows$OFFSET, value);
    }

    public static void blocks_per_band(MemorySegment struct, int value) {
        struct.set(JAVA_INT, blocks_per_band$OFFSET, value);
    }

    public static void threads_per_block(MemorySegment struct, int value) {
        struct.set(JAVA_INT, threads_per_block$OFFSET, value);
    }

    public static void watchdog_seconds(MemorySegment struct, double value) {
        struct.set(JAVA_DOUBLE, watchdog_seconds$OFFSET, value);
    }

    public static void fault(MemorySegment struct, int value) {
        struct.set(JAVA_INT, fault$OFFSET, value);
    }

    public static void fault_band(MemorySegment struct, int value) {
        struct.set(JAVA_INT, fault_band$OFFSET, value);
    }

    public static void pass(MemorySegment struct, int value) {
        struct.set(JAVA_INT, pass$OFFSET, value);
    }
}
