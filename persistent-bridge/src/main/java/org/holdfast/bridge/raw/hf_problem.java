package org.holdfast.bridge.raw;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;

/** {@code struct hf_problem} of holdfast_native.h (written by Java, read by the library). */
public final class hf_problem {

    public static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("kind"),
            JAVA_INT.withName("n"),
            JAVA_DOUBLE.withName("h2"))
            .withName("hf_problem");

    public static final long kind$OFFSET = offset("kind");
    public static final long n$OFFSET = offset("n");
    public static final long h2$OFFSET = offset("h2");

    private hf_problem() {
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(PathElement.groupElement(field));
    }

    public static void kind(MemorySegment struct, int value) {
        struct.set(JAVA_INT, kind$OFFSET, value);
    }

    public static void n(MemorySegment struct, int value) {
        struct.set(JAVA_INT, n$OFFSET, value);
    }

    public static void h2(MemorySegment struct, double value) {
        struct.set(JAVA_DOUBLE, h2$OFFSET, value);
    }
}
