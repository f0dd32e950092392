package org.holdfast.tornado.cpu;

/**
 * Thrown at a barrier or wait in the threads that another thread's failure released: the failure
 * that ended the run is the other thread's, and the task reports that one.
 */
final class ReleasedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    ReleasedException(String where) {
        super("another thread failed while this one waited at " + where);
    }

    /** Whether {@code failure} is a thread given up because another thread failed. */
    static boolean isReleased(Throwable failure) {
        return failure instanceof ReleasedException;
    }
}
