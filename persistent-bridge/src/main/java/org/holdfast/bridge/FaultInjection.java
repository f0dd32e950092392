package org.holdfast.bridge;

import java.util.Set;
import org.holdfast.bridge.raw.holdfast_native_h;

/**
 * Faults a test injects to force the watchdog ({@code HF_FAULT_*}); {@link PersistentVariant#faults()}
 * says which a variant accepts.
 */
public enum FaultInjection {
    NONE(holdfast_native_h.HF_FAULT_NONE),
    /** persistent-grid two-slot: the block leaves before its first grid barrier. */
    SKIP_GRID_BARRIER(holdfast_native_h.HF_FAULT_SKIP_GRID_BARRIER),
    /** persistent-dataflow: the block never publishes its step counter. */
    NEVER_PUBLISH(holdfast_native_h.HF_FAULT_NEVER_PUBLISH),
    /** persistent-host: the host never signals the block. */
    NEVER_SIGNAL(holdfast_native_h.HF_FAULT_NEVER_SIGNAL),
    /** Every variant: the block skips the run's last half-sweep and counts honestly ({@link IncompleteWorkException}). */
    SKIP_HALF_SWEEP(holdfast_native_h.HF_FAULT_SKIP_HALF_SWEEP),
    /** persistent-grid cg: the block spins past the host's deadline after its work ({@link WatchdogWait#KERNEL_EXIT}). */
    OUTLAST_DEADLINE(holdfast_native_h.HF_FAULT_OUTLAST_DEADLINE);

    private final int code;

    FaultInjection(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The faults of an hf_variant_info.faults bit set (bit {@code 1 << code}). */
    static Set<FaultInjection> fromBits(int bits) {
        return NativeCodes.fromBits(FaultInjection.class, fault -> 1 << fault.code(), bits, "hf_variant_info.faults");
    }
}
