package org.holdfast.bench.mode;

/**
 * A mode that cannot run this request here, with the reason in one line: its planner refuses the
 * variant asked for at this size or block count (one block cannot hold N = 200). Not a failure of
 * the mode: the row says {@code refused: <reason>} and the run exits as one that cannot run here.
 */
public final class ModeRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ModeRefusedException(String reason) {
        super(reason);
    }

    public ModeRefusedException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
