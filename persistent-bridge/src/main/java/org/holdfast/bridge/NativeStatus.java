package org.holdfast.bridge;

import org.holdfast.bridge.raw.holdfast_native_h;

/** The status codes of holdfast_native.h ({@code hf_status}). */
public enum NativeStatus {
    OK(holdfast_native_h.HF_OK, "HF_OK"),
    INVALID_ARGUMENT(holdfast_native_h.HF_ERR_INVALID_ARGUMENT, "HF_ERR_INVALID_ARGUMENT"),
    NO_DEVICE(holdfast_native_h.HF_ERR_NO_DEVICE, "HF_ERR_NO_DEVICE"),
    UNSUPPORTED(holdfast_native_h.HF_ERR_UNSUPPORTED, "HF_ERR_UNSUPPORTED"),
    NOT_CORESIDENT(holdfast_native_h.HF_ERR_NOT_CORESIDENT, "HF_ERR_NOT_CORESIDENT"),
    WATCHDOG(holdfast_native_h.HF_ERR_WATCHDOG, "HF_ERR_WATCHDOG"),
    OUT_OF_MEMORY(holdfast_native_h.HF_ERR_OUT_OF_MEMORY, "HF_ERR_OUT_OF_MEMORY"),
    RUNTIME(holdfast_native_h.HF_ERR_RUNTIME, "HF_ERR_RUNTIME"),
    /** The kernel ended, but its blocks did not all run every half-sweep asked for ({@link IncompleteWorkException}). */
    INCOMPLETE_WORK(holdfast_native_h.HF_ERR_INCOMPLETE_WORK, "HF_ERR_INCOMPLETE_WORK");

    private final int code;
    private final String nativeName;

    NativeStatus(int code, String nativeName) {
        this.code = code;
        this.nativeName = nativeName;
    }

    public int code() {
        return code;
    }

    /** The name hf_status_name() gives this code. */
    public String nativeName() {
        return nativeName;
    }

    /** The status for a code the library returned. */
    public static NativeStatus fromCode(int code) {
        return NativeCodes.fromCode(values(), NativeStatus::code, code, "hf_status");
    }
}
