package org.holdfast.tornado.api;

/** A three-dimensional worker grid of {@code x} by {@code y} by {@code z} threads. */
public final class WorkerGrid3D extends WorkerGrid {

    public WorkerGrid3D(long x, long y, long z) {
        super(3, x, y, z);
        setLocalWork((int) Math.min(8, x), (int) Math.min(8, y), (int) Math.min(8, z));
    }
}
