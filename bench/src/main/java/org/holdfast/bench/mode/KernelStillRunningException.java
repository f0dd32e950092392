package org.holdfast.bench.mode;

/**
 * A run whose kernel the watchdog could not end: the GPU may still be running it, so nothing more
 * should be measured there (its times would be skewed, and freeing its memory could hang).
 */
public final class KernelStillRunningException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public KernelStillRunningException(String message, Throwable cause) {
        super(message, cause);
    }
}
