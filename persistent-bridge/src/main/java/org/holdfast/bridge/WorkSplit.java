package org.holdfast.bridge;

import org.holdfast.bridge.raw.holdfast_native_h;

/** How the blocks of a persistent variant share a half-sweep ({@code HF_SPLIT_*}). */
public enum WorkSplit {
    /** Every thread of the grid strides over the points: all blocks have work. */
    GRID_STRIDE(holdfast_native_h.HF_SPLIT_GRID_STRIDE),
    /** Block b owns a band of rows: blocks beyond the n - 2 interior rows have none. */
    ROW_BANDS(holdfast_native_h.HF_SPLIT_ROW_BANDS);

    private final int code;

    WorkSplit(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    static WorkSplit fromCode(int code) {
        return NativeCodes.fromCode(values(), WorkSplit::code, code, "hf_split");
    }
}
