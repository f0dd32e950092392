package org.holdfast.tornado.cuda;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Native resources owned together and released together, the last acquired first, each exactly
 * once; a failure to release one does not stop the others from being released.
 */
public final class OwnedResources implements AutoCloseable {

    private final Deque<AutoCloseable> owned = new ArrayDeque<>();

    /** Takes ownership of {@code resource} and returns it. */
    public <T extends AutoCloseable> T own(T resource) {
        owned.push(resource);
        return resource;
    }

    /** Releases everything owned so far after {@code failure}, adding release failures to it as suppressed. */
    public void closeAfter(RuntimeException failure) {
        try {
            close();
        } catch (RuntimeException alsoFailed) {
            failure.addSuppressed(alsoFailed);
        }
    }

    /**
     * Runs {@code waitForDevice} (until the device is done with the resources), then releases them;
     * they are released even when the wait fails.
     */
    public void waitThenClose(Runnable waitForDevice) {
        try {
            waitForDevice.run();
        } catch (RuntimeException failure) {
            closeAfter(failure);
            throw failure;
        }
        close();
    }

    /** Releases everything, then throws the first release failure, if any, with the others suppressed. */
    @Override
    public void close() {
        RuntimeException first = null;
        while (!owned.isEmpty()) {
            try {
                owned.pop().close();
            } catch (Exception failure) {
                RuntimeException unchecked = failure instanceof RuntimeException runtime ? runtime
                        : new IllegalStateException("cannot release a native resource", failure);
                if (first == null) {
                    first = unchecked;
                } else {
                    first.addSuppressed(unchecked);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
