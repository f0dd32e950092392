package org.holdfast.bench.bands;

/**
 * One rank's side of point-to-point messages of doubles, as NCCL offers them: sends and receives queued
 * inside a group, matched per pair of ranks in the order they were queued. {@link NcclPointToPoint} is
 * NCCL's; a test's fake records the calls and moves host arrays, so the pairing is checked without a GPU.
 */
public interface PointToPoint {

    /** Runs {@code calls} (this rank's sends and receives of one exchange) as one group. */
    void group(Runnable calls);

    /** Queues a send of {@code count} doubles at device address {@code address} to rank {@code peer}. */
    void send(long address, long count, int peer);

    /** Queues a receive of {@code count} doubles into device address {@code address} from rank {@code peer}. */
    void receive(long address, long count, int peer);
}
