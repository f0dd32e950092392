package org.holdfast.tornado.api;

/**
 * One array a graph moves between host and device, and when.
 *
 * @param array a {@code double[]}, {@code float[]}, {@code int[]} or {@code long[]}, by identity
 * @param mode when the copy happens
 */
public record Transfer(Object array, DataTransferMode mode) {

    /** Bytes the array occupies. */
    public long bytes() {
        return ArrayKind.of(array).bytes(array);
    }
}
