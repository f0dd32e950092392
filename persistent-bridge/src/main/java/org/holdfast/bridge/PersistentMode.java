package org.holdfast.bridge;

import org.holdfast.bridge.raw.holdfast_native_h;

/** A persistent kernel and its synchronisation: {@code hf_mode} of holdfast_native.h. */
public enum PersistentMode {
    /** One cooperative launch, cooperative groups' grid.sync() between half-sweeps. */
    GRID_COOPERATIVE_GROUPS(holdfast_native_h.HF_MODE_GRID_COOPERATIVE_GROUPS, "persistent-grid", "cooperative groups"),
    /** One cooperative launch, our two-slot barrier (arrival count, release generation). */
    GRID_TWO_SLOT(holdfast_native_h.HF_MODE_GRID_TWO_SLOT, "persistent-grid", "two-slot barrier"),
    /** Host flags; the host signals every block, then waits for all. */
    HOST_LOCKSTEP(holdfast_native_h.HF_MODE_HOST_LOCKSTEP, "persistent-host", "lockstep"),
    /** Host flags; a block starts its next half-sweep once neither neighbour is behind it. */
    HOST_NEIGHBOUR(holdfast_native_h.HF_MODE_HOST_NEIGHBOUR, "persistent-host", "neighbour-aware"),
    /** Neighbours' step counters on the GPU, no grid barrier. */
    DATAFLOW(holdfast_native_h.HF_MODE_DATAFLOW, "persistent-dataflow", "");

    private final int code;
    private final String cliName;
    private final String variant;

    PersistentMode(int code, String cliName, String variant) {
        this.code = code;
        this.cliName = cliName;
        this.variant = variant;
    }

    public int code() {
        return code;
    }

    /** The harness's mode name: persistent-grid, persistent-host or persistent-dataflow. */
    public String cliName() {
        return cliName;
    }

    /** The barrier or schedule within the mode; empty when the mode has only one. */
    public String variant() {
        return variant;
    }

    /** The name hf_mode_name() gives, e.g. "persistent-grid (two-slot barrier)". */
    public String label() {
        return variant.isEmpty() ? cliName : cliName + " (" + variant + ")";
    }

    public boolean usesHostFlags() {
        return this == HOST_LOCKSTEP || this == HOST_NEIGHBOUR;
    }
}
