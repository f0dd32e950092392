package org.holdfast.bridge;

import java.util.function.ToIntFunction;

/** Looks up the enum constant behind a code the library returned. */
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
}
