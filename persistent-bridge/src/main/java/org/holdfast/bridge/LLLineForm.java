package org.holdfast.bridge;

import org.holdfast.bridge.raw.holdfast_native_h;

/** How a self-flagged LL halo line is stored and loaded ({@code HF_LL_LINE_*}, {@link PersistentBridge#haloExchangeProbe(LLLineForm, int, int, int, int, long)}). */
public enum LLLineForm {
    /** One 16-byte access of two 64-bit elements: each {data, flag} word atomic by the PTX rules; the library's form on CUDA. */
    V2_B64(holdfast_native_h.HF_LL_LINE_V2_B64),
    /** One 16-byte access of four 32-bit elements (NCCL's): atomic per 32 bits only. */
    V4_U32(holdfast_native_h.HF_LL_LINE_V4_U32),
    /** Two 64-bit accesses per line; HIP's form. */
    TWO_B64(holdfast_native_h.HF_LL_LINE_TWO_B64);

    private final int code;

    LLLineForm(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
