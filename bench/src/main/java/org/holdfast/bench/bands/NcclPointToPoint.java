package org.holdfast.bench.bands;

import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.nccl.Nccl;
import org.holdfast.tornado.cuda.nccl.NcclCommunicator;

/**
 * One rank's sends and receives through NCCL ({@code ncclSend}, {@code ncclRecv} of {@code ncclFloat64}),
 * queued on its GPU's stream, a group being {@code ncclGroupStart} to {@code ncclGroupEnd}. Called from the
 * host thread that drives that GPU, with its context current.
 */
public final class NcclPointToPoint implements PointToPoint {

    private final NcclCommunicator communicator;
    private final CudaStream stream;

    public NcclPointToPoint(NcclCommunicator communicator, CudaStream stream) {
        this.communicator = communicator;
        this.stream = stream;
    }

    @Override
    public void group(Runnable calls) {
        Nccl.group(calls);
    }

    @Override
    public void send(long address, long count, int peer) {
        communicator.sendDoubles(address, count, peer, stream.handle());
    }

    @Override
    public void receive(long address, long count, int peer) {
        communicator.receiveDoubles(address, count, peer, stream.handle());
    }
}
