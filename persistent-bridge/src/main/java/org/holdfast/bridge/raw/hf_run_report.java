package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_run_report} of holdfast_native.h (written by the library). */
public final class hf_run_report {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_DOUBLE.withName("device_ms"),
            JAVA_DOUBLE.withName("host_ms"),
            JAVA_LONG.withName("handshakes"),
            JAVA_INT.withName("error_code"),
            JAVA_INT.withName("error_block"),
            JAVA_INT.withName("error_step"),
            JAVA_INT.withName("error_peer"),
            JAVA_INT.withName("work_expected"),
            JAVA_INT.withName("work_blocks_expected"),
            JAVA_INT.withName("work_blocks"),
            JAVA_INT.withName("work_fewest"),
            JAVA_INT.withName("work_fewest_block"),
            JAVA_INT.withName("work_most"),
            JAVA_INT.withName("work_most_block"),
            MemoryLayout.paddingLayout(4))
            .withName("hf_run_report");

    public static final long device_ms$OFFSET = offset("device_ms");
    public static final long host_ms$OFFSET = offset("host_ms");
    public static final long handshakes$OFFSET = offset("handshakes");
    public static final long error_code$OFFSET = offset("error_code");
    public static final long error_block$OFFSET = offset("error_block");
    public static final long error_step$OFFSET = offset("error_step");
    public static final long error_peer$OFFSET = offset("error_peer");
    public static final long work_expected$OFFSET = offset("work_expected");
    public static final long work_blocks_expected$OFFSET = offset("work_blocks_expected");
    public static final long work_blocks$OFFSET = offset("work_blocks");
    public static final long work_fewest$OFFSET = offset("work_fewest");
    public static final long work_fewest_block$OFFSET = offset("work_fewest_block");
    public static final long work_most$OFFSET = offset("work_most");
    public static final long work_most_block$OFFSET = offset("work_most_block");

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


    public static int work_expected(MemorySegment struct) {
        return struct.get(JAVA_INT, work_expected$OFFSET);
    }

    public static int work_blocks_expected(MemorySegment struct) {
        return struct.get(JAVA_INT, work_blocks_expected$OFFSET);
    }

    public static int work_blocks(MemorySegment struct) {
        return struct.get(JAVA_INT, work_blocks$OFFSET);
    }

    public static int work_fewest(MemorySegment struct) {
        return struct.get(JAVA_INT, work_fewest$OFFSET);
    }

    public static int work_fewest_block(MemorySegment struct) {
        return struct.get(JAVA_INT, work_fewest_block$OFFSET);
    }

    public static int work_most(MemorySegment struct) {
        return struct.get(JAVA_INT, work_most$OFFSET);
    }

    public static int work_most_block(MemorySegment struct) {
        return struct.get(JAVA_INT, work_most_block$OFFSET);
    }
}
