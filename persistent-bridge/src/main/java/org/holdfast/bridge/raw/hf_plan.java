package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_plan} of holdfast_native.h: what a session runs or would run (read by Java, never passed back). */
public final class hf_plan {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(32, JAVA_BYTE).withName("mode"),
            MemoryLayout.sequenceLayout(32, JAVA_BYTE).withName("variant"),
            MemoryLayout.sequenceLayout(48, JAVA_BYTE).withName("kernel"),
            MemoryLayout.sequenceLayout(64, JAVA_BYTE).withName("note"),
            JAVA_INT.withName("n"),
            JAVA_INT.withName("blocks"),
            JAVA_INT.withName("active_blocks"),
            JAVA_INT.withName("threads_per_block"),
            JAVA_INT.withName("cluster_size"),
            JAVA_INT.withName("sweeps_per_exchange"),
            JAVA_LONG.withName("shared_bytes"),
            JAVA_INT.withName("blocks_per_sm"),
            JAVA_INT.withName("sm_count"),
            JAVA_INT.withName("on_chip"),
            JAVA_INT.withName("f_on_chip"),
            JAVA_INT.withName("host_polling"),
            JAVA_INT.withName("fault"),
            JAVA_DOUBLE.withName("watchdog_seconds"),
            JAVA_INT.withName("fault_block"),
            JAVA_INT.withName("device"),
            JAVA_INT.withName("problem"),
            MemoryLayout.paddingLayout(4))
            .withName("hf_plan");

    public static final long mode$OFFSET = offset("mode");
    public static final long variant$OFFSET = offset("variant");
    public static final long kernel$OFFSET = offset("kernel");
    public static final long note$OFFSET = offset("note");
    public static final long n$OFFSET = offset("n");
    public static final long blocks$OFFSET = offset("blocks");
    public static final long active_blocks$OFFSET = offset("active_blocks");
    public static final long threads_per_block$OFFSET = offset("threads_per_block");
    public static final long cluster_size$OFFSET = offset("cluster_size");
    public static final long sweeps_per_exchange$OFFSET = offset("sweeps_per_exchange");
    public static final long shared_bytes$OFFSET = offset("shared_bytes");
    public static final long blocks_per_sm$OFFSET = offset("blocks_per_sm");
    public static final long sm_count$OFFSET = offset("sm_count");
    public static final long on_chip$OFFSET = offset("on_chip");
    public static final long f_on_chip$OFFSET = offset("f_on_chip");
    public static final long host_polling$OFFSET = offset("host_polling");
    public static final long fault$OFFSET = offset("fault");
    public static final long watchdog_seconds$OFFSET = offset("watchdog_seconds");
    public static final long fault_block$OFFSET = offset("fault_block");
    public static final long device$OFFSET = offset("device");
    public static final long problem$OFFSET = offset("problem");

    private hf_plan() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    /** The 32-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment mode(MemorySegment struct) {
        return struct.asSlice(mode$OFFSET, 32);
    }

    /** The 32-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment variant(MemorySegment struct) {
        return struct.asSlice(variant$OFFSET, 32);
    }

    /** The 48-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment kernel(MemorySegment struct) {
        return struct.asSlice(kernel$OFFSET, 48);
    }

    /** The 64-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment note(MemorySegment struct) {
        return struct.asSlice(note$OFFSET, 64);
    }

    public static int n(MemorySegment struct) {
        return struct.get(JAVA_INT, n$OFFSET);
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

    public static int cluster_size(MemorySegment struct) {
        return struct.get(JAVA_INT, cluster_size$OFFSET);
    }

    public static int sweeps_per_exchange(MemorySegment struct) {
        return struct.get(JAVA_INT, sweeps_per_exchange$OFFSET);
    }

    public static long shared_bytes(MemorySegment struct) {
        return struct.get(JAVA_LONG, shared_bytes$OFFSET);
    }

    public static int blocks_per_sm(MemorySegment struct) {
        return struct.get(JAVA_INT, blocks_per_sm$OFFSET);
    }

    public static int sm_count(MemorySegment struct) {
        return struct.get(JAVA_INT, sm_count$OFFSET);
    }

    public static int on_chip(MemorySegment struct) {
        return struct.get(JAVA_INT, on_chip$OFFSET);
    }

    public static int f_on_chip(MemorySegment struct) {
        return struct.get(JAVA_INT, f_on_chip$OFFSET);
    }

    public static int host_polling(MemorySegment struct) {
        return struct.get(JAVA_INT, host_polling$OFFSET);
    }

    public static int fault(MemorySegment struct) {
        return struct.get(JAVA_INT, fault$OFFSET);
    }

    public static double watchdog_seconds(MemorySegment struct) {
        return struct.get(JAVA_DOUBLE, watchdog_seconds$OFFSET);
    }

    public static int fault_block(MemorySegment struct) {
        return struct.get(JAVA_INT, fault_block$OFFSET);
    }

    public static int device(MemorySegment struct) {
        return struct.get(JAVA_INT, device$OFFSET);
    }

    public static int problem(MemorySegment struct) {
        return struct.get(JAVA_INT, problem$OFFSET);
    }

}
