package org.holdfast.tornado.api;

/** When an array moves between host and device, as in TornadoVM. */
public enum DataTransferMode {
    /** Copied once, on the first {@code execute()} (and again after a warm-up, which must not change results). */
    FIRST_EXECUTION,
    /** Copied on every {@code execute()}, outside the timed region. */
    EVERY_EXECUTION,
    /** Copied to the host only when asked through {@link TornadoExecutionPlan#transferToHost(Object...)}. */
    UNDER_DEMAND
}
