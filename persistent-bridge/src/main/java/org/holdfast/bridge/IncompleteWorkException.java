package org.holdfast.bridge;

/**
 * A persistent run whose kernel ended without every block having run every half-sweep asked for
 * ({@code HF_ERR_INCOMPLETE_WORK}): its time and its array do not count. {@link #work()} has the
 * counts; the message names the variant, the block and the counts.
 */
public final class IncompleteWorkException extends NativeException {

    private static final long serialVersionUID = 1L;

    IncompleteWorkException(String function, String nativeMessage, PersistentReport report) {
        super(NativeStatus.INCOMPLETE_WORK, function, nativeMessage, report);
    }

    /** The counts the blocks reported. */
    public WorkCount work() {
        return report().map(PersistentReport::work).orElseThrow();
    }
}
