package org.holdfast.tornado.cuda;

import java.util.Locale;

/**
 * Device memory refused before allocating, because the request exceeds what the GPU has free:
 * {@code N = 60001 needs 28.8 GB of device memory; the GPU has 27.1 GB free}.
 */
public final class InsufficientDeviceMemoryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long neededBytes;
    private final long freeBytes;

    /**
     * @param what what needs the memory, as the message should start: {@code N = 60001}
     * @param neededBytes bytes requested
     * @param freeBytes bytes free on the device, from {@code cuMemGetInfo}
     */
    public InsufficientDeviceMemoryException(String what, long neededBytes, long freeBytes) {
        super(String.format(Locale.ROOT, "%s needs %.1f GB of device memory; the GPU has %.1f GB free", what,
                neededBytes / 1e9, freeBytes / 1e9));
        this.neededBytes = neededBytes;
        this.freeBytes = freeBytes;
    }

    public long neededBytes() {
        return neededBytes;
    }

    public long freeBytes() {
        return freeBytes;
    }
}
