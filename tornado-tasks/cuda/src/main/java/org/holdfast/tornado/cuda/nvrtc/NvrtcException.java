package org.holdfast.tornado.cuda.nvrtc;

/**
 * NVRTC refused a program. The message starts with one line naming the call, the program and the
 * error, followed by NVRTC's whole compile log, which {@link #log()} also returns.
 */
public final class NvrtcException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int result;
    private final String log;

    NvrtcException(String call, int result, String errorName, String programName, String log) {
        super(call + " failed for " + programName + ": " + errorName + (log.isBlank() ? "" : "\n" + log.strip()));
        this.result = result;
        this.log = log;
    }

    /** The {@code nvrtcResult}. */
    public int result() {
        return result;
    }

    /** NVRTC's compile log, empty when it wrote none. */
    public String log() {
        return log;
    }
}
