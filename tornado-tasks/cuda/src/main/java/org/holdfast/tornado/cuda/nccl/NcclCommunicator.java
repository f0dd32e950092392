package org.holdfast.tornado.cuda.nccl;

import static org.holdfast.tornado.cuda.nccl.raw.nccl_h.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * One rank of an NCCL communicator ({@code ncclComm_t}), for one GPU: the halo rows of its band are sent
 * to and received from the neighbouring ranks ({@link #sendDoubles}, {@link #receiveDoubles}, inside
 * {@link Nccl#group}). Made for every GPU of one process at once ({@link #initAll}, one host thread per GPU
 * then drives them), or one per process ({@link #initRank}, with the id rank 0 shares through a file).
 * Every call is checked; a failure is an {@link NcclException}. Closing destroys the communicator.
 */
public final class NcclCommunicator implements AutoCloseable {

    private final long comm;
    private final int rank;
    private final int ranks;
    private boolean closed;

    private NcclCommunicator(long comm, int rank, int ranks) {
        this.comm = comm;
        this.rank = rank;
        this.ranks = ranks;
    }

    /**
     * A communicator over {@code devices} (CUDA device ordinals) in this process, rank i on {@code devices[i]}
     * ({@code ncclCommInitAll}).
     */
    public static List<NcclCommunicator> initAll(int... devices) {
        Nccl.requireLoaded();
        if (devices.length == 0) {
            throw new IllegalArgumentException("a communicator needs at least one device");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment comms = arena.allocate(ValueLayout.JAVA_LONG, devices.length);
            Nccl.check(ncclCommInitAll(comms, devices.length, arena.allocateFrom(ValueLayout.JAVA_INT, devices)),
                    "ncclCommInitAll", 0);
            List<NcclCommunicator> all = new ArrayList<>(devices.length);
            for (int rank = 0; rank < devices.length; rank++) {
                all.add(new NcclCommunicator(comms.getAtIndex(ValueLayout.JAVA_LONG, rank), rank, devices.length));
            }
            return List.copyOf(all);
        }
    }

    /**
     * This process's rank of {@code ranks} ({@code ncclCommInitRank}), on the CUDA device current on this
     * thread; it returns once every rank has called it with the same {@code id}.
     */
    public static NcclCommunicator initRank(int ranks, NcclUniqueId id, int rank) {
        Nccl.requireLoaded();
        if (rank < 0 || rank >= ranks) {
            throw new IllegalArgumentException("rank " + rank + " of " + ranks + " ranks: ranks are 0 to " + (ranks - 1));
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment comm = arena.allocate(ValueLayout.JAVA_LONG);
            Nccl.check(ncclCommInitRank(comm, ranks, id.in(arena), rank), "ncclCommInitRank", 0);
            return new NcclCommunicator(comm.get(ValueLayout.JAVA_LONG, 0), rank, ranks);
        }
    }

    /** This rank's number. */
    public int rank() {
        return rank;
    }

    /** The {@code ncclComm_t}, for native code that takes one (libholdfast_nccl_bands' windows). */
    public long handle() {
        return comm;
    }

    /** Ranks in the communicator. */
    public int ranks() {
        return ranks;
    }

    /** Queues a send of {@code count} doubles at device address {@code buffer} to rank {@code peer} on {@code stream}. */
    public void sendDoubles(long buffer, long count, int peer, long stream) {
        Nccl.check(ncclSend(buffer, count, ncclFloat64, peer, comm, stream), "ncclSend", comm);
    }

    /** Queues a receive of {@code count} doubles into device address {@code buffer} from rank {@code peer} on {@code stream}. */
    public void receiveDoubles(long buffer, long count, int peer, long stream) {
        Nccl.check(ncclRecv(buffer, count, ncclFloat64, peer, comm, stream), "ncclRecv", comm);
    }

    /** What went wrong in the background ({@code ncclCommGetAsyncError}): {@link NcclError#SUCCESS} while nothing has. */
    public NcclError asyncError() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = arena.allocate(ValueLayout.JAVA_INT);
            Nccl.check(ncclCommGetAsyncError(comm, error), "ncclCommGetAsyncError", comm);
            return NcclError.of(error.get(ValueLayout.JAVA_INT, 0));
        }
    }

    /** Destroys the communicator ({@code ncclCommDestroy}); a second close does nothing. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Nccl.check(ncclCommDestroy(comm), "ncclCommDestroy", 0);
        }
    }
}
