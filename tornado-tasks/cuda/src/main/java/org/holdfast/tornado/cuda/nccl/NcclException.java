package org.holdfast.tornado.cuda.nccl;

/**
 * An NCCL call that did not return {@code ncclSuccess}. The message names the call, the error as the
 * header names it, NCCL's description of it and, where NCCL kept one, its last error:
 * {@code ncclCommInitAll failed: ncclUnhandledCudaError (unhandled cuda error ...): Cuda failure ...}.
 */
public final class NcclException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String call;
    private final int code;

    NcclException(String call, int code, String description, String lastError) {
        super(message(call, code, description, lastError));
        this.call = call;
        this.code = code;
    }

    static String message(String call, int code, String description, String lastError) {
        NcclError error = NcclError.of(code);
        String name = error == NcclError.UNKNOWN ? "ncclResult_t " + code : error.headerName();
        return call + " failed: " + name + (description == null || description.isBlank() ? "" : " (" + description + ")")
                + (lastError == null || lastError.isBlank() ? "" : ": " + lastError.strip());
    }

    /** The NCCL call that failed. */
    public String call() {
        return call;
    }

    /** The error by name; {@link NcclError#UNKNOWN} for a code the enum does not know. */
    public NcclError error() {
        return NcclError.of(code);
    }

    /** The numeric {@code ncclResult_t}. */
    public int code() {
        return code;
    }
}
