package org.holdfast.tornado.api;

/** A one-dimensional worker grid: {@code x} threads in groups of 256 unless set otherwise. */
public final class WorkerGrid1D extends WorkerGrid {

    public WorkerGrid1D(long x) {
        super(1, x, 1, 1);
    }
}
