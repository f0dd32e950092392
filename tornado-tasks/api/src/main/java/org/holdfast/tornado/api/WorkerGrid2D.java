package org.holdfast.tornado.api;

/** A two-dimensional worker grid of {@code x} by {@code y} threads. */
public final class WorkerGrid2D extends WorkerGrid {

    public WorkerGrid2D(long x, long y) {
        super(2, x, y, 1);
        setLocalWork((int) Math.min(16, x), (int) Math.min(16, y), 1);
    }
}
