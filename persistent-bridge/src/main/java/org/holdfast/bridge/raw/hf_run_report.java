package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_run_report} of holdfast_native.h. */
public final class hf_run_report {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_DOUBLE.withName("device_ms"),
            JAVA_DOUBLE.withName("host_ms"),
            JAVA_LONG.withName("handshakes"),
            JAVA_INT.withName("blocks"),
            JAVA_INT.withName("active_blocks"),
            JAVA_INT.withName("threads_per_block"),
            JAVA_INT.withName("blocks_per_sm"),
            JAVA_INT.withName("sm_count"),
            JAVA_INT.withName("error_code"),
            JAVA_INT.withName("error_block"),
            JAVA_INT.withName("error_step"),
            JAVA_INT.withName("error_peer"),
            JAVA_INT.withName("on_chip"))
            .withName("hf_run_report");

    public static final long device_ms$OFFSET = offset("device_ms");
    public static final long host_ms$OFFSET = offset("host_ms");
    public static final long handshakes$OFFSET = offset("handshakes");
    public static final long blocks$OFFSET = offset("blocks");
    public static final long active_blocks$OFFSET = offset("active_blocks");
    public static final long threads_per_block$OFFSET = offset("threads_per_block");
    public static final long blocks_per_sm$OFFSET = offset("blocks_per_sm");
    public static final long sm_count$OFFSET = offset("sm_count");
    public static final long error_code$OFFSET = offset("error_code");
    public static final long error_block$OFFSET = offset("error_block");
    public static final long error_step$OFFSET = offset("error_step");
    public static final long error_peer$OFFSET = offset("error_peer");
    public static final long on_chip$OFFSET = offset("on_chip");

    private hf_run_report() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    public static double device_ms(MemorySegment struct) {
        return struct.get(JAVA_DOUBLE, device_ms$OFFSET);
    }

    public static double host_ms(MemorySegment struct) {
        return struct.get(JAVA_DOUBLE, host_ms$OFFSET);
    }

    public static long handshakes(MemorySegment struct) {
        return struct.get(JAVA_LONG, handshakes$OFFSET);
    }

    public static int blocks(MemorySegment struct) {
        return struct.get(JAVA_INT, blocks$OFFSET);
    }

    public static int active_blocks(MemorySegment struct) {
        return struct.get(JAVA_INT, active_blocks$OFFSET);
    }

    public static int threads_per_block(MemorySegment struct) {
        return struct.get(JAVA_INT, threads_per_block$OFFSET);
    }

    public static int blocks_per_sm(MemorySegment struct) {
        return struct.get(JAVA_INT, blocks_per_sm$OFFSET);
    }

    public static int sm_count(MemorySegment struct) {
        return struct.get(JAVA_INT, sm_count$OFFSET);
    }

    public static int error_code(MemorySegment struct) {
        return struct.get(JAVA_INT, error_code$OFFSET);
    }

    public static int error_block(MemorySegment struct) {
        return struct.get(JAVA_INT, error_block$OFFSET);
    }

    public static int error_step(MemorySegment struct) {
        return struct.get(JAVA_INT, error_step$OFFSET);
    }

    public static int error_peer(MemorySegment struct) {
        return struct.get(JAVA_INT, error_peer$OFFSET);
    }

    public static int on_chip(MemorySegment struct) {
        return struct.get(JAVA_INT, on_chip$OFFSET);
    }
}
