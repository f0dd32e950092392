package org.holdfast.bridge;

import java.util.Optional;

/**
 * A native call returned an error status: which status, which function, and the library's own
 * message (the failing call, file:line and the runtime's error text). For a failed persistent run
 * the report says as much as is known, including the block and step a watchdog names.
 */
public class NativeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final NativeStatus status;
    private final String function;
    private final String nativeMessage;
    private final transient PersistentReport report;

    public NativeException(NativeStatus status, String function, String nativeMessage, PersistentReport report) {
        super(function + ": " + status.nativeName() + (nativeMessage.isEmpty() ? "" : ": " + nativeMessage));
        this.status = status;
        this.function = function;
        this.nativeMessage = nativeMessage;
        this.report = report;
    }

    public NativeStatus status() {
        return status;
    }

    /** The C function that failed, e.g. {@code hf_run}. */
    public String function() {
        return function;
    }

    /** The library's message, without the function and status. */
    public String nativeMessage() {
        return nativeMessage;
    }

    /** For hf_run: what the run reported before it failed. */
    public Optional<PersistentReport> report() {
        return Optional.ofNullable(report);
    }

    /** Whether the run's kernel did not end ({@link WatchdogWait#KERNEL_EXIT}): its memory must not be freed under it. */
    public boolean kernelDidNotEnd() {
        return report().map(r -> r.errorWait() == WatchdogWait.KERNEL_EXIT).orElse(false);
    }
}
