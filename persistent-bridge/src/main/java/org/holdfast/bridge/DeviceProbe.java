package org.holdfast.bridge;

/**
 * Whether there is a GPU to run on, without throwing: the device count, or 0 and the reason.
 *
 * @param count devices the runtime sees
 * @param status {@link NativeStatus#OK}, or why there is none (usually {@link NativeStatus#NO_DEVICE})
 * @param reason the library's message when there is none, empty otherwise
 */
public record DeviceProbe(int count, NativeStatus status, String reason) {

    public boolean available() {
        return count > 0;
    }
}
