package org.holdfast.bridge;

/**
 * libholdfast_native could not be loaded: not found (the message lists every place looked in, on
 * one line), found but not loadable, or built for another ABI. The harness prints it as the
 * reason a persistent mode was skipped.
 */
public final class NativeLibraryMissingException extends Exception {

    private static final long serialVersionUID = 1L;

    public NativeLibraryMissingException(String message) {
        super(message);
    }

    public NativeLibraryMissingException(String message, Throwable cause) {
        super(message, cause);
    }
}
