package org.holdfast.bridge;

import org.holdfast.bridge.raw.holdfast_native_h;

/** How the host polls the done flags of a host-flag variant ({@code HF_POLL_*}). */
public enum HostPolling {
    /** Spin on the flags. */
    BUSY(holdfast_native_h.HF_POLL_BUSY),
    /** Sleep 1 us between empty passes, with the timer slack set to 1 us for the run. */
    SLEEP(holdfast_native_h.HF_POLL_SLEEP);

    private final int code;

    HostPolling(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    static HostPolling fromCode(int code) {
        return NativeCodes.fromCode(values(), HostPolling::code, code, "hf_poll");
    }
}
