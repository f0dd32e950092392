package org.holdfast.bridge;

import org.holdfast.bridge.raw.holdfast_native_h;

/** Faults a test injects to force the watchdog ({@code HF_FAULT_*}); each fits one kind of mode. */
public enum FaultInjection {
    NONE(holdfast_native_h.HF_FAULT_NONE),
    /** {@link PersistentMode#GRID_TWO_SLOT}: the block leaves before its first grid barrier. */
    SKIP_GRID_BARRIER(holdfast_native_h.HF_FAULT_SKIP_GRID_BARRIER),
    /** {@link PersistentMode#DATAFLOW}: the block never publishes its step counter. */
    NEVER_PUBLISH(holdfast_native_h.HF_FAULT_NEVER_PUBLISH),
    /** The persistent-host modes: the host never signals the block. */
    NEVER_SIGNAL(holdfast_native_h.HF_FAULT_NEVER_SIGNAL);

    private final int code;

    FaultInjection(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
