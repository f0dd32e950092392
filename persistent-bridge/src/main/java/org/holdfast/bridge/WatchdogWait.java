package org.holdfast.bridge;

import org.holdfast.bridge.raw.holdfast_native_h;

/** Which wait a watchdog stopped ({@code HF_WAIT_*}, hf_run_report.error_code). */
public enum WatchdogWait {
    NONE(holdfast_native_h.HF_WAIT_NONE),
    /** Device: a block waited at the two-slot grid barrier. */
    GRID_BARRIER(holdfast_native_h.HF_WAIT_GRID_BARRIER),
    /** Device: a block waited for a neighbour's step counter. */
    NEIGHBOUR(holdfast_native_h.HF_WAIT_NEIGHBOUR),
    /** Device: a block waited for the host's task flag. */
    HOST_TASK(holdfast_native_h.HF_WAIT_HOST_TASK),
    /** Host: the host waited for a block's done flag. */
    DEVICE_DONE(holdfast_native_h.HF_WAIT_DEVICE_DONE),
    /** Host: the kernel did not end after the host aborted it, or within the run's deadline (twice the watchdog plus 1 s, plus the run's work at the session's last rate). */
    KERNEL_EXIT(holdfast_native_h.HF_WAIT_KERNEL_EXIT);

    private final int code;

    WatchdogWait(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static WatchdogWait fromCode(int code) {
        return NativeCodes.fromCode(values(), WatchdogWait::code, code, "hf_wait");
    }
}
