package org.holdfast.bridge;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.ToIntFunction;

/** Looks up the enum constants behind a code or a bit set the library returned. */
final class NativeCodes {

    private NativeCodes() {
    }

    /** The constant with this code; an unknown code means the library does not match this bridge. */
    static <E extends Enum<E>> E fromCode(E[] values, ToIntFunction<E> codeOf, int code, String cType) {
        for (E value : values) {
            if (codeOf.applyAsInt(value) == code) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + cType + " " + code + ": the native library does not match this bridge");
    }

    /** The constants whose bits are set in {@code bits}; an unknown bit means the library does not match this bridge. */
    static <E extends Enum<E>> Set<E> fromBits(Class<E> type, ToIntFunction<E> bitOf, int bits, String cField) {
        final Set<E> set = EnumSet.noneOf(type);
        int known = 0;
        for (E value : type.getEnumConstants()) {
            known |= bitOf.applyAsInt(value);
            if ((bits & bitOf.applyAsInt(value)) != 0) {
                set.add(value);
            }
        }
        if ((bits & ~known) != 0) {
            throw new IllegalArgumentException("unknown bits " + Integer.toBinaryString(bits & ~known) + " in " + cField
                    + ": the native library does not match this bridge");
        }
        return set;
    }
}
