package org.holdfast.tornado.cuda.nccl;

import org.holdfast.tornado.cuda.nccl.raw.nccl_h;

/**
 * The {@code ncclResult_t} codes of {@code nccl.h} (NCCL 2.30.7), by name. A code this list does not
 * know (from a newer NCCL) maps to {@link #UNKNOWN}; {@link NcclException#code()} keeps the number.
 */
public enum NcclError {
    SUCCESS(nccl_h.ncclSuccess, "ncclSuccess"),
    UNHANDLED_CUDA_ERROR(nccl_h.ncclUnhandledCudaError, "ncclUnhandledCudaError"),
    SYSTEM_ERROR(nccl_h.ncclSystemError, "ncclSystemError"),
    INTERNAL_ERROR(nccl_h.ncclInternalError, "ncclInternalError"),
    INVALID_ARGUMENT(nccl_h.ncclInvalidArgument, "ncclInvalidArgument"),
    INVALID_USAGE(nccl_h.ncclInvalidUsage, "ncclInvalidUsage"),
    REMOTE_ERROR(nccl_h.ncclRemoteError, "ncclRemoteError"),
    IN_PROGRESS(nccl_h.ncclInProgress, "ncclInProgress"),
    TIMEOUT(nccl_h.ncclTimeout, "ncclTimeout"),
    UNKNOWN(-1, "ncclResult_t");

    private final int code;
    private final String headerName;

    NcclError(int code, String headerName) {
        this.code = code;
        this.headerName = headerName;
    }

    /** The number NCCL returns. */
    public int code() {
        return code;
    }

    /** The name in {@code nccl.h}: {@code ncclInvalidArgument}. */
    public String headerName() {
        return headerName;
    }

    /** The error of {@code code}; {@link #UNKNOWN} for a code the header does not list. */
    public static NcclError of(int code) {
        for (NcclError error : values()) {
            if (error.code == code && error != UNKNOWN) {
                return error;
            }
        }
        return UNKNOWN;
    }
}
