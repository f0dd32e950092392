package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_variant_info} of holdfast_native.h: one row of the variant table (read by Java). */
public final class hf_variant_info {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(32, JAVA_BYTE).withName("mode"),
            MemoryLayout.sequenceLayout(32, JAVA_BYTE).withName("name"),
            MemoryLayout.sequenceLayout(48, JAVA_BYTE).withName("kernel"),
            MemoryLayout.sequenceLayout(32, JAVA_BYTE).withName("planner"),
            MemoryLayout.sequenceLayout(128, JAVA_BYTE).withName("description"),
            JAVA_INT.withName("traits"),
            JAVA_INT.withName("faults"),
            JAVA_INT.withName("work_split"),
            JAVA_INT.withName("default_threads"),
            JAVA_INT.withName("is_default"),
            JAVA_INT.withName("supported"),
            JAVA_INT.withName("problem"))
            .withName("hf_variant_info");

    public static final long mode$OFFSET = offset("mode");
    public static final long name$OFFSET = offset("name");
    public static final long kernel$OFFSET = offset("kernel");
    public static final long planner$OFFSET = offset("planner");
    public static final long description$OFFSET = offset("description");
    public static final long traits$OFFSET = offset("traits");
    public static final long faults$OFFSET = offset("faults");
    public static final long work_split$OFFSET = offset("work_split");
    public static final long default_threads$OFFSET = offset("default_threads");
    public static final long is_default$OFFSET = offset("is_default");
    public static final long supported$OFFSET = offset("supported");
    public static final long problem$OFFSET = offset("problem");

    private hf_variant_info() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    /** The 32-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment mode(MemorySegment struct) {
        return struct.asSlice(mode$OFFSET, 32);
    }

    /** The 32-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment name(MemorySegment struct) {
        return struct.asSlice(name$OFFSET, 32);
    }

    /** The 48-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment kernel(MemorySegment struct) {
        return struct.asSlice(kernel$OFFSET, 48);
    }

    /** The 32-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment planner(MemorySegment struct) {
        return struct.asSlice(planner$OFFSET, 32);
    }

    /** The 128-byte {@code char[]}, NUL-terminated. */
    public static MemorySegment description(MemorySegment struct) {
        return struct.asSlice(description$OFFSET, 128);
    }

    public static int traits(MemorySegment struct) {
        return struct.get(JAVA_INT, traits$OFFSET);
    }

    public static int faults(MemorySegment struct) {
        return struct.get(JAVA_INT, faults$OFFSET);
    }

    public static int work_split(MemorySegment struct) {
        return struct.get(JAVA_INT, work_split$OFFSET);
    }

    public static int default_threads(MemorySegment struct) {
        return struct.get(JAVA_INT, default_threads$OFFSET);
    }

    public static int is_default(MemorySegment struct) {
        return struct.get(JAVA_INT, is_default$OFFSET);
    }

    public static int supported(MemorySegment struct) {
        return struct.get(JAVA_INT, supported$OFFSET);
    }

    /** {@code HF_PROBLEM_*}: the problem the row's kernels solve. */
    public static int problem(MemorySegment struct) {
        return struct.get(JAVA_INT, problem$OFFSET);
    }
}
