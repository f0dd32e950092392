package org.holdfast.tornado.cuda;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many driver resources this process has created so far through these wrappers: device memory,
 * pinned host memory, streams, events and instantiated CUDA graphs. A measured call must not change
 * it: that is how a test proves the timed region allocates nothing.
 */
public final class Allocations {

    private static final AtomicLong COUNT = new AtomicLong();

    private Allocations() {
    }

    /** Resources created since the process started (freed ones included). */
    public static long count() {
        return COUNT.get();
    }

    static void counted() {
        COUNT.incrementAndGet();
    }
}
