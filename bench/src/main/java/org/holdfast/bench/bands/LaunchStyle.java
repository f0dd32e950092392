package org.holdfast.bench.bands;

/** How a standard mode queues its half-sweeps, on one GPU or on each GPU of a split. */
public enum LaunchStyle {
    /** {@code launch}: every launch queued on the stream, the host waiting once, at the end. */
    QUEUED,
    /** {@code launch-sync}: the host waits for the stream after every iteration. */
    SYNC_EVERY_ITERATION,
    /** {@code graph}: the launches (and a GPU's halo exchanges) captured once as a CUDA graph and replayed. */
    CUDA_GRAPH
}
