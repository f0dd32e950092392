package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_run_config} of holdfast_native.h (written by Java, read by the library). */
public final class hf_run_config {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            ADDRESS.withName("mode"),
            ADDRESS.withName("variant"),
            JAVA_INT.withName("blocks"),
            JAVA_INT.withName("threads_per_block"),
            JAVA_INT.withName("sweeps_per_exchange"),
            JAVA_INT.withName("host_polling"),
            JAVA_DOUBLE.withName("watchdog_seconds"),
            JAVA_INT.withName("fault"),
            JAVA_INT.withName("fault_block"))
            .withName("hf_run_config");

    public static final long mode$OFFSET = offset("mode");
    public static final long variant$OFFSET = offset("variant");
    public static final long blocks$OFFSET = offset("blocks");
    public static final long threads_per_block$OFFSET = offset("threads_per_block");
    public static final long sweeps_per_exchange$OFFSET = offset("sweeps_per_exchange");
    public static final long host_polling$OFFSET = offset("host_polling");
    public static final long watchdog_seconds$OFFSET = offset("watchdog_seconds");
    public static final long fault$OFFSET = offset("fault");
    public static final long fault_block$OFFSET = offset("fault_block");

    private hf_run_config() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    public static void mode(MemorySegment struct, MemorySegment value) {
        struct.set(ADDRESS, mode$OFFSET, value);
    }

    public static void variant(MemorySegment struct, MemorySegment value) {
        struct.set(ADDRESS, variant$OFFSET, value);
    }

    public static void blocks(MemorySegment struct, int value) {
        struct.set(JAVA_INT, blocks$OFFSET, value);
    }

    public static void threads_per_block(MemorySegment struct, int value) {
        struct.set(JAVA_INT, threads_per_block$OFFSET, value);
    }

    public static void sweeps_per_exchange(MemorySegment struct, int value) {
        struct.set(JAVA_INT, sweeps_per_exchange$OFFSET, value);
    }

    public static void host_polling(MemorySegment struct, int value) {
        struct.set(JAVA_INT, host_polling$OFFSET, value);
    }

    public static void watchdog_seconds(MemorySegment struct, double value) {
        struct.set(JAVA_DOUBLE, watchdog_seconds$OFFSET, value);
    }

    public static void fault(MemorySegment struct, int value) {
        struct.set(JAVA_INT, fault$OFFSET, value);
    }

    public static void fault_block(MemorySegment struct, int value) {
        struct.set(JAVA_INT, fault_block$OFFSET, value);
    }
}
