package org.holdfast.bench.mode;

/**
 * A run whose kernels did fewer half-sweeps than it asked for (their own count says so): it does
 * not count, even where the array matches because the grid has converged. One wording for every
 * runner that checks a count.
 */
public final class WorkShortfallException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** {@code detail}: what ran short, and where. */
    public WorkShortfallException(String detail) {
        super("incomplete work, the run does not count: " + detail);
    }

    public WorkShortfallException(String detail, Throwable cause) {
        super("incomplete work, the run does not count: " + detail, cause);
    }
}
