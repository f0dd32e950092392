package org.holdfast.bench.mode;

/** A mode that cannot run on this machine, with the reason in one line (no GPU, no driver, no native library). */
public final class ModeUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ModeUnavailableException(String reason) {
        super(reason);
    }
}
